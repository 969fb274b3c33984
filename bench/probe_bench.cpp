// Probing speed, side by side in one run: hilltb's chess KQvKR against Fathom's
// tb_probe_wdl on Syzygy's KQvKR.rtbw (../shared/syzygy), on the same 1,000,000 random
// legal positions, hot cache; then cold-block probes, root ranking, and (when
// HILLTB_BENCH_TABLES names a directory holding koth 5-piece tables) koth 5-piece probes.
#include <benchmark/benchmark.h>
#include <tbprobe.h>

#include <cstdlib>
#include <random>

#include "formats/index.h"
#include "formats/symmetry.h"
#include "bench_tables.h"
#include "probe/prober.h"

namespace {

using namespace hilltb;
namespace fs = std::filesystem;

fs::path chess_tables(bool one_side = false) { return hilltb::bench::chess_bench_tables(one_side); }

// Random legal positions of a material, any symmetric image and colour orientation.
std::vector<Position> positions(const char* material, Variant v, std::size_t count) {
  const Index index(Material::parse(material, v), v);
  std::mt19937_64 rng(2026);
  std::vector<Position> out;
  Position pos;
  while (out.size() < count) {
    const Color stm = rng() & 1 ? WHITE : BLACK;
    if (!index.decode(rng() % index.size(), stm, pos) || pos.attacked_by(stm, pos.king_square(~stm))) continue;
    const Position p = transform(index.symmetries()[rng() % index.symmetries().size()], pos);
    out.push_back(rng() & 1 ? colour_flipped(p) : p);
  }
  return out;
}

const std::vector<Position>& kqkr() {
  static const auto p = positions("KQvKR", Variant::Chess, 1000000);
  return p;
}

// `one_side`: the file keeps one side to move (`gen --one-side`), so half the positions
// take a one-ply search.
void BM_HilltbWdl_KQvKR(benchmark::State& state, bool one_side) {
  const Prober prober({{chess_tables(one_side)}, Variant::Chess, std::size_t(256) << 20});
  const auto& ps = kqkr();
  for (const auto& p : ps) benchmark::DoNotOptimize(prober.probe(p));  // warm the cache
  std::size_t i = 0;
  for (auto _ : state) {
    benchmark::DoNotOptimize(prober.probe(ps[i]).value.result);
    if (++i == ps.size()) i = 0;
  }
  state.SetItemsProcessed(state.iterations());
}

void BM_FathomWdl_KQvKR(benchmark::State& state) {
  static const bool ready = tb_init(HILLTB_SYZYGY_DIR) && TB_LARGEST >= 4;
  if (!ready) {
    state.SkipWithError("Syzygy files not found in " HILLTB_SYZYGY_DIR);
    return;
  }
  const auto& ps = kqkr();
  auto probe = [](const Position& p) {
    return tb_probe_wdl(p.pieces(WHITE), p.pieces(BLACK), p.pieces(KING), p.pieces(QUEEN), p.pieces(ROOK),
                        p.pieces(BISHOP), p.pieces(KNIGHT), p.pieces(PAWN), 0, 0, 0, p.side_to_move() == WHITE);
  };
  for (const auto& p : ps) benchmark::DoNotOptimize(probe(p));  // warm the mapping
  std::size_t i = 0;
  for (auto _ : state) {
    benchmark::DoNotOptimize(probe(ps[i]));
    if (++i == ps.size()) i = 0;
  }
  state.SetItemsProcessed(state.iterations());
}

void BM_HilltbColdBlock_KQvKR(benchmark::State& state) {
  const Prober prober({{chess_tables()}, Variant::Chess, 0});  // no cache: every probe decompresses
  const auto& ps = kqkr();
  std::size_t i = 0;
  for (auto _ : state) {
    benchmark::DoNotOptimize(prober.probe(ps[i]).value.result);
    if (++i == ps.size()) i = 0;
  }
  state.SetItemsProcessed(state.iterations());
}

void BM_HilltbRankMoves_KQvKR(benchmark::State& state, bool one_side) {
  const Prober prober({{chess_tables(one_side)}, Variant::Chess, std::size_t(256) << 20});
  const auto& ps = kqkr();
  for (std::size_t k = 0; k < 20000; ++k) prober.rank_moves(ps[k]);  // warm
  std::size_t i = 0;
  for (auto _ : state) {
    benchmark::DoNotOptimize(prober.rank_moves(ps[i]));
    if (++i == 20000) i = 0;
  }
  state.SetItemsProcessed(state.iterations());
}

void koth_five(benchmark::State& state, const char* material, bool rank) {
  const char* dir = std::getenv("HILLTB_BENCH_TABLES");
  if (!dir || !fs::exists(table_path(dir, TableKind(Variant::Koth), material))) {
    state.SkipWithError("set HILLTB_BENCH_TABLES to a directory with koth 5-piece tables");
    return;
  }
  const Prober prober({{dir}, Variant::Koth, std::size_t(1) << 30});
  const auto ps = positions(material, Variant::Koth, 100000);
  for (const auto& p : ps) benchmark::DoNotOptimize(rank ? prober.rank_moves(p).size() : 0u), prober.probe(p);
  std::size_t i = 0;
  for (auto _ : state) {
    if (rank) benchmark::DoNotOptimize(prober.rank_moves(ps[i]));
    else benchmark::DoNotOptimize(prober.probe(ps[i]).value.result);
    if (++i == ps.size()) i = 0;
  }
  state.SetItemsProcessed(state.iterations());
}

BENCHMARK_CAPTURE(BM_HilltbWdl_KQvKR, both_sides, false);
BENCHMARK_CAPTURE(BM_HilltbWdl_KQvKR, one_side, true);
BENCHMARK(BM_FathomWdl_KQvKR);
BENCHMARK(BM_HilltbColdBlock_KQvKR);
BENCHMARK_CAPTURE(BM_HilltbRankMoves_KQvKR, both_sides, false)->Unit(benchmark::kMicrosecond);
BENCHMARK_CAPTURE(BM_HilltbRankMoves_KQvKR, one_side, true)->Unit(benchmark::kMicrosecond);
BENCHMARK_CAPTURE(koth_five, probe_KQRvKR, "KQRvKR", false);
BENCHMARK_CAPTURE(koth_five, rank_KQRvKR, "KQRvKR", true)->Unit(benchmark::kMicrosecond);

}  // namespace

BENCHMARK_MAIN();
