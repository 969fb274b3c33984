// qoth_reference.h - a deliberately simple, independent Queen of the Hill
// (qoth) rules oracle for the test suite.
//
// Square by square on an 8x8 char array: no bitboards, no code shared with
// the main project. Used to cross-check the fast generator by perft and by
// game-end verdicts. Speed is not a goal; readability is.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace qoth_ref {

struct Verdict {
  bool over;   // the hand is over in this position (no moves at all)
  int winner;  // +1 side to move wins, -1 side to move loses (never used), 0 draw/not over
  int points;  // winner's points when over with a winner, else 0
};

// sq[file + 8*rank], a1 = 0, h8 = 63. '.' is empty; upper case K Q R B N are
// P1's pieces, lower case k q r b n are P2's, '*' is the target, 'x' a blocker.
struct Board {
  char sq[64];
  bool p1_to_move;
};

// Parses a qoth FEN's first two fields: placement and side to move
// ('w' = P1, 'b' = P2; 'w' when the side field is missing). Any further
// fields are ignored. Throws std::invalid_argument on malformed input.
Board parse(const std::string& fen);

// Game-end verdict for the side to move.
Verdict verdict(const Board& b);

// Legal moves as UCI strings ("b1c3"); the pass is "0000". Empty when over.
std::vector<std::string> legal_moves(const Board& b);

// Makes a move taken from legal_moves(b) (including "0000").
// Throws std::invalid_argument if uci is not one of them.
Board play(const Board& b, const std::string& uci);

// Leaf count; depth 0 -> 1; an over position has 0 leaves at depth >= 1.
uint64_t perft(const Board& b, int depth);

}  // namespace qoth_ref
