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

}  // namespace hilltb
