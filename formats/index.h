// Symmetry-reduced position indexing: a bijection between [0, size()) and the
// positions of one material (each side to move has its own range).
//
// A position is a list of piece groups (all pieces of one colour and type), placed in
// order; each group's squares are ranked as a combination (colex order, binomial
// coefficients) among the squares of its domain:
//  chess, koth: the kings lead; then pawns on ranks 2-7, then pieces on any square,
//               each group among its whole domain (a piece on another's square is a
//               hole: 9-16% more index positions in 5-piece tables, but a move that
//               keeps the kings changes only its own group's rank, and a king's move
//               with no symmetry to apply only the class).
//  qoth:        the groups in order of their moves (knights, kings, bishops, rooks,
//               queens; white before black), the first of the smallest leading, each
//               among the squares the groups before it leave; every group avoids the 5
//               fixed pawns.
// The leading placement is reduced by the table's symmetries (formats/symmetry.h): only
// one placement per orbit gets a class (for the kings without pawns: the 462 classes of
// non-adjacent king pairs). When a leading placement is fixed by a symmetry, the rest of
// the position is taken in whichever image gives the smaller index; the other is a hole.
//
// A pawn slice (chess and koth tables with pawns, solved a slice at a time:
// gen/pawn_slices.h) holds the positions with every pawn on given squares: the kings
// lead, then the pieces, each among the squares the pawns leave; no symmetry applies.
#pragma once

#include <array>
#include <cstdint>
#include <vector>

#include "formats/material.h"
#include "rules/layout.h"

namespace hilltb {

// Whether a decoded board is a position: in chess and koth the side not to move may not
// stand in check (qoth has no check). A table's other slots are index holes and these.
inline bool is_position(const Position& pos) {
  const Color stm = pos.side_to_move();
  return pos.variant() == Variant::Qoth || !pos.attacked_by(stm, pos.king_square(~stm));
}

// The squares of a pawn slice's pawns, by colour.
struct PawnSlice {
  Bitboard white = 0, black = 0;
  Bitboard pawns() const { return white | black; }
};

class Index {
  // A table has at most this many piece groups (pieces of one colour and type).
  static constexpr std::size_t MAX_GROUPS = MAX_TABLE_PIECES;
  using Placement = std::array<Bitboard, MAX_GROUPS>;  // squares per group, in index order

 public:
  // qoth needs the layout and the hand's target; chess and koth ignore both.
  Index(const Material& material, Variant variant, const Layout& layout = ring_layout(),
        Square target = SQ_NONE);
  // The pawn slice of a chess or koth material with pawns.
  Index(const Material& material, Variant variant, PawnSlice slice);

  std::uint64_t size() const { return size_; }  // positions per side to move
  const Material& material() const { return material_; }
  Variant variant() const { return variant_; }
  const std::vector<int>& symmetries() const { return symmetries_; }
  std::size_t leading_classes() const { return lead_raw_.size(); }
  // Chess and koth with pawns (not a slice's index): the positions whose pawns stand on
  // a slice's squares, as the index stores them (kings in their canonical placement),
  // are in each leading class one run of pawn_run() indices, pawn_offset(slice) after
  // the class's first (class_size() apart): the pawns are ranked right after the kings.
  std::uint64_t pawn_offset(const PawnSlice& slice) const;
  // Those of each slice and of its mirror image (the pawns of a position whose kings
  // are mirrored), ascending, each once.
  std::vector<std::uint64_t> pawn_offsets(const std::vector<PawnSlice>& slices) const;
  std::uint64_t pawn_run() const;
  std::uint64_t class_size() const { return groups_[0].stride; }

  // The index of pos, which must hold exactly this material in these colours (and, in
  // qoth, the index's fixed pawns). Positions related by a symmetry share one index.
  std::uint64_t encode(const Position& pos) const;
  // The same for colour_flipped(pos) (formats/symmetry.h), without building it: what a
  // position of the opposite material looks up in this table.
  std::uint64_t encode_flipped(const Position& pos) const;
  // The same for transform(t, pos) (formats/symmetry.h), without building it.
  std::uint64_t encode_transformed(int t, const Position& pos) const;
  // The position at idx with side to move stm; false when idx names no position
  // (pieces on one square, or the duplicate image of another index). Scans use a
  // Decoder.
  bool decode(std::uint64_t idx, Color stm, Position& out) const;
  // How many of the table's symmetries map pos onto itself (1 for almost every position).
  int stabiliser_size(const Position& pos) const;
  // Whether one piece move from pos may reach a position that a symmetry other than the
  // identity maps onto itself (it may only with every leading piece but one on a
  // square such a symmetry fixes); if not, every Neighbourhood::moved_stabiliser_size
  // of pos is 1.
  bool moves_may_be_fixed(const Position& pos) const;

