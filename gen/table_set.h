// Solved tables held in memory, whole or for some placements of their pawns: the
// children a table's captures and promotions lead into, looked up by position during
// generation and verification.
#pragma once

#include <algorithm>
#include <filesystem>
#include <memory>
#include <stdexcept>
#include <unordered_map>
#include <vector>

#include "formats/index.h"
#include "formats/table_reader.h"
#include "formats/value.h"

namespace hilltb {

// The part of a table with pawns held when only some placements of its pawns are
// (a child that a parent slice's promotions reach at those alone): in each leading class
// of its index, the run of `span` indices at each of `offsets` (Index::pawn_offset), in
// that order. No offsets: the whole table.
struct PawnRows {
  std::vector<std::uint64_t> offsets;  // ascending
  std::uint64_t span = 0, class_size = 0;
  bool whole() const { return offsets.empty(); }
  std::uint64_t per_side(const Index& index) const { return index.leading_classes() * offsets.size() * span; }
  // Where index idx is held; throws std::logic_error when its pawns are not.
  std::uint64_t held_at(std::uint64_t idx) const {
    const std::uint64_t cls = idx / class_size, within = idx - cls * class_size;
    for (std::size_t k = 0; k < offsets.size(); ++k)
      if (within - offsets[k] < span) return (cls * offsets.size() + k) * span + (within - offsets[k]);
    throw std::logic_error("a lookup of pawns on squares the table is not held for");
  }
  bool holds(const std::vector<std::uint64_t>& wanted) const {
    return whole() || std::includes(offsets.begin(), offsets.end(), wanted.begin(), wanted.end());
  }
};

// A pawnless child that one slice of a table with a single pawn reaches by that pawn's
// push to the last rank alone (no capture), held at the positions the push leads to:
// one code for each position of the slice, by the slice's own index (a 6-piece child
// holds about 8 times as many positions a side as the slice: KQBNvKQ and KQBNvKP).
struct PushRows {
  Index slice;
  Square from, to;  // the push
  PieceType promoted;
  // Where the position `child`, which the push leads to, is held: the index of the
  // position before it. Throws std::logic_error for a position no push of the slice
  // leads to.
  std::uint64_t held_at(const Position& child) const;
};

struct SolvedTable {
  SolvedTable(const Material& m, const TableKind& kind) : index(m, kind.variant, kind.layout, kind.target) {}
  explicit SolvedTable(Index i) : index(std::move(i)) {}
  Index index;
  std::vector<std::uint16_t> codes;  // white to move, then black to move
  // The same at one byte a value, in place of `codes`, for a table held as a child
  // whose codes all fit (TableSet): every koth table so far, the short chess ones.
  std::vector<std::uint8_t> narrow;
  // A table held for the positions of one side to move only: codes by index alone.
  Color side = COLOR_NB;
  PawnRows rows;
  std::shared_ptr<const PushRows> pushes;  // or held by a parent slice's pushes
  // Whether it holds the positions with `stm` to move (COLOR_NB: both sides').
  bool holds(Color stm) const { return side == COLOR_NB || side == stm; }
  bool whole() const { return side == COLOR_NB && rows.whole() && !pushes; }
  std::uint16_t code(Color stm, std::uint64_t idx) const {
    std::uint64_t per_side = index.size();
    if (!rows.whole()) idx = rows.held_at(idx), per_side = rows.per_side(index);
    const std::size_t i = side == COLOR_NB ? std::size_t(stm) * per_side + idx : idx;
    return narrow.empty() ? codes[i] : narrow[i];
  }
  std::uint64_t bytes() const { return codes.size() * sizeof(codes[0]) + narrow.size(); }
};

// How a table read into memory holds its values: two bytes each, or one byte each
// where every value of the file fits (SolvedTable::narrow).
enum class Width { Codes, NarrowWhereFits };

class TableSet {
 public:
  explicit TableSet(const TableKind& kind) : kind_(kind) {}
  const TableKind& kind() const { return kind_; }

  // Holds `table` as a child, at one byte a value where its codes fit (a copy then).
  void add(std::shared_ptr<const SolvedTable> table);
  // Reads a table file into memory (throws TableError) at `width`; only the positions
  // with `side` to move unless COLOR_NB.
  // A side the file does not store is derived from the other and the children, whole:
  // those this set holds whole, the others read from their files beside it (and their
  // own children as they need, once each): a full one-ply search, as long as a verify.
  std::shared_ptr<SolvedTable> load(const std::filesystem::path& path, const Material& m,
                                    Width width = Width::Codes, Color side = COLOR_NB) const;
  // The same for the positions with pawns on the squares of `slices` (in m's colours)
  // or their mirror images alone: only the blocks of the file that hold them are read.
  // A side the file lacks is derived whole (load).
  std::shared_ptr<SolvedTable> load_rows(const std::filesystem::path& path, const Material& m,
                                         const std::vector<PawnSlice>& slices, Width width = Width::Codes,
                                         Color side = COLOR_NB) const;
  // The same for the positions that a push of the one pawn of `slice` (a slice of
  // `parent`) to the last rank leads to, as PushRows holds them: the whole side is read
  // (load), held while they are taken, and dropped.
  std::shared_ptr<SolvedTable> load_pushes(const std::filesystem::path& path, const Material& m,
                                           const Material& parent, const PawnSlice& slice, Width width,
                                           Color side) const;
  // Drops every table but those of `keep`.
  void retain(const std::vector<Material>& keep);
  // Drops m's table, if held.
  void drop(const Material& m) { tables_.erase(m.key()), tables_.erase(m.flipped().key()); }
  void clear() { tables_.clear(); }
  bool contains(const Material& m) const { return tables_.count(m.key()) > 0; }
  // Memory the tables held take.
  std::uint64_t bytes() const;

  // A table held under one colouring of its material: `flipped` when that is the
  // stored material's colours swapped.
  struct Held {
    std::shared_ptr<const SolvedTable> table;
    bool flipped;
  };
  // The table held for m (either colours), or nullptr.
  const Held* find(const Material& m) const;

  // The stored code of pos, whose material must be one of the set's (either colours),
  // held for the side to move pos is stored with.
  std::uint16_t code_of(const Position& pos) const;
  // The same, with pos's table found already (find of its material).
  std::uint16_t code_in(const Held& held, const Position& pos) const;

 private:
  // Puts m whole into `into`: shared from this set when held whole, else read from
  // `folder` after its children (recursively), which its load may need.
  void hold_whole(TableSet& into, const Material& m, const std::filesystem::path& folder) const;
  TableKind kind_;
  // Each table under both colourings of its material, so that a lookup needs no
  // canonical test.
  std::unordered_map<std::uint64_t, Held> tables_;
};

}  // namespace hilltb
