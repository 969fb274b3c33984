// Probing speed, side by side in one run: hilltb's chess KQvKR against Fathom's
// tb_probe_wdl on Syzygy's KQvKR.rtbw (tests/data/syzygy), on the same 1,000,000 random
// legal positions, hot cache; then cold-block probes, root ranking, and (when
// HILLTB_BENCH_TABLES names a directory holding koth 5-piece tables) koth 5-piece probes.
// Through the C API (when HILLTB_BENCH_CHESS4 names a directory holding the chess tables
// up to 4 pieces, as `hilltb gen --variant chess --pieces 4` makes them): hot probes
// (KQvKR) and mixed probes (every 4-piece material Syzygy's directory holds, shuffled),
// each with the default 64 MiB cache and one sized to the set, beside Fathom on the
// same positions.
#include <benchmark/benchmark.h>
#include <tbprobe.h>

#include <algorithm>
#include <cstdlib>
#include <random>

#include "formats/index.h"
#include "formats/symmetry.h"
#include "bench_tables.h"
#include "probe/hilltb.h"
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
    if (!index.decode(rng() % index.size(), stm, pos) || !is_position(pos)) continue;
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

// Positions of every material with four pieces that Syzygy's directory holds a WDL
// file for, a million in all, shuffled: probes that hop between tables.
const std::vector<Position>& mixed() {
  static const auto p = [] {
    std::vector<Position> out;
    std::vector<std::string> materials;
    std::error_code ec;
    for (const auto& e : fs::directory_iterator(HILLTB_SYZYGY_DIR, ec))
      if (e.path().extension() == ".rtbw" && e.path().stem().string().size() == 5) materials.push_back(e.path().stem());
    std::sort(materials.begin(), materials.end());
    for (const std::string& m : materials) {
      const auto ps = positions(m.c_str(), Variant::Chess, 1000000 / materials.size());
      out.insert(out.end(), ps.begin(), ps.end());
    }
    std::shuffle(out.begin(), out.end(), std::mt19937_64(37));
    return out;
  }();
  return p;
}

const std::vector<Position>& set_of(bool hot) { return hot ? kqkr() : mixed(); }

hilltb_board board_of(const Position& p) {
  return {p.pieces(WHITE), p.pieces(BLACK), p.pieces(KING), p.pieces(QUEEN), p.pieces(ROOK), p.pieces(BISHOP),
          p.pieces(KNIGHT), p.pieces(PAWN), 0, 0, p.side_to_move() == WHITE};
}

// hilltb_probe_board on a handle: the value and the distance, as an engine asks.
void BM_CApi(benchmark::State& state, bool hot, unsigned cache_mb) {
  const char* dir = std::getenv("HILLTB_BENCH_CHESS4");
  int status = 0;
  hilltb_t* h = dir ? hilltb_open(dir, HILLTB_CHESS, cache_mb, &status) : nullptr;
  if (!h || hilltb_largest(h) < 4) {
    state.SkipWithError("set HILLTB_BENCH_CHESS4 to the chess tables up to 4 pieces");
    hilltb_close(h);
    return;
  }
  std::vector<hilltb_board> boards;
  for (const Position& p : set_of(hot)) boards.push_back(board_of(p));
  int dtm = 0;
  for (const auto& b : boards) benchmark::DoNotOptimize(hilltb_probe_board(h, &b, &dtm, nullptr));  // warm
  std::size_t i = 0, failed = 0;
  for (auto _ : state) {
    failed += hilltb_probe_board(h, &boards[i], &dtm, nullptr) < 0;
    if (++i == boards.size()) i = 0;
  }
  if (failed) state.SkipWithError(("probes failed: " + std::string(hilltb_last_error())).c_str());
  state.SetItemsProcessed(state.iterations());
  hilltb_close(h);
}

// Fathom's tb_probe_wdl on the same positions (WDL only: Syzygy holds no DTM).
void BM_FathomWdl(benchmark::State& state, bool hot) {
  static const bool ready = tb_init(HILLTB_SYZYGY_DIR) && TB_LARGEST >= 4;
  if (!ready) {
    state.SkipWithError("Syzygy files not found in " HILLTB_SYZYGY_DIR);
    return;
  }
  std::vector<hilltb_board> boards;
  for (const Position& p : set_of(hot)) boards.push_back(board_of(p));
  auto probe = [](const hilltb_board& b) {
    return tb_probe_wdl(b.white, b.black, b.kings, b.queens, b.rooks, b.bishops, b.knights, b.pawns, 0, 0, 0,
                        b.white_to_move);
  };
  for (const auto& b : boards) benchmark::DoNotOptimize(probe(b));  // warm the mapping
  std::size_t i = 0;
  for (auto _ : state) {
    benchmark::DoNotOptimize(probe(boards[i]));
    if (++i == boards.size()) i = 0;
  }
  state.SetItemsProcessed(state.iterations());
}

BENCHMARK_CAPTURE(BM_CApi, hot_default_cache, true, 0);
BENCHMARK_CAPTURE(BM_CApi, hot_sized_cache, true, 1024);
BENCHMARK_CAPTURE(BM_FathomWdl, hot, true);
BENCHMARK_CAPTURE(BM_CApi, mixed_default_cache, false, 0);
BENCHMARK_CAPTURE(BM_CApi, mixed_sized_cache, false, 1024);
BENCHMARK_CAPTURE(BM_FathomWdl, mixed, false);
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
