// The child tables one side's captures and promotions lead into, found once per kind of
// move (what is captured, what is promoted to) instead of once per move: Material::of
// and a hash lookup for every move out would cost about 4% of a table's generation.
#pragma once

#include <array>

#include "gen/table_set.h"

namespace hilltb {

class ExitTables {
 public:
  // For the moves of `mover` in a table of material m; `children` must hold the tables
  // they reach, unchanged while this is in use.
  ExitTables(const Material& m, Color mover, const TableSet& children);
  // The stored code of `after`, the position that move m (a capture or a promotion) of
  // `before` leads to.
  std::uint16_t code_after(const Position& before, Move m, const Position& after) const;

 private:
  static std::size_t slot(PieceType captured, PieceType promotion) {
    return std::size_t(captured) * PIECE_TYPE_NB + promotion;
  }
  const TableSet& children_;
  std::array<const TableSet::Held*, PIECE_TYPE_NB * PIECE_TYPE_NB> held_{};
};

}  // namespace hilltb
