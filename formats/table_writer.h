// Writes a table file (formats/table_file.h) atomically: into a temporary file beside
// the target, renamed into place only once complete.
#pragma once

#include "formats/table_file.h"

namespace hilltb {

struct WriteOptions {
  int level = 15;                     // zstd level
  // Values per block; 0 chooses by size: one block per side to move for small tables
  // (best compression), else 16,384 (a cold read decompresses 16 KiB at most; see
  // bench/RESULTS.md for the measured trade-off).
  std::uint32_t block_values = 0;
  bool dictionary = true;             // train a zstd dictionary on the blocks when it helps

  // The defaults by variant: chess and koth favour size (level 15, dictionary: within
  // 1% of level 19's bytes in 0.73 of its time on 5-piece koth tables); the
  // qoth sets are a hundred times larger, so time counts more there: level 9 without
  // a dictionary writes QRvBN 3.4x faster for 11% more bytes (bench/RESULTS.md).
  static WriteOptions for_variant(Variant v);
};

// `codes` holds 2 * header.positions_per_side value codes, white to move first, or,
// with `only` a side, that side's. The header's geometry, offsets and checksum are
// filled in here, its width too (at least header.value_bytes: a file of one side keeps
// the width its other side needs); its identity (variant, material, layout, metric) and
// statistics come from the caller. Returns the file size.
std::uint64_t write_table(const std::filesystem::path& path, TableHeader header,
                          std::span<const std::uint16_t> codes, const WriteOptions& options = {},
                          Color only = COLOR_NB);

// Rewrites a file that stores both sides to move (atomically, as write_table) to store
// only the side whose blocks take fewer bytes, white on a tie, compressed again with
// `options` (a run cutting its files writes them fast first). A file of one side is
// left as it is. Returns the file size.
std::uint64_t keep_one_side(const std::filesystem::path& path, const WriteOptions& options = {});

}  // namespace hilltb