  // The indices of the positions one piece move away from a decoded position, fast:
  // when the piece is not in the leading groups (and no symmetry fixes them), the class
  // and the ranks of the groups before the piece's stay: in chess and koth only its own
  // group's rank changes, in qoth the groups after it are ranked again (a Shift); when
  // it leads, the new class is looked up and, with a symmetry to apply, the other
  // groups' images under it are made once and ranked (in chess and koth without one,
  // their share of the index stays). Retrograde passes encode every predecessor this way.
  class Neighbourhood {
   public:
    Neighbourhood(const Index& index, const Position& pos);
    // The index of pos with the piece on `from` moved to the empty square `to`; NONE
    // when that placement has no index (kings side by side). Sets *stabiliser_size, if
    // given, to that position's stabiliser_size.
    std::uint64_t moved(Square from, Square to, int* stabiliser_size = nullptr) const;
    // Only the stabiliser_size of that position (cheaper).
    int moved_stabiliser_size(Square from, Square to) const;
    static constexpr std::uint64_t NONE = ~std::uint64_t(0);

   private:
    // A piece of a later group moved to a square t: the ranks of the groups after it
    // are linear in where t stands among their squares, and its own group's rank is a
    // sum over the pieces that stay, which depends only on how many of them lie below
    // t, plus C(rank of t among `free`, that count + 1). So the index is made once per
    // piece for all of its moves: base + (own[below] + C(rank, below + 1)) * stride - the
    // drops of the later pieces above t.
    struct Shift {
      std::uint64_t base;  // the index with the piece off the board, its group ranked 0
      Bitboard free;       // the squares its group ranks among
      Bitboard staying;    // the other pieces of its group
      std::uint64_t stride;
      Bitboard thresholds;  // the later pieces whose rank drops when t is below them
      // [k]: the drops of the thresholds but the k lowest (those above t when k are below)
      std::array<std::uint64_t, MAX_TABLE_PIECES + 1> drop_above;
      std::array<std::uint64_t, MAX_TABLE_PIECES> own;  // [j]: the staying pieces' share, j of them below t
      std::uint64_t at(Square t) const;
      std::uint64_t group_rank(Square t) const;  // of a group of more than one piece
    };
    const Shift& shift(Square from) const {
      const std::uint8_t k = slot_of_[from];
      return shifted_ & (1u << k) ? shifts_[k] : make_shift(from);
    }
    const Shift& make_shift(Square from) const;
    std::uint64_t other_moved(std::size_t g, Square from, Square to, int* stabiliser_size) const;
    std::uint64_t lead_moved(std::size_t g, Square from, Square to, int* stabiliser_size) const;
    std::uint64_t stabilised_moved(std::size_t g, Square from, Square to, int* stabiliser_size) const;
    std::uint64_t encoded(std::size_t g, Bitboard change, int* stabiliser_size) const;
    std::uint64_t delta_moved(std::size_t g, Square from, Square to) const;
    const Placement& image_under(int t) const;

    const Index& index_;
    Placement placement_{};
    // Not value-initialised: zeroing these four arrays (rep stos) would be half of the
    // constructor's time, paid once per position a pass propagates from. group_of_ is
    // filled whole; the others are written (walk_from) for every group they are read for.
    std::array<std::int8_t, 64> group_of_;  // square -> group standing there
    std::array<std::uint8_t, 64> slot_of_;  // square -> its piece's shift (written for pieces only)
    std::array<std::uint64_t, MAX_GROUPS + 1> prefix_;  // index share of groups before g
    std::array<std::uint64_t, MAX_GROUPS> rank_;        // of group g
    std::array<Bitboard, MAX_GROUPS + 1> placed_;       // squares before g
    std::uint64_t self_ = 0;                            // the position's index
    // The groups whose moves take a fast way (all after the leading groups, when no
    // symmetry but the identity fixes the leading placement): delta_moved with the
    // index's sparse_, else a Shift.
    std::uint32_t fast_groups_ = 0;
    std::int32_t cls_ = -1;  // the class of a decoded position's leading placement, else -1
    bool fast_ = false;      // and no symmetry but the identity fixes it
    // The squares of each group (by order) under symmetry t, made when a move first
    // needs them (bit t of imaged_).
    mutable std::array<Placement, 8> images_;
    mutable std::uint8_t imaged_ = 0;
    // Made when first needed: shifts_ of the piece in slot k (bit k of shifted_).
    mutable std::array<Shift, MAX_TABLE_PIECES> shifts_;
    mutable std::uint32_t shifted_ = 0;
  };

