// Queen of the Hill: one test per rule line of docs/rules.md, on hand-checked positions
// of the default ring layout (blockers c3 f3 c6 f6, targets e5 e4 d4 d5).
#include <gtest/gtest.h>

#include <algorithm>

#include "rules/fen.h"
#include "rules/notation.h"
#include "rules/outcome.h"

namespace hilltb {
namespace {

Position qoth(const std::string& fen, const Layout& layout = ring_layout()) {
  return parse_fen(fen, Variant::Qoth, layout);
}

bool has_move(const Position& pos, const std::string& uci) {
  MoveList list;
  generate_legal(pos, list);
  return std::any_of(list.begin(), list.end(), [&](Move m) { return to_uci(m) == uci; });
}

Position after(const Position& pos, const std::string& uci) {
  const auto m = parse_move(pos, uci);
  EXPECT_TRUE(m) << uci << " is not legal in " << to_fen(pos);
  Position next = pos;
  if (m) next.play(*m);
  return next;
}

TEST(QothRules, FixedPawnsNeverMoveAndCannotBeTakenOrLandedOn) {
  // Rook e1 on the e-file below target e5; knight b1 next to blocker c3.
  const Position pos = qoth("8/8/2x2x2/4*3/8/2x2x2/8/1N2R2k w");
  EXPECT_TRUE(has_move(pos, "e1e4"));
  EXPECT_FALSE(has_move(pos, "e1e5"));  // the target can't be captured
  EXPECT_FALSE(has_move(pos, "e1e6"));  // nor jumped by a slider
  EXPECT_FALSE(has_move(pos, "b1c3"));  // a blocker can't be captured
  EXPECT_TRUE(has_move(pos, "b1d2"));
}

TEST(QothRules, BlockersStopSlidersKnightsJumpOverThem) {
  const Position bishop = qoth("8/8/2x2x2/4*3/8/2x2x2/8/B6k w");
  EXPECT_TRUE(has_move(bishop, "a1b2"));
  EXPECT_FALSE(has_move(bishop, "a1c3"));
  EXPECT_FALSE(has_move(bishop, "a1d4"));  // c3 blocks the diagonal
  // Knight g6 claims e5 over the blocker f6, and moves across it to e7 and e5's rank.
  const Position knight = qoth("8/8/2x2xN1/4*3/8/2x2x2/8/7k b");
  EXPECT_EQ(qoth_claims(knight, WHITE), 1);
  const Position moving = qoth("8/8/2x2xN1/4*3/8/2x2x2/8/7k w");
  EXPECT_TRUE(has_move(moving, "g6e7"));
  EXPECT_FALSE(has_move(moving, "g6e5"));  // the target itself
}

TEST(QothRules, NoCheckKingsAreOrdinaryPieces) {
  // White king d1 next to black rook e2: in chess it could not stay in attack.
  const Position pos = qoth("8/8/2x2x2/4*3/8/2x2x2/4r3/3K4 w");
  EXPECT_TRUE(has_move(pos, "d1e2"));  // the king captures
  EXPECT_TRUE(has_move(pos, "d1d2"));  // and may stand attacked
  const Position black = qoth("8/8/2x2x2/4*3/8/2x2x2/4r3/3K4 b");
  EXPECT_TRUE(has_move(black, "e2d2"));
  EXPECT_TRUE(has_move(black, "e2e1"));
  Position taken = after(black, "e2e1");
  taken = after(taken, "d1e1");  // the king captures back: kings can be taken too
  EXPECT_EQ(popcount(taken.pieces(BLACK)), 0);
}

TEST(QothRules, NoCastlingNoEnPassant) {
  const Position pos = qoth("4k3/8/2x2x2/4*3/8/2x2x2/8/R3K2R w");
  EXPECT_FALSE(has_move(pos, "e1g1"));
  EXPECT_FALSE(has_move(pos, "e1c1"));
  EXPECT_THROW(qoth("4k3/8/2x2x2/4*3/8/2x2x2/8/R3K2R w KQ - 0 1"), FenError);
  EXPECT_THROW(qoth("4k3/8/2x2x2/4*3/8/2x2x2/8/R3K2R w - e3 0 1"), FenError);
}

TEST(QothRules, ClaimsBySlidersKnightsAndKings) {
  // Target e5. P1: rook e1 (clear file), knight g6 (jump over blocker f6), king d6.
  const Position pos = qoth("8/8/2xK1xN1/4*3/8/2x2x2/8/4R3 b");
  EXPECT_EQ(qoth_claims(pos, WHITE), 3);
  EXPECT_EQ(qoth_claims(pos, BLACK), 0);
}

TEST(QothRules, ClaimsAreCutByBlockersAndByPiecesOfEitherSide) {
  // Queen h8 sees e5 only through f6: the blocker cuts it. Queen h2 sees e5 via g3, f4.
  EXPECT_EQ(qoth_claims(qoth("7Q/8/2x2x2/4*3/8/2x2x2/8/8 b"), WHITE), 0);
  EXPECT_EQ(qoth_claims(qoth("8/8/2x2x2/4*3/8/2x2x2/7Q/8 b"), WHITE), 1);
  // Rooks e1 and e2 on one file: only the front one claims (no x-ray).
  EXPECT_EQ(qoth_claims(qoth("8/8/2x2x2/4*3/8/2x2x2/4R3/4R3 b"), WHITE), 1);
  // An enemy knight on e3 cuts the rook's line.
  EXPECT_EQ(qoth_claims(qoth("8/8/2x2x2/4*3/8/2x1nx2/8/4R3 b"), WHITE), 0);
  EXPECT_EQ(qoth_claims(qoth("8/8/2x2x2/4*3/8/2x1nx2/8/4R3 b"), BLACK), 0);  // n e3 claims d5/f5..., not e5
}

TEST(QothRules, CheckHoldsWhenClaimsOutnumberTheOpponentsPieces) {
  // Three P1 claims (Re1, Ng6, Kd6) against two P2 pieces: P1's check holds.
  const std::string three_vs_two = "r6r/8/2xK1xN1/4*3/8/2x2x2/8/4R3 ";
  EXPECT_TRUE(qoth_check_holds(qoth(three_vs_two + "w"), WHITE));
  // The same three claims against three pieces do not hold.
  EXPECT_FALSE(qoth_check_holds(qoth("r6r/8/2xK1xN1/4*3/8/2x2x2/8/n3R3 w"), WHITE));
}

TEST(QothRules, CheckAtTheStartOfTheTurnWinsWithOnePointPerClaim) {
  const Position pos = qoth("r6r/8/2xK1xN1/4*3/8/2x2x2/8/4R3 w");
  const Outcome o = outcome(pos);
  EXPECT_EQ(o.reason, Termination::Claims);
  EXPECT_EQ(o.result, 1);
  EXPECT_EQ(o.points, 3);
  MoveList list;
  generate_legal(pos, list);
  EXPECT_EQ(list.size, 0);  // the hand is over: no moves
}

TEST(QothRules, OpponentsCheckGivesOneMoveToNegateIt) {
  // P1: Re1 and Nd7 claim e5 (2 > 1 P2 piece). P2 to move with its rook d8.
  const Position pos = qoth("3r4/3N4/2x2x2/4*3/8/2x2x2/8/4R3 b");
  EXPECT_FALSE(outcome(pos).over());
  // Negated by a capture: 1 claim against 1 piece.
  EXPECT_FALSE(outcome(after(pos, "d8d7")).over());
  // Not negated: P1's turn starts with its check holding, 2 points.
  const Outcome lost = outcome(after(pos, "d8a8"));
  EXPECT_EQ(lost.reason, Termination::Claims);
  EXPECT_EQ(lost.points, 2);
}

TEST(QothRules, CheckNegatedByABlock) {
  // P2's rook a4 steps into the rook's line on e4.
  const Position pos = qoth("8/3N4/2x2x2/4*3/r7/2x2x2/8/4R3 b");
  EXPECT_TRUE(qoth_check_holds(pos, WHITE));
  EXPECT_FALSE(outcome(after(pos, "a4e4")).over());
  EXPECT_EQ(outcome(after(pos, "a4a3")).points, 2);
}

TEST(QothRules, BothChecksCanNeverHold) {
  // Claims can't exceed one's own pieces, so P1 claims > P2 pieces >= P2 claims
  // > P1 pieces >= P1 claims is impossible: the side-to-move rule never decides
  // between two holding checks. Check it on every position one move from a busy one.
  const Position pos = qoth("2b1q1n1/3r1k2/2x2x2/4*3/8/2x2x2/2K1R3/1N1Q1B2 w");
  MoveList list;
  generate_legal(pos, list);
  for (Move m : list) {
    Position next = pos;
    next.play(m);
    EXPECT_FALSE(qoth_check_holds(next, WHITE) && qoth_check_holds(next, BLACK));
  }
}

TEST(QothRules, APlayerWithNoMovePasses) {
  // P2 has no piece: its only move is the pass, a ply like any other.
  const Position pos = qoth("8/8/2x2x2/4*3/8/2x2x2/8/R7 b");
  MoveList list;
  generate_legal(pos, list);
  ASSERT_EQ(list.size, 1);
  EXPECT_EQ(list.moves[0], Move::pass());
  EXPECT_EQ(to_uci(list.moves[0]), "0000");
  EXPECT_EQ(to_san(pos, list.moves[0]), "--");
  const Position next = after(pos, "0000");
  EXPECT_EQ(next.side_to_move(), WHITE);
  // With a claim and nothing against it, the lone rook wins after the pass.
  const Position lost = qoth("8/8/2x2x2/4*3/8/2x2x2/8/4R3 b");
  EXPECT_FALSE(outcome(lost).over());
  EXPECT_EQ(outcome(after(lost, "0000")).points, 1);
}

TEST(QothRules, NeitherSideCanMoveIsADraw) {
  // A layout whose blockers box the a8 corner: P2's king there can't move, P1 has nothing.
  const Layout corner = parse_layout(
      "blockers a7 b7 b8 h2\ntargets e5 e4 d4 d5\n"
      "p1 b1 d1 f1 c2 e2\np2 h6 f6 d6 g7 e7\n", "corner");
  const Position pos = qoth("kx6/xx6/8/4*3/8/8/7x/8 b", corner);
  const Outcome o = outcome(pos);
  EXPECT_EQ(o.reason, Termination::Stuck);
  EXPECT_EQ(o.result, 0);
  EXPECT_EQ(o.points, 0);
}

TEST(QothRules, PlayerFartherFromTheTargetMovesFirst) {
  const Layout& ring = ring_layout();
  EXPECT_EQ(ring.first_to_move(0), WHITE);  // e5
  EXPECT_EQ(ring.first_to_move(1), BLACK);  // e4
  EXPECT_EQ(ring.first_to_move(2), BLACK);  // d4
  EXPECT_EQ(ring.first_to_move(3), WHITE);  // d5
}

TEST(QothRules, RulesExampleIsNotYetOver) {
  // docs/rules.md: lost by P2 in 3 plies; here only its rules facts: 1 claim vs 1 piece.
  const Position pos = qoth("8/8/2x2x2/4*3/8/2x2x2/6n1/R3R3 b");
  EXPECT_EQ(qoth_claims(pos, WHITE), 1);
  EXPECT_FALSE(qoth_check_holds(pos, WHITE));
  EXPECT_FALSE(outcome(pos).over());
}

}  // namespace
}  // namespace hilltb
