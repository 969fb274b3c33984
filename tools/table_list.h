// The tables a command works on: the named ones, or every table file in the directory.
#pragma once

#include "common.h"

namespace hilltb::cli {

// In dependency order (children first). Throws when a named table has no file, but
// for DTZ tables: a DTZ table is made on request only (gen --measure), so a named one
// without a file is passed over.
std::vector<Material> tables_to_visit(const TableOptions& tables, const TableKind& kind);

// `--measure dtm|dtz|both` on `cmd`, into `text` (its default is the default shown).
void add_measure_option(CLI::App& cmd, std::string& text, const std::string& what);
// The measures `--measure`'s text names.
std::vector<Measure> measures_named(const std::string& text);

}  // namespace hilltb::cli