  // Decodes indices one after another, faster when each is near the one before (a scan
  // in index order): the groups whose ranks stay keep their squares, and the position
  // it owns changes only where they moved.
  class Decoder {
   public:
    explicit Decoder(const Index& index);
    // The position at idx with side to move stm, or nullptr where decode() is false.
    // Valid until the next call.
    const Position* decode(std::uint64_t idx, Color stm);

   private:
    std::size_t full_ranks(std::uint64_t idx);
    const Index& index_;
    Position pos_;
    std::uint64_t cls_ = Neighbourhood::NONE;  // of the placement held (NONE: none)
    std::uint64_t idx_ = 0;                    // its index
    std::array<std::uint64_t, MAX_GROUPS> rank_{};
    std::array<Bitboard, MAX_GROUPS> squares_{};
    std::array<Bitboard, MAX_GROUPS + 1> placed_{};  // before group g
    std::size_t unplaced_ = MAX_GROUPS;  // the first group not on the board (after a hole)
  };

 private:
  struct Group {
    Piece piece;
    int count;
    Bitboard domain;   // squares the group may stand on
    // Ranks among the squares of its domain the groups before it leave (else among its
    // whole domain: a piece on another's square is a hole).
    bool avoids_earlier;
    std::uint64_t radix;
    std::uint64_t stride;
    Bitboard free(Bitboard placed_before) const { return avoids_earlier ? domain & ~placed_before : domain; }
  };

  Placement placement_of(const Position& pos) const;
  Placement flipped_placement_of(const Position& pos) const;
  std::uint64_t encode(Placement p, int* stabiliser_size = nullptr) const;
  int stabiliser_size(const Placement& p) const;
  Placement transformed(int t, const Placement& p) const;
  std::uint64_t lead_key(const Placement& p) const;
  // The index of a placement whose leading part is the canonical one of class cls.
  std::uint64_t index_of(const Placement& p, std::int32_t cls) const;
  // The groups from h on as index_of ranks them, squares_of(g) giving group g's squares,
  // `placed` the squares of the groups before h: visit(g, squares, free, placed) for
  // each, `free` the squares it ranks among, `placed` those of the groups before it.
  template <typename SquaresOf, typename Visit>
  void walk_from(std::size_t h, Bitboard placed, SquaresOf squares_of, Visit visit) const;
  // index_of's share of groups h on (walk_from's arguments).
  template <typename SquaresOf>
  std::uint64_t rank_from(std::size_t h, Bitboard placed, SquaresOf squares_of) const;
  void build_lead_tables();
  // Groups, radices, lead tables and size, once groups_ (but radices) and symmetries_ are set.
  void lay_out();

  Material material_;
  Variant variant_;
  Bitboard fixed_ = 0;
  Square target_ = SQ_NONE;
  PawnSlice slice_;
  std::vector<int> symmetries_;
  std::vector<Group> groups_;
  int lead_groups_ = 0;             // groups_[0, lead_groups_) form the leading placement
  bool sparse_ = false;             // no group after them avoids the squares of the earlier ones
  std::uint64_t lead_keys_ = 0;     // product of the leading groups' radices
  Bitboard lead_fixable_ = 0;       // squares a leading piece of a fixed placement stands on
  std::vector<std::int32_t> lead_class_;     // lead key -> class of its canonical image
  std::vector<std::uint8_t> lead_transform_; // lead key -> symmetry to its canonical image
  std::vector<std::uint64_t> lead_raw_;      // class -> lead key
  std::vector<std::uint8_t> lead_stabiliser_; // class -> symmetries fixing it (bit per t)
  std::uint64_t size_ = 0;
};

// Inline: the way most un-moves of a retrograde pass take (about 30 a position).
inline std::uint64_t Index::Neighbourhood::moved(Square from, Square to, int* stabiliser_size) const {
  const std::size_t g = std::size_t(group_of_[from]);
  if (!(fast_groups_ & (1u << g))) return other_moved(g, from, to, stabiliser_size);
  if (stabiliser_size) *stabiliser_size = 1;
  return index_.sparse_ ? delta_moved(g, from, to) : shift(from).at(to);
}

inline std::uint64_t Index::Neighbourhood::Shift::at(Square t) const {
  // A lone piece's rank is its place among `free`: C(p, 1) = p.
  const std::uint64_t rank = staying ? group_rank(t) : std::uint64_t(popcount(free & (square_bb(t) - 1)));
  return base + rank * stride - drop_above[std::size_t(popcount(thresholds & (square_bb(t) - 1)))];
}

}  // namespace hilltb
