// hilltb verify: checksums, then every stored value re-derived from its successors.
#include <filesystem>
#include <iostream>
#include <map>

#include "commands.h"
#include "fifty/bound_memo.h"
#include "formats/zeroing.h"
#include "gen/pawn_slices.h"
#include "gen/plan.h"
#include "gen/progress.h"
#include "gen/slice_children.h"
#include "gen/verify.h"
#include "table_list.h"
#include "verify_cursed.h"

namespace hilltb::cli {

namespace {

// Whether m is checked a pawn slice at a time (verify_by_slices): with `slices` when it
// can be, else when its codes held whole (two bytes each) would not fit beside its
// children, held whole, in the memory available.
bool by_slices(const std::string& dir, const TableKind& kind, const Material& m, const TableReader& reader,
               bool slices) {
  if (!can_slice(m, kind)) return false;
  if (slices) return true;
  std::uint64_t bytes = 4 * reader.header().positions_per_side;
  for (const Material& c : m.children(kind.variant)) {
    const TableHeader child = TableReader(table_path(dir, kind, c.name()), TableExpectation::of(kind, c.name())).header();
    bytes += 2 * child.positions_per_side * child.value_bytes;
  }
  return bytes > available_memory();
}

// Checks one table against its children, loading those `children` lacks, and keeps
// it there when `needed_later`; prints a line, the table called `name`. By slices, it
// reads instead, for each slice's positions of each side to move, only the children
// their moves reach, as gen does.
bool verify_one(const std::string& dir, const TableKind& kind, const Material& m, const std::string& name,
                TableSet& children, bool needed_later, bool slices, Progress& progress) {
  const auto path = table_path(dir, kind, m.name());
  try {
    const TableReader reader(path, TableExpectation::of(kind, m.name()));
    reader.verify_checksum();
    const bool sliced = by_slices(dir, kind, m, reader, slices);
    // Children first: a side a file does not store is derived with them.
    if (!sliced)
      for (const Material& c : m.children(kind.variant))
        if (!children.contains(c)) children.add(children.load(table_path(dir, kind, c.name()), c, Width::NarrowWhereFits));
    SolveHooks hooks;
    hooks.progress = [&](const Phase& phase, double f) { progress.update(phase, f); };
    VerifyReport report;
    if (sliced) {
      TableSet halves(kind);
      const MemoryLimit limit(0);
      SliceChildren reads(m, kind, dir, limit, 0);  // the slices are mapped files
      hooks.slice_children_for = [&](const PawnSlice& slice, Color mover) {
        halves.clear();  // shares the tables it holds
        if (mover != COLOR_NB) halves = reads.read(slice, mover);
      };
      // Beside the table; one left by a run that stopped is made again.
      const std::filesystem::path folder = path.string() + ".verify";
      std::filesystem::remove_all(folder);
      std::filesystem::create_directories(folder);
      try {
        report = verify_by_slices(reader, m, halves, hooks, folder);
      } catch (...) {
        std::filesystem::remove_all(folder);
        throw;
      }
      std::filesystem::remove_all(folder);
    } else {
      const auto table = children.load(path, m);
      report = verify_table(*table, children, hooks, reader.header().sides);
      if (needed_later) children.add(table);
    }
    progress.clear();
    if (report.ok()) {
      std::cout << name << ": ok, " << report.checked << " values re-derived, checksum good\n";
      return true;
    }
    std::cout << name << ": FAILED, " << report.mismatches << " of " << report.checked << " values wrong";
    for (const auto& e : report.examples) std::cout << "\n    " << e;
    std::cout << "\n";
  } catch (const TableError& e) {
    progress.clear();
    std::cout << name << ": FAILED, " << e.what() << "\n";
  }
  return false;
}

// For each table some table of the list needs as a child, the last place in the list
// that needs it: worth holding until then (each read, and derived where its file
// stores one side, once).
std::map<std::string, std::pair<Material, std::size_t>> last_use(const std::vector<Material>& list, Variant variant) {
  std::map<std::string, std::pair<Material, std::size_t>> last;
  for (std::size_t j = 0; j < list.size(); ++j)
    for (const Material& c : list[j].children(variant)) last.insert_or_assign(c.name(), std::pair(c, j));
  return last;
}

}  // namespace

void add_verify_command(CLI::App& app) {
  CLI::App* cmd = nullptr;
  auto opts = add_table_subcommand(app, "verify", "check every table's checksum and every stored value", cmd);
  auto measure = std::make_shared<std::string>("both");
  add_measure_option(*cmd, *measure, "the tables to check");
  auto quiet = std::make_shared<bool>(false);
  cmd->add_flag("--quiet", *quiet, "no progress on stderr");
  auto slices = std::make_shared<bool>(false);
  cmd->add_flag("--slices", *slices,
                "check every DTM chess or koth table with pawns a pawn slice at a time, not only those too large "
                "to hold whole (the file is read into slice files beside it, removed after)");
  auto cursed = std::make_shared<bool>(false);
  auto horizon = std::make_shared<int>(FIFTY_MOVE_PLIES);
  cmd->add_flag("--cursed", *cursed,
                "instead: check each DTZ table's cursed wins and blessed losses by a separate search (the winner "
                "cannot zero the clock or finish within 100 plies), and its wins of DTZ 100 (it can)");
  cmd->add_option("--horizon", *horizon, "with --cursed: the plies instead of 100 (every claim above and at it)")
      ->check(CLI::Range(0, BoundMemo::MAX_PLIES));
  cmd->callback([opts, measure, cursed, horizon, quiet, slices] {
    Progress progress(!*quiet);
    if (*cursed) {
      if (const int failed = verify_cursed(*opts, *horizon, progress))
        throw std::runtime_error(std::to_string(failed) + " DTZ table(s) failed the separate check");
      return;
    }
    int failed = 0;
    for (const TableKind& kind : opts->variant.table_kinds(measures_named(*measure))) {
      const std::vector<Material> list = tables_to_visit(opts->tables, kind);
      // Held tables are kept for the tables after while they take at most a quarter of
      // the memory available, else only the children of the table being checked: a
      // 5-piece set's, kept from their check to a far later pawn table, would pile up.
      const std::uint64_t budget = available_memory() / 4;
      const auto last = last_use(list, kind.variant);
      TableSet held(kind);
      for (std::size_t i = 0; i < list.size(); ++i) {
        std::vector<Material> hold;
        for (const auto& [name, use] : last)
          if (use.second >= i) hold.push_back(use.first);
        held.retain(hold);
        if (held.bytes() > budget) held.retain(list[i].children(kind.variant));
        const auto it = last.find(list[i].name());
        const bool needed_later = it != last.end() && it->second.second > i;
        const std::string name = list[i].name() + (kind.measure == Measure::Dtz ? " DTZ" : "");
        progress.begin(name, int(i) + 1, int(list.size()));
        failed += !verify_one(opts->tables.dir, kind, list[i], name, held, needed_later, *slices, progress);
      }
    }
    if (failed) throw std::runtime_error(std::to_string(failed) + " table(s) failed verification");
  });
}

}  // namespace hilltb::cli
