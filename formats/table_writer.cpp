#include "table_writer.h"

#include "formats/huge_pages.h"
#include "formats/read_side.h"
#include "formats/table_reader.h"

#include <tbb/enumerable_thread_specific.h>
#include <tbb/parallel_for.h>
#include <unistd.h>
#include <xxhash.h>
#include <zdict.h>
#include <zstd.h>

#include <algorithm>
#include <cstdio>
#include <fstream>
#include <memory>

namespace hilltb {

namespace {

// The codes block b holds: blocks never straddle the two sides to move, so that a file
// can drop one side's blocks whole (keep_one_side).
std::span<const std::uint16_t> block_codes(std::span<const std::uint16_t> codes, const TableHeader& h,
                                           std::uint32_t b) {
  const std::uint32_t per_side = h.blocks_per_side();
  const std::uint64_t side_begin = std::uint64_t(b / per_side) * h.positions_per_side;
  const std::uint64_t begin = side_begin + std::uint64_t(b % per_side) * h.block_values;
  const std::uint64_t end = std::min(side_begin + h.positions_per_side, begin + h.block_values);
  return codes.subspan(begin, end - begin);
}

// What a block's raw bytes hold: the codes, or each code's difference from the one
// before it (the first's from 0), modulo the width.
enum class RawValues { Codes, Differences };

// The raw bytes of codes at the chosen width, little-endian, into `raw` (reused from
// block to block: fresh buffers cost a page fault each 4 KiB, see formats/huge_pages.h).
void raw_bytes(std::span<const std::uint16_t> codes, int width, RawValues values, std::vector<std::uint8_t>& raw) {
  raw.resize(codes.size() * width);
  std::uint16_t before = 0;
  for (std::size_t i = 0; i < codes.size(); ++i) {
    const std::uint16_t v = values == RawValues::Differences ? std::uint16_t(codes[i] - before) : codes[i];
    before = codes[i];
    raw[i * width] = std::uint8_t(v);
    if (width == 2) raw[i * 2 + 1] = std::uint8_t(v >> 8);
  }
}

// A dictionary trained on up to 256 evenly spread blocks; empty when training fails
// or the table is too small for one to pay.
std::vector<std::uint8_t> train_dictionary(std::span<const std::uint16_t> codes, const TableHeader& h) {
  const std::uint32_t blocks = h.block_count;
  if (blocks < 16) return {};
  std::vector<std::uint8_t> samples;
  std::vector<std::size_t> sizes;
  std::vector<std::uint8_t> raw;
  const std::uint32_t step = std::max<std::uint32_t>(1, blocks / 256);
  for (std::uint32_t b = 0; b < blocks; b += step) {
    raw_bytes(block_codes(codes, h, b), h.value_bytes, RawValues::Codes, raw);
    samples.insert(samples.end(), raw.begin(), raw.end());
    sizes.push_back(raw.size());
  }
  std::vector<std::uint8_t> dict(16 * 1024);
  const std::size_t n =
      ZDICT_trainFromBuffer(dict.data(), dict.size(), samples.data(), sizes.data(), unsigned(sizes.size()));
  if (ZDICT_isError(n)) return {};
  dict.resize(n);
  return dict;
}

struct CDictDeleter {
  void operator()(ZSTD_CDict* d) const { ZSTD_freeCDict(d); }
};
struct CCtxDeleter {
  void operator()(ZSTD_CCtx* c) const { ZSTD_freeCCtx(c); }
};

// Lays out and writes a file from its parts; the header's offsets, size and checksum
// are filled in here.
std::uint64_t write_file(const std::filesystem::path& path, TableHeader header, const std::vector<std::uint8_t>& dict,
                         const std::vector<std::vector<std::uint8_t>>& compressed) {
  header.dict_offset = TABLE_HEADER_BYTES;
  header.dict_size = dict.size();
  header.index_offset = header.dict_offset + header.dict_size;
  header.data_offset = header.index_offset + 8 * (std::uint64_t(header.block_count) + 1);
  std::vector<std::uint8_t> index(8 * (std::size_t(header.block_count) + 1));
  std::uint64_t offset = 0;
  for (std::uint32_t b = 0; b <= header.block_count; ++b) {
    for (int i = 0; i < 8; ++i) index[8 * b + i] = std::uint8_t(offset >> (8 * i));
    if (b < header.block_count) offset += compressed[b].size();
  }
  header.file_size = header.data_offset + offset;
  header.checksum = 0;

  // The checksum covers every byte with the checksum field zero.
  XXH64_state_t* state = XXH64_createState();
  XXH64_reset(state, 0);
  auto head = header.serialise();
  XXH64_update(state, head.data(), head.size());
  XXH64_update(state, dict.data(), dict.size());
  XXH64_update(state, index.data(), index.size());
  for (const auto& block : compressed) XXH64_update(state, block.data(), block.size());
  header.checksum = XXH64_digest(state);
  XXH64_freeState(state);
  head = header.serialise();

  if (path.has_parent_path()) std::filesystem::create_directories(path.parent_path());
  const std::filesystem::path temporary = path.string() + ".tmp-" + std::to_string(getpid());
  {
    std::ofstream out(temporary, std::ios::binary | std::ios::trunc);
    auto write = [&](const std::vector<std::uint8_t>& bytes) {
      out.write(reinterpret_cast<const char*>(bytes.data()), std::streamsize(bytes.size()));
    };
    out.write(reinterpret_cast<const char*>(head.data()), std::streamsize(head.size()));
    write(dict);
    write(index);
    for (const auto& block : compressed) write(block);
    out.flush();
    if (!out) {
      out.close();
      std::filesystem::remove(temporary);
      throw TableError(path.string() + ": cannot write " + temporary.string() + " (disk full?)");
    }
  }
  std::filesystem::rename(temporary, path);
  return header.file_size;
}

}  // namespace

WriteOptions WriteOptions::for_variant(Variant v) {
  WriteOptions o;
  if (v == Variant::Qoth) o.small_values = 0;
  return o;
}

WriteOptions::Compression WriteOptions::compression_for(std::uint64_t values_per_side) const {
  const bool small = values_per_side <= small_values;
  if (level) return {.level = level, .min_match = 0, .dictionary = dictionary, .delta = small};
  if (small) return {.level = 19, .min_match = 0, .dictionary = dictionary, .delta = true};
  return {.level = 6, .min_match = 5, .dictionary = false, .delta = false};
}

std::uint64_t write_table(const std::filesystem::path& path, TableHeader header,
                          std::span<const std::uint16_t> codes, const WriteOptions& options, Color only) {
  if (codes.size() != (only == COLOR_NB ? 2 : 1) * header.positions_per_side)
    throw TableError(path.string() + ": " + std::to_string(codes.size()) + " values for " +
                     std::to_string(header.positions_per_side) + " positions per side");
  const std::uint16_t max_code = codes.empty() ? 0 : *std::max_element(codes.begin(), codes.end());
  header.value_bytes = std::max<std::uint8_t>(header.value_bytes, max_code < 256 ? 1 : 2);
  header.block_values = options.block_values;
  if (!header.block_values) {
    const std::uint64_t per_side = std::max<std::uint64_t>(1, header.positions_per_side);
    header.block_values = per_side <= (1u << 16) ? std::uint32_t(per_side) : 1u << 14;
  }
  header.sides = only == COLOR_NB ? 3 : std::uint8_t(1 << only);
  header.block_count = (only == COLOR_NB ? 2 : 1) * header.blocks_per_side();

  const WriteOptions::Compression z = options.compression_for(header.positions_per_side);
  std::vector<std::uint8_t> dict;
  if (z.dictionary) dict = train_dictionary(codes, header);
  std::unique_ptr<ZSTD_CDict, CDictDeleter> cdict(
      dict.empty() ? nullptr : ZSTD_createCDict(dict.data(), dict.size(), z.level));

  // Blocks compress independently, in parallel; their order in the file is fixed, so
  // the bytes are the same whatever the thread count. With z.delta each block is also
  // compressed as differences, into compressed[block_count + b].
  const std::uint32_t blocks = header.block_count;
  std::vector<std::vector<std::uint8_t>> compressed(std::size_t(blocks) * (z.delta ? 2 : 1));
  // Each frame carries its own content checksum, so a damaged block fails when it is
  // read, even where the whole-file checksum is never checked. A block is made in its
  // thread's buffers and kept at its compressed size: buffers of zstd's bound a block
  // touched 0.7 GB of fresh pages for a 5-piece table's side.
  struct Worker {
    std::unique_ptr<ZSTD_CCtx, CCtxDeleter> cctx;
    std::vector<std::uint8_t> raw, out;
  };
  tbb::enumerable_thread_specific<Worker> workers([&] {
    Worker w{std::unique_ptr<ZSTD_CCtx, CCtxDeleter>(ZSTD_createCCtx()), {}, {}};
    ZSTD_CCtx_setParameter(w.cctx.get(), ZSTD_c_compressionLevel, z.level);
    if (z.min_match) ZSTD_CCtx_setParameter(w.cctx.get(), ZSTD_c_minMatch, z.min_match);
    ZSTD_CCtx_setParameter(w.cctx.get(), ZSTD_c_checksumFlag, 1);
    if (cdict) ZSTD_CCtx_refCDict(w.cctx.get(), cdict.get());
    return w;
  });
  tbb::parallel_for(std::uint32_t(0), std::uint32_t(compressed.size()), [&](std::uint32_t j) {
    Worker& w = workers.local();
    const RawValues values = j < blocks ? RawValues::Codes : RawValues::Differences;
    raw_bytes(block_codes(codes, header, j % blocks), header.value_bytes, values, w.raw);
    w.out.resize(ZSTD_compressBound(w.raw.size()));
    const std::size_t n = ZSTD_compress2(w.cctx.get(), w.out.data(), w.out.size(), w.raw.data(), w.raw.size());
    if (ZSTD_isError(n)) throw TableError(path.string() + ": zstd: " + ZSTD_getErrorName(n));
    compressed[j].assign(w.out.begin(), w.out.begin() + std::ptrdiff_t(n));
  });
  // Each side stored as differences where that takes fewer bytes (ties: as codes).
  header.delta_sides = 0;
  if (z.delta) {
    const std::uint32_t per_side = header.blocks_per_side();
    for (std::uint32_t first = 0; first < blocks; first += per_side) {
      std::uint64_t plain = 0, delta = 0;
      for (std::uint32_t b = first; b < first + per_side; ++b)
        plain += compressed[b].size(), delta += compressed[blocks + b].size();
      if (delta >= plain) continue;
      for (std::uint32_t b = first; b < first + per_side; ++b) compressed[b].swap(compressed[blocks + b]);
      header.delta_sides |= only == COLOR_NB ? 1 << (first / per_side) : 1 << only;
    }
    compressed.resize(blocks);
  }

  return write_file(path, header, dict, compressed);
}

std::uint64_t keep_one_side(const std::filesystem::path& path, const WriteOptions& options) {
  std::array<std::uint8_t, TABLE_HEADER_BYTES> head{};
  std::ifstream(path, std::ios::binary).read(reinterpret_cast<char*>(head.data()), head.size());
  TableHeader header = TableHeader::parse(head, path.string());
  if (header.sides != 3) return std::filesystem::file_size(path);
  std::vector<std::uint16_t> codes = huge_vector<std::uint16_t>(header.positions_per_side);
  Color keep;
  {
    const TableReader reader(path, {header.variant, header.material, header.layout_digest, Square(header.target)});
    // Ties keep white: the same file whatever made it.
    keep = reader.compressed_bytes(BLACK) < reader.compressed_bytes(WHITE) ? BLACK : WHITE;
    read_side(reader, keep, [&](std::uint64_t first, const std::vector<std::uint16_t>& block) {
      std::copy(block.begin(), block.end(), codes.begin() + std::ptrdiff_t(first));
    });
  }
  return write_table(path, header, codes, options, keep);  // the width both sides need
}

}  // namespace hilltb
