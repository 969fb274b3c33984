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

constexpr std::uint16_t DRAW_CODE = 0;
constexpr std::uint16_t NO_POSITION_CODE = 1;

constexpr std::uint16_t encode_value(const Value& v) {
  if (v.result == 0) return DRAW_CODE;
  const int k = v.points ? v.distance * 5 + v.points - 1 : v.distance;
  return std::uint16_t(2 + 2 * k + (v.result < 0));
}

// For a code other than NO_POSITION_CODE. `qoth` says how k is split.
constexpr Value decode_value(std::uint16_t code, bool qoth) {
  if (code == DRAW_CODE) return {};
  const int k = (code - 2) / 2;
  const int result = code & 1 ? -1 : 1;
  return qoth ? Value{result, k / 5, k % 5 + 1} : Value{result, k, 0};
}

// How good a code is for the side to move: wins (sooner is better) over draws over
// losses (later is better); in qoth more points first, then the distance.
constexpr int preference(std::uint16_t code, bool qoth) {
  const Value v = decode_value(code, qoth);
  if (v.result == 0) return 0;
  const int rank = (qoth ? v.points : 1) * 100000 - v.distance;
  return v.result > 0 ? rank : -(qoth ? v.points : 1) * 100000 + v.distance;
}

constexpr std::uint16_t better_code(std::uint16_t a, std::uint16_t b, bool qoth) {
  return preference(a, qoth) >= preference(b, qoth) ? a : b;
}

// The value, for the mover, of a move into a position whose code (for its own side to
// move) is `child`: the result turned round, one ply further.
constexpr std::uint16_t move_value(std::uint16_t child, bool qoth) {
  const Value v = decode_value(child, qoth);
  if (v.result == 0) return DRAW_CODE;
  return encode_value({-v.result, v.distance + 1, v.points});
}

}  // namespace hilltb
