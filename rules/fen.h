// FEN reading and writing.
//  chess, koth: the six standard fields; missing trailing fields default to
//               "w - - 0 1".
//  qoth: placement with '*' for the target and 'x' for blockers, then the side to move
//        (default 'w' = P1); castling and en-passant fields, if given, must be '-'.
#pragma once

#include <stdexcept>
#include <string>
#include <string_view>

#include "layout.h"
#include "position.h"

namespace hilltb {

struct FenError : std::invalid_argument {
  using std::invalid_argument::invalid_argument;
};

constexpr std::string_view START_FEN =
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

// Throws FenError naming the fault. For qoth the fixed pawns must be those of `layout`.
Position parse_fen(std::string_view fen, Variant variant, const Layout& layout = ring_layout());
std::string to_fen(const Position& pos);

// The checks parse_fen makes, for positions placed another way (from bitboards); each
// throws FenError naming the fault.
// chess, koth: one king a side, at most 8 pawns and 16 pieces a side, no pawn on the
// first or last rank, the side not to move not in check.
void check_chess_position(const Position& pos);
// qoth: one target among the layout's, the layout's blockers, the deck's counts, five
// pieces a player at most; sets the position's fixed pawns.
void check_qoth_position(Position& pos, Bitboard targets, Bitboard blockers, const Layout& layout);
// An en-passant square for the side to move: on its 6th rank, behind a pawn of the other
// side, with both squares the pawn crossed empty; sets it.
void check_en_passant(Position& pos, Square ep);

}  // namespace hilltb
