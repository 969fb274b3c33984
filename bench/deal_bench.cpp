// The deal solver's speed: nodes a second of the proof search on ten-piece set-ups,
// with the qoth tables up to 4 pieces in $HILLTB_QOTH_TABLES (default ./tables; make
// them with `hilltb gen --variant qoth --pieces 4 --tables DIR`).
#include <benchmark/benchmark.h>

#include <cstdlib>

#include "deal/proof_search.h"
#include "rules/fen.h"

namespace {

using namespace hilltb;

// Canonical set-ups of hand 1 on the ring layout (target e5, P1 to move).
constexpr const char* SETUPS[] = {
    "2r1q1k1/3n1b2/2x2x2/4*3/8/2x2x2/2B1N3/1K1Q1R2 w",  // 1:KQRBN:KQRBN
    "2b1r1r1/3n1n2/2x2x2/4*3/8/2x2x2/2B1N3/1Q1R1R2 w",  // 1:QRRBN:RRBNN
};

void BM_DealSearch(benchmark::State& state) {
  const char* env = std::getenv("HILLTB_QOTH_TABLES");
  const Prober prober({{env ? env : "tables"}, Variant::Qoth});
  const Position root = parse_fen(SETUPS[state.range(0)], Variant::Qoth);
  std::uint64_t nodes = 0;
  for (auto _ : state) {
    ProofSearch search(prober, 4, {std::uint64_t(state.range(1)), 0});
    try {
      nodes += search.solve(root).nodes;
    } catch (const std::exception& e) {
      state.SkipWithError(e.what());
      return;
    }
  }
  state.counters["nodes/s"] = benchmark::Counter(double(nodes), benchmark::Counter::kIsRate);
}
BENCHMARK(BM_DealSearch)->Args({0, 1000000})->Args({1, 1000000})->Unit(benchmark::kMillisecond);

}  // namespace

BENCHMARK_MAIN();
