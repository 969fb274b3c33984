// The table graph `gen --plan` prints and a workflow schedules: the koth set up to 4
// pieces, against the tables the ctest fixture generated.
#include <gtest/gtest.h>

#include <unistd.h>

#include <filesystem>
#include <set>

#include "formats/table_reader.h"
#include "gen/plan_cost.h"
#include "gen/plan_graph.h"
#include "test_tables.h"

namespace hilltb {
namespace {

GenerateOptions koth_options() {
  GenerateOptions options;
  options.dir = HILLTB_TEST_TABLES;
  options.variant = Variant::Koth;
  return options;
}

TEST(PlanGraph, KothUpTo4HasEveryChildBeforeItsParent) {
  const auto graph = plan_graph(all_materials(Variant::Koth, 4), koth_options(), false);
  EXPECT_EQ(graph.size(), 36u);
  std::set<std::string> seen;
  for (const PlannedTable& t : graph) {
    for (const Material& c : t.children) EXPECT_TRUE(seen.count(c.name())) << t.material.name() << " before " << c.name();
    EXPECT_TRUE(seen.insert(t.material.name()).second) << t.material.name() << " twice";
  }
}

TEST(PlanGraph, SizesAreTheGeneratedFiles) {
  const TableKind kind(Variant::Koth);
  for (const PlannedTable& t : plan_graph(all_materials(Variant::Koth, 4), koth_options(), false)) {
    ASSERT_EQ(t.files.size(), 1u);
    EXPECT_EQ(t.files[0], table_path("", kind, t.material.name()));
    EXPECT_TRUE(t.on_disk) << t.material.name();
    const TableReader reader(table_path(HILLTB_TEST_TABLES, kind, t.material.name()),
                             TableExpectation::of(kind, t.material.name()));
    EXPECT_EQ(t.index_positions, 2 * reader.header().positions_per_side) << t.material.name();
    EXPECT_GT(t.job_bytes, t.step_bytes);
    EXPECT_GT(t.seconds, 0);
  }
}

// With DTZ asked for, each table has its DTZ file after its DTM one, costs more time
// than the DTM alone, and its step holds every child whole: at least the DTM step's.
TEST(PlanGraph, DtzTablesAddTheirFilesTimeAndMemory) {
  GenerateOptions both = koth_options();
  both.measures = {Measure::Dtm, Measure::Dtz};
  const auto dtm = plan_graph(all_materials(Variant::Koth, 4), koth_options(), false);
  const auto with_dtz = plan_graph(all_materials(Variant::Koth, 4), both, false);
  ASSERT_EQ(dtm.size(), with_dtz.size());
  for (std::size_t i = 0; i < dtm.size(); ++i) {
    const std::string name = dtm[i].material.name();
    ASSERT_EQ(with_dtz[i].files.size(), 2u) << name;
    EXPECT_EQ(with_dtz[i].files[0], table_path("", TableKind(Variant::Koth), name));
    EXPECT_EQ(with_dtz[i].files[1], table_path("", TableKind(Variant::Koth, Measure::Dtz), name));
    EXPECT_EQ(with_dtz[i].index_positions, 2 * dtm[i].index_positions) << name;
    // The DTZ solve adds more than the DTM solve takes: it is the slower.
    const double dtm_solve = estimated_solve_seconds(dtm[i].material, TableKind(Variant::Koth), dtm[i].index_positions);
    EXPECT_GT(with_dtz[i].seconds - dtm[i].seconds, dtm_solve) << name;
    EXPECT_GE(with_dtz[i].step_bytes, dtm[i].step_bytes) << name;
  }
}

// A job making both measures starts a DTZ table with pawns from its DTM table, which
// the plan counts as faster than the rounds from draws of a DTZ job alone.
TEST(PlanGraph, DtzWithPawnsFromTheDtmTableCostsLess) {
  GenerateOptions both = koth_options(), dtz = koth_options();
  both.measures = {Measure::Dtm, Measure::Dtz};
  dtz.measures = {Measure::Dtz};
  const auto targets = all_materials(Variant::Koth, 4);
  const auto dtm_only = plan_graph(targets, koth_options(), false);
  const auto with_both = plan_graph(targets, both, false);
  const auto dtz_only = plan_graph(targets, dtz, false);
  for (std::size_t i = 0; i < dtm_only.size(); ++i) {
    // The DTZ solve in the job making both, as a job of its own.
    const double dtz_in_both = estimated_job_seconds(with_both[i].seconds - dtm_only[i].seconds);
    if (dtm_only[i].material.has_pawns()) EXPECT_LT(dtz_in_both, dtz_only[i].seconds) << dtm_only[i].material.name();
    else EXPECT_NEAR(dtz_in_both, dtz_only[i].seconds, 1e-6) << dtm_only[i].material.name();
  }
}

TEST(PlanGraph, NeededTablesComeWithTheNamedOne) {
  const auto needed = plan_graph({Material::parse("KRvKP", Variant::Koth)}, koth_options(), false);
  std::set<std::string> names;
  for (const PlannedTable& t : needed) names.insert(t.material.name());
  // KRvKP: a capture of the rook or pawn, a promotion (with or without capturing the
  // rook), canonical (KRvKQ is KQvKR).
  for (const char* m : {"KvK", "KRvK", "KPvK", "KQvK", "KQvKR", "KRvKR", "KRvKB", "KRvKN", "KRvKP"})
    EXPECT_TRUE(names.count(m)) << m;
  EXPECT_EQ(needed.back().material.name(), "KRvKP");
}

TEST(PlanGraph, OnlyTheNamedTablesWithOnly) {
  const auto alone = plan_graph({Material::parse("KRvKP", Variant::Koth), Material::parse("KQvK", Variant::Koth)},
                                koth_options(), true);
  ASSERT_EQ(alone.size(), 2u);
  EXPECT_EQ(alone[0].material.name(), "KQvK");  // a child of KRvKP: first
  EXPECT_EQ(alone[1].material.name(), "KRvKP");
  EXPECT_FALSE(alone[1].children.empty());
}

std::vector<std::string> names_of(const std::vector<Material>& materials) {
  std::vector<std::string> out;
  for (const Material& m : materials) out.push_back(m.name());
  return out;
}

// A table that fits but needs one that does not cannot be made either: koth KRvKP by
// pawn slices fits 30 MiB, its pawnless 4-piece children (jobs of 33 MiB) do not.
TEST(PlanGraph, ATableThatNeedsOneThatDoesNotFitIsBlocked) {
  GenerateOptions tight = koth_options();
  tight.dir = std::filesystem::temp_directory_path() / ("hilltb-plan-none-" + std::to_string(::getpid()));
  tight.max_memory = std::uint64_t(30) << 20;
  const auto graph = plan_graph({Material::parse("KRvKP", Variant::Koth)}, tight, false);
  const PlannedTable& krkp = graph.back();
  EXPECT_TRUE(krkp.fits);
  EXPECT_TRUE(krkp.sliced);
  EXPECT_EQ(names_of(krkp.blocked_by), (std::vector<std::string>{"KQvKR", "KRvKB", "KRvKN", "KRvKR"}));
  for (const PlannedTable& t : graph) {
    if (t.material.pieces() < 4) EXPECT_TRUE(t.fits && t.blocked_by.empty()) << t.material.name();
    if (t.material.pieces() == 4 && !t.material.has_pawns()) EXPECT_FALSE(t.fits) << t.material.name();
  }
  // KPvKP promotes into tables with a pawn, which fit: what does not fit, it needs through them.
  const PlannedTable kpkp = plan_graph({Material::parse("KPvKP", Variant::Koth)}, tight, false).back();
  EXPECT_TRUE(kpkp.fits);
  for (const Material& c : kpkp.children) EXPECT_TRUE(c.has_pawns()) << c.name();
  EXPECT_EQ(names_of(kpkp.blocked_by), (std::vector<std::string>{"KBvKB", "KBvKN", "KNvKN", "KQvKB", "KQvKN", "KQvKQ",
                                                                  "KQvKR", "KRvKB", "KRvKN", "KRvKR"}));
  // The same children on disk block nothing.
  tight.dir = HILLTB_TEST_TABLES;
  EXPECT_TRUE(plan_graph({Material::parse("KRvKP", Variant::Koth)}, tight, false).back().blocked_by.empty());
}

TEST(PlanCost, LargerTablesAskForMore) {
  const Material small = Material::parse("KQvK", Variant::Koth), large = Material::parse("KQRvKR", Variant::Koth);
  EXPECT_LT(estimated_job_seconds(estimated_solve_seconds(small, TableKind(Variant::Koth), 59136)),
            estimated_job_seconds(estimated_solve_seconds(large, TableKind(Variant::Koth), 1u << 30)));
  EXPECT_LT(requested_mem_mb(estimated_job_bytes(1 << 20)), requested_mem_mb(estimated_job_bytes(1ull << 32)));
  EXPECT_GE(requested_mem_mb(estimated_job_bytes(std::uint64_t(1) << 32)), 4096u * 5 / 4);
  EXPECT_GE(requested_runtime_minutes(3600), 60u);
}

}  // namespace
}  // namespace hilltb
