// A chess or koth table with pawns solved a slice at a time. A slice is the positions
// with every pawn on given squares (formats/index.h). Pawns only advance, so every pawn
// move leads from a slice to one whose pawns stand further up their files (or out of the
// table, by a capture or a promotion): solved from the most advanced, each slice reads
// the slices its pawn moves reach as it reads children, and the working state is one
// slice's. Slices that are mirror images of each other (files reversed) hold the same
// values; only the first of each pair is solved. The table's file is then written from
// the slices a block at a time, never held whole.
#pragma once

#include <array>
#include <filesystem>
#include <map>
#include <memory>
#include <mutex>
#include <span>
#include <unordered_set>
#include <vector>

#include "formats/table_reader.h"
#include "formats/table_writer.h"
#include "gen/solver.h"

namespace hilltb {

// The slices of material m to solve, in an order where each pawn move leads to a slice
// before its own: by the pawns' advance (white's ranks plus black's from the other
// side), most advanced first. One of each mirrored pair, the one canonical_slice keeps.
std::vector<PawnSlice> pawn_slices(const Material& m);
// Whether a slice is the one of its mirrored pair that is solved.
bool canonical_slice(const PawnSlice& slice);
// Whether a slice is its own mirror image (it then holds each position and its image).
bool own_mirror_image(const PawnSlice& slice);

// The children a slice reads while `mover`'s moves are valued, each with the side to
// move its file stores them under (COLOR_NB: both): those its moves lead into
// (Material::children_after), and after a double push of its pawns, the opponent's
// en-passant captures, which a slice values as part of the push.
std::vector<std::pair<Material, Color>> slice_children_after(const Material& m, Color mover, Variant variant);
// The same for one slice's positions: its promotions only from a pawn on its seventh
// rank, the opponent's en-passant captures only after a double push beside one of theirs.
std::vector<std::pair<Material, Color>> slice_children_after(const Material& m, const PawnSlice& slice, Color mover,
                                                             Variant variant);

// Whether a slice reads child c (one slice_children_after lists for mover's moves) only
// where its promotions lead (promotion_slices): c has pawns, and no other move of either
// side that a slice values leads into it.
bool promotion_only(const Material& m, Color mover, const std::pair<Material, Color>& child, Variant variant);
// Whether a slice reads pawnless child c only where its pushes to the last rank lead
// (TableSet::load_pushes): m's one pawn is mover's, and c keeps every piece (no capture).
bool push_only(const Material& m, Color mover, const std::pair<Material, Color>& child);
// The pawn slices of a child that promotion_only accepts, in the colours it is stored
// with, that the promotions of mover's pawns from `slice` reach (each of its pawns on
// the seventh rank promoted).
std::vector<PawnSlice> promotion_slices(const PawnSlice& slice, Color mover, const std::pair<Material, Color>& child);

// The slices of one table solved so far: held in memory, or with a folder, written there
// as each is solved (raw codes, both sides to move) and read back mapped, so that only
// the pages a lookup touches are resident. Slices found in the folder (a run that
// stopped) count as solved.
class SolvedSlices {
 public:
  SolvedSlices(const Material& m, Variant v, std::filesystem::path folder = {});
  ~SolvedSlices();
  SolvedSlices(const SolvedSlices&) = delete;
  SolvedSlices& operator=(const SolvedSlices&) = delete;

  // Whether the slice is solved (with a folder: maps its file when there).
  bool solved(const PawnSlice& slice);
  void add(const PawnSlice& slice, std::shared_ptr<const SolvedTable> table);
  // The stored code of a position of the table whose slice, or its mirror image, is
  // solved; throws std::logic_error if not.
  std::uint16_t code_of(const Position& pos) const;
  // The largest code of the slices solved (for the width of the file).
  std::uint16_t max_code() const { return max_code_; }

  // Fills the folder, empty so far, with every slice of the table file `reader` (its
  // index `index`), in one pass over the file: each slice's file is made at its full
  // size and mapped for writing. The side to move a file lacks is left for the caller
  // to fill (writable). Throws std::runtime_error when the disk cannot hold the slices.
  void read_table(const TableReader& reader, const Index& index, const SolveHooks& hooks);
  // The index of a slice held (one pawn_slices gives).
  const Index& index_of(const PawnSlice& slice) const;
  // The codes of a slice read_table made, both sides to move (white first), to write.
  std::span<std::uint16_t> writable(const PawnSlice& slice);

 private:
  struct Held;
  const Held& held(const PawnSlice& slice) const;
  std::filesystem::path file_of(const PawnSlice& slice) const;
  Material material_;
  Variant variant_;
  std::filesystem::path folder_;
  std::map<std::pair<Bitboard, Bitboard>, std::unique_ptr<Held>> held_;
  std::uint16_t max_code_ = 0;
};

// Solves every slice of the table not in `slices` yet, in pawn_slices' order, with the
// children its captures and promotions reach (hooks.children_for as in solve_table, or
// hooks.slice_children_for with each slice).
void solve_slices(SolvedSlices& slices, const Material& material, Variant variant, const TableSet& children,
                  const SolveHooks& hooks, StateLayout layout = StateLayout::Packed);

// The table's codes in its own index (formats/index.h) from its solved slices, a block
// at a time for write_table (a CodeSource), non-positions filled (fill_holes),
// gathering their statistics as they go.
class AssembledCodes {
 public:
  // `progress`, if given, hears the fraction of the codes made now and then.
  AssembledCodes(const Index& index, const SolvedSlices& slices, Metric metric,
                 std::function<void(double)> progress = {});
  void operator()(std::uint64_t first, std::span<std::uint16_t> out);
  // The statistics of every block made (table_stats).
  std::array<SideStats, 2> stats() const;

 private:
  const Index& index_;
  const SolvedSlices& slices_;
  const Metric metric_;
  const std::function<void(double)> progress_;
  std::mutex mutex_;
  std::uint64_t made_ = 0;  // codes
  // The blocks counted, by their first index: the writer may ask for a block more than
  // once (to train a dictionary, to compare codes with differences).
  std::unordered_set<std::uint64_t> counted_;
  std::array<SideStats, 2> stats_{};
};

}  // namespace hilltb
