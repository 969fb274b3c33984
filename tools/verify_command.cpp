// hilltb verify: checksums, then every stored value re-derived from its successors.
#include <iostream>

#include "commands.h"
#include "gen/verify.h"
#include "table_list.h"

namespace hilltb::cli {

void add_verify_command(CLI::App& app) {
  CLI::App* cmd = nullptr;
  auto opts = add_table_subcommand(app, "verify", "check every table's checksum and every stored value", cmd);
  cmd->callback([opts] {
    const Variant v = opts->variant.parsed_variant();
    int failed = 0;
    for (const Material& m : tables_to_visit(opts->tables, v)) {
      const auto path = table_path(opts->tables.dir, v, "", m.name());
      try {
        TableReader(path, {v, m.name()}).verify_checksum();
        TableSet tables(v, ring_layout(), SQ_NONE);
        const auto table = tables.load(path, m);
        for (const Material& c : m.children(v))
          tables.add(tables.load(table_path(opts->tables.dir, v, "", c.name()), c));
        const VerifyReport report = verify_table(*table, tables, {});
        if (report.ok()) {
          std::cout << m.name() << ": ok, " << report.checked << " values re-derived, checksum good\n";
        } else {
          ++failed;
          std::cout << m.name() << ": FAILED, " << report.mismatches << " of " << report.checked
                    << " values wrong";
          for (const auto& e : report.examples) std::cout << "\n    " << e;
          std::cout << "\n";
        }
      } catch (const TableError& e) {
        ++failed;
        std::cout << m.name() << ": FAILED, " << e.what() << "\n";
      }
    }
    if (failed) throw std::runtime_error(std::to_string(failed) + " table(s) failed verification");
  });
}

}  // namespace hilltb::cli
