// hilltb info: one line per table, from its header.
#include <cstdio>
#include <iostream>

#include "commands.h"
#include "formats/index.h"
#include "formats/symmetry.h"
#include "formats/table_reader.h"
#include "rules/notation.h"
#include "table_list.h"

namespace hilltb::cli {

namespace {

// qoth: which hands' targets the family's tables serve (images under the symmetries).
void print_target_class(const TableKind& kind) {
  std::printf("# qoth layout %s, tables indexed for target %s, serving targets", kind.layout.name.c_str(),
              square_name(kind.target).c_str());
  for (Square t : kind.layout.targets)
    if (target_class(kind.layout, t).representative == kind.target) std::printf(" %s", square_name(t).c_str());
  std::printf(" (images under the layout's symmetries)\n");
}

void print_table(const std::string& dir, const TableKind& kind, const Material& m) {
  const TableReader reader(table_path(dir, kind, m.name()), TableExpectation::of(kind, m.name()));
  const TableHeader& h = reader.header();
  SideStats sum;
  for (const SideStats& s : h.stats) {
    sum.legal += s.legal, sum.wins += s.wins, sum.draws += s.draws, sum.losses += s.losses;
    sum.longest_win = std::max(sum.longest_win, s.longest_win);
    sum.cursed_wins += s.cursed_wins, sum.blessed_losses += s.blessed_losses;
  }
  const char* sides = h.sides == 3 ? "wb" : h.holds(WHITE) ? "w" : "b";
  std::printf("%-10s %13llu %13llu %13llu %13llu %8u %12llu %13llu %7.1f%% %6s\n", m.name().c_str(),
              (unsigned long long)sum.legal, (unsigned long long)sum.wins, (unsigned long long)sum.draws,
              (unsigned long long)sum.losses, sum.longest_win, (unsigned long long)h.file_size,
              (unsigned long long)(2 * h.positions_per_side),
              100.0 * double(sum.legal) / double(2 * h.positions_per_side), sides);
  if (kind.measure == Measure::Dtz)
    std::printf("%-10s %13llu cursed wins, %llu blessed losses\n", "", (unsigned long long)sum.cursed_wins,
                (unsigned long long)sum.blessed_losses);
}

}  // namespace

void add_info_command(CLI::App& app) {
  CLI::App* cmd = nullptr;
  auto opts = add_table_subcommand(
      app, "info", "one line per table: positions, results, longest win, size, sides to move stored", cmd);
  cmd->callback([opts] {
    std::printf("%-10s %13s %13s %13s %13s %8s %12s %13s %8s %6s\n", "material", "positions", "wins", "draws",
                "losses", "longest", "bytes", "index", "density", "stored");
    for (const TableKind& kind : opts->variant.table_kinds({Measure::Dtm, Measure::Dtz})) {
      if (kind.variant == Variant::Qoth) print_target_class(kind);
      const std::vector<Material> list = tables_to_visit(opts->tables, kind);
      if (kind.measure == Measure::Dtz && !list.empty())
        std::printf("# DTZ tables (.htz, the fifty-move rule): wins and losses include the cursed and blessed; "
                    "longest: the longest DTZ\n");
      for (const Material& m : list) print_table(opts->tables.dir, kind, m);
    }
  });
}

}  // namespace hilltb::cli

