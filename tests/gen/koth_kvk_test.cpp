// King of the Hill KvK against a breadth-first solver written plainly here: two kings
// on an 8x8 array, no bitboards, no index, no retrograde code of the project.
#include <gtest/gtest.h>

#include <array>
#include <cstdlib>

#include "test_tables.h"

namespace hilltb {
namespace {

bool adjacent(int a, int b) { return std::abs(a % 8 - b % 8) <= 1 && std::abs(a / 8 - b / 8) <= 1; }
bool on_hill(int s) { return (s % 8 == 3 || s % 8 == 4) && (s / 8 == 3 || s / 8 == 4); }
bool legal(int a, int b) { return a != b && !adjacent(a, b); }

struct V {
  bool known = false;
  int result = 0;  // +1 the side to move wins, -1 it loses
  int distance = 0;
};

// value[a][b]: the side to move has its king on a, the other king stands on b (with
// two bare kings the colours don't matter).
std::array<std::array<V, 64>, 64> solve_kvk() {
  std::array<std::array<V, 64>, 64> value{};
  for (int a = 0; a < 64; ++a)
    for (int b = 0; b < 64; ++b)
      if (legal(a, b) && (on_hill(a) || on_hill(b))) value[a][b] = {true, on_hill(a) ? 1 : -1, 0};
  for (int level = 1; level < 100; ++level) {
    auto next = value;
    bool changed = false;
    for (int a = 0; a < 64; ++a)
      for (int b = 0; b < 64; ++b) {
        if (!legal(a, b) || value[a][b].known) continue;
        bool win = false, all_lose = true;
        for (int to = 0; to < 64; ++to) {
          if (!adjacent(a, to) || to == a || !legal(to, b)) continue;
          const V s = value[b][to];  // the opponent to move
          win |= s.known && s.result < 0 && s.distance == level - 1;
          all_lose &= s.known && s.result > 0;
        }
        if (win || all_lose) next[a][b] = {true, win ? 1 : -1, level}, changed = true;
      }
    value = next;
    if (!changed) break;
  }
  return value;
}

TEST(KothKvK, MatchesAPlainBreadthFirstSolver) {
  const auto reference = solve_kvk();
  TableSet tables{TableKind(Variant::Koth)};
  tables.add(test::generated_table(Variant::Koth, "KvK"));
  int compared = 0, wins = 0;
  for (int w = 0; w < 64; ++w)
    for (int b = 0; b < 64; ++b)
      for (Color stm : {WHITE, BLACK}) {
        if (!legal(w, b)) continue;
        Position pos(Variant::Koth);
        pos.put(make_piece(WHITE, KING), w);
        pos.put(make_piece(BLACK, KING), b);
        pos.set_side_to_move(stm);
        const V expected = stm == WHITE ? reference[w][b] : reference[b][w];
        const Value got = decode_value(tables.code_of(pos), Metric::WdlDistance);
        ++compared;
        EXPECT_EQ(got.result, expected.known ? expected.result : 0) << w << " " << b << " stm " << stm;
        EXPECT_EQ(got.distance, expected.distance) << w << " " << b << " stm " << stm;
        wins += got.result > 0;
      }
  EXPECT_EQ(compared, 2 * 3612);  // ordered pairs of non-touching kings, each side to move
  EXPECT_GT(wins, 1000);
}

}  // namespace
}  // namespace hilltb
