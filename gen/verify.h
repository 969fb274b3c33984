// Verification: every stored value re-derived from the values of its successor
// positions (one ply forward), sharing nothing with the retrograde passes but the
// move generator and the index. Together with distances that fall by one along every
// winning line down to a finished game, this local check proves the whole table.
#pragma once

#include <filesystem>
#include <string>
#include <vector>

#include "formats/table_reader.h"
#include "gen/solve_hooks.h"
#include "gen/table_set.h"

namespace hilltb {

struct VerifyReport {
  std::uint64_t checked = 0;     // legal positions (both sides to move)
  std::uint64_t mismatches = 0;
  std::vector<std::string> examples;  // a few, as "FEN: stored X, expected Y"
  bool ok() const { return mismatches == 0; }
};

// `table` holds the codes of both sides to move; `children` its children, of the
// same kind (its measure says how a move's value follows: DTM or DTZ). Checks the
// sides to move in `sides` (bit 0 white, bit 1 black): those a file stores, the other
// side, derived from them (TableSet::load), taking its values from their successors.
VerifyReport verify_table(const SolvedTable& table, const TableSet& children, const SolveHooks& hooks,
                          std::uint8_t sides = 3);

// The same check for a chess or koth table with pawns (its file read by `reader`, its
// material m) too large to hold whole: the file is read once into one file per pawn
// slice (gen/pawn_slices.h) in `folder`, which the caller makes and removes, mapped, so
// that memory holds the pages the check touches; a side to move the file lacks is
// derived there from the other. Each slice's positions are then checked against their
// successors, each position or its mirror image once. hooks.slice_children_for(slice,
// stm), or else hooks.children_for(stm), is called before the positions with `stm` to
// move of each slice, or of all, are valued: `children` need then hold only the children
// of stm's moves from there (pawn_slices.h: slice_children_after; gen/slice_children.h).
VerifyReport verify_by_slices(const TableReader& reader, const Material& m, const TableSet& children,
                              const SolveHooks& hooks, const std::filesystem::path& folder);

// The value a position should have given the values of its successors: the stored
// codes of `table` for positions with its material, `children` for the others.
std::uint16_t derived_code(const Position& pos, const SolvedTable& table, const TableSet& children);

}  // namespace hilltb
