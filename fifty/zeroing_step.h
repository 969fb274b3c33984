// The one ply of the fifty-move game (fifty/zeroing_search.h) that the tables decide:
// a zeroing move, and the end of the game. Shared by the searches that check the DTZ
// tables' claims.
#pragma once

#include <stdexcept>

#include "probe/prober.h"
#include "rules/outcome.h"

namespace hilltb {

// A child the DTZ tables do not answer (missing or damaged table).
struct ZeroingSearchError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// Whether `winner` has won the finished game `o` of pos.
inline bool won_by(const Position& pos, const Outcome& o, Color winner) {
  return o.result != 0 && (o.result > 0) == (pos.side_to_move() == winner);
}

// The DTZ of pos, failing loudly: the proofs stand on every value they read.
Value dtz_of(const Prober& prober, const Position& pos);

// Whether the zeroing move m of pos succeeds for `winner`: it ends the game won by the
// winner, or leads to a position the tables give the winner as a win that stands at
// clock 0 (DTZ at most 100).
bool zeroing_succeeds(const Prober& prober, const Position& pos, Move m, Color winner);

}  // namespace hilltb
