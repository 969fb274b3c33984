// The tables the ctest fixture generated (tests/CMakeLists.txt), loaded for tests.
#pragma once

#include "gen/table_set.h"

namespace hilltb::test {

// A TableSet with every table of the variant up to 4 pieces from HILLTB_TEST_TABLES.
const TableSet& generated_tables(Variant v);
// The same, one table with its own index.
std::shared_ptr<const SolvedTable> generated_table(Variant v, const std::string& material);

}  // namespace hilltb::test
