#include "table_set.h"

#include <algorithm>

#include "formats/symmetry.h"

namespace hilltb {

void TableSet::add(std::shared_ptr<const SolvedTable> table) {
  if (!table->codes.empty() && *std::max_element(table->codes.begin(), table->codes.end()) < 256) {
    auto narrow = std::make_shared<SolvedTable>(table->index);
    narrow->narrow.assign(table->codes.begin(), table->codes.end());
    table = std::move(narrow);
  }
  const Material& m = table->index.material();
  tables_[m.flipped().key()] = {table, true};
  tables_[m.key()] = {std::move(table), false};  // a material its own flip is stored as is
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

std::shared_ptr<const SolvedTable> TableSet::load(const std::filesystem::path& path, const Material& m,
                                                  bool narrow, Color side) const {
  TableReader reader(path, TableExpectation::of(kind_, m.name()));
  auto table = std::make_shared<SolvedTable>(m, kind_);
  const std::uint64_t n = table->index.size();
  if (reader.header().positions_per_side != n)
    throw TableError(path.string() + ": " + std::to_string(reader.header().positions_per_side) +
                     " positions per side, the index has " + std::to_string(n));
  // Global positions [begin, end) are read, from the blocks that hold them.
  const std::uint64_t begin = side == COLOR_NB ? 0 : side * n, end = side == COLOR_NB ? 2 * n : begin + n;
  table->side = side;
  narrow = narrow && reader.header().value_bytes == 1;
  if (narrow) table->narrow.resize(end - begin);
  else table->codes.resize(end - begin);
  const std::uint64_t per_block = reader.header().block_values;
  std::vector<std::uint16_t> block;
  for (std::uint64_t b = begin / per_block; b * per_block < end; ++b) {
    reader.read_block(std::uint32_t(b), block);
    const std::uint64_t from = std::max(begin, b * per_block), to = std::min(end, b * per_block + block.size());
    const auto first = block.begin() + std::ptrdiff_t(from - b * per_block), last = first + std::ptrdiff_t(to - from);
    if (narrow) std::copy(first, last, table->narrow.begin() + std::ptrdiff_t(from - begin));
    else std::copy(first, last, table->codes.begin() + std::ptrdiff_t(from - begin));
  }
  return table;
}

std::uint16_t TableSet::code_of(const Position& pos) const {
  const Entry& e = tables_.at(Material::of(pos).key());
  const SolvedTable& t = *e.table;
  const Color stored_side = e.flipped ? ~pos.side_to_move() : pos.side_to_move();
  if (t.side != COLOR_NB && t.side != stored_side)
    throw std::logic_error(t.index.material().name() + " is held for the other side to move");
  // The common cases need no copy: the table's own target (always, but in probes of
  // qoth), the colours as stored or swapped.
  if (pos.target() == kind_.target)
    return e.flipped ? t.code(~pos.side_to_move(), t.index.encode_flipped(pos))
                     : t.code(pos.side_to_move(), t.index.encode(pos));
  const Position stored = table_position(pos, kind_.layout);
  return t.code(stored.side_to_move(), t.index.encode(stored));
}

}  // namespace hilltb
