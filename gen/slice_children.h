// The children a table solved or verified by pawn slices (gen/pawn_slices.h) reads for
// each slice: for each side's moves, those its moves reach from the slice, kept for
// later slices while they fit.
#pragma once

#include <array>
#include <filesystem>
#include <memory>

#include "gen/plan.h"
#include "gen/table_set.h"

namespace hilltb {

class SliceChildren {
 public:
  // Table m's children, read from their files in `dir`; `beside`: the bytes the solve
  // or check takes beside them, `limit` what the job may take in all.
  SliceChildren(const Material& m, const TableKind& kind, std::filesystem::path dir, const MemoryLimit& limit,
                std::uint64_t beside);
  // The children mover's moves reach from `slice` (slice_children_after), each held for
  // the side to move its file stores them under; unless both sides' children fit whole
  // (each then read once), a child with pawns that only promotions lead into, at the
  // pawn slices they reach (promotion_slices), and a pawnless child that only the push
  // of a lone pawn leads into, at the slice's positions (push_only), each read again
  // for other slices. What is read is kept while it fits; when a slice's own do not,
  // the other side's go first, then this side's that the slice does not reach. Throws
  // std::runtime_error, naming m, when a slice's own do not fit alone.
  const TableSet& read(const PawnSlice& slice, Color mover) { return read(slice, mover, beside_); }
  // Before a slice's solve takes its `beside` bytes: reads the children of the side
  // whose pushes the slice reads (push_only), each read whole for a while, so that
  // those peaks come without the solve's.
  void prepare(const PawnSlice& slice);

 private:
  const TableSet& read(const PawnSlice& slice, Color mover, std::uint64_t beside);
  Material material_;
  TableKind kind_;
  std::filesystem::path dir_;
  const MemoryLimit& limit_;
  std::uint64_t beside_;
  bool by_rows_;  // promotion children at the slices reached
  std::array<std::shared_ptr<TableSet>, 2> held_;  // by mover
};

}  // namespace hilltb
