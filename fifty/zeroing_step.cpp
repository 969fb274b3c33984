#include "fifty/zeroing_step.h"

#include "formats/zeroing.h"
#include "rules/fen.h"

namespace hilltb {

Value dtz_of(const Prober& prober, const Position& pos) {
  const ProbeResult r = prober.probe_dtz(pos);
  if (!r.ok()) throw ZeroingSearchError(to_fen(pos) + ": no DTZ value: " + r.error);
  return r.value;
}

bool zeroing_succeeds(const Prober& prober, const Position& pos, Move m, Color winner) {
  Position next = pos;
  next.play(m);
  // A game the move ends needs no table.
  const Outcome o = outcome(next);
  if (o.over()) return won_by(next, o, winner);
  const Value v = dtz_of(prober, next);
  const bool winner_wins = v.result != 0 && (v.result > 0) == (next.side_to_move() == winner);
  return winner_wins && v.distance <= FIFTY_MOVE_PLIES;
}

}  // namespace hilltb
