// Bitboards and attack tables. Sliding attacks use "fancy" magic bitboards whose
// magic numbers are searched during static initialisation with a fixed seed (a few
// milliseconds), so the tables are ready when main() starts.
#pragma once

#include <bit>

#include "types.h"

namespace hilltb {

constexpr Bitboard square_bb(Square s) { return Bitboard(1) << s; }
constexpr Bitboard FILE_A = 0x0101010101010101ULL;
constexpr Bitboard FILE_H = FILE_A << 7;
constexpr Bitboard RANK_1 = 0xFFULL;
constexpr Bitboard RANK_8 = RANK_1 << 56;
// King of the Hill's hill: d4, e4, d5, e5.
constexpr Bitboard HILL = (Bitboard(0x18) << 24) | (Bitboard(0x18) << 32);

inline int popcount(Bitboard b) { return std::popcount(b); }
inline Square lsb(Bitboard b) { return std::countr_zero(b); }
inline Square pop_lsb(Bitboard& b) {
  Square s = lsb(b);
  b &= b - 1;
  return s;
}
constexpr bool more_than_one(Bitboard b) { return b & (b - 1); }

// Pawn attacks of every pawn in b, for colour c.
constexpr Bitboard pawn_attacks_bb(Color c, Bitboard b) {
  return c == WHITE ? ((b & ~FILE_A) << 7) | ((b & ~FILE_H) << 9)
                    : ((b & ~FILE_A) >> 9) | ((b & ~FILE_H) >> 7);
}

namespace detail {
struct Magic {
  Bitboard mask;
  Bitboard magic;
  const Bitboard* attacks;
  unsigned shift;
  unsigned index(Bitboard occupied) const {
    return unsigned(((occupied & mask) * magic) >> shift);
  }
};
extern Magic rook_magics[64];
extern Magic bishop_magics[64];
extern Bitboard pawn_attack_table[2][64];
extern Bitboard knight_table[64];
extern Bitboard king_table[64];
extern Bitboard between_table[64][64];
extern Bitboard line_table[64][64];
}  // namespace detail

inline Bitboard pawn_attacks(Color c, Square s) { return detail::pawn_attack_table[c][s]; }
inline Bitboard knight_attacks(Square s) { return detail::knight_table[s]; }
inline Bitboard king_attacks(Square s) { return detail::king_table[s]; }
inline Bitboard rook_attacks(Square s, Bitboard occupied) {
  const detail::Magic& m = detail::rook_magics[s];
  return m.attacks[m.index(occupied)];
}
inline Bitboard bishop_attacks(Square s, Bitboard occupied) {
  const detail::Magic& m = detail::bishop_magics[s];
  return m.attacks[m.index(occupied)];
}
inline Bitboard queen_attacks(Square s, Bitboard occupied) {
  return rook_attacks(s, occupied) | bishop_attacks(s, occupied);
}
// Attacks of a non-pawn piece type from s. Inline: the retrograde passes call it for
// every piece of every position they reach.
inline Bitboard piece_attacks(PieceType pt, Square s, Bitboard occupied) {
  switch (pt) {
    case KNIGHT: return knight_attacks(s);
    case BISHOP: return bishop_attacks(s, occupied);
    case ROOK: return rook_attacks(s, occupied);
    case QUEEN: return queen_attacks(s, occupied);
    case KING: return king_attacks(s);
    default: return 0;
  }
}

// Squares strictly between a and b on a shared line (empty if none).
inline Bitboard between(Square a, Square b) { return detail::between_table[a][b]; }
// The whole line through a and b, edge to edge (empty if they share none).
inline Bitboard line(Square a, Square b) { return detail::line_table[a][b]; }

}  // namespace hilltb
