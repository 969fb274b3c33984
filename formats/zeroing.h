// The fifty-move rule's values (Syzygy's semantics): a DTZ table holds, for a side to
// move whose halfmove clock is 0, the plies to the next zeroing move (a capture or a
// pawn move) or the end of the game under optimal play under the rule. A zeroing move
// that leads to a win under the rule counts 1 ply; one that leads to a win the rule
// turns into a draw (cursed) counts 101. A win of more than 100 plies is a cursed win,
// a draw under the rule; the loss it answers is a blessed loss. Codes are those of
// formats/value.h with the distance as k (Metric::ZeroingDistance).
#pragma once

#include "formats/value.h"
#include "rules/position.h"

namespace hilltb {

// Plies without a zeroing move after which the game is drawn.
constexpr int FIFTY_MOVE_PLIES = 100;

// The five outcomes under the rule, in the order the side to move prefers (Fathom's
// numbering: loss 0 ... win 4).
enum class Category : std::uint8_t { Loss, BlessedLoss, Draw, CursedWin, Win };

// The category of a DTZ value (its level) for a side to move whose halfmove clock is
// `clock`: a decisive value stands when its distance and the clock add up to 100 at most.
constexpr Category category_of(const Value& dtz, int clock = 0) {
  if (dtz.result == 0) return Category::Draw;
  const bool stands = dtz.distance + clock <= FIFTY_MOVE_PLIES;
  if (dtz.result > 0) return stands ? Category::Win : Category::CursedWin;
  return stands ? Category::Loss : Category::BlessedLoss;
}

// The DTZ code, for the mover, of a zeroing move into a position whose DTZ code (for
// its own side to move, clock 0) is `child`: 1 ply to a decisive result that stands,
// 101 to one the rule turns into a draw.
constexpr std::uint16_t zeroing_value(std::uint16_t child) {
  const Value v = decode_value(child, Metric::ZeroingDistance);
  if (v.result == 0) return DRAW_CODE;
  const int plies = v.distance > FIFTY_MOVE_PLIES ? FIFTY_MOVE_PLIES + 1 : 1;
  return encode_value({-v.result, plies, 0});
}

// Whether move m of pos resets the halfmove clock.
inline bool is_zeroing(const Position& pos, Move m) {
  if (m.kind() == Move::PASS) return false;
  return type_of(pos.piece_on(m.from())) == PAWN || pos.piece_on(m.to()) != NO_PIECE;
}

// How a move's value, for the mover, follows from the code of the position it leads to
// (that position's own side to move's view): one policy per measure.
struct DtmMoves {  // one ply further to the end
  static std::uint16_t value(const Position& before, Move, std::uint16_t after) {
    return move_value(after, metric_of(before.variant()));
  }
};
struct DtzMoves {  // one ply further to zeroing, or the zeroing move's own value
  static std::uint16_t value(const Position& before, Move m, std::uint16_t after) {
    return is_zeroing(before, m) ? zeroing_value(after) : move_value(after, Metric::ZeroingDistance);
  }
};

}  // namespace hilltb
