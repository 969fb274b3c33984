// Random-access value reads from a compressed table file: a cold read decompresses the
// value's block; a hot read finds the block already decompressed (what a block cache
// gives). The table is chess KQvKR, generated into a temporary directory first.
#include <benchmark/benchmark.h>

#include <random>

#include "formats/table_reader.h"
#include "bench_tables.h"
#include "gen/table_set.h"

namespace {

using namespace hilltb;
namespace fs = std::filesystem;

const fs::path& table_file() {
  static const fs::path path = table_path(hilltb::bench::chess_bench_tables(), TableKind(Variant::Chess), "KQvKR");
  return path;
}

// The same table rewritten with `block_values` values per block.
fs::path table_with_blocks(std::uint32_t block_values) {
  const fs::path path = table_file().parent_path() / ("KQvKR-" + std::to_string(block_values) + ".htb");
  if (fs::exists(path)) return path;
  TableReader original(table_file(), {Variant::Chess, "KQvKR"});
  TableSet loader{TableKind(Variant::Chess)};
  const auto table = loader.load(table_file(), Material::parse("KQvKR", Variant::Chess));
  WriteOptions options;
  options.block_values = block_values;
  write_table(path, original.header(), table->codes, options);
  return path;
}

void BM_ColdBlockRead(benchmark::State& state) {
  const fs::path path = table_with_blocks(std::uint32_t(state.range(0)));
  TableReader reader(path, {Variant::Chess, "KQvKR"});
  std::mt19937_64 rng(1);
  const std::uint64_t n = reader.header().positions_per_side;
  for (auto _ : state) benchmark::DoNotOptimize(reader.code(Color(rng() & 1), rng() % n));
  state.SetItemsProcessed(state.iterations());
  state.counters["file_bytes"] = double(fs::file_size(path));
}

void BM_HotBlockRead(benchmark::State& state) {
  TableReader reader(table_file(), {Variant::Chess, "KQvKR"});
  std::vector<std::uint16_t> block;
  reader.read_block(3, block);
  std::mt19937_64 rng(1);
  std::uint64_t sum = 0;
  for (auto _ : state) sum += block[rng() % block.size()];
  benchmark::DoNotOptimize(sum);
  state.SetItemsProcessed(state.iterations());
}

BENCHMARK(BM_ColdBlockRead)->RangeMultiplier(2)->Range(4096, 65536);
BENCHMARK(BM_HotBlockRead);

}  // namespace

BENCHMARK_MAIN();
