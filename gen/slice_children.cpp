#include "slice_children.h"

#include "gen/pawn_slices.h"

namespace hilltb {

SliceChildren::SliceChildren(const Material& m, const TableKind& kind, std::filesystem::path dir,
                             const MemoryLimit& limit, std::uint64_t beside)
    : material_(m), kind_(kind), dir_(std::move(dir)), limit_(limit), beside_(beside) {
  std::uint64_t whole = 0;
  for (Color mover : {WHITE, BLACK})
    for (const auto& [c, side] : slice_children_after(m, mover, kind.variant)) whole += child_bytes(c, side, kind, dir_);
  by_rows_ = !limit.fits(whole + beside);
}

const TableSet& SliceChildren::read(const PawnSlice& slice, Color mover) {
  std::shared_ptr<TableSet>& mine = held_[mover];
  std::shared_ptr<TableSet>& other = held_[~mover];
  if (!mine) mine = std::make_shared<TableSet>(kind_);
  const auto reached = slice_children_after(material_, slice, mover, kind_.variant);
  // The pawn slices each child is read at (none: whole).
  std::vector<std::vector<PawnSlice>> at(reached.size());
  for (std::size_t k = 0; k < reached.size(); ++k)
    if (by_rows_ && promotion_only(material_, mover, reached[k], kind_.variant))
      at[k] = promotion_slices(slice, mover, reached[k]);
  // Whether child k is to be read: not held for the positions with its side to move (a
  // slice that also reads the opponent's en-passant captures may need both sides of a
  // child), there.
  std::vector<bool> to_read(reached.size());
  std::vector<Material> kept;
  std::uint64_t missing = 0;
  for (std::size_t k = 0; k < reached.size(); ++k) {
    const auto& [c, side] = reached[k];
    const TableSet::Held* held = mine->find(c);
    to_read[k] = !held || !held->table->holds(side) ||
              !(at[k].empty() ? held->table->rows.whole()
                              : held->table->rows.holds(held->table->index.pawn_offsets(at[k])));
    kept.push_back(c);
    if (to_read[k]) missing += child_bytes(c, side, kind_, dir_, at[k]);
  }
  if (!missing) return *mine;
  for (std::size_t k = 0; k < reached.size(); ++k)
    if (to_read[k]) mine->drop(reached[k].first);  // read again whole, or at other slices
  auto held = [&] { return mine->bytes() + (other ? other->bytes() : 0) + missing + beside_; };
  if (!limit_.fits(held())) other.reset();
  if (!limit_.fits(held())) mine->retain(kept);
  for (std::size_t k = 0; k < reached.size(); ++k) {
    if (!to_read[k]) continue;
    const auto& [c, side] = reached[k];
    const auto path = table_path(dir_, kind_, c.name());
    mine->add(at[k].empty() ? mine->load(path, c, Width::NarrowWhereFits, side)
                            : mine->load_rows(path, c, at[k], Width::NarrowWhereFits, side));
  }
  limit_.check(material_, mine->bytes() + beside_);
  return *mine;
}

}  // namespace hilltb
