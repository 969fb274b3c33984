#include "table_set.h"

#include <algorithm>

#include <tbb/blocked_range.h>
#include <tbb/parallel_for.h>

#include "formats/huge_pages.h"
#include "formats/read_side.h"
#include "formats/successors.h"
#include "formats/symmetry.h"

namespace hilltb {

void TableSet::add(std::shared_ptr<const SolvedTable> table) {
  if (!table->codes.empty() && *std::max_element(table->codes.begin(), table->codes.end()) < 256) {
    auto narrow = std::make_shared<SolvedTable>(table->index);
    narrow->narrow.assign(table->codes.begin(), table->codes.end());
    narrow->side = table->side;
    narrow->rows = table->rows;
    narrow->pushes = table->pushes;
    table = std::move(narrow);
  }
  const Material& m = table->index.material();
  tables_[m.flipped().key()] = {.table = table, .flipped = true};
  // A material its own flip is stored as is.
  tables_[m.key()] = {.table = std::move(table), .flipped = false};
}

void TableSet::retain(const std::vector<Material>& keep) {
  std::erase_if(tables_, [&](const auto& kv) {
    const Material& m = kv.second.table->index.material();
    return std::find(keep.begin(), keep.end(), m) == keep.end() &&
           std::find(keep.begin(), keep.end(), m.flipped()) == keep.end();
  });
}

std::uint64_t TableSet::bytes() const {
  std::uint64_t total = 0;
  for (const auto& kv : tables_)
    if (!kv.second.flipped) total += kv.second.table->bytes();  // each table once
  return total;
}

std::shared_ptr<SolvedTable> TableSet::load(const std::filesystem::path& path, const Material& m, Width width,
                                            Color side) const {
  TableReader reader(path, TableExpectation::of(kind_, m.name()));
  const TableHeader& h = reader.header();
  auto table = std::make_shared<SolvedTable>(m, kind_);
  const std::uint64_t n = table->index.size();
  if (h.positions_per_side != n)
    throw TableError(path.string() + ": " + std::to_string(h.positions_per_side) +
                     " positions per side, the index has " + std::to_string(n));
  table->side = side;
  // The width holds for a side derived too: the file was written with both.
  const bool narrow = width == Width::NarrowWhereFits && h.value_bytes == 1;
  if (narrow) table->narrow = huge_vector<std::uint8_t>(side == COLOR_NB ? 2 * n : n);
  else table->codes = huge_vector<std::uint16_t>(side == COLOR_NB ? 2 * n : n);
  auto put = [&](std::uint64_t at, std::uint16_t code) {
    if (narrow) table->narrow[at] = std::uint8_t(code);
    else table->codes[at] = code;
  };
  std::vector<Color> missing;
  for (Color stm : {WHITE, BLACK}) {
    if (side != COLOR_NB && stm != side) continue;
    const std::uint64_t base = side == COLOR_NB ? stm * n : 0;
    if (!h.holds(stm)) {
      missing.push_back(stm);
      continue;
    }
    // A copy per block, not put per value: a 5-piece child's side is 100 M values.
    read_side(reader, stm, [&](std::uint64_t first, const std::vector<std::uint16_t>& block) {
      if (narrow) std::copy(block.begin(), block.end(), table->narrow.begin() + std::ptrdiff_t(base + first));
      else std::copy(block.begin(), block.end(), table->codes.begin() + std::ptrdiff_t(base + first));
    });
  }
  for (Color stm : missing) {
    // The other side is stored; with it in memory (this table when whole), and the
    // children whole, each position is valued by its moves.
    const auto other = side == COLOR_NB ? nullptr : load(path, m, width, ~stm);
    const SolvedTable& own = other ? *other : *table;
    TableSet children(kind_);
    for (const Material& c : m.children(kind_.variant)) hold_whole(children, c, path.parent_path());
    const std::uint64_t key = m.key();
    const std::uint64_t base = side == COLOR_NB ? stm * n : 0;
    tbb::parallel_for(tbb::blocked_range<std::uint64_t>(0, n, 1 << 12), [&](const auto& r) {
      Index::Decoder decoder(own.index);
      for (std::uint64_t idx = r.begin(); idx < r.end(); ++idx) {
        const Position* pos = decoder.decode(idx, stm);
        if (!pos || !is_position(*pos)) {
          put(base + idx, NO_POSITION_CODE);
          continue;
        }
        put(base + idx, code_from_successors(kind_.measure, *pos, [&](const Position& p) {
              return Material::key_of(p) == key ? own.code(p.side_to_move(), own.index.encode(p))
                                                : children.code_of(p);
            }));
      }
    });
  }
  return table;
}

std::shared_ptr<SolvedTable> TableSet::load_rows(const std::filesystem::path& path, const Material& m,
                                                 const std::vector<PawnSlice>& slices, Width width, Color side) const {
  TableReader reader(path, TableExpectation::of(kind_, m.name()));
  const TableHeader& h = reader.header();
  std::vector<Color> sides;
  for (Color stm : {WHITE, BLACK})
    if (side == COLOR_NB || side == stm) sides.push_back(stm);
  for (Color stm : sides)
    if (!h.holds(stm)) return load(path, m, width, side);
  auto table = std::make_shared<SolvedTable>(m, kind_);
  const Index& index = table->index;
  if (h.positions_per_side != index.size())
    throw TableError(path.string() + ": " + std::to_string(h.positions_per_side) +
                     " positions per side, the index has " + std::to_string(index.size()));
  table->side = side;
  PawnRows& rows = table->rows;
  rows.offsets = index.pawn_offsets(slices);
  rows.span = index.pawn_run();
  rows.class_size = index.class_size();
  const std::uint64_t per_side = rows.per_side(index), k = rows.offsets.size();
  const bool narrow = width == Width::NarrowWhereFits && h.value_bytes == 1;
  if (narrow) table->narrow = huge_vector<std::uint8_t>(sides.size() * per_side);
  else table->codes = huge_vector<std::uint16_t>(sides.size() * per_side);
  // Run r (class r / k, offset r % k) starts at index run_start(r) and is held from r * span.
  auto run_start = [&](std::uint64_t r) { return r / k * rows.class_size + rows.offsets[r % k]; };
  const std::uint64_t runs = index.leading_classes() * k, block_values = h.block_values;
  std::vector<std::uint32_t> blocks;
  for (std::uint64_t r = 0; r < runs; ++r)
    for (std::uint64_t b = run_start(r) / block_values; b <= (run_start(r) + rows.span - 1) / block_values; ++b)
      if (blocks.empty() || blocks.back() < b) blocks.push_back(std::uint32_t(b));
  for (std::size_t s = 0; s < sides.size(); ++s) {
    const std::uint64_t base = s * per_side;
    read_blocks(reader, sides[s], blocks, [&](std::uint64_t first, const std::vector<std::uint16_t>& block) {
      const std::uint64_t last = first + block.size();
      // The first run that ends after the block's first index, then each that starts before its end.
      std::uint64_t lo = 0, hi = runs;
      while (lo < hi) {
        const std::uint64_t mid = (lo + hi) / 2;
        if (run_start(mid) + rows.span <= first) lo = mid + 1;
        else hi = mid;
      }
      for (std::uint64_t r = lo; r < runs && run_start(r) < last; ++r) {
        const std::uint64_t from = std::max(first, run_start(r)), to = std::min(last, run_start(r) + rows.span);
        const std::uint64_t at = base + r * rows.span + (from - run_start(r));
        const auto begin = block.begin() + std::ptrdiff_t(from - first), end = block.begin() + std::ptrdiff_t(to - first);
        if (narrow) std::copy(begin, end, table->narrow.begin() + std::ptrdiff_t(at));
        else std::copy(begin, end, table->codes.begin() + std::ptrdiff_t(at));
      }
    });
  }
  return table;
}

std::shared_ptr<SolvedTable> TableSet::load_pushes(const std::filesystem::path& path, const Material& m,
                                                   const Material& parent, const PawnSlice& slice, Width width,
                                                   Color side) const {
  const Color mover = parent.count(WHITE, PAWN) ? WHITE : BLACK;
  const Square from = lsb(mover == WHITE ? slice.white : slice.black);
  const Square to = mover == WHITE ? from + 8 : from - 8;
  PieceType promoted = NO_PIECE_TYPE;
  for (PieceType pt : {KNIGHT, BISHOP, ROOK, QUEEN})
    if (const Material after = parent.after(mover, NO_PIECE_TYPE, pt); after == m || after.flipped() == m)
      promoted = pt;
  if (promoted == NO_PIECE_TYPE) throw std::logic_error(m.name() + " is not what a push of " + parent.name() + " makes");
  TableSet whole(kind_);
  whole.add(load(path, m, width, side));
  const Held& child = *whole.find(parent.after(mover, NO_PIECE_TYPE, promoted));  // in the colours reached
  auto pushes = std::make_shared<PushRows>(PushRows{Index(parent, kind_.variant, slice), from, to, promoted});
  const std::uint64_t n = pushes->slice.size();
  auto table = std::make_shared<SolvedTable>(m, kind_);
  table->side = side;
  const bool narrow = !child.table->narrow.empty();
  if (narrow) table->narrow = huge_vector<std::uint8_t>(n);
  else table->codes = huge_vector<std::uint16_t>(n);
  tbb::parallel_for(tbb::blocked_range<std::uint64_t>(0, n, 1 << 12), [&](const auto& r) {
    Index::Decoder decoder(pushes->slice);
    for (std::uint64_t idx = r.begin(); idx < r.end(); ++idx) {
      const Position* pos = decoder.decode(idx, mover);
      std::uint16_t code = NO_POSITION_CODE;  // never looked up
      if (pos && is_position(*pos) && pos->piece_on(to) == NO_PIECE) {
        Position next = *pos;
        next.play(Move::promotion(from, to, pushes->promoted));
        code = whole.code_in(child, next);
      }
      if (narrow) table->narrow[idx] = std::uint8_t(code);
      else table->codes[idx] = code;
    }
  });
  table->pushes = std::move(pushes);
  return table;
}

std::uint64_t PushRows::held_at(const Position& child) const {
  const Color mover = ~child.side_to_move();
  if (child.piece_on(to) != make_piece(mover, promoted) || child.piece_on(from) != NO_PIECE)
    throw std::logic_error("a lookup of a position the slice's push does not lead to");
  Position before = child;
  before.remove(to);
  before.put(make_piece(mover, PAWN), from);
  before.set_side_to_move(mover);
  return slice.encode(before);
}

void TableSet::hold_whole(TableSet& into, const Material& m, const std::filesystem::path& folder) const {
  if (into.contains(m)) return;
  if (const Held* held = find(m); held && held->table->whole()) {
    into.add(held->table);
    return;
  }
  // Its children first: deriving a side it lacks takes them from `into`.
  for (const Material& c : m.children(kind_.variant)) hold_whole(into, c, folder);
  into.add(into.load(folder / table_path({}, kind_, m.name()).filename(), m, Width::NarrowWhereFits));
}

const TableSet::Held* TableSet::find(const Material& m) const {
  const auto it = tables_.find(m.key());
  return it == tables_.end() ? nullptr : &it->second;
}

std::uint16_t TableSet::code_of(const Position& pos) const { return code_in(tables_.at(Material::key_of(pos)), pos); }

std::uint16_t TableSet::code_in(const Held& e, const Position& pos) const {
  const SolvedTable& t = *e.table;
  const Color stored_side = e.flipped ? ~pos.side_to_move() : pos.side_to_move();
  if (!t.holds(stored_side))
    throw std::logic_error(t.index.material().name() + " is held for the other side to move");
  if (t.pushes) return t.code(stored_side, t.pushes->held_at(pos));
  // The common cases need no copy: the table's own target (always, but in probes of
  // qoth), the colours as stored or swapped.
  if (pos.target() == kind_.target)
    return e.flipped ? t.code(~pos.side_to_move(), t.index.encode_flipped(pos))
                     : t.code(pos.side_to_move(), t.index.encode(pos));
  const Position stored = table_position(pos, kind_.layout);
  return t.code(stored.side_to_move(), t.index.encode(stored));
}

}  // namespace hilltb
