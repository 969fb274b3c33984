// Game end: whether a position is over, why, and who has won.
#pragma once

#include <string>

#include "movegen.h"

namespace hilltb {

enum class Termination : std::uint8_t {
  None,       // the game goes on
  Checkmate,  // chess, koth: the side to move is mated
  Stalemate,  // chess, koth: no legal move, not in check: draw
  Hill,       // koth: a king stands on d4, e4, d5 or e5; its owner has won
  Claims,     // qoth: the side to move's check holds; it wins, scoring its claims
  Stuck,      // qoth: neither side can move: draw
};

struct Outcome {
  Termination reason = Termination::None;
  int result = 0;  // for the side to move: +1 won, 0 draw (or not over), -1 lost
  int points = 0;  // qoth: the winner's points (its claims), 0 for a draw
  bool over() const { return reason != Termination::None; }
};

// `legal` must be generate_legal(pos) (callers usually have it already).
Outcome outcome(const Position& pos, const MoveList& legal);
Outcome outcome(const Position& pos);

// A short sentence for people, e.g. "white wins by checkmate".
std::string describe(const Position& pos, const Outcome& o);
// The machine-readable reason: "", "checkmate", "stalemate", "hill", "claims", "stuck".
std::string_view termination_name(Termination t);

}  // namespace hilltb
