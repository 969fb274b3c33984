// Move and square text: UCI ("e2e4", "e7e8q", "0000" for a pass) and SAN ("Nxf3+", "--").
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "movegen.h"

namespace hilltb {

std::string square_name(Square s);
// "e4" -> 28; SQ_NONE for anything else.
Square parse_square(std::string_view text);

std::string to_uci(Move m);
// SAN of a legal move of pos: disambiguation, captures, promotion, and for chess and
// koth '+' or '#'. `legal` must be generate_legal(pos).
std::string to_san(const Position& pos, const MoveList& legal, Move m);
std::string to_san(const Position& pos, Move m);

// The legal move that `text` names in UCI or SAN (check marks optional), if any.
std::optional<Move> parse_move(const Position& pos, std::string_view text);

}  // namespace hilltb
