// hilltb info: one line per table, from its header.
#include <cstdio>
#include <iostream>

#include "commands.h"
#include "formats/index.h"
#include "formats/table_reader.h"
#include "table_list.h"

namespace hilltb::cli {

void add_info_command(CLI::App& app) {
  CLI::App* cmd = nullptr;
  auto opts = add_table_subcommand(app, "info", "one line per table: positions, results, longest win, size", cmd);
  cmd->callback([opts] {
    const Variant v = opts->variant.parsed_variant();
    std::printf("%-10s %13s %13s %13s %13s %8s %12s %13s %8s\n", "material", "positions", "wins", "draws",
                "losses", "longest", "bytes", "index", "density");
    for (const Material& m : tables_to_visit(opts->tables, v)) {
      const auto path = table_path(opts->tables.dir, v, "", m.name());
      const TableReader reader(path, {v, m.name()});
      const TableHeader& h = reader.header();
      SideStats sum;
      for (const SideStats& s : h.stats) {
        sum.legal += s.legal, sum.wins += s.wins, sum.draws += s.draws, sum.losses += s.losses;
        sum.longest_win = std::max(sum.longest_win, s.longest_win);
      }
      std::printf("%-10s %13llu %13llu %13llu %13llu %8u %12llu %13llu %7.1f%%\n", m.name().c_str(),
                  (unsigned long long)sum.legal, (unsigned long long)sum.wins, (unsigned long long)sum.draws,
                  (unsigned long long)sum.losses, sum.longest_win, (unsigned long long)h.file_size,
                  (unsigned long long)(2 * h.positions_per_side),
                  100.0 * double(sum.legal) / double(2 * h.positions_per_side));
    }
  });
}

}  // namespace hilltb::cli
