// Template body of for_each_unmove (gen/unmove.h).
#pragma once

#include <utility>

#include "rules/bitboard.h"

namespace hilltb {

template <typename F>
void for_each_unmove(const Position& pos, F&& f) {
  const Color mover = ~pos.side_to_move();  // the side that made the last move
  const bool qoth = pos.variant() == Variant::Qoth;
  const Bitboard empty = ~pos.occupied();
  const int up = mover == WHITE ? 8 : -8;
  Position before = pos;
  before.set_side_to_move(mover);
  auto emit = [&](Square from, Square to, UnmoveKind kind) {
    const Piece p = before.piece_on(to);
    before.remove(to);
    before.put(p, from);
    // The side to move of pos must not have been left in check by its own last move.
    if (qoth || !before.attacked_by(mover, before.king_square(pos.side_to_move()))) f(std::as_const(before), kind, from, to);
    before.remove(from);
    before.put(p, to);
  };
  for (Bitboard b = pos.pieces(mover); b;) {
    const Square to = pop_lsb(b);
    const PieceType pt = type_of(pos.piece_on(to));
    if (pt != PAWN) {
      for (Bitboard from = piece_attacks(pt, to, pos.occupied()) & empty; from;)
        emit(pop_lsb(from), to, UnmoveKind::Quiet);
      continue;
    }
    const Square one = to - up;
    if (relative_rank(mover, to) < 2 || !(empty & square_bb(one))) continue;
    emit(one, to, UnmoveKind::Quiet);
    if (relative_rank(mover, to) == 3 && (empty & square_bb(one - up)))
      emit(one - up, to, UnmoveKind::DoublePush);
  }
}

}  // namespace hilltb
