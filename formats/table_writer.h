// Writes a table file (formats/table_file.h) atomically: into a temporary file beside
// the target, renamed into place only once complete.
#pragma once

#include "formats/table_file.h"

namespace hilltb {

struct WriteOptions {
  int level = 0;                      // zstd level; 0: by table size (level_for)
  // Values per block; 0 chooses by size: one block per side to move for small tables
  // (best compression), else 16,384 (a cold read decompresses 16 KiB at most; see
  // bench/RESULTS.md for the measured trade-off).
  std::uint32_t block_values = 0;
  bool dictionary = true;             // train a zstd dictionary on the blocks when it helps

  // The defaults by variant: chess and koth favour size (a dictionary, the level by
  // size); the qoth sets are a hundred times larger, so time counts more there: level 9
  // without a dictionary writes QRvBN 3.4x faster for 11% more bytes (bench/RESULTS.md).
  static WriteOptions for_variant(Variant v);
  // The level a table of this many values a side is written at: `level` when set, else
  // 19 up to 2^20 values a side (tables of 3 pieces: it costs nothing there) and 13
  // above, where compression is a tenth of a 5-piece koth table's time: within 2-4% of
  // level 15's bytes in half its time (bench/RESULTS.md, stop 15).
  int level_for(std::uint64_t values_per_side) const;
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
