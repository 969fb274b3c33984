// The DTZ tables' claims about the fifty-move rule, checked by separate searches
// (fifty/defence_region.h, fifty/zeroing_search.h): for every position of a table whose
// DTZ is decisive and longer than a horizon h, that its winner cannot force a zeroing
// move or the game's end within h plies; for every one of DTZ exactly h, that it can.
// With h = 100 the first are the cursed wins and blessed losses (a win of DTZ > 100,
// and the loss it answers), the second the wins and losses the rule lets stand by the
// last ply.
#pragma once

#include <array>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>

#include "fifty/zeroing_search.h"

namespace hilltb {

struct ClaimCheckReport {
  std::uint64_t positions = 0;  // positions of the table read (both sides to move)
  // Decisive positions with DTZ above the horizon, checked: winner to move (cursed
  // wins at 100) and loser to move (blessed losses), by side to move.
  std::array<std::uint64_t, 2> beyond_wins{}, beyond_losses{};
  std::uint64_t at_horizon = 0;  // decisive positions of DTZ exactly the horizon, checked
  std::uint64_t walked = 0;      // positions the defence walks expanded
  std::uint64_t searched = 0;    // claims the depth-first search decided one by one
  std::uint64_t nodes = 0;       // positions it expanded
  std::optional<std::string> failure;  // the first claim that does not hold: FEN and why
  bool ok() const { return !failure; }
  std::uint64_t beyond() const { return beyond_wins[0] + beyond_wins[1] + beyond_losses[0] + beyond_losses[1]; }
};

// The DTZ value a table claims for a position (its side to move's view, clock 0); the
// prober's by default, another for tests of the check itself.
using DtzClaim = std::function<Value(const Position&)>;

// What a check is doing, and how far: "scan" (the fraction of the table's index read),
// "defence" (of the horizon's plies walked), "searches" and "at horizon" (of the claims
// the depth-first search decides).
using ClaimProgress = std::function<void(const char* step, double fraction)>;

// Checks every position of the chess or koth table of material m (each side to move,
// one per index slot) whose claimed DTZ is decisive and above `horizon` or equal to it,
// on every core. The claims above it are proved together by the winner's defence walk
// (fifty/defence_region.h), those the walk leaves and those at the horizon one by one by
// the depth-first search (a search per thread, sharing the bounds they prove). The
// failure reported is the first in index order. Throws ZeroingSearchError when a table
// does not answer.
ClaimCheckReport check_dtz_claims(const Prober& prober, const Material& m, int horizon, DtzClaim claim = {},
                                  MoveOrder order = MoveOrder::TableGuided, const ClaimProgress& progress = {});

}  // namespace hilltb
