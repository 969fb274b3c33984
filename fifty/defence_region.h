// Many claims of "the winner cannot force success within h plies" (the game of
// fifty/zeroing_search.h) proved at once. The other side's moves are fixed by a
// defence read from the DTZ tables: at each of its positions it takes a zeroing move
// that fails for the winner if it has one, else the quiet move to the position the
// tables give the winner's longest DTZ (or no win at all). Against that one defence
// every move of the winner is walked, breadth first from all the claims together, each
// position once at the fewest plies it is reached in, to h plies. When no success turns
// up within h plies of any claim, the defence holds every claim off for h plies: each
// claim is proved. The tables only choose the defence and decide zeroing moves, as in
// the depth-first search; a defence chosen badly can only fail to prove, never prove
// something false.
//
// Where that search repeats a position for each horizon it meets it with, this walk
// meets each once: its work is the positions the winner can reach against the defence.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "fifty/zeroing_step.h"
#include "formats/index.h"

namespace hilltb {

struct DefenceReport {
  bool proved = false;       // no claim's winner succeeds within the horizon
  std::uint64_t nodes = 0;   // positions expanded
  int plies = 0;             // the depth the walk reached
  std::optional<std::string> success;  // else: a position where the winner succeeds, as FEN, and in how many plies
};

// Walks from `claims` (index slots of material m's table: white to move below
// index.size(), black to move above), each a position `winner` wins, to `horizon`
// plies, on every core. `progress`, when given, hears the plies walked so far.
DefenceReport prove_defence(const Prober& prober, const Index& index, Color winner,
                            const std::vector<std::uint64_t>& claims, int horizon,
                            const std::function<void(int)>& progress = {});

}  // namespace hilltb
