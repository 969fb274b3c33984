// Reads a table file: memory-maps it, validates the header, sizes and block index on
// open, and the checksum on demand (verify_checksum), not on every open.
#pragma once

#include <memory>

#include "formats/table_file.h"

namespace hilltb {

// What the caller expects the file to hold; a mismatch is an error naming the file.
struct TableExpectation {
  Variant variant;
  std::string material;           // empty: any
  std::uint64_t layout_digest = 0;  // qoth only
  Square target = SQ_NONE;          // qoth only
  Metric metric{};                  // Metric{} (0): any
  // What a table of the family should say of itself.
  static TableExpectation of(const TableKind& kind, const std::string& material);
};

class TableReader {
 public:
  TableReader(const std::filesystem::path& path, const TableExpectation& expect);
  ~TableReader();
  TableReader(const TableReader&) = delete;
  TableReader& operator=(const TableReader&) = delete;

  const TableHeader& header() const { return header_; }
  const std::string& path() const { return path_; }

  // Decompresses block b into out: the codes of values [b * block_values, ...).
  // Throws TableError for a block that does not decompress to its size.
  void read_block(std::uint32_t b, std::vector<std::uint8_t>& out) const;  // one-byte tables only
  void read_block(std::uint32_t b, std::vector<std::uint16_t>& out) const;  // any table
  // One value code, side to move stm (a side the file holds), index idx (decompresses
  // its block).
  std::uint16_t code(Color stm, std::uint64_t idx) const;
  // Where a value of a side the file holds lives: its block and its place in that block.
  std::pair<std::uint32_t, std::uint32_t> locate(Color stm, std::uint64_t idx) const {
    const std::uint32_t first = header_.sides == 3 ? stm * header_.blocks_per_side() : 0;
    return {first + std::uint32_t(idx / header_.block_values), std::uint32_t(idx % header_.block_values)};
  }

  // Bytes the compressed blocks of side stm take (0 for a side not stored).
  std::uint64_t compressed_bytes(Color stm) const;

  // Recomputes the xxHash64 of the whole file; throws TableError on a mismatch.
  void verify_checksum() const;

 private:
  std::string path_;
  TableHeader header_;
  const std::uint8_t* map_ = nullptr;
  std::size_t map_size_ = 0;
  int fd_ = -1;  // kept open to notice a file truncated under the mapping
  void check_unchanged() const;
  struct Dictionary;
  std::unique_ptr<Dictionary> dict_;
  std::uint64_t block_offset(std::uint32_t b) const;
  // Block b's bytes as stored (values * width, still difference-coded); returns the
  // number of values.
  std::size_t decompress(std::uint32_t b, std::vector<std::uint8_t>& raw) const;
  bool delta_coded_block(std::uint32_t b) const;
};

}  // namespace hilltb
