// Queen of the Hill layouts: where the fixed pawns stand and where hands are set up.
//
// Text format (one key per line, '#' starts a comment, squares in algebraic form):
//   name      ring                 optional; a file's stem otherwise
//   blockers  c3 f3 c6 f6          the four black pawns
//   targets   e5 e4 d4 d5          the white pawn in hands 1-4 of a round
//   p1        b1 d1 f1 c2 e2       P1's set-up squares 1-5 (right-shift: toward h)
//   p2        g8 e8 c8 f7 d7       P2's set-up squares 1-5 (right-shift: toward a)
#pragma once

#include <array>
#include <stdexcept>
#include <string>
#include <string_view>

#include "types.h"

namespace hilltb {

struct LayoutError : std::invalid_argument {
  using std::invalid_argument::invalid_argument;
};

struct Layout {
  std::string name;
  std::array<Square, 4> blockers{};
  std::array<Square, 4> targets{};
  std::array<std::array<Square, 5>, 2> setup{};  // [WHITE] = P1, [BLACK] = P2

  Bitboard blocker_bb() const;
  // The player farther from the hand's target moves first (rank distance).
  Color first_to_move(int hand) const;
  // Where player c's i-th piece stands when shifted one square to c's right.
  Square shifted(Color c, int i) const { return setup[c][i] + (c == WHITE ? 1 : -1); }
  // The layout in the text format above.
  std::string to_text() const;
};

// Parses the text format; `fallback_name` is used when the text names none.
// Throws LayoutError naming the line and the fault.
Layout parse_layout(std::string_view text, std::string_view fallback_name);

// The built-in default layout (docs/rules.md).
const Layout& ring_layout();

}  // namespace hilltb
