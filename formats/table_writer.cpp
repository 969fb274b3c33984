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
#include <functional>
#include <memory>

namespace hilltb {

namespace {

// Where block b's codes start among the codes written, and how many: blocks never
// straddle the two sides to move, so that a file can drop one side's blocks whole
// (keep_one_side).
std::pair<std::uint64_t, std::size_t> block_range(const TableHeader& h, std::uint32_t b) {
  const std::uint32_t per_side = h.blocks_per_side();
  const std::uint64_t side_begin = std::uint64_t(b / per_side) * h.positions_per_side;
  const std::uint64_t begin = side_begin + std::uint64_t(b % per_side) * h.block_values;
  const std::uint64_t end = std::min(side_begin + h.positions_per_side, begin + h.block_values);
  return {begin, std::size_t(end - begin)};
}

// Block b's codes, from the source into `into`.
std::span<const std::uint16_t> block_codes(const CodeSource& codes, const TableHeader& h, std::uint32_t b,
                                           std::vector<std::uint16_t>& into) {
  const auto [begin, size] = block_range(h, b);
  into.resize(size);
  codes(begin, into);
  return into;
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
    if (width == 1 && codes[i] > 0xFF) throw std::logic_error("a code wider than the table's width");
    const std::uint16_t v = values == RawValues::Differences ? std::uint16_t(codes[i] - before) : codes[i];
    before = codes[i];
    raw[i * width] = std::uint8_t(v);
    if (width == 2) raw[i * 2 + 1] = std::uint8_t(v >> 8);
  }
}

// A dictionary trained on up to 256 evenly spread blocks; empty when training fails
// or the table is too small for one to pay.
std::vector<std::uint8_t> train_dictionary(const CodeSource& codes, const TableHeader& h) {
  const std::uint32_t blocks = h.block_count;
  if (blocks < 16) return {};
  std::vector<std::uint8_t> samples;
  std::vector<std::size_t> sizes;
  std::vector<std::uint8_t> raw;
  std::vector<std::uint16_t> block;
  const std::uint32_t step = std::max<std::uint32_t>(1, blocks / 256);
  for (std::uint32_t b = 0; b < blocks; b += step) {
    raw_bytes(block_codes(codes, h, b, block), h.value_bytes, RawValues::Codes, raw);
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

// A temporary file beside `path`, removed unless kept (renamed into place).
struct TemporaryFile {
  std::filesystem::path path;
  bool kept = false;
  ~TemporaryFile() {
    std::error_code ignored;
    if (!kept) std::filesystem::remove(path, ignored);
  }
};

using BlockSink = std::function<void(const std::vector<std::uint8_t>& block)>;

// Lays out and writes a file from its parts, atomically: into a temporary file beside
// the target, renamed into place only once complete. `blocks(sink)` hands the
// compressed blocks to `sink` in file order; they go to disk as they come, so a large
// table's blocks are never all held beside its codes, and the checksum is taken over
// them read back. The header's offsets, size and checksum are filled in here, after
// `finish` (if any) once the blocks are made.
std::uint64_t write_file(const std::filesystem::path& path, TableHeader header, const std::vector<std::uint8_t>& dict,
                         const std::function<void(const BlockSink&)>& blocks,
                         const std::function<void(TableHeader&)>& finish) {
  header.dict_offset = TABLE_HEADER_BYTES;
  header.dict_size = dict.size();
  header.index_offset = header.dict_offset + header.dict_size;
  header.data_offset = header.index_offset + 8 * (std::uint64_t(header.block_count) + 1);

  if (path.has_parent_path()) std::filesystem::create_directories(path.parent_path());
  TemporaryFile temporary{path.string() + ".tmp-" + std::to_string(getpid())};
  std::fstream file(temporary.path, std::ios::binary | std::ios::in | std::ios::out | std::ios::trunc);
  auto check = [&] {
    if (!file) throw TableError(path.string() + ": cannot write " + temporary.path.string() + " (disk full?)");
  };
  check();
  file.seekp(std::streamoff(header.data_offset));
  std::vector<std::uint8_t> index(8 * (std::size_t(header.block_count) + 1));
  std::uint64_t offset = 0;
  std::uint32_t b = 0;
  blocks([&](const std::vector<std::uint8_t>& block) {
    file.write(reinterpret_cast<const char*>(block.data()), std::streamsize(block.size()));
    offset += block.size();
    ++b;
    for (int i = 0; i < 8; ++i) index[8 * b + i] = std::uint8_t(offset >> (8 * i));
  });
  if (b != header.block_count) throw std::logic_error(path.string() + ": blocks written unlike the header's count");
  if (finish) finish(header);
  file.flush();
  check();
  header.file_size = header.data_offset + offset;

  // The checksum covers every byte with the checksum field zero.
  header.checksum = 0;
  XXH64_state_t* state = XXH64_createState();
  XXH64_reset(state, 0);
  auto head = header.serialise();
  XXH64_update(state, head.data(), head.size());
  XXH64_update(state, dict.data(), dict.size());
  XXH64_update(state, index.data(), index.size());
  file.seekg(std::streamoff(header.data_offset));
  std::vector<char> chunk(std::size_t(1) << 20);
  for (std::uint64_t left = offset; left;) {
    const std::size_t n = std::size_t(std::min<std::uint64_t>(left, chunk.size()));
    file.read(chunk.data(), std::streamsize(n));
    check();
    XXH64_update(state, chunk.data(), n);
    left -= n;
  }
  header.checksum = XXH64_digest(state);
  XXH64_freeState(state);
  head = header.serialise();

  file.seekp(0);
  file.write(reinterpret_cast<const char*>(head.data()), std::streamsize(head.size()));
  file.write(reinterpret_cast<const char*>(dict.data()), std::streamsize(dict.size()));
  file.write(reinterpret_cast<const char*>(index.data()), std::streamsize(index.size()));
  file.flush();
  check();
  file.close();
  std::filesystem::rename(temporary.path, path);
  temporary.kept = true;
  return header.file_size;
}

}  // namespace

std::uint32_t block_values_for(std::uint64_t positions_per_side, const WriteOptions& options) {
  if (options.block_values) return options.block_values;
  const std::uint64_t per_side = std::max<std::uint64_t>(1, positions_per_side);
  return per_side <= (1u << 16) ? std::uint32_t(per_side) : 1u << 14;
}

void fill_holes(std::span<std::uint16_t> block) {
  const auto first = std::find_if(block.begin(), block.end(), [](std::uint16_t c) { return c != NO_POSITION_CODE; });
  std::uint16_t last = first == block.end() ? DRAW_CODE : *first;
  for (std::uint16_t& c : block) c = c == NO_POSITION_CODE ? last : (last = c);
}

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
  const CodeSource source = [&](std::uint64_t first, std::span<std::uint16_t> out) {
    std::copy_n(codes.begin() + std::ptrdiff_t(first), out.size(), out.begin());
  };
  return write_table(path, header, source, options, only);
}

std::uint64_t write_table(const std::filesystem::path& path, TableHeader header, const CodeSource& codes,
                          const WriteOptions& options, Color only, const std::function<void(TableHeader&)>& finish) {
  header.value_bytes = std::max<std::uint8_t>(header.value_bytes, 1);
  header.block_values = block_values_for(header.positions_per_side, options);
  header.sides = only == COLOR_NB ? 3 : std::uint8_t(1 << only);
  header.block_count = (only == COLOR_NB ? 2 : 1) * header.blocks_per_side();

  const WriteOptions::Compression z = options.compression_for(header.positions_per_side);
  std::vector<std::uint8_t> dict;
  if (z.dictionary) dict = train_dictionary(codes, header);
  std::unique_ptr<ZSTD_CDict, CDictDeleter> cdict(
      dict.empty() ? nullptr : ZSTD_createCDict(dict.data(), dict.size(), z.level));

  // Blocks compress independently, in parallel; their order in the file is fixed, so
  // the bytes are the same whatever the thread count. Each frame carries its own content
  // checksum, so a damaged block fails when it is read, even where the whole-file
  // checksum is never checked. A block is made in its thread's buffers and kept at its
  // compressed size: buffers of zstd's bound a block touched 0.7 GB of fresh pages for
  // a 5-piece table's side.
  const std::uint32_t blocks = header.block_count;
  struct Worker {
    std::unique_ptr<ZSTD_CCtx, CCtxDeleter> cctx;
    std::vector<std::uint16_t> codes;
    std::vector<std::uint8_t> raw, out;
  };
  tbb::enumerable_thread_specific<Worker> workers([&] {
    Worker w{std::unique_ptr<ZSTD_CCtx, CCtxDeleter>(ZSTD_createCCtx()), {}, {}, {}};
    ZSTD_CCtx_setParameter(w.cctx.get(), ZSTD_c_compressionLevel, z.level);
    if (z.min_match) ZSTD_CCtx_setParameter(w.cctx.get(), ZSTD_c_minMatch, z.min_match);
    ZSTD_CCtx_setParameter(w.cctx.get(), ZSTD_c_checksumFlag, 1);
    if (cdict) ZSTD_CCtx_refCDict(w.cctx.get(), cdict.get());
    return w;
  });
  // Block b's codes (or differences) compressed into `into`.
  auto compress = [&](std::uint32_t b, RawValues values, std::vector<std::uint8_t>& into) {
    Worker& w = workers.local();
    raw_bytes(block_codes(codes, header, b, w.codes), header.value_bytes, values, w.raw);
    w.out.resize(ZSTD_compressBound(w.raw.size()));
    const std::size_t n = ZSTD_compress2(w.cctx.get(), w.out.data(), w.out.size(), w.raw.data(), w.raw.size());
    if (ZSTD_isError(n)) throw TableError(path.string() + ": zstd: " + ZSTD_getErrorName(n));
    into.assign(w.out.begin(), w.out.begin() + std::ptrdiff_t(n));
  };

  header.delta_sides = 0;
  if (!z.delta) {
    // A batch of blocks at a time, written while the next is not yet made.
    constexpr std::uint32_t BATCH = 4096;
    return write_file(path, header, dict, [&](const BlockSink& sink) {
      std::vector<std::vector<std::uint8_t>> batch(BATCH);
      for (std::uint32_t first = 0; first < blocks; first += BATCH) {
        const std::uint32_t count = std::min(BATCH, blocks - first);
        tbb::parallel_for(std::uint32_t(0), count, [&](std::uint32_t j) { compress(first + j, RawValues::Codes, batch[j]); });
        for (std::uint32_t j = 0; j < count; ++j) sink(batch[j]);
      }
    }, finish);
  }
  // Small tables: every block both ways, then each side stored as differences where
  // that takes fewer bytes (ties: as codes).
  std::vector<std::vector<std::uint8_t>> compressed(std::size_t(blocks) * 2);
  tbb::parallel_for(std::uint32_t(0), std::uint32_t(compressed.size()), [&](std::uint32_t j) {
    compress(j % blocks, j < blocks ? RawValues::Codes : RawValues::Differences, compressed[j]);
  });
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
  return write_file(path, header, dict, [&](const BlockSink& sink) {
    for (const auto& block : compressed) sink(block);
  }, finish);
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
