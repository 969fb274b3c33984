// The parallel pass both solvers and the verifier are built on: every global position
// index (side to move white, then black) visited once, in cache-sized ranges, with
// progress now and then and a cancellation check per range.
#pragma once

#include <tbb/blocked_range.h>
#include <tbb/parallel_for.h>

#include <atomic>
#include <string>

#include "gen/solver.h"

namespace hilltb {

inline void check_cancel(const SolveHooks& hooks) {
  if (hooks.cancel && hooks.cancel->load()) throw Interrupted();
}

inline void report(const SolveHooks& hooks, const std::string& phase, double fraction) {
  if (hooks.progress) hooks.progress(phase, fraction);
}

// body(std::uint64_t g, Position& scratch) for every g in [0, total).
template <typename Body>
void scan_positions(std::uint64_t total, const SolveHooks& hooks, const std::string& phase, Body&& body) {
  constexpr std::uint64_t GRAIN = 1 << 12;
  std::atomic<std::uint64_t> done{0};
  tbb::parallel_for(tbb::blocked_range<std::uint64_t>(0, total, GRAIN), [&](const auto& r) {
    check_cancel(hooks);
    Position pos;
    for (std::uint64_t g = r.begin(); g < r.end(); ++g) body(g, pos);
    const std::uint64_t d = done += r.size();
    if (r.begin() % (GRAIN * 64) == 0) report(hooks, phase, double(d) / double(total));
  });
}

}  // namespace hilltb
