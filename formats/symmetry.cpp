#include "symmetry.h"

namespace hilltb {

Bitboard transform(int t, Bitboard b) {
  Bitboard out = 0;
  while (b) out |= square_bb(transform(t, pop_lsb(b)));
  return out;
}

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
  constexpr int RANK_MIRROR = 2;
  Position out(pos.variant());
  for (Bitboard b = pos.pieces(); b;) {
    const Square s = pop_lsb(b);
    const Piece p = pos.piece_on(s);
    out.put(make_piece(~color_of(p), type_of(p)), transform(RANK_MIRROR, s));
  }
  if (pos.target() != SQ_NONE)
    out.set_fixed(transform(RANK_MIRROR, pos.fixed() & ~square_bb(pos.target())),
                  transform(RANK_MIRROR, pos.target()));
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

}  // namespace hilltb
