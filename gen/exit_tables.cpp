#include "exit_tables.h"

namespace hilltb {

ExitTables::ExitTables(const Material& m, Color mover, const TableSet& children) : children_(children) {
  for (int captured = NO_PIECE_TYPE; captured <= KING; ++captured)
    for (PieceType promotion : {NO_PIECE_TYPE, KNIGHT, BISHOP, ROOK, QUEEN}) {
      if (captured == NO_PIECE_TYPE && promotion == NO_PIECE_TYPE) continue;  // stays in the table
      if (captured != NO_PIECE_TYPE && !m.count(~mover, PieceType(captured))) continue;
      if (promotion != NO_PIECE_TYPE && !m.count(mover, PAWN)) continue;
      held_[slot(PieceType(captured), promotion)] = children.find(m.after(mover, PieceType(captured), promotion));
    }
}

std::uint16_t ExitTables::code_after(const Position& before, Move m, const Position& after) const {
  const PieceType captured = m.kind() == Move::EN_PASSANT ? PAWN : type_of(before.piece_on(m.to()));
  const TableSet::Held* held = held_[slot(captured, m.is_promotion() ? m.promoted() : NO_PIECE_TYPE)];
  // Not held: code_of says which table is missing.
  return held ? children_.code_in(*held, after) : children_.code_of(after);
}

}  // namespace hilltb
