#include "position.h"

namespace hilltb {

std::uint8_t castling_mask(Square s) {
  switch (s) {
    case 0: return std::uint8_t(~WHITE_OOO);   // a1
    case 4: return std::uint8_t(~(WHITE_OO | WHITE_OOO));  // e1
    case 7: return std::uint8_t(~WHITE_OO);    // h1
    case 56: return std::uint8_t(~BLACK_OOO);  // a8
    case 60: return std::uint8_t(~(BLACK_OO | BLACK_OOO));  // e8
    case 63: return std::uint8_t(~BLACK_OO);   // h8
    default: return 0xFF;
  }
}

Bitboard Position::attackers_to(Square s, Bitboard occ) const {
  return (pawn_attacks(BLACK, s) & pieces(WHITE, PAWN)) |
         (pawn_attacks(WHITE, s) & pieces(BLACK, PAWN)) |
         (knight_attacks(s) & by_type_[KNIGHT]) | (king_attacks(s) & by_type_[KING]) |
         (rook_attacks(s, occ) & (by_type_[ROOK] | by_type_[QUEEN])) |
         (bishop_attacks(s, occ) & (by_type_[BISHOP] | by_type_[QUEEN]));
}

void Position::put(Piece p, Square s) {
  board_[s] = p;
  by_type_[type_of(p)] |= square_bb(s);
  by_color_[color_of(p)] |= square_bb(s);
}

void Position::remove(Square s) {
  Piece p = board_[s];
  board_[s] = NO_PIECE;
  by_type_[type_of(p)] &= ~square_bb(s);
  by_color_[color_of(p)] &= ~square_bb(s);
}

void Position::play(Move m) {
  const Color us = stm_;
  stm_ = ~us;
  ep_ = SQ_NONE;
  if (us == BLACK) ++fullmove_;
  if (m.kind() == Move::PASS) {
    ++rule50_;
    return;
  }
  const Square from = m.from(), to = m.to();
  const Piece moved = board_[from];
  ++rule50_;
  if (type_of(moved) == PAWN || board_[to] != NO_PIECE) rule50_ = 0;

  switch (m.kind()) {
    case Move::CASTLING: {
      // Encoded as king from/to; the rook jumps to the square the king crossed.
      const bool king_side = to > from;
      const Square rook_from = king_side ? from + 3 : from - 4;
      const Square rook_to = king_side ? from + 1 : from - 1;
      remove(rook_from);
      put(make_piece(us, ROOK), rook_to);
      break;
    }
    case Move::EN_PASSANT:
      remove(us == WHITE ? to - 8 : to + 8);
      break;
    default:
      if (board_[to] != NO_PIECE) remove(to);
  }
  remove(from);
  put(m.is_promotion() ? make_piece(us, m.promoted()) : moved, to);
  castling_ &= castling_mask(from) & castling_mask(to);

  // Record the en-passant square only when a capture there is possible (pseudo-legally),
  // so that equal positions compare equal.
  if (type_of(moved) == PAWN && (from ^ to) == 16) {
    const Square ep = (from + to) / 2;
    if (pawn_attacks(us, ep) & pieces(~us, PAWN)) ep_ = ep;
  }
}

}  // namespace hilltb
