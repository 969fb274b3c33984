// Generating a set of tables: dependency order, what is already on disk, memory
// limits, and writing each finished table.
#pragma once

#include <array>

#include "formats/table_writer.h"
#include "gen/progress.h"
#include "gen/qoth_solver.h"
#include "gen/solver.h"

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
  // Keep one side to move in each file of the plan, the smaller (keep_one_side): files
  // are written with both (later steps read their children's two sides) and cut once no
  // later step reads them; a file an interrupted run left whole is cut on resuming.
  // Half the disk or less; a probe of the other side is a one-ply search (about six
  // times as long).
  bool one_side = false;
  // Make the named tables alone, not the tables they need: each child must be on disk
  // already (one workflow job per table, its children made by jobs before it).
  bool named_only = false;
};

struct TableResult {
  Material material;
  Measure measure = Measure::Dtm;
  bool generated = false;  // false: a verified file was already there
  std::uint64_t file_bytes = 0;  // as left on disk
  double seconds = 0;
};

// The tables `targets` need, themselves included, children first.
std::vector<Material> plan_tables(const std::vector<Material>& targets, Variant variant);
// The targets alone, canonical, each once, children first where one needs another.
std::vector<Material> order_tables(const std::vector<Material>& targets, Variant variant);

// One step of a plan: its table's index size and the memory its solve takes at the
// peak, with the larger side's children (the halves that side's moves reach) at their
// widths on disk, or not made yet, one byte a value in koth (every koth table so far)
// and two otherwise; generation checks each step again with the widths it holds.
struct PlanStep {
  std::uint64_t positions_per_side = 0;
  std::uint64_t solve_bytes = 0;
  std::uint64_t children_bytes = 0;
  std::uint64_t memory() const { return solve_bytes + children_bytes; }
};
std::vector<PlanStep> plan_memory(const std::vector<Material>& plan, const TableKind& kind,
                                  const std::filesystem::path& dir);

// Generates every table of the plan that is not already on disk with a good checksum.
// Throws std::runtime_error (memory refused, a file that can't be written) or
// Interrupted; a table being written when that happens leaves no file behind.
std::vector<TableResult> generate_tables(const std::vector<Material>& targets, const GenerateOptions& options,
                                         Progress& progress, const std::atomic<bool>* cancel);
// The same for one family of tables (options.variant and options.layout aside).
std::vector<TableResult> generate_kind(const std::vector<Material>& targets, const TableKind& kind,
                                       const GenerateOptions& options, Progress& progress,
                                       const std::atomic<bool>* cancel);

// Per-side statistics of finished codes (both sides, white to move first).
std::array<SideStats, 2> table_stats(const std::vector<std::uint16_t>& codes, std::uint64_t per_side, Metric metric);

// The memory a run may use, in bytes: --max-memory when given, else what the machine
// has available.
std::uint64_t memory_limit(const GenerateOptions& options);

// The machine's available memory in bytes (MemAvailable).
std::uint64_t available_memory();

}  // namespace hilltb
