#include "table_reader.h"

#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>
#include <xxhash.h>
#include <zstd.h>

#include <cstring>

#include "formats/material.h"
#include "rules/notation.h"

namespace hilltb {

struct TableReader::Dictionary {
  ZSTD_DDict* ddict = nullptr;
  ~Dictionary() { ZSTD_freeDDict(ddict); }
};

namespace {

// One decompression context per thread, reused across tables.
ZSTD_DCtx* thread_dctx() {
  struct Holder {
    ZSTD_DCtx* ctx = ZSTD_createDCtx();
    ~Holder() { ZSTD_freeDCtx(ctx); }
  };
  thread_local Holder holder;
  return holder.ctx;
}

}  // namespace

TableExpectation TableExpectation::of(const TableKind& kind, const std::string& material) {
  if (kind.variant != Variant::Qoth) return {kind.variant, material, 0, SQ_NONE, kind.metric()};
  return {kind.variant, material, hilltb::layout_digest(kind.layout), kind.target, kind.metric()};
}

TableReader::TableReader(const std::filesystem::path& path, const TableExpectation& expect)
    : path_(path.string()) {
  auto fail = [&](const std::string& what) -> TableError { return TableError(path_ + ": " + what); };
  auto io_fail = [&](const std::string& what) -> TableIoError { return TableIoError(path_ + ": " + what); };
  const int fd = ::open(path_.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) throw io_fail(std::string("cannot open: ") + std::strerror(errno));
  struct stat st {};
  if (fstat(fd, &st) != 0) {
    const int error = errno;
    ::close(fd);
    throw io_fail(std::string("cannot stat: ") + std::strerror(error));
  }
  if (!S_ISREG(st.st_mode) || st.st_size <= 0) {
    ::close(fd);
    throw fail(S_ISREG(st.st_mode) ? "empty file" : "not a regular file");
  }
  map_size_ = std::size_t(st.st_size);
  void* m = mmap(nullptr, map_size_, PROT_READ, MAP_SHARED, fd, 0);
  if (m == MAP_FAILED) {
    const int error = errno;
    ::close(fd);
    throw io_fail(std::string("cannot map: ") + std::strerror(error));
  }
  fd_ = fd;
  map_ = static_cast<const std::uint8_t*>(m);
  try {
    header_ = TableHeader::parse({map_, map_size_}, path_);
    const TableHeader& h = header_;
    if (h.variant != expect.variant)
      throw fail("a " + std::string(variant_name(h.variant)) + " table, not " +
                 std::string(variant_name(expect.variant)));
    try {
      Material::parse(h.material, h.variant);
    } catch (const MaterialError& e) {
      throw fail(std::string("header material: ") + e.what());
    }
    if (expect.metric != Metric{} && h.metric != expect.metric)
      throw fail("metric " + std::to_string(int(h.metric)) + ", not " + std::to_string(int(expect.metric)) +
                 (h.metric == Metric::ZeroingDistance ? " (a DTZ table)" : ""));
    if (!expect.material.empty() && h.material != expect.material)
      throw fail("holds " + h.material + ", not " + expect.material);
    if (h.variant == Variant::Qoth && h.layout_digest != expect.layout_digest)
      throw fail("made for another layout (digest differs)");
    if (h.variant == Variant::Qoth && h.target != expect.target)
      throw fail("indexed for target " + square_name(Square(h.target)) + ", not " + square_name(expect.target));
    if (h.file_size != map_size_)
      throw fail("file is " + std::to_string(map_size_) + " bytes, header says " +
                 std::to_string(h.file_size) + " (truncated or grown)");
    if (h.block_values == 0 || h.positions_per_side == 0 ||
        h.block_count != (h.sides == 3 ? 2 : 1) * std::uint64_t(h.blocks_per_side()))
      throw fail("block geometry does not match the position count");
    if (h.dict_offset != TABLE_HEADER_BYTES || h.index_offset != h.dict_offset + h.dict_size ||
        h.data_offset != h.index_offset + 8 * (std::uint64_t(h.block_count) + 1) ||
        h.data_offset > map_size_)
      throw fail("section offsets are inconsistent");
    for (std::uint32_t b = 0; b < h.block_count; ++b)
      if (block_offset(b) > block_offset(b + 1)) throw fail("block index is not increasing");
    if (h.data_offset + block_offset(h.block_count) != map_size_)
      throw fail("block index does not end at the end of the file");
    if (h.dict_size) {
      dict_ = std::make_unique<Dictionary>();
      dict_->ddict = ZSTD_createDDict(map_ + h.dict_offset, h.dict_size);
      if (!dict_->ddict) throw fail("unreadable zstd dictionary");
    }
  } catch (...) {
    munmap(const_cast<std::uint8_t*>(map_), map_size_);
    ::close(fd_);
    throw;
  }
}

TableReader::~TableReader() {
  munmap(const_cast<std::uint8_t*>(map_), map_size_);
  ::close(fd_);
}

void TableReader::check_unchanged() const {
  // Reading a mapped page past the end of a file truncated since open would kill the
  // process (SIGBUS); a file deleted or replaced by rename keeps its mapping valid.
  struct stat st {};
  if (fstat(fd_, &st) != 0 || std::size_t(st.st_size) != map_size_)
    throw TableError(path_ + ": the file changed size since it was opened");
}

std::uint64_t TableReader::block_offset(std::uint32_t b) const {
  std::uint64_t v;
  std::memcpy(&v, map_ + header_.index_offset + 8 * std::uint64_t(b), 8);
  return le64toh(v);
}

std::size_t TableReader::decompress(std::uint32_t b, std::vector<std::uint8_t>& raw) const {
  if (b >= header_.block_count) throw TableError(path_ + ": block " + std::to_string(b) + " out of range");
  check_unchanged();
  const std::uint64_t begin = header_.data_offset + block_offset(b);
  const std::uint64_t end = header_.data_offset + block_offset(b + 1);
  const std::uint64_t first = std::uint64_t(b % header_.blocks_per_side()) * header_.block_values;
  const std::size_t values = std::size_t(std::min<std::uint64_t>(header_.block_values, header_.positions_per_side - first));
  const int width = header_.value_bytes;
  raw.resize(values * width + 1);  // one spare byte: a longer block shows as an error
  ZSTD_DCtx* dctx = thread_dctx();
  const std::size_t n = dict_ ? ZSTD_decompress_usingDDict(dctx, raw.data(), raw.size(), map_ + begin, end - begin, dict_->ddict)
                              : ZSTD_decompressDCtx(dctx, raw.data(), raw.size(), map_ + begin, end - begin);
  if (ZSTD_isError(n) || n != values * width)
    throw TableError(path_ + ": block " + std::to_string(b) + " is corrupt (" +
                     (ZSTD_isError(n) ? ZSTD_getErrorName(n) : "wrong size") + ")");
  raw.resize(n);
  return values;
}

bool TableReader::delta_coded_block(std::uint32_t b) const {
  const Color side = header_.sides == 3 ? Color(b / header_.blocks_per_side()) : header_.holds(WHITE) ? WHITE : BLACK;
  return header_.delta_coded(side);
}

void TableReader::read_block(std::uint32_t b, std::vector<std::uint16_t>& out) const {
  thread_local std::vector<std::uint8_t> raw;
  const std::size_t values = decompress(b, raw);
  const int width = header_.value_bytes;
  out.resize(values);
  for (std::size_t i = 0; i < values; ++i)
    out[i] = width == 1 ? raw[i] : std::uint16_t(raw[2 * i] | (raw[2 * i + 1] << 8));
  if (delta_coded_block(b)) {  // differences, modulo the width: add them up
    const std::uint16_t mask = width == 1 ? 0xFF : 0xFFFF;
    std::uint16_t sum = 0;
    for (std::uint16_t& v : out) v = sum = std::uint16_t((sum + v) & mask);
  }
}

void TableReader::read_block(std::uint32_t b, std::vector<std::uint8_t>& out) const {
  if (header_.value_bytes != 1) throw std::logic_error(path_ + " stores two bytes a value, not one");
  decompress(b, out);
  if (delta_coded_block(b)) {  // differences, modulo 256: add them up
    std::uint8_t sum = 0;
    for (std::uint8_t& v : out) v = sum = std::uint8_t(sum + v);
  }
}

std::uint16_t TableReader::code(Color stm, std::uint64_t idx) const {
  if (!header_.holds(stm)) throw std::logic_error(path_ + " does not store that side to move");
  const auto [block, offset] = locate(stm, idx);
  thread_local std::vector<std::uint16_t> values;
  read_block(block, values);
  return values[offset];
}

std::uint64_t TableReader::compressed_bytes(Color stm) const {
  if (!header_.holds(stm)) return 0;
  const std::uint32_t first = locate(stm, 0).first;
  return block_offset(first + header_.blocks_per_side()) - block_offset(first);
}

void TableReader::verify_checksum() const {
  check_unchanged();
  std::array<std::uint8_t, TABLE_HEADER_BYTES> bytes;
  std::memcpy(bytes.data(), map_, TABLE_HEADER_BYTES);
  std::memset(bytes.data() + CHECKSUM_OFFSET, 0, 8);
  XXH64_state_t* state = XXH64_createState();
  XXH64_reset(state, 0);
  XXH64_update(state, bytes.data(), bytes.size());
  XXH64_update(state, map_ + TABLE_HEADER_BYTES, map_size_ - TABLE_HEADER_BYTES);
  const std::uint64_t digest = XXH64_digest(state);
  XXH64_freeState(state);
  if (digest != header_.checksum) throw TableError(path_ + ": checksum mismatch (the file is corrupt)");
}

}  // namespace hilltb
