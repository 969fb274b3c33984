// Queen of the Hill tables against a deliberately simple minimax solver written here:
// every position of a material listed by plain loops over the squares, its moves
// found forward with the rules, and the game's value computed as the limit of the
// k-ply truncated game (unfinished = draw) as k grows: V(k+1) = best over moves of
// V(k) one ply on, until nothing changes. Once k passes the longest decided line the
// truncated game is the real one, and a step that changes nothing changes nothing
// again, so the first fixpoint is the answer. No index, no retrograde code, no value
// codes: score and distance are compared as plain numbers.
#include <gtest/gtest.h>

#include <map>
#include <optional>

#include "formats/value.h"
#include "rules/fen.h"
#include "rules/movegen.h"
#include "test_tables.h"

namespace hilltb {
namespace {

struct Ref {
  int score = 0;     // for the side to move: +points won, -points lost, 0 draw
  int distance = 0;  // plies to the end (0 for a draw)
  bool operator==(const Ref&) const = default;
};

// The value of a move into a position worth `child` to the opponent.
Ref one_ply_on(Ref child) { return {-child.score, child.score ? child.distance + 1 : 0}; }

// Score first; then the winner wants it short, the loser long.
bool better(Ref a, Ref b) {
  if (a.score != b.score) return a.score > b.score;
  return a.score > 0 ? a.distance < b.distance : a.score < 0 && a.distance > b.distance;
}

// The pieces of a material in a fixed order: P1's then P2's, by piece type.
std::vector<Piece> piece_list(const Material& m) {
  std::vector<Piece> list;
  for (Color c : {WHITE, BLACK})
    for (PieceType pt : {QUEEN, ROOK, BISHOP, KNIGHT, KING})
      for (int i = 0; i < m.count(c, pt); ++i) list.push_back(make_piece(c, pt));
  return list;
}

// A position's number: its pieces' squares in list order (equal pieces ascending),
// base 64, and the side to move.
std::uint64_t key_of(const Position& pos, const std::vector<Piece>& list) {
  std::uint64_t key = 0;
  Bitboard taken = 0;
  for (Piece p : list) {
    const Square s = lsb(pos.pieces(color_of(p), type_of(p)) & ~taken);
    taken |= square_bb(s);
    key = key * 64 + s;
  }
  return key * 2 + pos.side_to_move();
}

// Colours exchanged, squares kept: the same hand seen with the players' names swapped.
Position swapped(const Position& pos) {
  Position out(Variant::Qoth);
  for (Bitboard b = pos.pieces(); b;) {
    const Square s = pop_lsb(b);
    out.put(make_piece(~color_of(pos.piece_on(s)), type_of(pos.piece_on(s))), s);
  }
  out.set_fixed(pos.fixed() & ~square_bb(pos.target()), pos.target());
  out.set_side_to_move(~pos.side_to_move());
  return out;
}

class Minimax {
 public:
  // The value of a position of any material up to the tested size.
  Ref value(const Position& pos) {
    const Material m = Material::of(pos);
    if (!m.is_canonical()) return value(swapped(pos));
    const auto& table = solved(m);
    return table.values.at(std::size_t(table.id.at(key_of(pos, table.list))));
  }

  struct Table {
    std::vector<Piece> list;
    std::vector<std::uint32_t> keys;  // the positions, by number (key_of)
    std::vector<int> id;              // by key_of: -1 or the position's number
    std::vector<Ref> values;
    Position position(std::size_t i) const {
      const Layout& ring = ring_layout();
      Position pos(Variant::Qoth);
      pos.set_fixed(ring.blocker_bb(), ring.targets[0]);
      std::uint32_t key = keys[i];
      pos.set_side_to_move(Color(key % 2));
      key /= 2;
      for (std::size_t p = list.size(); p-- > 0; key /= 64) pos.put(list[p], Square(key % 64));
      return pos;
    }
  };

  const Table& solved(const Material& m) {
    auto [it, fresh] = tables_.try_emplace(m.name());
    if (fresh) solve(m, it->second);
    return it->second;
  }

 private:
  void place(Table& t, Position& pos, std::size_t i, int min_square) {
    if (i == t.list.size()) {
      for (Color stm : {WHITE, BLACK}) {
        pos.set_side_to_move(stm);
        t.id[key_of(pos, t.list)] = int(t.keys.size());  // sized by solve
        t.keys.push_back(std::uint32_t(key_of(pos, t.list)));
      }
      return;
    }
    for (int s = 0; s < 64; ++s) {
      const bool same_as_before = i > 0 && t.list[i] == t.list[i - 1];
      if ((same_as_before && s <= min_square) || (pos.occupied() & square_bb(Square(s)))) continue;
      pos.put(t.list[i], Square(s));
      place(t, pos, i + 1, s);
      pos.remove(Square(s));
    }
  }

