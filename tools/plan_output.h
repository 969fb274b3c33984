// `gen --plan`'s three forms of the table graph: lines for a person, JSON for a
// program, Snakemake rules for a workflow engine (workflow/Snakefile includes them).
#pragma once

#include <string>
#include <vector>

#include "gen/plan_graph.h"

namespace hilltb::cli {

// How a job is run, as the plan's rules call `hilltb gen`.
struct PlanContext {
  std::string variant;  // as given: koth, qoth, chess
  std::string layout;   // qoth: as given (a name or a file), else empty
  std::string tables;   // the table directory as given
  std::string measure;  // as given: dtm, dtz or both
  int threads = 0;      // per job for the tables that take long; 0: two
  std::uint64_t memory_limit = 0;  // bytes: what PlannedTable::fits was judged against
};

void print_plan_text(const std::vector<PlannedTable>& graph, const PlanContext& context);
void print_plan_json(const std::vector<PlannedTable>& graph, const PlanContext& context);
void print_plan_snakemake(const std::vector<PlannedTable>& graph, const PlanContext& context);

}  // namespace hilltb::cli
