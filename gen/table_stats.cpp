#include "table_stats.h"

#include <tbb/blocked_range.h>
#include <tbb/parallel_reduce.h>

#include <algorithm>


namespace hilltb {

SideStats& operator+=(SideStats& s, const SideStats& t) {
  s.legal += t.legal, s.wins += t.wins, s.draws += t.draws, s.losses += t.losses;
  s.cursed_wins += t.cursed_wins, s.blessed_losses += t.blessed_losses;
  s.longest_win = std::max(s.longest_win, t.longest_win);
  s.longest_loss = std::max(s.longest_loss, t.longest_loss);
  return s;
}

std::array<SideStats, 2> table_stats(const std::vector<std::uint16_t>& codes, std::uint64_t per_side, Metric metric) {
  // In parallel, by ranges of one side each: a serial count would be about 2% of a
  // small table's generation, with the other cores idle.
  using Stats = std::array<SideStats, 2>;
  auto count = [&](const tbb::blocked_range<std::size_t>& r, Stats stats) {
    SideStats& s = stats[r.begin() < per_side ? 0 : 1];
    for (std::size_t i = r.begin(); i < r.end(); ++i) count_code(s, codes[i], metric);
    return stats;
  };
  auto join = [](Stats a, const Stats& b) {
    for (int side = 0; side < 2; ++side) a[side] += b[side];
    return a;
  };
  constexpr std::size_t GRAIN = 1 << 16;
  auto side = [&](std::size_t first, std::size_t last) {
    return tbb::parallel_reduce(tbb::blocked_range<std::size_t>(first, last, GRAIN), Stats{}, count, join);
  };
  const std::size_t black = std::min<std::size_t>(per_side, codes.size());
  return join(side(0, black), side(black, codes.size()));
}

}  // namespace hilltb
