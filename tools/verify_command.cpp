// hilltb verify: checksums, then every stored value re-derived from its successors.
#include <iostream>
#include <map>

#include "commands.h"
#include "gen/verify.h"
#include "table_list.h"

namespace hilltb::cli {

namespace {

// Checks one table against its children, loading those `children` lacks, and keeps
// it there when `needed_later`; prints a line.
bool verify_one(const std::string& dir, const TableKind& kind, const Material& m, TableSet& children,
                bool needed_later) {
  const auto path = table_path(dir, kind, m.name());
  try {
    TableReader(path, TableExpectation::of(kind, m.name())).verify_checksum();
    const auto table = children.load(path, m);
    for (const Material& c : m.children(kind.variant))
      if (!children.contains(c)) children.add(children.load(table_path(dir, kind, c.name()), c));
    const VerifyReport report = verify_table(*table, children, {});
    if (needed_later) children.add(table);
    if (report.ok()) {
      std::cout << m.name() << ": ok, " << report.checked << " values re-derived, checksum good\n";
      return true;
    }
    std::cout << m.name() << ": FAILED, " << report.mismatches << " of " << report.checked << " values wrong";
    for (const auto& e : report.examples) std::cout << "\n    " << e;
    std::cout << "\n";
  } catch (const TableError& e) {
    std::cout << m.name() << ": FAILED, " << e.what() << "\n";
  }
  return false;
}

}  // namespace

void add_verify_command(CLI::App& app) {
  CLI::App* cmd = nullptr;
  auto opts = add_table_subcommand(app, "verify", "check every table's checksum and every stored value", cmd);
  cmd->callback([opts] {
    int failed = 0;
    for (const TableKind& kind : opts->variant.table_kinds()) {
      const std::vector<Material> list = tables_to_visit(opts->tables, kind);
      // Children stay loaded until the last table that needs them is checked.
      std::map<std::string, std::size_t> last_use;
      for (std::size_t i = 0; i < list.size(); ++i)
        for (const Material& c : list[i].children(kind.variant)) last_use[c.name()] = i;
      TableSet children(kind);
      for (std::size_t i = 0; i < list.size(); ++i) {
        failed += !verify_one(opts->tables.dir, kind, list[i], children, last_use.count(list[i].name()));
        for (const Material& c : list[i].children(kind.variant))
          if (last_use[c.name()] == i) children.remove(c);
      }
    }
    if (failed) throw std::runtime_error(std::to_string(failed) + " table(s) failed verification");
  });
}

}  // namespace hilltb::cli
