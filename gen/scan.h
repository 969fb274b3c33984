// The parallel pass both solvers are built on: every global position index of a table
// (side to move white, then black) visited once, in cache-sized ranges, with progress
// now and then and a cancellation check per range.
#pragma once

#include <tbb/blocked_range.h>
#include <tbb/parallel_for.h>

#include <atomic>
#include <string>

#include "formats/index.h"
#include "gen/solver.h"

namespace hilltb {

inline void check_cancel(const SolveHooks& hooks) {
  if (hooks.cancel && hooks.cancel->load()) throw Interrupted();
}

inline void report(const SolveHooks& hooks, const std::string& phase, double fraction) {
  if (hooks.progress) hooks.progress(phase, fraction);
}

// body(std::uint64_t g, Index::Decoder& decoder) for every g in [0, 2 * index.size()),
// with a decoder per range (it decodes the range's positions in order, incrementally).
template <typename Body>
void scan_positions(const Index& index, const SolveHooks& hooks, const std::string& phase, Body&& body) {
  constexpr std::uint64_t GRAIN = 1 << 12;
  const std::uint64_t total = 2 * index.size();
  std::atomic<std::uint64_t> done{0};
  tbb::parallel_for(tbb::blocked_range<std::uint64_t>(0, total, GRAIN), [&](const auto& r) {
    check_cancel(hooks);
    Index::Decoder decoder(index);
    for (std::uint64_t g = r.begin(); g < r.end(); ++g) body(g, decoder);
    const std::uint64_t d = done += r.size();
    if (r.begin() % (GRAIN * 64) == 0) report(hooks, phase, double(d) / double(total));
  });
}

}  // namespace hilltb
