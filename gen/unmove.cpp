#include "unmove.h"

#include "rules/movegen.h"

namespace hilltb {

bool en_passant_follows(const Position& pos, Square pawn) {
  const Color us = pos.side_to_move();
  const Bitboard neighbours = ((square_bb(pawn) & ~FILE_A) >> 1) | ((square_bb(pawn) & ~FILE_H) << 1);
  if (!(neighbours & pos.pieces(us, PAWN))) return false;
  Position with_ep = pos;
  with_ep.set_en_passant(pawn + (us == WHITE ? 8 : -8));
  MoveList list;
  generate_legal(with_ep, list);
  for (Move m : list)
    if (m.kind() == Move::EN_PASSANT) return true;
  return false;
}

}  // namespace hilltb
