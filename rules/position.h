// A position of any variant: pieces, side to move, castling, en passant, counters,
// and for Queen of the Hill the fixed pawns (blockers and target).
#pragma once

#include <array>

#include "bitboard.h"

namespace hilltb {

class Position {
 public:
  Position() { board_.fill(NO_PIECE); }
  explicit Position(Variant v) : Position() { variant_ = v; }

  Variant variant() const { return variant_; }
  Color side_to_move() const { return stm_; }
  Piece piece_on(Square s) const { return board_[s]; }
  Bitboard pieces() const { return by_color_[WHITE] | by_color_[BLACK]; }
  Bitboard pieces(Color c) const { return by_color_[c]; }
  Bitboard pieces(PieceType pt) const { return by_type_[pt]; }
  Bitboard pieces(Color c, PieceType pt) const { return by_color_[c] & by_type_[pt]; }
  Bitboard pieces(PieceType a, PieceType b) const { return by_type_[a] | by_type_[b]; }
  // Everything that stops a slider, the fixed pawns of Queen of the Hill included.
  Bitboard occupied() const { return pieces() | fixed_; }
  // Queen of the Hill: blockers and target, which never move and can't be captured.
  Bitboard fixed() const { return fixed_; }
  Square target() const { return target_; }
  Square king_square(Color c) const { return lsb(pieces(c, KING)); }
  std::uint8_t castling() const { return castling_; }
  Square en_passant() const { return ep_; }
  int rule50() const { return rule50_; }
  int fullmove() const { return fullmove_; }

  // Pieces of either colour attacking s, given the occupancy.
  Bitboard attackers_to(Square s, Bitboard occupied) const;
  bool attacked_by(Color c, Square s) const { return attackers_to(s, occupied()) & pieces(c); }
  // Chess and koth: the pieces giving check to the side to move.
  Bitboard checkers() const {
    return attackers_to(king_square(stm_), occupied()) & pieces(~stm_);
  }
  bool in_check() const { return checkers() != 0; }

  // Makes a legal move (or the pass) in place.
  void play(Move m);

  // Building blocks for parsers and tests; they keep the bitboards consistent.
  void put(Piece p, Square s);
  void remove(Square s);
  void set_fixed(Bitboard blockers, Square target) {
    fixed_ = blockers | square_bb(target);
    target_ = target;
  }
  void set_side_to_move(Color c) { stm_ = c; }
  void set_castling(std::uint8_t rights) { castling_ = rights; }
  void set_en_passant(Square s) { ep_ = s; }
  void set_counters(int rule50, int fullmove) {
    rule50_ = std::uint16_t(rule50), fullmove_ = std::uint16_t(fullmove);
  }

  bool operator==(const Position&) const = default;

 private:
  std::array<Piece, 64> board_;
  Bitboard by_type_[PIECE_TYPE_NB] = {};
  Bitboard by_color_[2] = {};
  Bitboard fixed_ = 0;
  Square target_ = SQ_NONE;
  Variant variant_ = Variant::Chess;
  Color stm_ = WHITE;
  std::uint8_t castling_ = NO_CASTLING;
  Square ep_ = SQ_NONE;
  std::uint16_t rule50_ = 0, fullmove_ = 1;
};

// The castling rights that survive a move touching square s (king or rook moved or captured).
std::uint8_t castling_mask(Square s);

}  // namespace hilltb
