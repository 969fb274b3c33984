// Planning a generation run: which tables a run makes and in what order, the memory
// each step takes, and the memory the run may use. Nothing here makes a table.
#pragma once

#include <algorithm>
#include <cstdint>
#include <filesystem>
#include <vector>

#include "formats/index.h"
#include "formats/material.h"
#include "formats/table_file.h"

namespace hilltb {

// The tables `targets` need, themselves included, children first.
std::vector<Material> plan_tables(const std::vector<Material>& targets, Variant variant);
// The targets alone, canonical, each once, children first where one needs another.
std::vector<Material> order_tables(const std::vector<Material>& targets, Variant variant);

// The index of table m in the family `kind`.
Index index_of(const Material& m, const TableKind& kind);

// One step of a plan: its table's index size and the memory its solve takes at the
// peak, with the larger side's children (the halves that side's moves reach) at their
// widths on disk, or not made yet, one byte a value in koth (every koth table so far)
// and two otherwise (a DTZ step holds every child whole); generation checks each step
// again with the widths it holds.
// A DTM chess or koth table with pawns whose whole solve needs more than `slice_above`
// bytes (or every one, with `slice_all`) is solved by pawn slices (gen/pawn_slices.h):
// its solve bytes are then a slice's working state and the slices its pawn moves read,
// a child with pawns that only its promotions reach counts at the pawn slices that the
// promotions of a slice with every pawn of the mover on its seventh rank reach, and a
// pawnless one that only the push of a lone pawn reaches at a slice's positions. The
// latter are read before the slice's solve, each read whole for one side to take them
// (SliceChildren::prepare), and kept beside the other side's children through it.
struct PlanStep {
  std::uint64_t positions_per_side = 0;
  std::uint64_t solve_bytes = 0;
  std::uint64_t children_bytes = 0;
  std::uint64_t before_bytes = 0;  // the peak before a slice's solve, if higher
  bool sliced = false;
  std::uint64_t memory() const { return std::max(solve_bytes + children_bytes, before_bytes); }
};
struct SlicePolicy {
  std::uint64_t slice_above = UINT64_MAX;  // job bytes (estimated_job_bytes)
  bool slice_all = false;
};
std::vector<PlanStep> plan_memory(const std::vector<Material>& plan, const TableKind& kind,
                                  const std::filesystem::path& dir, const SlicePolicy& slicing = {});
// The bytes a child c takes held for lookups, the positions with `side` to move (or
// both: COLOR_NB) at its width on disk (one byte a value in koth if not made yet).
std::uint64_t child_bytes(const Material& c, Color side, const TableKind& kind, const std::filesystem::path& dir);
// The same held at the positions with pawns on the squares of `slices` or their mirror
// images alone (TableSet::load_rows); no slices: whole.
std::uint64_t child_bytes(const Material& c, Color side, const TableKind& kind, const std::filesystem::path& dir,
                          const std::vector<PawnSlice>& slices);
// The bytes a child c takes held at `positions` positions (TableSet::load_pushes).
std::uint64_t child_bytes_at(const Material& c, std::uint64_t positions, const TableKind& kind,
                             const std::filesystem::path& dir);
// Whether m can be solved by slices in the family `kind`: DTM, chess or koth, pawns.
bool can_slice(const Material& m, const TableKind& kind);

// For each step of the plan, the last step that reads its table as a child (itself
// when none does).
std::vector<std::size_t> last_uses(const std::vector<Material>& plan, Variant variant);

// The machine's available memory in bytes (MemAvailable).
std::uint64_t available_memory();

// The memory a run may use, in bytes: `max_memory` (--max-memory) when not 0, else what
// the machine has available.
std::uint64_t memory_limit(std::uint64_t max_memory);

// The memory a run may use; refuses a table that needs more.
class MemoryLimit {
 public:
  // `max_memory`: bytes (--max-memory); 0: what the machine has available.
  explicit MemoryLimit(std::uint64_t max_memory);
  // Throws std::runtime_error naming m when the job of a solve step of `step` bytes
  // (the step and the process around it, estimated_job_bytes) needs more than the
  // limit: refused before it swaps or is killed.
  void check(const Material& m, std::uint64_t step) const;
  // Whether such a job fits.
  bool fits(std::uint64_t step) const;

 private:
  std::uint64_t bytes_;
  bool asked_;  // by --max-memory
};

}  // namespace hilltb
