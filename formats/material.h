// Material keys: which pieces a table holds, written Syzygy-style ("KQvKR", "KRPvK",
// qoth "QRvBN", "Rv-"), with the stronger side first so one table serves both colours.
#pragma once

#include <array>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "rules/position.h"

namespace hilltb {

// The moves that take a table's positions out of its material: captures, or captures
// and promotions (with or without a capture).
enum class Leaving { Captures, CapturesAndPromotions };

struct MaterialError : std::invalid_argument {
  using std::invalid_argument::invalid_argument;
};

// The most pieces (kings included) a table may hold.
constexpr int MAX_TABLE_PIECES = 7;

class Material {
 public:
  Material() = default;
  // Throws MaterialError naming the fault (unknown letter, no king, too many pieces...).
  static Material parse(std::string_view text, Variant variant);
  static Material of(const Position& pos);
  // of(pos).key(), counted in registers: the hot paths (a successor's table, one ply of
  // search) compare materials by key.
  static std::uint64_t key_of(const Position& pos) {
    std::uint64_t k = 0;
    for (Color c : {WHITE, BLACK})
      for (int pt = PAWN; pt <= KING; ++pt) k = k << 5 | std::uint64_t(popcount(pos.pieces(c, PieceType(pt))));
    return k;
  }

  int count(Color c, PieceType pt) const { return count_[c][pt]; }
  int pieces(Color c) const;
  int pieces() const { return pieces(WHITE) + pieces(BLACK); }
  bool has_pawns() const { return count_[WHITE][PAWN] + count_[BLACK][PAWN] > 0; }
  std::string name() const;
  // A number that identifies the material (colours as they are), for lookups.
  std::uint64_t key() const;

  Material flipped() const;  // the colours swapped
  // The stronger side is white: more material value, then more pieces, then the
  // piece letters. Symmetric materials are canonical either way.
  bool is_canonical() const;
  Material canonical() const { return is_canonical() ? *this : flipped(); }
  // Canonical materials one capture or promotion (or both) away: what this table needs.
  std::vector<Material> children(Variant variant) const;
  // The children a move by `mover` leads into, each with the side to move its tables
  // store those positions under (the other player, but for a child stored with the
  // colours swapped), or COLOR_NB when both. `leaving`: the moves counted.
  std::vector<std::pair<Material, Color>> children_after(Color mover, Variant variant,
                                                         Leaving leaving = Leaving::CapturesAndPromotions) const;
  // The material after a move by `mover` that captures a piece of type `captured` and
  // promotes a pawn to `promotion` (NO_PIECE_TYPE: no capture, no promotion), colours
  // as they are. The pieces it takes away must be there.
  Material after(Color mover, PieceType captured, PieceType promotion) const;

  bool operator==(const Material&) const = default;
  auto operator<=>(const Material& o) const { return name() <=> o.name(); }

 private:
  std::array<std::array<std::uint8_t, PIECE_TYPE_NB>, 2> count_{};
  friend std::vector<Material> all_materials(Variant variant, int max_pieces);
  void check(Variant variant) const;
};

// Every canonical material of the variant with 2 (qoth: 1) to max_pieces pieces,
// ordered so that each material comes after all of its children.
std::vector<Material> all_materials(Variant variant, int max_pieces);

}  // namespace hilltb
