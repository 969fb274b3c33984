#include "table_set.h"

#include "formats/symmetry.h"

namespace hilltb {

void TableSet::add(std::shared_ptr<const SolvedTable> table) {
  tables_[table->index.material().key()] = std::move(table);
}

std::shared_ptr<const SolvedTable> TableSet::load(const std::filesystem::path& path, const Material& m) const {
  TableReader reader(path, TableExpectation::of(kind_, m.name()));
  auto table = std::make_shared<SolvedTable>(m, kind_);
  if (reader.header().positions_per_side != table->index.size())
    throw TableError(path.string() + ": " + std::to_string(reader.header().positions_per_side) +
                     " positions per side, the index has " + std::to_string(table->index.size()));
  table->codes.resize(2 * table->index.size());
  std::vector<std::uint16_t> block;
  for (std::uint32_t b = 0; b < reader.header().block_count; ++b) {
    reader.read_block(b, block);
    std::copy(block.begin(), block.end(), table->codes.begin() + std::ptrdiff_t(b) * reader.header().block_values);
  }
  return table;
}

std::uint16_t TableSet::code_of(const Position& pos) const {
  const Material m = Material::of(pos);
  const bool canonical = m.is_canonical();
  const SolvedTable& t = *tables_.at((canonical ? m : m.flipped()).key());
  // The common cases need no copy: the table's own target (always, but in probes of
  // qoth), the colours as stored or swapped.
  if (pos.target() == kind_.target)
    return canonical ? t.code(pos.side_to_move(), t.index.encode(pos))
                     : t.code(~pos.side_to_move(), t.index.encode_flipped(pos));
  const Position stored = table_position(pos, kind_.layout);
  return t.code(stored.side_to_move(), t.index.encode(stored));
}

}  // namespace hilltb
