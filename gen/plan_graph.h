// The table graph of a generation run: each table with the tables it needs (its
// children), its files, its size and its estimated cost. What `gen --plan` prints and a
// workflow engine schedules as one job per table, each after its children.
#pragma once

#include <filesystem>
#include <string>
#include <vector>

#include "gen/generate.h"

namespace hilltb {

struct PlannedTable {
  Material material;
  // Canonical, each one earlier in the graph unless the graph is of the named tables
  // alone (then a child outside it must be on disk before this table is made).
  std::vector<Material> children;
  // One file per family of tables (qoth: per target class; the DTM file, then the DTZ
  // one when asked for), relative to the table folder.
  std::vector<std::filesystem::path> files;
  std::uint64_t index_positions = 0;  // both sides to move, summed over the families
  std::uint64_t step_bytes = 0;       // plan_memory's peak, the largest family's
  std::uint64_t solve_bytes = 0;      // of which the working state (2 or 3 bytes a position)
  std::uint64_t job_bytes = 0;        // the same with the process around it
  bool fits = true;                   // job_bytes within memory_limit (gen refuses it otherwise)
  bool sliced = false;                // solved by pawn slices (gen/pawn_slices.h)
  double seconds = 0;                 // the job: every family's and measure's solve, at the measured rates
  bool on_disk = false;               // every file is there (not checked further)
  // The tables of the graph it needs, its children's children too, that are not on
  // disk and do not fit: while any is missing, it cannot be made here either.
  std::vector<Material> blocked_by;
};

// The tables `targets` need, children first (plan_tables); with `named_only`, the
// targets alone in that order (`gen --only`).
std::vector<PlannedTable> plan_graph(const std::vector<Material>& targets, const GenerateOptions& options,
                                     bool named_only);

}  // namespace hilltb
