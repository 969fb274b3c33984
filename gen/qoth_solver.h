// Retrograde analysis of one Queen of the Hill table: the signed score for the side to
// move (docs/rules.md: score first) and the distance in plies, given its solved children.
//
// Values are totally ordered for each player: more points first, then (winning) a
// shorter or (losing) a longer distance. So one sweep per player, from its best value
// down, finds score and distance together, Dijkstra-like: level (t, d) holds the
// positions won or lost by t points in d plies. A position whose side to move can reach
// a loss of the opponent's at (t, d) wins at (t, d+1), and that is its best, since
// every better value was swept before; one whose moves all lead to the opponent's wins
// is lost, at the level after its last (the opponent's worst) move is swept. The moves
// out of the table (captures) act as one move, the mover's best, at that move's level.
// The two players' sweeps touch different positions and run side by side; what no
// sweep reaches is a draw.
//
// Working memory is gen/working_state.h's Wide layout, 3 bytes a position (the count
// being of the moves not yet known to win for the opponent; the values of the moves
// out, by points and distance, may be more than the Packed layout's 256), plus the lists
// of positions whose best move out falls due at each level (4 bytes a position at most)
// and a bit a position for those due at the level swept and the next.
#pragma once

#include <memory>

#include "gen/solve_hooks.h"
#include "gen/table_set.h"

namespace hilltb {

std::shared_ptr<SolvedTable> solve_qoth_table(const Material& material, const TableKind& kind,
                                              const TableSet& children, const SolveHooks& hooks);

// Bytes of working memory solve_qoth_table needs for a table of this index size (per side).
std::uint64_t solve_qoth_memory(std::uint64_t positions_per_side);

}  // namespace hilltb
