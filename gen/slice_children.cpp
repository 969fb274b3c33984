#include "slice_children.h"

#include <optional>

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

void SliceChildren::prepare(const PawnSlice& slice) {
  if (!by_rows_) return;
  for (Color mover : {WHITE, BLACK})
    for (const auto& child : slice_children_after(material_, slice, mover, kind_.variant))
      if (push_only(material_, mover, child)) {
        read(slice, mover, 0);
        break;
      }
}

const TableSet& SliceChildren::read(const PawnSlice& slice, Color mover, std::uint64_t beside) {
  std::shared_ptr<TableSet>& mine = held_[mover];
  std::shared_ptr<TableSet>& other = held_[~mover];
  if (!mine) mine = std::make_shared<TableSet>(kind_);
  const auto reached = slice_children_after(material_, slice, mover, kind_.variant);
  // How each child is read: whole, at the pawn slices in `at`, or at the slice's pushes.
  std::vector<std::vector<PawnSlice>> at(reached.size());
  std::vector<bool> pushed(reached.size());
  for (std::size_t k = 0; k < reached.size(); ++k)
    if (by_rows_ && promotion_only(material_, mover, reached[k], kind_.variant))
      at[k] = promotion_slices(slice, mover, reached[k]);
    else
      pushed[k] = by_rows_ && push_only(material_, mover, reached[k]);
  const Bitboard pawns = mover == WHITE ? slice.white : slice.black;
  const Square from = pawns ? lsb(pawns) : SQ_NONE;  // a push_only child's one pawn
  auto holds_wanted = [&](const SolvedTable& t, std::size_t k) {
    if (pushed[k]) return t.pushes && t.pushes->from == from;
    if (t.pushes) return false;
    return at[k].empty() ? t.rows.whole() : t.rows.holds(t.index.pawn_offsets(at[k]));
  };
  // Whether child k is to be read: not held for the positions with its side to move (a
  // slice that also reads the opponent's en-passant captures may need both sides of a
  // child), there. A child read at the pushes is read whole first, one at a time.
  std::vector<bool> to_read(reached.size());
  std::vector<Material> kept;
  std::uint64_t missing = 0, whole_at_once = 0;
  std::optional<std::uint64_t> slice_size;  // the slice's positions, for the children held at its pushes
  for (std::size_t k = 0; k < reached.size(); ++k) {
    const auto& [c, side] = reached[k];
    const TableSet::Held* held = mine->find(c);
    to_read[k] = !held || !held->table->holds(side) || !holds_wanted(*held->table, k);
    kept.push_back(c);
    if (!to_read[k]) continue;
    if (!pushed[k]) {
      missing += child_bytes(c, side, kind_, dir_, at[k]);
      continue;
    }
    if (!slice_size) slice_size = Index(material_, kind_.variant, slice).size();
    missing += child_bytes_at(c, *slice_size, kind_, dir_);
    whole_at_once = std::max(whole_at_once, child_bytes(c, side, kind_, dir_));
  }
  if (!missing) return *mine;
  for (std::size_t k = 0; k < reached.size(); ++k)
    if (to_read[k]) mine->drop(reached[k].first);  // read again whole, or at other slices
  auto held = [&] { return mine->bytes() + (other ? other->bytes() : 0) + missing + whole_at_once + beside; };
  if (!limit_.fits(held())) other.reset();
  if (!limit_.fits(held())) mine->retain(kept);
  limit_.check(material_, held());
  for (std::size_t k = 0; k < reached.size(); ++k) {
    if (!to_read[k]) continue;
    const auto& [c, side] = reached[k];
    const auto path = table_path(dir_, kind_, c.name());
    mine->add(pushed[k]       ? mine->load_pushes(path, c, material_, slice, Width::NarrowWhereFits, side)
              : at[k].empty() ? mine->load(path, c, Width::NarrowWhereFits, side)
                              : mine->load_rows(path, c, at[k], Width::NarrowWhereFits, side));
  }
  limit_.check(material_, mine->bytes() + beside);
  return *mine;
}

}  // namespace hilltb
