#include "plan_graph.h"

#include <algorithm>
#include <map>
#include <set>

#include "gen/plan.h"
#include "gen/plan_cost.h"

namespace hilltb {

std::vector<PlannedTable> plan_graph(const std::vector<Material>& targets, const GenerateOptions& options,
                                     bool named_only) {
  const Variant variant = options.variant;
  const std::vector<Material> plan = named_only ? order_tables(targets, variant) : plan_tables(targets, variant);
  std::vector<PlannedTable> graph(plan.size());
  for (std::size_t i = 0; i < plan.size(); ++i) {
    graph[i].material = plan[i];
    graph[i].children = plan[i].children(variant);
    graph[i].on_disk = true;
  }
  const DtzStart start = options.makes(Measure::Dtm) ? DtzStart::FromDtm : DtzStart::FromDraws;
  for (const TableKind& kind : TableKind::all(variant, options.layout, options.measures)) {
    const std::vector<PlanStep> steps =
        plan_memory(plan, kind, options.dir, {memory_limit(options.max_memory), options.slices});
    for (std::size_t i = 0; i < plan.size(); ++i) {
      PlannedTable& t = graph[i];
      const std::filesystem::path file = table_path("", kind, plan[i].name());
      t.files.push_back(file);
      t.on_disk = t.on_disk && std::filesystem::exists(options.dir / file);
      t.index_positions += 2 * steps[i].positions_per_side;
      t.seconds += estimated_solve_seconds(plan[i], kind, 2 * steps[i].positions_per_side, start);
      if (steps[i].memory() > t.step_bytes) t.step_bytes = steps[i].memory(), t.solve_bytes = steps[i].solve_bytes;
      t.sliced = t.sliced || steps[i].sliced;
    }
  }
  const std::uint64_t limit = memory_limit(options.max_memory);
  std::map<std::string, std::size_t> at;  // a table's place in the graph
  for (std::size_t i = 0; i < graph.size(); ++i) {
    PlannedTable& t = graph[i];
    t.seconds = estimated_job_seconds(t.seconds);
    t.job_bytes = estimated_job_bytes(t.step_bytes);
    t.fits = t.job_bytes <= limit;
    // The children stand before it (dependency order), their own blocked_by known.
    std::set<std::size_t> blocking;
    for (const Material& c : t.children) {
      const auto found = at.find(c.name());
      if (found == at.end() || graph[found->second].on_disk) continue;
      const PlannedTable& child = graph[found->second];
      if (!child.fits) blocking.insert(found->second);
      for (const Material& b : child.blocked_by) blocking.insert(at.at(b.name()));
    }
    for (std::size_t j : blocking) t.blocked_by.push_back(graph[j].material);
    at.emplace(t.material.name(), i);
  }
  return graph;
}

}  // namespace hilltb
