// Retrograde analysis of one Queen of the Hill table: the signed score for the side to
// move (RULES.md: score first) and the distance in plies, given its solved children.
//
// Score: for each threshold t = 5..1, the positions from which a player can force a
// finished hand worth at least t points to it are that player's attractor of those
// finished hands (a draw never reaches t). Thresholds only add targets, so one pair of
// attractors grows stage by stage; a position joining at stage t is worth exactly t.
// Distance: inside each score class the winner takes the shortest and the loser the
// longest move that keeps the score (a move to a better score is one the loser never
// has, and a worse one the winner never takes), level by level as in a DTM solver.
//
// Working memory is 7 bytes a position: the score, a move counter, the best score of
// the moves out of the table (captures), the distance and the best distance out.
#pragma once

#include "gen/solver.h"

namespace hilltb {

std::shared_ptr<SolvedTable> solve_qoth_table(const Material& material, const TableKind& kind,
                                              const TableSet& children, const SolveHooks& hooks);

// Bytes of working memory solve_qoth_table needs for a table of this index size (per side).
std::uint64_t solve_qoth_memory(std::uint64_t positions_per_side);

}  // namespace hilltb
