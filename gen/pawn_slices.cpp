#include "pawn_slices.h"

#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <tbb/blocked_range.h>
#include <tbb/parallel_for.h>
#include <tbb/parallel_reduce.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <stdexcept>
#include <string>

#include "formats/symmetry.h"
#include "gen/table_stats.h"

namespace hilltb {

namespace {

constexpr Bitboard PAWN_SQUARES = ~(RANK_1 | RANK_8);

PawnSlice mirrored(const PawnSlice& s) { return {transform(FILE_MIRROR, s.white), transform(FILE_MIRROR, s.black)}; }

std::pair<Bitboard, Bitboard> key_of(const PawnSlice& s) { return {s.white, s.black}; }

// How far a slice's pawns have come: every pawn move raises it.
int advance(const PawnSlice& s) {
  int a = 0;
  for (Bitboard b = s.white; b;) a += rank_of(pop_lsb(b));
  for (Bitboard b = s.black; b;) a += 7 - rank_of(pop_lsb(b));
  return a;
}

// Every set of `count` squares among `free`, as bitboards.
void each_subset(Bitboard free, int count, Bitboard chosen, std::vector<Bitboard>& out) {
  if (count == 0) {
    out.push_back(chosen);
    return;
  }
  for (Bitboard b = free; b;) {
    const Square s = pop_lsb(b);
    each_subset(b, count - 1, chosen | square_bb(s), out);  // only squares above s: each set once
  }
}

}  // namespace

bool canonical_slice(const PawnSlice& slice) { return key_of(slice) <= key_of(mirrored(slice)); }

bool own_mirror_image(const PawnSlice& slice) { return key_of(slice) == key_of(mirrored(slice)); }

std::vector<PawnSlice> pawn_slices(const Material& m) {
  std::vector<Bitboard> whites, blacks;
  each_subset(PAWN_SQUARES, m.count(WHITE, PAWN), 0, whites);
  std::vector<PawnSlice> out;
  for (Bitboard w : whites) {
    blacks.clear();
    each_subset(PAWN_SQUARES & ~w, m.count(BLACK, PAWN), 0, blacks);
    for (Bitboard b : blacks)
      if (canonical_slice({w, b})) out.push_back({w, b});
  }
  std::stable_sort(out.begin(), out.end(), [](const PawnSlice& a, const PawnSlice& b) {
    return std::pair(advance(b), key_of(a)) < std::pair(advance(a), key_of(b));
  });
  return out;
}

namespace {

// slice_children_after: `leaving`, the moves of mover's counted, and whether the
// opponent may capture en passant after one of them.
std::vector<std::pair<Material, Color>> children_reached(const Material& m, Color mover, Variant variant,
                                                         Leaving leaving, bool en_passant) {
  std::vector<std::pair<Material, Color>> out = m.children_after(mover, variant, leaving);
  if (!en_passant) return out;
  const Material taken = m.after(~mover, PAWN, NO_PIECE_TYPE).canonical();
  for (const auto& [c, side] : m.children_after(~mover, variant)) {
    if (c != taken) continue;
    const auto known = std::find_if(out.begin(), out.end(), [&](const auto& e) { return e.first == c; });
    if (known == out.end())
      out.emplace_back(c, side);
    else if (known->second != side)
      known->second = COLOR_NB;
  }
  return out;
}

}  // namespace

std::vector<std::pair<Material, Color>> slice_children_after(const Material& m, Color mover, Variant variant) {
  return children_reached(m, mover, variant, Leaving::CapturesAndPromotions,
                          m.count(mover, PAWN) && m.count(~mover, PAWN));
}

namespace {

Bitboard seventh_rank(Color c) { return c == WHITE ? RANK_8 >> 8 : RANK_1 << 8; }

}  // namespace

std::vector<std::pair<Material, Color>> slice_children_after(const Material& m, const PawnSlice& slice, Color mover,
                                                             Variant variant) {
  constexpr Bitboard RANK_2 = RANK_1 << 8, RANK_7 = RANK_8 >> 8;
  const Bitboard mine = mover == WHITE ? slice.white : slice.black;
  const Bitboard theirs = mover == WHITE ? slice.black : slice.white;
  const Bitboard seventh = seventh_rank(mover);
  // Where its pawns land after a double push, and the squares beside those.
  const Bitboard landed = mover == WHITE ? (mine & RANK_2) << 16 : (mine & RANK_7) >> 16;
  const Bitboard beside = ((landed & ~FILE_A) >> 1) | ((landed & ~FILE_H) << 1);
  return children_reached(m, mover, variant, mine & seventh ? Leaving::CapturesAndPromotions : Leaving::Captures,
                          (theirs & beside) != 0);
}

bool promotion_only(const Material& m, Color mover, const std::pair<Material, Color>& child, Variant variant) {
  const auto& [c, side] = child;
  // Held for both sides to move: reached with its colours either way.
  if (!c.has_pawns() || side == COLOR_NB) return false;
  if (c == m.after(~mover, PAWN, NO_PIECE_TYPE).canonical()) return false;  // their en-passant captures
  auto leads_into = [&](Leaving leaving) {
    const auto children = m.children_after(mover, variant, leaving);
    return std::any_of(children.begin(), children.end(), [&](const auto& e) { return e.first == c; });
  };
  return leads_into(Leaving::CapturesAndPromotions) && !leads_into(Leaving::Captures);
}

bool push_only(const Material& m, Color mover, const std::pair<Material, Color>& child) {
  const auto& [c, side] = child;
  return side != COLOR_NB && !c.has_pawns() && c.pieces() == m.pieces() && m.count(mover, PAWN) == 1 &&
         !m.count(~mover, PAWN);
}

std::vector<PawnSlice> promotion_slices(const PawnSlice& slice, Color mover, const std::pair<Material, Color>& child) {
  // children_after: a child stored with the colours as they are holds the other side to move.
  const bool flipped = child.second == mover;
  std::vector<PawnSlice> out;
  const Bitboard mine = mover == WHITE ? slice.white : slice.black;
  for (Bitboard b = mine & seventh_rank(mover); b;) {
    PawnSlice after = slice;
    (mover == WHITE ? after.white : after.black) &= ~square_bb(pop_lsb(b));
    // colour_flipped: colours swapped, ranks mirrored.
    if (flipped) after = {transform(2, after.black), transform(2, after.white)};
    out.push_back(after);
  }
  return out;
}

// A solved slice: its index, and its codes (both sides to move) held or mapped.
struct SolvedSlices::Held {
  explicit Held(Index i) : index(std::move(i)) {}
  ~Held() {
    if (mapped) munmap(mapped, codes.size_bytes());
  }
  Index index;
  std::shared_ptr<const SolvedTable> table;  // in memory
  void* mapped = nullptr;                    // or mapped from its file
  std::span<const std::uint16_t> codes;
  std::uint16_t* writable = nullptr;  // the same, mapped for writing (read_table)
};

SolvedSlices::SolvedSlices(const Material& m, Variant v, std::filesystem::path folder)
    : material_(m), variant_(v), folder_(std::move(folder)) {
  if (!folder_.empty()) std::filesystem::create_directories(folder_);
}

SolvedSlices::~SolvedSlices() = default;

std::filesystem::path SolvedSlices::file_of(const PawnSlice& slice) const {
  char name[48];
  std::snprintf(name, sizeof name, "%016llx-%016llx.codes", static_cast<unsigned long long>(slice.white),
                static_cast<unsigned long long>(slice.black));
  return folder_ / name;
}

namespace {

std::uint16_t max_of(std::span<const std::uint16_t> codes) {
  return tbb::parallel_reduce(
      tbb::blocked_range<std::size_t>(0, codes.size(), 1 << 16), std::uint16_t(0),
      [&](const auto& r, std::uint16_t m) {
        for (std::size_t i = r.begin(); i < r.end(); ++i)
          if (codes[i] != NO_POSITION_CODE) m = std::max(m, codes[i]);
        return m;
      },
      [](std::uint16_t a, std::uint16_t b) { return std::max(a, b); });
}

// The file's bytes mapped read-only, or nullptr when it is missing or not `bytes` long.
void* map_file(const std::filesystem::path& path, std::size_t bytes) {
  const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) return nullptr;
  struct stat st {};
  void* m = nullptr;
  if (fstat(fd, &st) == 0 && std::size_t(st.st_size) == bytes && bytes > 0) {
    m = mmap(nullptr, bytes, PROT_READ, MAP_SHARED, fd, 0);
    if (m == MAP_FAILED) m = nullptr;
  }
  ::close(fd);
  return m;
}

// A new file of `bytes` bytes mapped for reading and writing, its blocks reserved on
// disk: a page of a sparse file written once the disk is full would kill the process.
std::uint16_t* create_mapped(const std::filesystem::path& path, std::size_t bytes) {
  const int fd = ::open(path.c_str(), O_RDWR | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
  if (fd < 0) throw std::runtime_error(path.string() + ": cannot create: " + std::strerror(errno));
  const int reserved = posix_fallocate(fd, 0, off_t(bytes));
  void* m = reserved ? MAP_FAILED : mmap(nullptr, bytes, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
  const int mapped = errno;
  ::close(fd);
  if (reserved)
    throw std::runtime_error(path.string() + ": cannot reserve " + std::to_string(bytes) +
                             " bytes (disk full?): " + std::strerror(reserved));
  if (m == MAP_FAILED) throw std::runtime_error(path.string() + ": cannot map: " + std::strerror(mapped));
  return static_cast<std::uint16_t*>(m);
}

}  // namespace

bool SolvedSlices::solved(const PawnSlice& slice) {
  if (held_.count(key_of(slice))) return true;
  if (folder_.empty()) return false;
  auto held = std::make_unique<Held>(Index(material_, variant_, slice));
  const std::size_t values = 2 * held->index.size();
  held->mapped = map_file(file_of(slice), values * sizeof(std::uint16_t));
  if (!held->mapped) return false;
  held->codes = {static_cast<const std::uint16_t*>(held->mapped), values};
  max_code_ = std::max(max_code_, max_of(held->codes));
  held_[key_of(slice)] = std::move(held);
  return true;
}

void SolvedSlices::add(const PawnSlice& slice, std::shared_ptr<const SolvedTable> table) {
  max_code_ = std::max(max_code_, max_of(table->codes));
  if (!folder_.empty()) {
    // Written beside its name and renamed: a file by that name is a whole slice.
    const std::filesystem::path path = file_of(slice), temporary = path.string() + ".tmp";
    {
      std::ofstream out(temporary, std::ios::binary | std::ios::trunc);
      out.write(reinterpret_cast<const char*>(table->codes.data()),
                std::streamsize(table->codes.size() * sizeof(std::uint16_t)));
      if (!out.flush()) throw std::runtime_error(temporary.string() + ": cannot write (disk full?)");
    }
    std::filesystem::rename(temporary, path);
    if (!solved(slice)) throw std::runtime_error(path.string() + ": cannot map the slice just written");
    return;
  }
  auto held = std::make_unique<Held>(table->index);
  held->table = std::move(table);
  held->codes = held->table->codes;
  held_[key_of(slice)] = std::move(held);
}

const SolvedSlices::Held& SolvedSlices::held(const PawnSlice& slice) const {
  const auto found = held_.find(key_of(slice));
  if (found == held_.end()) throw std::logic_error("a pawn slice is read before it is solved");
  return *found->second;
}

std::uint16_t SolvedSlices::code_of(const Position& pos) const {
  const PawnSlice slice{pos.pieces(WHITE, PAWN), pos.pieces(BLACK, PAWN)};
  const bool mirror = !canonical_slice(slice);
  const Held& h = held(mirror ? mirrored(slice) : slice);
  const std::uint64_t idx = mirror ? h.index.encode_transformed(FILE_MIRROR, pos) : h.index.encode(pos);
  return h.codes[std::size_t(pos.side_to_move()) * h.index.size() + idx];
}

const Index& SolvedSlices::index_of(const PawnSlice& slice) const { return held(slice).index; }

std::span<std::uint16_t> SolvedSlices::writable(const PawnSlice& slice) {
  const Held& h = held(slice);
  if (!h.writable) throw std::logic_error("only the slices read from a table file are written");
  return {h.writable, h.codes.size()};
}

void SolvedSlices::read_table(const TableReader& reader, const Index& index, const SolveHooks& hooks) {
  if (folder_.empty() || !held_.empty()) throw std::logic_error("read_table fills an empty folder of slices");
  for (const PawnSlice& s : pawn_slices(material_)) {
    auto h = std::make_unique<Held>(Index(material_, variant_, s));
    const std::size_t values = 2 * h->index.size();
    h->writable = create_mapped(file_of(s), values * sizeof(std::uint16_t));
    h->mapped = h->writable;
    h->codes = {h->writable, values};
    held_[key_of(s)] = std::move(h);
  }
  // Each position goes to its slice, or as its mirror image to the mirrored slice when
  // that one is kept; a slice that is its own mirror image takes both.
  auto put = [this](const Position& pos, std::uint16_t code) {
    const PawnSlice slice{pos.pieces(WHITE, PAWN), pos.pieces(BLACK, PAWN)};
    const std::size_t side = std::size_t(pos.side_to_move());
    const bool kept = canonical_slice(slice);
    if (kept) {
      const Held& h = held(slice);
      h.writable[side * h.index.size() + h.index.encode(pos)] = code;
    }
    if (!kept || own_mirror_image(slice)) {
      const Held& h = held(mirrored(slice));
      h.writable[side * h.index.size() + h.index.encode_transformed(FILE_MIRROR, pos)] = code;
    }
  };
  const TableHeader& header = reader.header();
  const std::uint32_t per_side = header.blocks_per_side();
  std::atomic<std::uint32_t> done{0};
  std::mutex mutex;
  tbb::parallel_for(tbb::blocked_range<std::uint32_t>(0, header.block_count, 1), [&](const auto& r) {
    std::vector<std::uint16_t> codes;
    Index::Decoder decoder(index);
    std::uint16_t most = 0;
    for (std::uint32_t b = r.begin(); b < r.end(); ++b) {
      check_cancel(hooks);
      // A file of both sides holds white's blocks, then black's.
      const bool second = header.sides == 3 && b >= per_side;
      const Color stm = second || header.sides == 2 ? BLACK : WHITE;
      const std::uint64_t first = std::uint64_t(b - (second ? per_side : 0)) * header.block_values;
      reader.read_block(b, codes);
      for (std::size_t i = 0; i < codes.size(); ++i) {
        const Position* pos = decoder.decode(first + i, stm);
        if (!pos || !is_position(*pos)) continue;
        put(*pos, codes[i]);
        most = std::max(most, codes[i]);
      }
      report(hooks, Phase::step("read"), double(++done) / double(header.block_count));
    }
    std::lock_guard lock(mutex);
    max_code_ = std::max(max_code_, most);
  });
}

void solve_slices(SolvedSlices& slices, const Material& material, Variant variant, const TableSet& children,
                  const SolveHooks& hooks, StateLayout layout) {
  const std::vector<PawnSlice> order = pawn_slices(material);
  const StoredCode lookup = [&](const Position& pos) { return slices.code_of(pos); };
  for (std::size_t k = 0; k < order.size(); ++k) {
    if (slices.solved(order[k])) continue;
    SolveHooks slice_hooks = hooks;  // the progress says which slice
    slice_hooks.progress = [&hooks, k, n = order.size()](const Phase& phase, double fraction) {
      report(hooks, {phase.kind, "slice " + std::to_string(k + 1) + " of " + std::to_string(n) + ", " + phase.text},
             fraction);
    };
    if (hooks.slice_children_for)
      slice_hooks.children_for = [&hooks, &slice = order[k]](Color mover) { hooks.slice_children_for(slice, mover); };
    if (hooks.before_slice) hooks.before_slice(order[k]);
    slices.add(order[k], solve_slice(Index(material, variant, order[k]), lookup, children, slice_hooks, layout));
  }
}

AssembledCodes::AssembledCodes(const Index& index, const SolvedSlices& slices, Metric metric,
                               std::function<void(double)> progress)
    : index_(index), slices_(slices), metric_(metric), progress_(std::move(progress)) {}

void AssembledCodes::operator()(std::uint64_t first, std::span<std::uint16_t> out) {
  Index::Decoder decoder(index_);
  std::array<SideStats, 2> stats{};
  const std::uint64_t n = index_.size();
  for (std::size_t i = 0; i < out.size(); ++i) {
    const std::uint64_t g = first + i;
    const Position* pos = decoder.decode(g % n, g < n ? WHITE : BLACK);
    out[i] = pos && is_position(*pos) ? slices_.code_of(*pos) : NO_POSITION_CODE;
    count_code(stats[g < n ? 0 : 1], out[i], metric_);
  }
  fill_holes(out);  // write_table asks for a block at a time
  std::lock_guard lock(mutex_);
  if (!counted_.insert(first).second) return;  // a block asked for again (a small table's)
  for (int side = 0; side < 2; ++side) stats_[side] += stats[side];
  const std::uint64_t total = 2 * n, before = made_;
  made_ += out.size();
  if (progress_ && (before * 256 / total != made_ * 256 / total)) progress_(double(made_) / double(total));
}

std::array<SideStats, 2> AssembledCodes::stats() const { return stats_; }

}  // namespace hilltb
