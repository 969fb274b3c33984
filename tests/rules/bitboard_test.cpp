// The sliders' attack tables (magic multipliers, rules/bitboard.cpp) against rays walked
// square by square.
#include <gtest/gtest.h>

#include <random>

#include "rules/bitboard.h"

namespace hilltb {
namespace {

Bitboard walk(Square s, Bitboard occupied, const int (&dirs)[4][2]) {
  Bitboard attacks = 0;
  for (const auto& d : dirs)
    for (int f = file_of(s) + d[0], r = rank_of(s) + d[1]; f >= 0 && f < 8 && r >= 0 && r < 8; f += d[0], r += d[1]) {
      attacks |= square_bb(make_square(f, r));
      if (occupied & square_bb(make_square(f, r))) break;
    }
  return attacks;
}

TEST(Bitboard, SliderAttacksEqualWalkedRaysOnRandomBoards) {
  constexpr int ROOK[4][2] = {{1, 0}, {-1, 0}, {0, 1}, {0, -1}};
  constexpr int BISHOP[4][2] = {{1, 1}, {1, -1}, {-1, 1}, {-1, -1}};
  std::mt19937_64 rng(17);
  for (Square s = 0; s < 64; ++s)
    for (int i = 0; i < 20000; ++i) {
      // Sparse and dense boards alike: one, two or three draws ANDed.
      Bitboard occupied = rng();
      for (int k = i % 3; k > 0; --k) occupied &= rng();
      ASSERT_EQ(rook_attacks(s, occupied), walk(s, occupied, ROOK)) << "rook on " << int(s);
      ASSERT_EQ(bishop_attacks(s, occupied), walk(s, occupied, BISHOP)) << "bishop on " << int(s);
    }
}

}  // namespace
}  // namespace hilltb
