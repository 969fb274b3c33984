// The eight symmetries of the board (the dihedral group of the square) and the
// subgroups that tables may use.
#pragma once

#include <vector>

#include "formats/material.h"
#include "rules/layout.h"
#include "rules/position.h"

namespace hilltb {

// Symmetry t in 0..7: transpose (swap file and rank) when bit 2 is set, then mirror
// the files when bit 0 is set and the ranks when bit 1 is set. 0 is the identity.
constexpr Square transform(int t, Square s) {
  int f = file_of(s), r = rank_of(s);
  if (t & 4) std::swap(f, r);
  if (t & 1) f = 7 - f;
  if (t & 2) r = 7 - r;
  return make_square(f, r);
}
inline Bitboard transform(int t, Bitboard b) {
  // The classic bit tricks: swap bit groups of halving size.
  if (t & 4) {  // transpose, about the a1-h8 diagonal
    Bitboard x = 0x0f0f0f0f00000000ULL & (b ^ (b << 28));
    b ^= x ^ (x >> 28);
    x = 0x3333000033330000ULL & (b ^ (b << 14));
    b ^= x ^ (x >> 14);
    x = 0x5500550055005500ULL & (b ^ (b << 7));
    b ^= x ^ (x >> 7);
  }
  if (t & 1) {  // files mirrored: the bits of each byte reversed
    b = ((b >> 1) & 0x5555555555555555ULL) | ((b & 0x5555555555555555ULL) << 1);
    b = ((b >> 2) & 0x3333333333333333ULL) | ((b & 0x3333333333333333ULL) << 2);
    b = ((b >> 4) & 0x0f0f0f0f0f0f0f0fULL) | ((b & 0x0f0f0f0f0f0f0f0fULL) << 4);
  }
  if (t & 2) b = __builtin_bswap64(b);  // ranks mirrored: the bytes reversed
  return b;
}
// The position with every piece and fixed pawn moved by t (castling and en passant
// are dropped: table positions have neither).
Position transform(int t, const Position& pos);
// The position with colours swapped and the ranks mirrored (same game, other side).
// qoth pieces move alike both ways up the board, so there only the colours swap and
// every square, fixed pawns included, stays.
Position colour_flipped(const Position& pos);

constexpr int FILE_MIRROR = 1;

// The symmetries under which a table's positions keep their values:
//  chess, koth without pawns: all 8 (the hill maps onto itself under each);
//  with pawns: the identity and the file mirror;
//  qoth: those that map the layout's blockers and the given target onto themselves.
std::vector<int> chess_symmetries(bool pawns);
std::vector<int> qoth_symmetries(const Layout& layout, Square target);

// qoth: the layout's targets fall into classes, images of each other under a symmetry
// that keeps the blockers (ring: one class). One set of tables serves a class, indexed
// for its representative, the first of the layout's targets in it.
struct TargetClass {
  Square representative = SQ_NONE;
  int transform = 0;  // carries the given target onto the representative
};
// Throws LayoutError when no symmetry carries `target` onto one of the layout's targets.
TargetClass target_class(const Layout& layout, Square target);
// The representatives, in the layout's order of targets.
std::vector<Square> target_representatives(const Layout& layout);

// How a position of material m becomes the one its table stores: colours swapped when
// m is not canonical (formats/material.h) and, in qoth, carried onto its target's
// representative. Every position m's moves reach without a capture turns the same way.
struct TableOrientation {
  bool flip = false;
  int transform = 0;  // formats/symmetry transform, 0 the identity
  Position apply(const Position& pos) const;
};
TableOrientation table_orientation(const Material& m, const Position& pos, const Layout& layout);
// The position as its table stores it.
Position table_position(const Position& pos, const Layout& layout);

}  // namespace hilltb
