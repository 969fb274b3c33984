// Tables the benchmarks read: chess KQvKR (and what it needs), generated once into a
// temporary directory, kept there for later runs.
#pragma once

#include "gen/generate.h"

namespace hilltb::bench {

inline const std::filesystem::path& chess_bench_tables() {
  static const std::filesystem::path dir = [] {
    const auto d = std::filesystem::temp_directory_path() / "hilltb-bench-tables";
    GenerateOptions options;
    options.dir = d;
    options.variant = Variant::Chess;
    Progress quiet(false);
    generate_tables({Material::parse("KQvKR", Variant::Chess)}, options, quiet, nullptr);
    return d;
  }();
  return dir;
}

}  // namespace hilltb::bench
