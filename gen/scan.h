// The parallel pass both solvers are built on: every global position index of a table
// (side to move white, then black), or those of the chunks a pass asks for, visited
// once, in cache-sized ranges, with progress now and then and at the end, and a
// cancellation check per range.
#pragma once

#include <tbb/blocked_range.h>
#include <tbb/parallel_for.h>

#include <algorithm>
#include <atomic>

#include "formats/index.h"
#include "gen/solve_hooks.h"

namespace hilltb {

// Positions are scanned in chunks of this many global indices.
constexpr std::uint64_t SCAN_CHUNK = 1 << 12;

// body(std::uint64_t first, std::uint64_t last, Index::Decoder& decoder) for each chunk
// [first, last) of the global indices [0, 2 * index.size()). The body loops over the
// chunk itself (or the parts of it it wants), so that what it compares each position
// with stays in registers. A decoder per range of chunks decodes its positions in
// order, incrementally.
template <typename Body>
void scan_chunks(const Index& index, const SolveHooks& hooks, const Phase& phase, Body&& body) {
  const std::uint64_t total = 2 * index.size();
  const std::uint64_t chunks = (total + SCAN_CHUNK - 1) / SCAN_CHUNK;
  std::atomic<std::uint64_t> done{0};
  tbb::parallel_for(tbb::blocked_range<std::uint64_t>(0, chunks, 4), [&](const auto& r) {
    check_cancel(hooks);
    Index::Decoder decoder(index);
    for (std::uint64_t c = r.begin(); c < r.end(); ++c)
      body(c * SCAN_CHUNK, std::min(total, (c + 1) * SCAN_CHUNK), decoder);
    const std::uint64_t d = done += r.size();
    if ((d - r.size()) / 256 != d / 256 || d == chunks) report(hooks, phase, double(d) / double(chunks));
  }, tbb::simple_partitioner());
}

// Every position, white to move first, then black, each side's after
// hooks.children_for(side) and then prepare(side), and children_for(COLOR_NB) at the
// end: the phase that reads the children, so that a generator need hold only what each
// side's moves reach.
template <typename Prepare, typename Body>
void scan_sides(const Index& index, const SolveHooks& hooks, const Phase& phase, Prepare&& prepare, Body&& body) {
  for (Color stm : {WHITE, BLACK}) {
    if (hooks.children_for) hooks.children_for(stm);
    prepare(stm);
    const std::uint64_t begin = stm * index.size(), end = begin + index.size();
    scan_chunks(index, hooks, phase, [&](std::uint64_t first, std::uint64_t last, Index::Decoder& decoder) {
      for (std::uint64_t g = std::max(first, begin); g < std::min(last, end); ++g) body(g, decoder);
    });
  }
  if (hooks.children_for) hooks.children_for(COLOR_NB);
}

}  // namespace hilltb
