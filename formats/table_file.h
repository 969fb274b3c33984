// The .htb table file. All integers little-endian.
//
//   header (256 bytes): magic "HILLTB\x1a\n", format version, variant, material,
//     layout digest and target (qoth), index scheme, metric, value width, positions per
//     side to move, block geometry, section offsets, per-side statistics, and an
//     xxHash64 of the whole file computed with the checksum field zeroed;
//   dictionary: an optional zstd dictionary trained on the table's own blocks;
//   block index: block_count + 1 offsets (u64) into the data section;
//   data: the value codes (formats/value.h) of the sides to move the file stores,
//     white then black, each side cut into blocks of block_values codes (a side's last
//     block may be shorter) compressed by zstd on their own, so that a probe
//     decompresses one block. A side may store each code's difference from the one
//     before it in its block (modulo 2^8 or 2^16 by the value width): those sides are
//     flagged in the header, and a reader adds the differences up again.
// A file may store one side to move only, the one that compresses smaller, as Syzygy's
// DTZ files do: the other side's values follow from it by a one-ply search
// (formats/successors.h), through the children for captures and promotions.
#pragma once

#include <array>
#include <cstdint>
#include <filesystem>
#include <span>
#include <stdexcept>
#include <string>
#include <vector>

#include "formats/value.h"
#include "rules/layout.h"

namespace hilltb {

struct TableError : std::runtime_error {
  using std::runtime_error::runtime_error;
};
// A table file that could not be opened or mapped (permissions, too many open files):
// the file may be sound.
struct TableIoError : TableError {
  using TableError::TableError;
};

constexpr std::uint32_t TABLE_FORMAT_VERSION = 3;
// Version 2 files (no difference-coded sides) are read as they are.
constexpr std::uint32_t OLDEST_FORMAT_VERSION = 2;
constexpr std::size_t TABLE_HEADER_BYTES = 256;
// The index order (formats/index.h) a file's values follow, files of an older scheme
// are refused: qoth's groups go in order of their moves (queens last) since scheme 2;
// chess and koth rank each group after the kings among its whole domain since scheme 2.
constexpr std::uint8_t index_scheme(Variant) { return 2; }
constexpr std::size_t CHECKSUM_OFFSET = 104;  // where the header keeps the checksum

struct SideStats {
  std::uint64_t legal = 0, wins = 0, draws = 0, losses = 0;
  std::uint32_t longest_win = 0, longest_loss = 0;  // plies
  // DTZ tables: the wins and losses that the fifty-move rule turns into draws (counted
  // in wins and losses too); 0 in other tables.
  std::uint64_t cursed_wins = 0, blessed_losses = 0;
};

struct TableHeader {
  Variant variant = Variant::Koth;
  std::string material;             // canonical name, at most 15 characters
  std::uint64_t layout_digest = 0;  // qoth: xxHash64 of the layout text
  std::uint8_t target = 0xFF;       // qoth: the target square the table is indexed for
  std::uint8_t sides = 3;           // the sides to move stored: bit 0 white, bit 1 black
  std::uint8_t delta_sides = 0;     // the stored sides whose blocks hold differences
  Metric metric = Metric::WdlDistance;
  std::uint8_t value_bytes = 1;     // 1 or 2 bytes per code
  std::uint64_t positions_per_side = 0;
  std::uint32_t block_values = 0;
  std::uint32_t block_count = 0;
  std::uint64_t dict_offset = 0, dict_size = 0;
  std::uint64_t index_offset = 0, data_offset = 0, file_size = 0;
  std::uint64_t checksum = 0;
  std::array<SideStats, 2> stats{};  // both sides', whichever are stored

  bool holds(Color stm) const { return sides >> stm & 1; }
  bool delta_coded(Color stm) const { return delta_sides >> stm & 1; }
  std::uint32_t blocks_per_side() const {
    return std::uint32_t((positions_per_side + block_values - 1) / block_values);
  }

  std::array<std::uint8_t, TABLE_HEADER_BYTES> serialise() const;
  // Throws TableError (naming `path`) for a wrong magic, version or field.
  static TableHeader parse(std::span<const std::uint8_t> bytes, const std::string& path);
};

// What a table measures: the distance to the end of the game (pure values), or, in
// chess and koth, the distance to the next zeroing move or the end under the fifty-move
// rule (formats/zeroing.h).
enum class Measure : std::uint8_t { Dtm, Dtz };

// A family of tables: the variant, the measure and, for qoth, the layout and the
// target (the representative of a class of the layout's targets, formats/symmetry.h)
// solved for.
struct TableKind {
  Variant variant = Variant::Koth;
  Layout layout = ring_layout();  // qoth only
  Square target = SQ_NONE;        // qoth only
  Measure measure = Measure::Dtm;
  TableKind() = default;
  TableKind(Variant v, Measure m = Measure::Dtm) : variant(v), measure(m) {}  // chess, koth
  TableKind(Variant v, const Layout& l, Square t) : variant(v), layout(l), target(t) {}
  // The families a variant's tables of the given measures come in: the DTM ones (one for
  // chess and koth, one per target class of the layout for qoth), then, when DTZ is
  // asked for, the DTZ one of chess and koth (qoth has no fifty-move rule).
  static std::vector<TableKind> all(Variant v, const Layout& layout,
                                    const std::vector<Measure>& measures = {Measure::Dtm});
  // Where the family stands in a table directory: "koth", "qoth/ring", or for a layout
  // with more than one target class "qoth/<layout>/<target>".
  std::string folder() const;
  // How its codes split (the header's metric).
  Metric metric() const { return measure == Measure::Dtz ? Metric::ZeroingDistance : metric_of(variant); }
};

// The file a table lives in: DIR/<kind.folder()>/<MATERIAL>.htb, a DTZ table
// DIR/<kind.folder()>/<MATERIAL>.htz beside it.
std::filesystem::path table_path(const std::filesystem::path& dir, const TableKind& kind,
                                 const std::string& material);

// xxHash64 of a layout's squares (not its name): what ties a qoth table to its layout.
std::uint64_t layout_digest(const Layout& layout);

}  // namespace hilltb
