// Basic value types shared by every variant: colours, pieces, squares, moves.
#pragma once

#include <cstdint>
#include <string_view>

namespace hilltb {

using Bitboard = std::uint64_t;

enum class Variant : std::uint8_t { Chess, Koth, Qoth };

std::string_view variant_name(Variant v);
// Accepts "chess", "koth", "qoth"; returns false for anything else.
bool parse_variant(std::string_view text, Variant& out);

enum Color : std::uint8_t { WHITE, BLACK, COLOR_NB };  // COLOR_NB: no colour, or both
constexpr Color operator~(Color c) { return Color(c ^ 1); }

enum PieceType : std::uint8_t { NO_PIECE_TYPE, PAWN, KNIGHT, BISHOP, ROOK, QUEEN, KING };
constexpr int PIECE_TYPE_NB = 7;

// Piece = colour * 8 + type, so that colour and type are one shift away.
enum Piece : std::uint8_t { NO_PIECE = 0 };
constexpr Piece make_piece(Color c, PieceType pt) { return Piece(c * 8 + pt); }
constexpr PieceType type_of(Piece p) { return PieceType(p & 7); }
constexpr Color color_of(Piece p) { return Color(p >> 3); }

// Squares a1 = 0 ... h8 = 63, file-major within a rank.
using Square = int;
constexpr Square SQ_NONE = 64;
constexpr int file_of(Square s) { return s & 7; }
constexpr int rank_of(Square s) { return s >> 3; }
constexpr Square make_square(int file, int rank) { return rank * 8 + file; }
constexpr bool on_board(int file, int rank) {
  return file >= 0 && file < 8 && rank >= 0 && rank < 8;
}
// The rank as seen from colour c (rank 0 is c's back rank).
constexpr int relative_rank(Color c, Square s) { return c == WHITE ? rank_of(s) : 7 - rank_of(s); }

// A move in 16 bits: from (6) | to (6) | kind (4).
class Move {
 public:
  enum Kind : std::uint8_t {
    NORMAL = 0, EN_PASSANT = 1, CASTLING = 2, PASS = 3,
    PROMO_KNIGHT = 4, PROMO_BISHOP = 5, PROMO_ROOK = 6, PROMO_QUEEN = 7
  };
  constexpr Move() = default;
  constexpr Move(Square from, Square to, Kind kind = NORMAL)
      : data_(std::uint16_t(from | (to << 6) | (kind << 12))) {}
  static constexpr Move pass() { return Move(0, 0, PASS); }
  static constexpr Move promotion(Square from, Square to, PieceType pt) {
    return Move(from, to, Kind(int(PROMO_KNIGHT) + int(pt) - int(KNIGHT)));
  }

  constexpr Square from() const { return data_ & 63; }
  constexpr Square to() const { return (data_ >> 6) & 63; }
  constexpr Kind kind() const { return Kind(data_ >> 12); }
  constexpr bool is_promotion() const { return kind() >= PROMO_KNIGHT; }
  constexpr PieceType promoted() const { return PieceType(kind() - PROMO_KNIGHT + KNIGHT); }
  constexpr bool is_none() const { return data_ == 0; }
  constexpr std::uint16_t raw() const { return data_; }
  constexpr bool operator==(const Move&) const = default;

 private:
  std::uint16_t data_ = 0;
};

enum CastlingRight : std::uint8_t {
  NO_CASTLING = 0, WHITE_OO = 1, WHITE_OOO = 2, BLACK_OO = 4, BLACK_OOO = 8
};

}  // namespace hilltb
