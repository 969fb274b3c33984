// The statistics a table file's header carries (formats/table_file.h), counted from
// the codes of its positions.
#pragma once

#include <algorithm>
#include <array>
#include <vector>

#include "formats/table_file.h"
#include "formats/value.h"
#include "formats/zeroing.h"

namespace hilltb {

// Counts one code into s (a non-position counts nowhere). Inline: table_stats calls it
// for every code of a table.
inline void count_code(SideStats& s, std::uint16_t code, Metric metric) {
  if (code == NO_POSITION_CODE) return;
  ++s.legal;
  const Value v = decode_value(code, metric);
  if (v.result > 0) ++s.wins, s.longest_win = std::max<std::uint32_t>(s.longest_win, v.distance);
  else if (v.result < 0) ++s.losses, s.longest_loss = std::max<std::uint32_t>(s.longest_loss, v.distance);
  else ++s.draws;
  if (metric == Metric::ZeroingDistance && v.distance > FIFTY_MOVE_PLIES) ++(v.result > 0 ? s.cursed_wins : s.blessed_losses);
}
SideStats& operator+=(SideStats& s, const SideStats& t);

// Per-side statistics of finished codes (both sides, white to move first).
std::array<SideStats, 2> table_stats(const std::vector<std::uint16_t>& codes, std::uint64_t per_side, Metric metric);

}  // namespace hilltb
