// Queen of the Hill: the bitboard generator against the square-by-square reference
// generator of tests/qoth_reference.cpp, by perft and by move lists and verdicts.
#include <gtest/gtest.h>

#include <algorithm>
#include <random>

#include "../qoth_reference.h"
#include "rules/fen.h"
#include "rules/notation.h"
#include "rules/outcome.h"
#include "rules/perft.h"

namespace hilltb {
namespace {

const char* const POSITIONS[] = {
    "2b1q1n1/3r1k2/2x2x2/4*3/8/2x2x2/2K1R3/1N1Q1B2 w",  // a dealt hand on its set-up squares
    "r3k3/1n6/2x2x2/2q1*3/8/2xN1x2/8/R3K2R b",
    "8/8/2x2x2/4*3/8/2x2x2/6n1/R3R3 b",          // docs/rules.md's example
    "4k3/8/2x2x2/4*3/8/2x2x2/8/1N1K1B2 w",         // a set-up with shifts
    "8/8/2x2x2/3*4/3R4/2x2x2/8/4r3 w",
    "q7/8/2x2x2/8/3*4/2x2x2/8/Q6K b",
    "8/3n4/2x1Nx2/3*4/8/2x2x2/8/R6k w",
};

std::vector<std::string> sorted_uci(const Position& pos) {
  MoveList list;
  generate_legal(pos, list);
  std::vector<std::string> out;
  for (Move m : list) out.push_back(to_uci(m));
  std::sort(out.begin(), out.end());
  return out;
}

// Walks the tree to `depth`, comparing moves and verdicts node by node.
void compare_tree(const Position& pos, const qoth_ref::Board& ref, int depth, int& nodes) {
  ++nodes;
  auto ref_moves = qoth_ref::legal_moves(ref);
  std::sort(ref_moves.begin(), ref_moves.end());
  ASSERT_EQ(sorted_uci(pos), ref_moves) << to_fen(pos);
  const Outcome o = outcome(pos);
  const qoth_ref::Verdict v = qoth_ref::verdict(ref);
  ASSERT_EQ(o.over(), v.over) << to_fen(pos);
  ASSERT_EQ(o.result, v.winner) << to_fen(pos);
  ASSERT_EQ(o.points, v.points) << to_fen(pos);
  if (depth == 0) return;
  MoveList list;
  generate_legal(pos, list);
  for (Move m : list) {
    Position next = pos;
    next.play(m);
    compare_tree(next, qoth_ref::play(ref, to_uci(m)), depth - 1, nodes);
  }
}

TEST(QothPerft, MatchesReferenceGenerator) {
  for (const char* fen : POSITIONS) {
    const Position pos = parse_fen(fen, Variant::Qoth);
    const auto ref = qoth_ref::parse(fen);
    for (int depth = 1; depth <= 3; ++depth)
      EXPECT_EQ(perft(pos, depth), qoth_ref::perft(ref, depth)) << fen << " depth " << depth;
  }
}

TEST(QothPerft, DeepCountsOnTheStartLikePosition) {
  const char* fen = POSITIONS[0];
  EXPECT_EQ(perft(parse_fen(fen, Variant::Qoth), 4), qoth_ref::perft(qoth_ref::parse(fen), 4));
}

TEST(QothPerft, NodeByNodeMovesAndVerdicts) {
  for (const char* fen : POSITIONS) {
    const Position pos = parse_fen(fen, Variant::Qoth);
    int nodes = 0;
    compare_tree(pos, qoth_ref::parse(fen), 2, nodes);
    EXPECT_GT(nodes, 1) << fen;
  }
}

// Random few-piece positions, where claims, checks, passes and wins are frequent.
TEST(QothPerft, RandomSparsePositions) {
  std::mt19937_64 rng(20261130);
  constexpr PieceType KINDS[] = {KNIGHT, BISHOP, ROOK, QUEEN, KING};
  const Layout& ring = ring_layout();
  int tested = 0, over = 0, passes = 0;
  for (int trial = 0; trial < 3000; ++trial) {
    Position pos(Variant::Qoth);
    pos.set_fixed(ring.blocker_bb(), ring.targets[trial % 4]);
    const int count = 1 + int(rng() % 5);
    int per_kind[PIECE_TYPE_NB] = {};
    for (int i = 0; i < count; ++i) {
      const PieceType pt = KINDS[rng() % 5];
      const Color c = rng() % 2 ? WHITE : BLACK;
      const Square s = Square(rng() % 64);
      if (pos.occupied() & square_bb(s)) continue;
      if (++per_kind[pt] > (pt == QUEEN || pt == KING ? 2 : 4)) continue;
      pos.put(make_piece(c, pt), s);
    }
    pos.set_side_to_move(rng() % 2 ? WHITE : BLACK);
    const std::string fen = to_fen(pos);
    ASSERT_EQ(to_fen(parse_fen(fen, Variant::Qoth)), fen);
    const auto ref = qoth_ref::parse(fen);
    over += outcome(pos).over();
    passes += qoth_ref::legal_moves(ref) == std::vector<std::string>{"0000"};
    ASSERT_EQ(perft(pos, 2), qoth_ref::perft(ref, 2)) << fen;
    ++tested;
  }
  EXPECT_GT(over, 100);   // the sample really exercises the end of hands
  EXPECT_GT(passes, 50);  // and the pass
  EXPECT_EQ(tested, 3000);
}

}  // namespace
}  // namespace hilltb
