// A position's value from the values of the positions its moves lead to: what verify
// checks every stored value against, and how a probe answers a side to move that its
// table does not store (formats/table_file.h).
#pragma once

#include "formats/en_passant.h"
#include "formats/table_file.h"
#include "rules/outcome.h"

namespace hilltb {

// `stored(p)` gives the code of a position p without an en-passant right, as
// code_with_en_passant takes it; pos may have one after its own moves. `Moves` values
// a move from its successor's code: DtmMoves for distances to the end, DtzMoves for
// DTZ (formats/zeroing.h).
template <typename Moves = DtmMoves, typename Stored>
std::uint16_t code_from_successors(const Position& pos, Stored&& stored) {
  const Metric metric = metric_of(pos.variant());
  MoveList list;
  generate_legal(pos, list);
  const Outcome o = outcome(pos, list);
  if (o.over()) return o.result == 0 ? DRAW_CODE : encode_value({o.result, 0, o.points});
  std::uint16_t best = NO_MOVE_CODE;
  for (Move m : list) {
    Position next = pos;
    next.play(m);
    best = better_move(best, Moves::value(pos, m, code_with_en_passant<Moves>(next, stored)), metric);
  }
  return best == NO_MOVE_CODE ? DRAW_CODE : best;
}

// The same for a table of either measure.
template <typename Stored>
std::uint16_t code_from_successors(Measure measure, const Position& pos, Stored&& stored) {
  return measure == Measure::Dtz ? code_from_successors<DtzMoves>(pos, stored)
                                 : code_from_successors<DtmMoves>(pos, stored);
}

// The same for code_with_en_passant.
template <typename Stored>
std::uint16_t code_with_en_passant(Measure measure, const Position& pos, Stored&& stored) {
  return measure == Measure::Dtz ? code_with_en_passant<DtzMoves>(pos, stored)
                                 : code_with_en_passant<DtmMoves>(pos, stored);
}

}  // namespace hilltb