  void solve(const Material& m, Table& t) {
    t.list = piece_list(m);
    std::size_t keys = 2;
    for (std::size_t i = 0; i < t.list.size(); ++i) keys *= 64;
    t.id.assign(keys, -1);
    const Layout& ring = ring_layout();
    Position empty(Variant::Qoth);
    empty.set_fixed(ring.blocker_bb(), ring.targets[0]);
    place(t, empty, 0, -1);
    const std::size_t n = t.keys.size();
    // Per position: finished (and its value), or its moves: inside the table (edges
    // first[i] .. first[i+1] of `inside`) and the best one out.
    std::vector<std::optional<Ref>> finished(n), best_out(n);
    std::vector<std::size_t> first(n + 1);
    std::vector<int> inside;
    for (std::size_t i = 0; i < n; ++i) {
      first[i] = inside.size();
      const Position pos = t.position(i);
      const Color us = pos.side_to_move();
      if (qoth_check_holds(pos, us)) {
        finished[i] = Ref{qoth_claims(pos, us), 0};
        continue;
      }
      MoveList moves;
      generate_legal(pos, moves);
      if (moves.size == 0) finished[i] = Ref{};  // neither side can move: drawn
      for (Move mv : moves) {
        Position next = pos;
        next.play(mv);
        if (Material::of(next) == m) {
          inside.push_back(t.id.at(key_of(next, t.list)));
          ASSERT_GE(inside.back(), 0) << to_fen(next);
        } else {
          const Ref v = one_ply_on(value(next));
          if (!best_out[i] || better(v, *best_out[i])) best_out[i] = v;
        }
      }
    }
    first[n] = inside.size();
    // The reverse edges: the positions with a move into each.
    std::vector<std::size_t> rfirst(n + 1, 0);
    for (int j : inside) ++rfirst[std::size_t(j) + 1];
    for (std::size_t j = 0; j < n; ++j) rfirst[j + 1] += rfirst[j];
    std::vector<int> before(inside.size());
    std::vector<std::size_t> fill(rfirst.begin(), rfirst.end() - 1);
    for (std::size_t i = 0; i < n; ++i)
      for (std::size_t e = first[i]; e < first[i + 1]; ++e) before[fill[std::size_t(inside[e])]++] = int(i);

    // V(0): finished hands as they are, the rest drawn. Each step recomputes only the
    // positions with a move whose value changed in the step before.
    t.values.assign(n, Ref{});
    std::vector<int> changed;
    auto step = [&](const std::vector<int>& candidates) {
      std::vector<std::pair<int, Ref>> updates;
      for (int c : candidates) {
        const std::size_t i = std::size_t(c);
        Ref v;
        if (finished[i]) {
          v = *finished[i];
        } else {
          std::optional<Ref> best = best_out[i];
          for (std::size_t e = first[i]; e < first[i + 1]; ++e) {
            const Ref w = one_ply_on(t.values[std::size_t(inside[e])]);
            if (!best || better(w, *best)) best = w;
          }
          v = *best;
        }
        if (!(v == t.values[i])) updates.emplace_back(c, v);
      }
      changed.clear();
      for (const auto& [i, v] : updates) t.values[std::size_t(i)] = v, changed.push_back(i);
    };
    std::vector<int> all(n);
    for (std::size_t i = 0; i < n; ++i) all[i] = int(i);
    step(all);
    std::vector<char> seen(n, 0);
    while (!changed.empty()) {
      std::vector<int> candidates;
      for (int j : changed)
        for (std::size_t e = rfirst[std::size_t(j)]; e < rfirst[std::size_t(j) + 1]; ++e)
          if (!seen[std::size_t(before[e])]) seen[std::size_t(before[e])] = 1, candidates.push_back(before[e]);
      for (int i : candidates) seen[std::size_t(i)] = 0;
      step(candidates);
    }
  }

  std::map<std::string, Table> tables_;
};

TEST(QothTables, EveryPositionUpTo3PiecesEqualsAPlainMinimax) {
  const TableSet& tables = test::generated_tables(Variant::Qoth);
  Minimax reference;
  std::uint64_t compared = 0, decided = 0, by_more_than_one = 0;
  for (const Material& m : all_materials(Variant::Qoth, 3)) {
    const auto& table = reference.solved(m);
    int wrong = 0;
    for (std::size_t i = 0; i < table.keys.size(); ++i) {
      const Ref expected = table.values[i];
      const Position pos = table.position(i);
      const Value got = decode_value(tables.code_of(pos), Metric::ScoreDistance);
      ++compared;
      decided += expected.score != 0;
      by_more_than_one += std::abs(expected.score) > 1;
      if (got.result * got.points == expected.score && got.distance == expected.distance) continue;
      if (++wrong <= 3)
        ADD_FAILURE() << m.name() << " " << to_fen(pos) << ": table " << got.result * got.points
                      << " in " << got.distance << ", minimax " << expected.score << " in " << expected.distance;
    }
  }
  // 141 materials, every placement with each side to move.
  EXPECT_GT(compared, 10'000'000u);
  EXPECT_GT(decided, compared / 4);
  EXPECT_GT(by_more_than_one, 100'000u);
}

}  // namespace
}  // namespace hilltb
