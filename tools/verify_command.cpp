// hilltb verify: checksums, then every stored value re-derived from its successors.
#include <algorithm>
#include <iostream>

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
      if (!children.contains(c)) children.add(children.load(table_path(dir, kind, c.name()), c, true));
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

// Whether the table after list[i] needs it: then it stays in memory after its check.
bool needed_next(const std::vector<Material>& list, std::size_t i, Variant variant) {
  if (i + 1 >= list.size()) return false;
  const std::vector<Material> children = list[i + 1].children(variant);
  return std::find(children.begin(), children.end(), list[i]) != children.end();
}

}  // namespace

void add_verify_command(CLI::App& app) {
  CLI::App* cmd = nullptr;
  auto opts = add_table_subcommand(app, "verify", "check every table's checksum and every stored value", cmd);
  cmd->callback([opts] {
    int failed = 0;
    for (const TableKind& kind : opts->variant.table_kinds()) {
      const std::vector<Material> list = tables_to_visit(opts->tables, kind);
      // Only the children of the table being checked are held, those of the table before
      // kept when they are among them.
      TableSet children(kind);
      for (std::size_t i = 0; i < list.size(); ++i) {
        children.retain(list[i].children(kind.variant));
        failed += !verify_one(opts->tables.dir, kind, list[i], children, needed_next(list, i, kind.variant));
      }
    }
    if (failed) throw std::runtime_error(std::to_string(failed) + " table(s) failed verification");
  });
}

}  // namespace hilltb::cli
