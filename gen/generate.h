// Generating a set of tables in the order gen/plan.h gives them: keeping each file
// already on disk, solving and writing each other table.
#pragma once

#include <algorithm>
#include <array>

#include "formats/table_writer.h"
#include "gen/progress.h"
#include "gen/qoth_solver.h"
#include "gen/solver.h"
#include "gen/table_stats.h"

namespace hilltb {

struct GenerateOptions {
  std::filesystem::path dir;
  Variant variant = Variant::Koth;
  Layout layout = ring_layout();  // qoth: its tables, one set per target class
  std::uint64_t max_memory = 0;  // bytes; 0: what the machine has available
  WriteOptions write;
  // What the tables measure, each a set of files (formats/table_file.h): DTM (.htb),
  // and for chess and koth DTZ under the fifty-move rule (.htz), made after.
  std::vector<Measure> measures = {Measure::Dtm};
  bool makes(Measure m) const { return std::find(measures.begin(), measures.end(), m) != measures.end(); }
  // Keep one side to move in each file of the plan, the smaller (keep_one_side): files
  // are written with both (later steps read their children's two sides) and cut once no
  // later step reads them; a file an interrupted run left whole is cut on resuming.
  // Half the disk or less; a probe of the other side is a one-ply search (about six
  // times as long).
  bool one_side = false;
  // Make the named tables alone, not the tables they need: each child must be on disk
  // already (one workflow job per table, its children made by jobs before it).
  bool named_only = false;
  // Solve every DTM chess or koth table with pawns a slice at a time (gen/pawn_slices.h),
  // not only those whose whole solve does not fit the memory a run may use.
  bool slices = false;
};

struct TableResult {
  Material material;
  Measure measure = Measure::Dtm;
  bool generated = false;  // false: a verified file was already there
  std::uint64_t file_bytes = 0;  // as left on disk
  double seconds = 0;
};

// Generates every table of the plan that is not already on disk with a good checksum.
// Throws std::runtime_error (memory refused, a file that can't be written) or
// Interrupted; a table being written when that happens leaves no file behind.
std::vector<TableResult> generate_tables(const std::vector<Material>& targets, const GenerateOptions& options,
                                         Progress& progress, const std::atomic<bool>* cancel);
// The same for one family of tables (options.variant and options.layout aside).
std::vector<TableResult> generate_kind(const std::vector<Material>& targets, const TableKind& kind,
                                       const GenerateOptions& options, Progress& progress,
                                       const std::atomic<bool>* cancel);

}  // namespace hilltb
