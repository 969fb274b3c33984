// The tables the ctest fixture generated (tests/CMakeLists.txt), loaded for tests.
#pragma once

#include "gen/table_set.h"

namespace hilltb::test {

// The most pieces of the fixture's tables: 4 (qoth 3, its 4-piece set takes minutes).
constexpr int fixture_pieces(Variant v) { return v == Variant::Qoth ? 3 : 4; }

// A TableSet with every table of the variant up to fixture_pieces from HILLTB_TEST_TABLES
// (qoth: the ring layout).
const TableSet& generated_tables(Variant v);
// The same, one table with its own index; Measure::Dtz: its DTZ table (chess, koth).
std::shared_ptr<const SolvedTable> generated_table(Variant v, const std::string& material,
                                                   Measure measure = Measure::Dtm);
// A TableSet with the children of `material` alone (generated_table each): what a solve
// or a verify of it reads, without loading the rest of the fixture.
TableSet children_of(Variant v, const std::string& material, Measure measure = Measure::Dtm);

}  // namespace hilltb::test
