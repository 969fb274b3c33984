// Tables store positions without en-passant rights. A position that has one is valued
// from its stored twin and the captures: its moves are the twin's plus the captures
// (only the captures when the twin has no move at all).
#pragma once

#include "formats/value.h"
#include "formats/zeroing.h"
#include "rules/movegen.h"

namespace hilltb {

// `stored(p)` gives the code of a position p without an en-passant right (of this or
// any smaller material); `pos` may have one. `Moves` values a move from its successor's
// code (formats/zeroing.h: DtmMoves, DtzMoves).
template <typename Moves = DtmMoves, typename Stored>
std::uint16_t code_with_en_passant(const Position& pos, Stored&& stored) {
  Position plain = pos;
  plain.set_en_passant(SQ_NONE);
  if (pos.en_passant() == SQ_NONE) return stored(plain);
  MoveList moves, plain_moves;
  generate_legal(pos, moves);
  generate_legal(plain, plain_moves);
  std::uint16_t best = plain_moves.size > 0 ? stored(plain) : NO_MOVE_CODE;
  const Metric metric = metric_of(pos.variant());
  for (Move m : moves) {
    if (m.kind() != Move::EN_PASSANT) continue;
    Position after = pos;
    after.play(m);
    best = better_move(best, Moves::value(pos, m, stored(after)), metric);
  }
  return best == NO_MOVE_CODE ? stored(plain) : best;
}

}  // namespace hilltb
