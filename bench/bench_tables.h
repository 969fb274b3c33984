// Tables the benchmarks read: chess KQvKR (and what it needs), generated once into a
// temporary directory, kept there for later runs; with both sides to move a file, as
// `gen` makes them, or one (`gen --one-side`).
#pragma once

#include "gen/generate.h"

namespace hilltb::bench {

inline std::filesystem::path chess_bench_tables(bool one_side = false) {
  static const auto make = [](bool one) {
    const auto d = std::filesystem::temp_directory_path() / (one ? "hilltb-bench-tables-one-side" : "hilltb-bench-tables");
    GenerateOptions options;
    options.dir = d;
    options.variant = Variant::Chess;
    options.one_side = one;
    Progress quiet(false);
    generate_tables({Material::parse("KQvKR", Variant::Chess)}, options, quiet, nullptr);
    return d;
  };
  static const std::filesystem::path both = make(false), one = make(true);
  return one_side ? one : both;
}

}  // namespace hilltb::bench
