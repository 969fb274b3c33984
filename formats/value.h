// What a table stores per position: result, distance in plies and (qoth) points, for
// the side to move, packed into one small integer code.
//   0 draw;  1 no position (an index hole, or the side not to move in check; files
//   store any value there instead, whatever compresses best);
//   2 + 2k a win, 3 + 2k a loss, where k = distance * 5 + points - 1 in qoth and
//   k = distance otherwise.
// Codes grow with the distance, so short tables fit one byte per value.
#pragma once

#include <cstdint>

#include "rules/types.h"

namespace hilltb {

struct Value {
  int result = 0;    // +1 win, 0 draw, -1 loss for the side to move
  int distance = 0;  // plies to the end of the game under optimal play (0 for a draw)
  int points = 0;    // qoth: the winner's score, 1..5 (0 for a draw and in chess/koth)
  bool operator==(const Value&) const = default;
};

// How a code's k splits (the table header's metric): distance alone in chess and koth,
// distance and points in qoth; in a DTZ table (formats/zeroing.h) the distance is to
// the next zeroing move or the end of the game under the fifty-move rule.
enum class Metric : std::uint8_t { WdlDistance = 1, ScoreDistance = 2, ZeroingDistance = 3 };

constexpr Metric metric_of(Variant v) { return v == Variant::Qoth ? Metric::ScoreDistance : Metric::WdlDistance; }

constexpr std::uint16_t DRAW_CODE = 0;
constexpr std::uint16_t NO_POSITION_CODE = 1;

constexpr std::uint16_t encode_value(const Value& v) {
  if (v.result == 0) return DRAW_CODE;
  const int k = v.points ? v.distance * 5 + v.points - 1 : v.distance;
  return std::uint16_t(2 + 2 * k + (v.result < 0));
}

// For a code other than NO_POSITION_CODE.
constexpr Value decode_value(std::uint16_t code, Metric metric) {
  if (code == DRAW_CODE) return {};
  const int k = (code - 2) / 2;
  const int result = code & 1 ? -1 : 1;
  return metric == Metric::ScoreDistance ? Value{result, k / 5, k % 5 + 1} : Value{result, k, 0};
}

// How good a code is for the side to move: wins (sooner is better) over draws over
// losses (later is better); in qoth more points first, then the distance.
constexpr int preference(std::uint16_t code, Metric metric) {
  const Value v = decode_value(code, metric);
  if (v.result == 0) return 0;
  const int points = metric == Metric::ScoreDistance ? v.points : 1;
  return v.result > 0 ? points * 100000 - v.distance : -points * 100000 + v.distance;
}

constexpr std::uint16_t better_code(std::uint16_t a, std::uint16_t b, Metric metric) {
  return preference(a, metric) >= preference(b, metric) ? a : b;
}

// What a fold of moves' values starts from: no move yet (no table's code is this large).
constexpr std::uint16_t NO_MOVE_CODE = 0x7FFF;

// The fold of moves' values: the better of the best so far (NO_MOVE_CODE: none yet) and
// another move's value `v`.
constexpr std::uint16_t better_move(std::uint16_t best, std::uint16_t v, Metric metric) {
  return best == NO_MOVE_CODE ? v : better_code(best, v, metric);
}

// The value, for the mover, of a move into a position whose value (for its own side to
// move) is `child`: the result turned round, one ply further.
constexpr Value move_value(const Value& child) {
  return child.result == 0 ? Value{} : Value{-child.result, child.distance + 1, child.points};
}

// The same for codes.
constexpr std::uint16_t move_value(std::uint16_t child, Metric metric) {
  return encode_value(move_value(decode_value(child, metric)));
}

}  // namespace hilltb
