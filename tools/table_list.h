// The tables a command works on: the named ones, or every table file in the directory.
#pragma once

#include "common.h"

namespace hilltb::cli {

// In dependency order (children first). Throws when a named table has no file.
std::vector<Material> tables_to_visit(const TableOptions& tables, const TableKind& kind);

}  // namespace hilltb::cli
