// Legal move generation for chess, King of the Hill and Queen of the Hill.
#pragma once

#include "position.h"

namespace hilltb {

// Enough for any reachable position of any variant (the record is 218). The moves are
// left uninitialised (a union member): zeroing 512 bytes for every list would cost about
// 2% of a 5-piece table's generation.
struct MoveList {
  MoveList() {}
  union {
    Move moves[256];
  };
  int size = 0;
  const Move* begin() const { return moves; }
  const Move* end() const { return moves + size; }
  void push(Move m) { moves[size++] = m; }
};

// Every legal move of the side to move; empty when the game is over.
//  chess: FIDE moves.   koth: the same, none once a king stands on the hill.
//  qoth: every move but onto the fixed pawns, none once the mover's check holds,
//        and the pass (Move::pass()) when the mover has no move but the opponent has.
void generate_legal(const Position& pos, MoveList& list);
// Chess and koth: generate_legal's moves split into the captures and promotions (en
// passant included), listed in `noisy`, and the other moves, only counted (returned).
// For a caller that looks at each capture but only counts the rest (retrograde init).
int generate_legal_counting_quiet(const Position& pos, MoveList& noisy);

// Queen of the Hill: the pieces of colour c that attack the target, and whether
// their number beats the opponent's piece count (the "check").
int qoth_claims(const Position& pos, Color c);
bool qoth_check_holds(const Position& pos, Color c);
// Whether colour c has any piece move (the pass aside), whoever is to move.
bool qoth_can_move(const Position& pos, Color c);
// The squares the piece on `from` may move to (captures included): any it attacks but
// its own side's and the fixed pawns'. For counting moves without a MoveList.
inline Bitboard qoth_targets(const Position& pos, Square from) {
  return piece_attacks(type_of(pos.piece_on(from)), from, pos.occupied()) &
         ~(pos.pieces(color_of(pos.piece_on(from))) | pos.fixed());
}

}  // namespace hilltb
