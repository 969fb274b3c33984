// The 16-bit code both solvers keep per position while solving: a final code
// (formats/value.h), or tentative (top bit set) holding the best value of the moves that
// leave the table (NO_EXIT when there are none).
#pragma once

#include <cstdint>
#include <vector>

namespace hilltb {

constexpr std::uint16_t TENTATIVE = 0x8000;
constexpr std::uint16_t NO_EXIT = 0x7FFF;  // tentative with no move out of the table

constexpr bool is_final(std::uint16_t c) { return !(c & TENTATIVE); }

// Whether a tentative position may yet lose: not when its best move out of the table
// draws or wins (an even code, formats/value.h), for its count then never runs out. Its
// count decides nothing, so the solvers skip its locked count-down (their costliest
// instruction).
constexpr bool can_lose(std::uint16_t tentative) {
  const std::uint16_t exit = tentative & NO_EXIT;
  return exit == NO_EXIT || (exit & 1);
}

// Makes every code still tentative a draw (nothing resolved it), in parallel.
void settle_draws(std::vector<std::uint16_t>& codes);

}  // namespace hilltb
