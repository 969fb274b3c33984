// Template body of for_each_unmove (gen/unmove.h).
#pragma once

#include "rules/bitboard.h"

namespace hilltb {

template <typename F>
void for_each_unmove(const Position& pos, F&& f) {
  const Color mover = ~pos.side_to_move();  // the side that made the last move
  const Bitboard empty = ~pos.occupied();
  const int up = mover == WHITE ? 8 : -8;
  for (Bitboard b = pos.pieces(mover); b;) {
    const Square to = pop_lsb(b);
    const PieceType pt = type_of(pos.piece_on(to));
    if (pt != PAWN) {
      for (Bitboard from = piece_attacks(pt, to, pos.occupied()) & empty; from;)
        f(UnmoveKind::Quiet, pop_lsb(from), to);
      continue;
    }
    const Square one = to - up;
    if (relative_rank(mover, to) < 2 || !(empty & square_bb(one))) continue;
    f(UnmoveKind::Quiet, one, to);
    if (relative_rank(mover, to) == 3 && (empty & square_bb(one - up))) f(UnmoveKind::DoublePush, one - up, to);
  }
}

}  // namespace hilltb
