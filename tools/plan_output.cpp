#include "plan_output.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cmath>
#include <iostream>

#include "common.h"
#include "gen/plan_cost.h"

namespace hilltb::cli {

namespace {

// Threads a job asks for: one for a table made within a few seconds (many such jobs
// then share the cores), else the context's.
constexpr double ONE_THREAD_SECONDS = 2;
int job_threads(const PlannedTable& t, const PlanContext& context) {
  return t.seconds < ONE_THREAD_SECONDS ? 1 : context.threads ? context.threads : 2;
}

std::vector<std::string> names(const std::vector<Material>& materials) {
  std::vector<std::string> out;
  for (const Material& m : materials) out.push_back(m.name());
  return out;
}

// A path under the table directory as given.
std::string table_file(const PlanContext& context, const std::filesystem::path& file) {
  return (std::filesystem::path(context.tables) / file).string();
}

// A Python string literal (JSON's escapes are Python's).
std::string python_string(const std::string& text) { return nlohmann::ordered_json(text).dump(); }

// A rule name: the material with '-' (an empty side) written '_'.
std::string rule_name(const Material& m) {
  std::string name = "table_" + m.name();
  std::replace(name.begin(), name.end(), '-', '_');
  return name;
}

}  // namespace

void print_plan_text(const std::vector<PlannedTable>& graph, const PlanContext& context) {
  std::uint64_t positions = 0, peak = 0, to_make = 0;
  double seconds = 0;
  std::size_t too_large = 0, blocked = 0;
  for (const PlannedTable& t : graph) {
    std::cout << t.material.name() << ": " << t.index_positions << " index positions, " << (t.step_bytes >> 20)
              << " MiB" << (t.sliced ? ", by pawn slices" : "") << (t.on_disk ? ", on disk" : "");
    // What gen refuses: the job's memory, of which the working state is the part that
    // grows with the table (gen/retrograde.h).
    if (!t.fits)
      std::cout << ", does not fit: job about " << (t.job_bytes >> 20) << " MiB, working state "
                << (t.solve_bytes >> 20) << " MiB, children " << ((t.step_bytes - t.solve_bytes) >> 20) << " MiB";
    if (!t.blocked_by.empty()) std::cout << ", needs " << join_words(names(t.blocked_by)) << ", which do not fit";
    std::cout << "\n";
    positions += t.index_positions, peak = std::max(peak, t.step_bytes), too_large += !t.fits;
    blocked += t.fits && !t.blocked_by.empty();
    if (!t.on_disk) to_make += t.index_positions, seconds += t.seconds;
  }
  std::cout << graph.size() << " tables, " << positions << " index positions (" << to_make
            << " to make), peak memory " << (peak >> 20) << " MiB, about " << std::llround(seconds)
            << " s with two threads\n";
  if (too_large)
    std::cout << "gen refuses " << too_large << " of them: more than the " << (context.memory_limit >> 20)
              << " MiB of memory a run may use\n";
  if (blocked) std::cout << blocked << " more fit but need one of them\n";
}

void print_plan_json(const std::vector<PlannedTable>& graph, const PlanContext& context) {
  nlohmann::ordered_json tables = nlohmann::ordered_json::array();
  std::uint64_t positions = 0, peak = 0;
  std::size_t too_large = 0, blocked = 0;
  double seconds = 0;
  for (const PlannedTable& t : graph) {
    too_large += !t.fits;
    blocked += t.fits && !t.blocked_by.empty();
    nlohmann::ordered_json files = nlohmann::ordered_json::array();
    for (const auto& f : t.files) files.push_back(f.string());
    tables.push_back({{"material", t.material.name()},
                      {"pieces", t.material.pieces()},
                      {"children", names(t.children)},
                      {"files", files},
                      {"index_positions", t.index_positions},
                      {"step_bytes", t.step_bytes},
                      {"memory_bytes", t.job_bytes},
                      {"solve_bytes", t.solve_bytes},
                      {"fits_memory", t.fits},
                      {"blocked_by", names(t.blocked_by)},
                      {"sliced", t.sliced},
                      {"seconds", t.seconds},
                      {"mem_mb", requested_mem_mb(t.job_bytes)},
                      {"runtime", requested_runtime_minutes(t.seconds)},
                      {"threads", job_threads(t, context)},
                      {"on_disk", t.on_disk}});
    positions += t.index_positions, peak = std::max(peak, t.job_bytes), seconds += t.seconds;
  }
  nlohmann::ordered_json plan = {{"variant", context.variant},
                         {"measure", context.measure},
                         {"tables_dir", context.tables},
                         {"tables", tables},
                         {"total",
                          {{"tables", graph.size()},
                           {"index_positions", positions},
                           {"peak_memory_bytes", peak},
                           {"memory_limit_bytes", context.memory_limit},
                           {"tables_not_fitting", too_large},
                           {"tables_blocked", blocked},
                           {"seconds", seconds}}}};
  if (!context.layout.empty()) plan["layout"] = context.layout;
  std::cout << plan.dump(1) << "\n";
}

void print_plan_snakemake(const std::vector<PlannedTable>& graph, const PlanContext& context) {
  std::cout << "# The table graph of `hilltb gen --variant " << context.variant
            << "` (`gen --plan --format snakemake`):\n"
               "# one rule per table, each after its children, with its estimated memory (MiB)\n"
               "# and time (minutes). `hilltb=PATH` in Snakemake's --config names the program\n"
               "# (default: hilltb on PATH).\n"
               "HILLTB = config.get(\"hilltb\", \"hilltb\")\n\n"
               "rule all:\n    input:\n";
  for (const PlannedTable& t : graph)
    for (const auto& f : t.files) std::cout << "        " << python_string(table_file(context, f)) << ",\n";
  std::string options = "--variant " + context.variant;
  if (!context.layout.empty()) options += " --layout {params.layout:q}";
  if (context.measure != "dtm") options += " --measure " + context.measure;
  // A table the plan solves by pawn slices is made so whatever the node's memory: its
  // mem_mb is the slices'.
  for (const PlannedTable& t : graph) {
    std::cout << "\nrule " << rule_name(t.material) << ":\n";
    if (!t.children.empty()) std::cout << "    input:\n";
    // A child's files stand in the folders of the table's own (one per family). Its
    // presence is what counts, not its time: a child made again is the same file, byte
    // for byte, and leaves the tables made from it as they are.
    for (const Material& c : t.children)
      for (const auto& f : t.files)
        std::cout << "        ancient("
                  << python_string(table_file(context, f.parent_path() / (c.name() + f.extension().string())))
                  << "),\n";
    std::cout << "    output:\n";
    for (const auto& f : t.files) std::cout << "        " << python_string(table_file(context, f)) << ",\n";
    std::cout << "    threads: " << job_threads(t, context) << "\n"
              << "    resources:\n        mem_mb=" << requested_mem_mb(t.job_bytes)
              << ",\n        runtime=" << requested_runtime_minutes(t.seconds) << ",\n"
              << "    params:\n        hilltb=HILLTB,\n        tables=" << python_string(context.tables) << ",\n";
    if (!context.layout.empty()) std::cout << "        layout=" << python_string(context.layout) << ",\n";
    std::cout << "    shell:\n        \"{params.hilltb:q} gen --quiet " << options
              << " --tables {params.tables:q} --threads {threads}" << (t.sliced ? " --slices" : "") << " --only "
              << t.material.name() << "\"\n";
  }
}

}  // namespace hilltb::cli
