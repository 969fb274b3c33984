#include "symmetry.h"

#include <algorithm>

#include "formats/material.h"

namespace hilltb {

Position transform(int t, const Position& pos) {
  Position out(pos.variant());
  for (Bitboard b = pos.pieces(); b;) {
    const Square s = pop_lsb(b);
    out.put(pos.piece_on(s), transform(t, s));
  }
  if (pos.target() != SQ_NONE)
    out.set_fixed(transform(t, pos.fixed() & ~square_bb(pos.target())), transform(t, pos.target()));
  out.set_side_to_move(pos.side_to_move());
  out.set_counters(pos.rule50(), pos.fullmove());
  return out;
}

Position colour_flipped(const Position& pos) {
  const int mirror = pos.variant() == Variant::Qoth ? 0 : 2;  // identity or the rank mirror
  Position out(pos.variant());
  for (Bitboard b = pos.pieces(); b;) {
    const Square s = pop_lsb(b);
    const Piece p = pos.piece_on(s);
    out.put(make_piece(~color_of(p), type_of(p)), transform(mirror, s));
  }
  if (pos.target() != SQ_NONE)
    out.set_fixed(transform(mirror, pos.fixed() & ~square_bb(pos.target())),
                  transform(mirror, pos.target()));
  out.set_side_to_move(~pos.side_to_move());
  out.set_counters(pos.rule50(), pos.fullmove());
  return out;
}

std::vector<int> chess_symmetries(bool pawns) {
  if (pawns) return {0, FILE_MIRROR};
  return {0, 1, 2, 3, 4, 5, 6, 7};
}

std::vector<int> qoth_symmetries(const Layout& layout, Square target) {
  std::vector<int> group;
  for (int t = 0; t < 8; ++t)
    if (transform(t, layout.blocker_bb()) == layout.blocker_bb() && transform(t, target) == target)
      group.push_back(t);
  return group;
}

TargetClass target_class(const Layout& layout, Square target) {
  for (Square rep : layout.targets)
    for (int t = 0; t < 8; ++t)
      if (transform(t, target) == rep && transform(t, layout.blocker_bb()) == layout.blocker_bb()) return {rep, t};
  throw LayoutError("no target of layout " + layout.name + " matches the position's target");
}

std::vector<Square> target_representatives(const Layout& layout) {
  std::vector<Square> reps;
  for (Square t : layout.targets) {
    const Square rep = target_class(layout, t).representative;
    if (std::find(reps.begin(), reps.end(), rep) == reps.end()) reps.push_back(rep);
  }
  return reps;
}

Position TableOrientation::apply(const Position& pos) const {
  const Position coloured = flip ? colour_flipped(pos) : pos;
  return transform ? hilltb::transform(transform, coloured) : coloured;
}

TableOrientation table_orientation(const Material& m, const Position& pos, const Layout& layout) {
  return {!m.is_canonical(), pos.variant() == Variant::Qoth ? target_class(layout, pos.target()).transform : 0};
}

Position table_position(const Position& pos, const Layout& layout) {
  return table_orientation(Material::of(pos), pos, layout).apply(pos);
}

}  // namespace hilltb
