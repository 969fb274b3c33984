// hilltb gen: generates tables (and whatever they need first) into a directory.
#include <tbb/global_control.h>

#include <algorithm>
#include <csignal>
#include <iostream>

#include "commands.h"
#include "common.h"
#include "gen/generate.h"
#include "gen/plan.h"
#include "gen/plan_graph.h"
#include "plan_output.h"
#include "table_list.h"
#include "rules/notation.h"

namespace hilltb::cli {

namespace {

std::atomic<bool> interrupted{false};
extern "C" void on_interrupt(int) { interrupted.store(true); }

// "4G", "512M", "100000" -> bytes.
std::uint64_t parse_size(const std::string& text) {
  std::size_t used = 0;
  double number = 0;
  try {
    number = std::stod(text, &used);
  } catch (const std::exception&) {
    throw std::invalid_argument("bad size '" + text + "' (try 4G or 512M)");
  }
  const std::string unit = text.substr(used);
  const double scale = unit.empty() ? 1 : unit == "K" ? 1 << 10 : unit == "M" ? 1 << 20
                     : unit == "G" ? double(1ull << 30) : -1;
  if (scale < 0 || number <= 0) throw std::invalid_argument("bad size '" + text + "' (try 4G or 512M)");
  return std::uint64_t(number * scale);
}

}  // namespace

void add_gen_command(CLI::App& app) {
  struct Options {
    VariantOptions variant;
    TableOptions tables;
    int threads = 0;
    int pieces = 0;
    int level = 0;  // 0: the variant's default
    std::uint32_t block_values = WriteOptions{}.block_values;
    std::string max_memory;
    bool quiet = false;
    bool plan = false;
    bool one_side = false;
    bool only = false;
    bool slices = false;
    std::string format = "text";
    std::string measure = "dtm";
  };
  auto opts = std::make_shared<Options>();
  CLI::App* cmd = app.add_subcommand("gen", "generate tables and the tables they need");
  opts->variant.add_to(*cmd);
  opts->tables.add_to(*cmd, true);
  cmd->add_option("--threads", opts->threads, "worker threads (default: all cores)")->check(CLI::Range(1, 1024));
  cmd->add_option("--pieces", opts->pieces, "every table with up to N pieces")->check(CLI::Range(2, 7));
  cmd->add_option("--max-memory", opts->max_memory, "refuse tables needing more memory (e.g. 4G)");
  cmd->add_option("--level", opts->level, "zstd compression level, with zstd's parameters for it (default: chess and koth 19 with a dictionary up to 2^20 values a side; larger tables and qoth 6 with a minimum match of 5)")->check(CLI::Range(1, 22));
  cmd->add_option("--block-values", opts->block_values, "values per compressed block (default: by table size)")
      ->check(CLI::Range(1024u, 1u << 24));
  cmd->add_flag("--quiet", opts->quiet, "no progress on stderr");
  add_measure_option(*cmd, opts->measure, "what the tables measure");
  cmd->add_flag("--one-side", opts->one_side,
                "store one side to move a file (half the disk or less; probes of the other side search one ply)");
  auto* plan = cmd->add_flag("--plan", opts->plan,
                             "list the tables the run needs, their sizes, memory and time; generate nothing");
  cmd->add_option("--format", opts->format,
                  "the plan as text, as JSON (the table graph) or as Snakemake rules (workflow/Snakefile)")
      ->check(CLI::IsMember({"text", "json", "snakemake"}))
      ->needs(plan)
      ->capture_default_str();
  cmd->add_flag("--only", opts->only,
                "make the named tables alone, not the tables they need (those must be on disk): one workflow job")
      ->excludes("--one-side");
  cmd->add_flag("--slices", opts->slices,
                "solve every DTM table with pawns a pawn slice at a time (default: those whose whole solve does not fit)");
  cmd->callback([opts] {
    const Variant v = opts->variant.parsed_variant();
    std::vector<Material> targets = opts->tables.materials(v);
    if (opts->pieces) {
      const auto all = all_materials(v, opts->pieces);
      targets.insert(targets.end(), all.begin(), all.end());
    }
    if (targets.empty()) throw CLI::ValidationError("gen", "name tables (KQvKR ...) or give --pieces N");
    std::unique_ptr<tbb::global_control> limit;
    if (opts->threads)
      limit = std::make_unique<tbb::global_control>(tbb::global_control::max_allowed_parallelism, opts->threads);
    GenerateOptions options;
    options.dir = opts->tables.dir;
    options.variant = v;
    if (v == Variant::Qoth) options.layout = opts->variant.load_layout();
    options.max_memory = opts->max_memory.empty() ? 0 : parse_size(opts->max_memory);
    options.write = WriteOptions::for_variant(v);
    if (opts->level) options.write.level = opts->level;
    options.write.block_values = opts->block_values;
    options.one_side = opts->one_side;
    options.named_only = opts->only;
    options.slices = opts->slices;
    options.measures = measures_named(opts->measure);
    if (opts->plan) {
      options.max_memory = memory_limit(options.max_memory);  // one reading for every table
      const auto graph = plan_graph(targets, options, opts->only);
      const PlanContext context{opts->variant.variant, v == Variant::Qoth ? opts->variant.layout : "",
                                opts->tables.dir, opts->measure, opts->threads, options.max_memory};
      if (opts->format == "json") print_plan_json(graph, context);
      else if (opts->format == "snakemake") print_plan_snakemake(graph, context);
      else print_plan_text(graph, context);
      return;
    }
    Progress progress(!opts->quiet);
    std::signal(SIGINT, on_interrupt);
    std::signal(SIGTERM, on_interrupt);
    try {
      const auto results = generate_tables(targets, options, progress, &interrupted);
      int made = 0;
      std::uint64_t bytes = 0;
      for (const auto& r : results) made += r.generated, bytes += r.generated ? r.file_bytes : 0;
      std::cout << made << " tables generated (" << bytes << " bytes, "
                << (opts->one_side ? "one side" : "both sides") << " to move each), " << results.size() - made
                << " already present, in " << opts->tables.dir << "\n";
    } catch (const Interrupted&) {
      std::cerr << "\nhilltb: interrupted; finished tables are kept, no partial table was written"
                << (opts->one_side ? " (run again to resume; it cuts to one side the files still holding both)" : "")
                << "\n";
      std::exit(130);
    }
  });
}

}  // namespace hilltb::cli
