// Writes a table file (formats/table_file.h) atomically: into a temporary file beside
// the target, renamed into place only once complete.
#pragma once

#include <functional>
#include <span>

#include "formats/table_file.h"

namespace hilltb {

struct WriteOptions {
  int level = 0;                      // zstd level; 0: by table size (compression_for)
  // Values per block; 0 chooses by size: one block per side to move for small tables
  // (best compression), else 16,384 (a cold read decompresses 16 KiB at most; the
  // trade-off is measured in bench/RESULTS.md).
  std::uint32_t block_values = 0;
  bool dictionary = true;             // train a zstd dictionary on the blocks when it helps
  // Tables of up to this many values a side are written as small as zstd makes them;
  // larger ones fast (compression_for).
  std::uint64_t small_values = std::uint64_t(1) << 20;

  // The defaults by variant: chess and koth favour size for their small tables; the
  // qoth sets are a hundred times larger, so every qoth table is written fast.
  static WriteOptions for_variant(Variant v);

  // What zstd is given for a table of this many values a side.
  struct Compression {
    int level;
    int min_match;  // ZSTD_c_minMatch; 0: zstd's for the level
    bool dictionary;
    // Also compress each side as differences between neighbouring codes and keep the
    // smaller (formats/table_file.h): for small tables only, it doubles the work.
    bool delta;
  };
  // `level` when set (zstd's parameters for it, a dictionary if `dictionary`); else up
  // to `small_values` level 19 with a dictionary (3-piece chess and koth tables: it
  // costs nothing there), and above level 6 matching 5 bytes at least, without one: the
  // codes come in runs that short matches only break up, and a dictionary buys about
  // 0.2% on blocks of 16,384 values; level 6 compresses 5-piece koth sides 2-2.8 times
  // as fast as level 8 for 1-1.7% more bytes (bench/RESULTS.md, "Compression levels").
  // Sides of up to `small_values` are also tried as differences, whatever the level:
  // a won side's distances change little from one position to the next (chess KRvK's
  // white side takes 4,536 bytes so, 4,879 as codes).
  Compression compression_for(std::uint64_t values_per_side) const;
};

// The values per block write_table gives a table of this many positions per side.
std::uint32_t block_values_for(std::uint64_t positions_per_side, const WriteOptions& options);

// No probe ever reads a non-position (an index hole, or the side not to move in check):
// before a table is written each takes the code before it in its block, those that open
// the block its first code (a block of non-positions alone: draws), which makes longer
// runs, which compress better. Blocks compress alone, so a block's bytes depend on its
// own codes only (a table written from slices, gen/pawn_slices.h, has the bytes of one
// solved whole).
void fill_holes(std::span<std::uint16_t> block);

// `codes` holds 2 * header.positions_per_side value codes, white to move first, or,
// with `only` a side, that side's. The header's geometry, offsets and checksum are
// filled in here, its width too (at least header.value_bytes: a file of one side keeps
// the width its other side needs) and the sides stored as differences; its identity
// (variant, material, layout, metric) and statistics come from the caller. Returns the
// file size.
std::uint64_t write_table(const std::filesystem::path& path, TableHeader header,
                          std::span<const std::uint16_t> codes, const WriteOptions& options = {},
                          Color only = COLOR_NB);

// Codes handed to the writer a block at a time, for a table too large to hold: fills
// `out` with the codes of the indices from `first` on (white to move, then black; with
// `only` a side, that side's alone). Called for each block from several threads, for
// some blocks more than once (a small table's: to train a dictionary, to try differences).
using CodeSource = std::function<void(std::uint64_t first, std::span<std::uint16_t> out)>;

// The same from `codes`, at the width header.value_bytes says (a code that does not fit
// is an error). `finish`, when given, completes the header once every block is made
// (statistics a source gathers as it goes).
std::uint64_t write_table(const std::filesystem::path& path, TableHeader header, const CodeSource& codes,
                          const WriteOptions& options = {}, Color only = COLOR_NB,
                          const std::function<void(TableHeader&)>& finish = {});

// Rewrites a file that stores both sides to move (atomically, as write_table) to store
// only the side whose blocks take fewer bytes, white on a tie, compressed again with
// `options` (a run cutting its files writes them fast first). A file of one side is
// left as it is. Returns the file size.
std::uint64_t keep_one_side(const std::filesystem::path& path, const WriteOptions& options = {});

}  // namespace hilltb
