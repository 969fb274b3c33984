// Index computation, positions per second both ways (formats/index.h).
#include <benchmark/benchmark.h>

#include <random>

#include "formats/index.h"
#include "formats/symmetry.h"
#include "gen/unmove.h"

namespace {

using namespace hilltb;

std::vector<Position> sample_positions(const Index& index, std::size_t count) {
  std::mt19937_64 rng(1);
  std::vector<Position> out;
  Position pos;
  while (out.size() < count)
    if (index.decode(rng() % index.size(), WHITE, pos))  // any image, as un-moves give
      out.push_back(transform(index.symmetries()[rng() % index.symmetries().size()], pos));
  return out;
}

// 4096 decoded positions, either side to move, as a retrograde pass meets them.
std::vector<Position> decoded_positions(const Index& index) {
  std::mt19937_64 rng(3);
  std::vector<Position> positions;
  Position pos;
  while (positions.size() < 4096)
    if (index.decode(rng() % index.size(), positions.size() % 2 ? WHITE : BLACK, pos)) positions.push_back(pos);
  return positions;
}

Index make_index(const char* material, Variant v) {
  return Index(Material::parse(material, v), v, ring_layout(), v == Variant::Qoth ? ring_layout().targets[0] : SQ_NONE);
}

void BM_Encode(benchmark::State& state, const char* material, Variant v) {
  const Index index = make_index(material, v);
  const auto positions = sample_positions(index, 4096);
  std::size_t i = 0;
  for (auto _ : state) benchmark::DoNotOptimize(index.encode(positions[i++ & 4095]));
  state.SetItemsProcessed(state.iterations());
}

void BM_Decode(benchmark::State& state, const char* material, Variant v) {
  const Index index = make_index(material, v);
  std::mt19937_64 rng(2);
  std::vector<std::uint64_t> indices(4096);
  for (auto& x : indices) x = rng() % index.size();
  Position pos;
  std::size_t i = 0;
  for (auto _ : state) benchmark::DoNotOptimize(index.decode(indices[i++ & 4095], WHITE, pos));
  state.SetItemsProcessed(state.iterations());
}

// What a retrograde pass does per position it propagates from: a Neighbourhood of the
// decoded position and the index of each of its un-moves (gen/unmove.h). Items are
// positions.
void BM_Neighbourhood(benchmark::State& state, const char* material, Variant v) {
  const Index index = make_index(material, v);
  const auto positions = decoded_positions(index);
  std::size_t i = 0;
  for (auto _ : state) {
    const Position& p = positions[i++ & 4095];
    const Index::Neighbourhood near(index, p);
    for_each_unmove(p, [&](UnmoveKind, Square from, Square to) { benchmark::DoNotOptimize(near.moved(to, from)); });
  }
  state.SetItemsProcessed(state.iterations());
}

// The un-moves alone, no index: what BM_Neighbourhood adds to this is the index work.
void BM_Unmoves(benchmark::State& state, const char* material, Variant v) {
  const Index index = make_index(material, v);
  const auto positions = decoded_positions(index);
  std::size_t i = 0;
  for (auto _ : state)
    for_each_unmove(positions[i++ & 4095],
                    [&](UnmoveKind, Square from, Square to) { benchmark::DoNotOptimize(64 * from + to); });
  state.SetItemsProcessed(state.iterations());
}

BENCHMARK_CAPTURE(BM_Encode, koth_KQvKR, "KQvKR", Variant::Koth);
BENCHMARK_CAPTURE(BM_Encode, koth_KRPvKP, "KRPvKP", Variant::Koth);
BENCHMARK_CAPTURE(BM_Encode, qoth_QRvBN, "QRvBN", Variant::Qoth);
BENCHMARK_CAPTURE(BM_Decode, koth_KQvKR, "KQvKR", Variant::Koth);
BENCHMARK_CAPTURE(BM_Decode, koth_KRPvKP, "KRPvKP", Variant::Koth);
BENCHMARK_CAPTURE(BM_Decode, qoth_QRvBN, "QRvBN", Variant::Qoth);
BENCHMARK_CAPTURE(BM_Neighbourhood, koth_KRNvKR, "KRNvKR", Variant::Koth);
BENCHMARK_CAPTURE(BM_Neighbourhood, koth_KRPvKR, "KRPvKR", Variant::Koth);
BENCHMARK_CAPTURE(BM_Neighbourhood, qoth_QRvBN, "QRvBN", Variant::Qoth);
BENCHMARK_CAPTURE(BM_Unmoves, koth_KRNvKR, "KRNvKR", Variant::Koth);
BENCHMARK_CAPTURE(BM_Unmoves, koth_KRPvKR, "KRPvKR", Variant::Koth);
BENCHMARK_CAPTURE(BM_Unmoves, qoth_QRvBN, "QRvBN", Variant::Qoth);

}  // namespace

BENCHMARK_MAIN();
