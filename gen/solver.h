// Retrograde analysis of one chess or King of the Hill table (WDL and distance to the
// end of the game in plies), given its solved children.
//
// Working memory is gen/working_state.h's 2 bytes a position (3 for a table with more
// moves or values of moves out than they hold), the count being of the moves inside the
// table not yet known to lose.
// Pass L finalises the positions whose distance is L: un-moves from the positions
// finalised at L-1 make their predecessors wins (from a loss) or count down their
// moves (from a win; at zero every move loses, and the position is a loss), and moves
// out of the table whose value falls due at L are applied; a pass scans only the spans
// of positions where one of these is due. In koth a position whose king can step onto
// the hill is won in 1 from the start, and the moves into it count at init as lost in
// 2 (no pass unmakes from it). A position reached by a double push that allows en
// passant is really that position with an en-passant right; those few are kept aside
// as extra nodes, valued from the stored position and the capture.
#pragma once

#include <functional>
#include <memory>

#include "gen/solve_hooks.h"
#include "gen/table_set.h"

namespace hilltb {

// The working state's layout (gen/working_state.h): Packed, 2 bytes a position, with
// Wide, 3 bytes, for a table that does not fit it; or Wide alone. The table is the
// same either way.
enum class StateLayout { Packed, Wide };
// How the progress says that a table is solved again in the Wide layout, and why.
constexpr const char* WIDE_AGAIN = "again at 3 bytes a position: ";

std::shared_ptr<SolvedTable> solve_table(const Material& material, Variant variant, const TableSet& children,
                                         const SolveHooks& hooks, StateLayout layout = StateLayout::Packed);

// The DTZ table of the same (formats/zeroing.h), given its children's DTZ tables,
// held whole (both sides to move: a pawn move's value takes in the opponent's
// en-passant captures). The retrograde is the one above with the zeroing moves as its
// moves out; pawn moves stay in the table, so with pawns it runs in rounds, each
// valuing pawn moves from the round before, until a round changes no category. `dtm`,
// the same table's DTM codes (both sides) when at hand, is the first round's guess:
// right wherever nothing is cursed, when the first round is the answer; without it the
// first round takes every pawn move to draw.
std::shared_ptr<SolvedTable> solve_dtz_table(const Material& material, Variant variant, const TableSet& children,
                                             const SolveHooks& hooks, std::vector<std::uint16_t> dtm = {},
                                             StateLayout layout = StateLayout::Packed);

// The stored code of a position (gen/pawn_slices.h: of a pawn slice already solved).
using StoredCode = std::function<std::uint16_t(const Position&)>;

// The DTM codes of one pawn slice of a chess or koth table (`slice`, formats/index.h):
// pawn moves leave it, valued by `solved` from the slices they reach, solved before;
// captures and promotions lead into `children` as in solve_table.
std::shared_ptr<SolvedTable> solve_slice(Index slice, const StoredCode& solved, const TableSet& children,
                                         const SolveHooks& hooks, StateLayout layout = StateLayout::Packed);

// Bytes of working memory solve_table needs for a table of this index size (per side),
// in the Packed layout.
std::uint64_t solve_memory(std::uint64_t positions_per_side);
// The same for solve_dtz_table: with pawns, a round holds the round before's codes too.
std::uint64_t solve_dtz_memory(std::uint64_t positions_per_side, bool pawns);

}  // namespace hilltb
