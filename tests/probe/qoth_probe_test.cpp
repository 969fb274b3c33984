// Queen of the Hill through the probing library, on the fixture's ring tables (indexed
// for target e5): positions whose values follow from the rules by hand, the other three
// hands' targets served by symmetry, the players swapped, and consistency of every move.
#include <gtest/gtest.h>

#include <cstdlib>
#include <map>
#include <random>

#include "formats/index.h"
#include "formats/symmetry.h"
#include "probe/prober.h"
#include "rules/fen.h"
#include "rules/notation.h"

namespace hilltb {
namespace {

// The fixture's tables; HILLTB_TEST_TABLES in the environment may point elsewhere (the
// ThreadSanitizer build probes the tables of the normal build: `make tsan`).
Prober qoth_prober() {
  const char* env = std::getenv("HILLTB_TEST_TABLES");
  return Prober({{env ? env : HILLTB_TEST_TABLES}, Variant::Qoth});
}

Position qoth(const std::string& fen) { return parse_fen(fen, Variant::Qoth); }

Value value_of(const Prober& p, const std::string& fen) {
  const ProbeResult r = p.probe(qoth(fen));
  EXPECT_TRUE(r.ok()) << fen << ": " << r.error;
  return r.value;
}

// The value for the mover of each move, by UCI.
std::map<std::string, Value> move_values(const Prober& p, const std::string& fen) {
  std::map<std::string, Value> out;
  for (const RankedMove& m : p.rank_moves(qoth(fen))) {
    EXPECT_TRUE(m.after.ok()) << fen << " " << to_uci(m.move);
    out[to_uci(m.move)] = move_value(m.after.value);
  }
  return out;
}

TEST(QothProbe, ScoreComesFirstForTheLoserToo) {
  // docs/rules.md: lost by 1 point in 3 plies (5 in a plain "at least 1 point" game).
  const Prober p = qoth_prober();
  EXPECT_EQ(value_of(p, "8/8/2x2x2/4*3/8/2x2x2/6n1/R3R3 b"), (Value{-1, 3, 1}));
  EXPECT_EQ(p.line(qoth("8/8/2x2x2/4*3/8/2x2x2/6n1/R3R3 b")).size(), 3u);
}

TEST(QothProbe, ABlockerCutsAClaim) {
  // The bishop on b2 sees e5 only through the blocker on c3: no claim. It needs two
  // moves to a claiming square (c1, then f4), the empty side passes in between, and
  // the check holds at the start of P1's third turn: won by 1 in 4 plies.
  const Prober p = qoth_prober();
  EXPECT_EQ(value_of(p, "8/8/2x2x2/4*3/8/2x2x2/1B6/8 w"), (Value{1, 4, 1}));
  // On f4 it claims, and with nothing against it the hand is over.
  EXPECT_EQ(value_of(p, "8/8/2x2x2/4*3/5B2/2x2x2/8/8 w"), (Value{1, 0, 1}));
}

TEST(QothProbe, ACheckIsNegatedByACaptureOrABlock) {
  // P1's rooks on a5 and e1 claim e5 twice against one knight: P1's check holds, and
  // P2 has one move to negate it. Taking the e1 rook or blocking the fifth rank on c5
  // does; any other move loses at once, by 2 points, at the start of P1's turn.
  const Prober p = qoth_prober();
  const std::string fen = "8/8/2x2x2/R3*3/8/2xn1x2/8/4R3 b";
  const auto moves = move_values(p, fen);
  ASSERT_EQ(moves.size(), 7u);  // b2 b4 c1 c5 e1 f2 f4 (e5 is the target)
  for (const auto& [uci, v] : moves) {
    if (uci == "d3e1" || uci == "d3c5") EXPECT_NE(v, (Value{-1, 1, 2})) << uci;
    else EXPECT_EQ(v, (Value{-1, 1, 2})) << uci;
  }
  EXPECT_NE(value_of(p, fen), (Value{-1, 1, 2}));
}

TEST(QothProbe, ASideThatCannotMovePasses) {
  // P2 has no piece: its only move is the pass, and P1's rook already claims.
  const Prober p = qoth_prober();
  const auto moves = move_values(p, "8/8/2x2x2/4*3/8/2x2x2/8/4R3 b");
  ASSERT_EQ(moves.size(), 1u);
  EXPECT_EQ(moves.begin()->first, "0000");
  EXPECT_EQ(moves.begin()->second, (Value{-1, 1, 1}));
}

TEST(QothProbe, EveryHandsTargetAndBothColourings) {
  // Every symmetry of the board that keeps the ring's blockers carries e5 onto one of
  // the four targets; the value must not change, nor when the players swap colours.
  const Prober p = qoth_prober();
  const Material m = Material::parse("QRvN", Variant::Qoth);
  const Layout& ring = ring_layout();
  const Index index(m, Variant::Qoth, ring, ring.targets[0]);
  std::mt19937_64 rng(7);
  int compared = 0;
  for (int i = 0; i < 300; ++i) {
    Position pos;
    if (!index.decode(rng() % index.size(), rng() % 2 ? WHITE : BLACK, pos)) continue;
    const ProbeResult base = p.probe(pos);
    ASSERT_TRUE(base.ok()) << base.error;
    for (int t = 0; t < 8; ++t) {
      if (transform(t, ring.blocker_bb()) != ring.blocker_bb()) continue;
      const Position moved = transform(t, pos);
      const ProbeResult r = p.probe(moved);
      ASSERT_TRUE(r.ok()) << to_fen(moved) << ": " << r.error;
      EXPECT_EQ(r.value, base.value) << to_fen(pos) << " under symmetry " << t;
      const ProbeResult swapped = p.probe(colour_flipped(moved));
      ASSERT_TRUE(swapped.ok());
      EXPECT_EQ(swapped.value, base.value) << to_fen(colour_flipped(moved));
      ++compared;
    }
  }
  EXPECT_GT(compared, 1000);
}

TEST(QothProbe, ABestMoveKeepsTheValue) {
  const Prober p = qoth_prober();
  for (const std::string fen : {"8/8/2x2x2/4*3/8/2x2x2/1B6/8 w", "8/8/2x2x2/4*3/8/2x2x2/6n1/R3R3 b",
                                "2k5/8/2x2x2/4*3/8/1Qx2x2/8/5R2 w"}) {
    const ProbeResult r = p.probe(qoth(fen));
    ASSERT_TRUE(r.ok()) << r.error;
    const auto ranked = p.rank_moves(qoth(fen));
    ASSERT_FALSE(ranked.empty());
    const Value best = move_value(ranked.front().after.value);
    EXPECT_EQ(best, r.value) << fen;
  }
}

}  // namespace
}  // namespace hilltb
