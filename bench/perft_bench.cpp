// Perft throughput (nodes per second) on the positions of bench/perft_positions.h,
// the same ones bench/compare_fairy_stockfish.sh gives fairy-stockfish.
#include <benchmark/benchmark.h>

#include "perft_positions.h"
#include "rules/fen.h"
#include "rules/perft.h"

namespace {

void BM_Perft(benchmark::State& state, hilltb::Variant variant, std::size_t index) {
  const auto& p = hilltb::bench::PERFT_POSITIONS[index];
  const hilltb::Position pos = hilltb::parse_fen(p.fen, variant);
  std::uint64_t nodes = 0;
  for (auto _ : state) nodes += hilltb::perft(pos, p.depth);
  state.counters["nodes/s"] = benchmark::Counter(double(nodes), benchmark::Counter::kIsRate);
}

const bool registered = [] {
  for (std::size_t i = 0; i < std::size(hilltb::bench::PERFT_POSITIONS); ++i)
    for (auto v : {hilltb::Variant::Koth, hilltb::Variant::Chess})
      benchmark::RegisterBenchmark(
          (std::string(hilltb::variant_name(v)) + "/" + hilltb::bench::PERFT_POSITIONS[i].name).c_str(),
          BM_Perft, v, i)
          ->Unit(benchmark::kMillisecond);
  return true;
}();

}  // namespace

BENCHMARK_MAIN();
