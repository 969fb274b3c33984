// hilltb deal solve: the value of Queen of the Hill positions and set-ups by the forward
// proof search (deal/proof_search.h), with certificates of every bound it claims; with
// --all, every deal's canonical set-up for the chosen hands, appended to a results file
// that a rerun resumes.
#include <tbb/parallel_for_each.h>
#include <tbb/task_arena.h>

#include <atomic>
#include <fstream>
#include <iostream>
#include <mutex>
#include <set>

#include "commands.h"
#include "common.h"
#include "answers/deal_json.h"
#include "deal/checked_solve.h"
#include "deal/endgame_tables.h"
#include "deal_results.h"
#include "gen/generate.h"
#include "rules/deal.h"
#include "rules/notation.h"

namespace hilltb::cli {

using answers::deal_category;
using answers::deal_result_json;

namespace {

struct Item {
  std::optional<std::string> setup;
  Position position;
};

// "1-4", "2", "1,3" -> hands.
std::vector<int> parse_hands(const std::string& text) {
  std::vector<int> hands;
  std::stringstream in(text);
  for (std::string part; std::getline(in, part, ',');) {
    const auto dash = part.find('-');
    try {
      const int from = std::stoi(part.substr(0, dash));
      const int to = dash == std::string::npos ? from : std::stoi(part.substr(dash + 1));
      if (from < 1 || to > HAND_NB || from > to) throw std::out_of_range("");
      for (int h = from; h <= to; ++h) hands.push_back(h);
    } catch (const std::exception&) {
      throw std::invalid_argument("bad --hands '" + text + "' (hands are 1-4: try 1-4, 2 or 1,3)");
    }
  }
  return hands;
}

// "K/N" (1 <= K <= N): the K-th of N shards.
std::pair<std::size_t, std::size_t> parse_shard(const std::string& text) {
  const auto slash = text.find('/');
  try {
    const std::size_t k = std::stoul(text.substr(0, slash)), n = std::stoul(text.substr(slash + 1));
    if (slash != std::string::npos && k >= 1 && k <= n) return {k - 1, n};
  } catch (const std::exception&) {
  }
  throw std::invalid_argument("bad --shard '" + text + "' (K/N with 1 <= K <= N: try 1/4)");
}

bool looks_like_setup(const std::string& arg) {
  return arg.size() > 2 && std::isdigit(static_cast<unsigned char>(arg[0])) && arg[1] == ':';
}

// Makes sure the tables are there: generates the missing ones with --gen, else names them.
void ensure_tables(const TableDirs& dirs, const Layout& layout, const std::vector<std::string>& files, bool gen) {
  const auto missing = missing_files(dirs, files);
  if (missing.empty()) return;
  if (!gen) {
    std::string names;
    for (std::size_t i = 0; i < missing.size() && i < 8; ++i) names += (i ? ", " : "") + missing[i];
    if (missing.size() > 8) names += ", ... (" + std::to_string(missing.size()) + " in all)";
    throw std::runtime_error("missing tables the search needs: " + names +
                             "; generate them with `hilltb gen --variant qoth` or pass --gen");
  }
  std::set<std::string> materials;
  for (const auto& f : missing) materials.insert(std::filesystem::path(f).stem().string());
  std::vector<Material> targets;
  for (const auto& m : materials) targets.push_back(Material::parse(m, Variant::Qoth));
  GenerateOptions options;
  options.dir = dirs.front();
  options.variant = Variant::Qoth;
  options.layout = layout;
  options.write = WriteOptions::for_variant(Variant::Qoth);
  Progress progress(true);
  generate_tables(targets, options, progress, nullptr);
}

std::string describe_bounds(const Bounds& b) {
  auto signed_text = [](int v) { return (v > 0 ? "+" : "") + std::to_string(v); };
  if (b.exact()) return signed_text(b.lo) + " (exact)";
  return "between " + signed_text(b.lo) + " and " + signed_text(b.hi);
}

}  // namespace

void add_deal_solve_command(CLI::App& deal) {
  struct Options {
    VariantOptions variant;
    std::string tables = "tables";
    std::uint64_t nodes = 0;
    double seconds = -1;
    bool json = false, all = false, gen = false, quiet = false;
    std::string certificate, hands = "1-4", results, shard = "1/1", method = "alpha-beta";
    int threads = 0, pieces = 0;
    std::vector<std::string> positions;
  };
  auto opts = std::make_shared<Options>();
  CLI::App* cmd = deal.add_subcommand("solve", "the value of qoth positions or set-ups, with proofs of every bound");
  opts->variant.add_layout_to(*cmd);
  cmd->add_option("--tables", opts->tables, "qoth table directories, separated by ':' (default: tables)");
  cmd->add_option("--nodes", opts->nodes, "node budget per position (default: none)");
  cmd->add_option("--seconds", opts->seconds, "time budget per position (default: 10, with --all 5; 0: none)")
      ->check(CLI::Range(0.0, 1e9));
  cmd->add_option("--pieces", opts->pieces, "use tables up to N pieces (default: the largest present)")
      ->check(CLI::Range(1, 7));
  cmd->add_option("--method", opts->method, "alpha-beta (the default) or proof-number (df-pn per score threshold)")
      ->check(CLI::IsMember({"proof-number", "alpha-beta"}));
  cmd->add_option("--threads", opts->threads, "positions solved at once (default: all cores)")->check(CLI::Range(1, 1024));
  cmd->add_flag("--json", opts->json, "one JSON object a line");
  cmd->add_option("--certificate", opts->certificate, "write the proofs of every bound to FILE");
  cmd->add_flag("--gen", opts->gen, "generate the missing tables first");
  cmd->add_flag("--all", opts->all, "every deal's canonical set-up for the hands of --hands");
  cmd->add_option("--hands", opts->hands, "with --all: the hands (default 1-4)");
  cmd->add_option("--shard", opts->shard, "with --all: only the K-th of N equal shards of the set-ups (K/N)");
  cmd->add_option("--results", opts->results, "with --all: the results file (JSON lines), appended and resumed");
  cmd->add_flag("--quiet", opts->quiet, "no progress on stderr");
  cmd->add_option("positions", opts->positions, "set-ups (1:QRBNK:RRNBB) or quoted qoth FENs");
  cmd->callback([opts] {
    const Layout layout = opts->variant.load_layout();
    const TableDirs dirs = split_table_dirs(opts->tables);
    if (dirs.empty()) throw std::invalid_argument("--tables names no directory");
    std::vector<Item> items;
    std::set<std::string> done;
    if (opts->all) {
      if (opts->results.empty()) throw std::invalid_argument("--all needs --results FILE");
      if (!opts->positions.empty()) throw std::invalid_argument("--all solves set-ups of its own: give no positions");
      done = setups_done(opts->results);
      const auto [shard, shards] = parse_shard(opts->shard);
      std::size_t index = 0;
      for (int hand : parse_hands(opts->hands))
        for (const Deal& d : all_deals(false)) {
          if (index++ % shards != shard) continue;
          const Setup s = canonical_setup(d, hand);
          if (!done.count(setup_name(s))) items.push_back({setup_name(s), setup_position(s, layout)});
        }
    } else {
      if (opts->positions.empty()) throw std::invalid_argument("name set-ups or FENs to solve, or give --all");
      for (const auto& arg : opts->positions)
        if (looks_like_setup(arg)) {
          const Setup s = parse_setup(arg);
          items.push_back({setup_name(s), setup_position(s, layout)});
        } else {
          items.push_back({std::nullopt, parse_fen(arg, Variant::Qoth, layout)});
        }
    }
    int pieces = opts->pieces ? opts->pieces : Prober({dirs, Variant::Qoth, 0, layout}).census().largest;
    if (pieces == 0 && opts->gen) pieces = 4;
    if (pieces == 0)
      throw std::runtime_error("no qoth tables for layout " + layout.name + " in " + opts->tables +
                               ": generate some with `hilltb gen --variant qoth --pieces 4`, or pass --gen");
    std::vector<Position> positions;
    for (const Item& item : items) positions.push_back(item.position);
    const auto files = needed_table_files(positions, layout, pieces);
    ensure_tables(dirs, layout, files, opts->gen);
    const Certificate tables_used{layout.to_text(), table_refs(dirs, files), {}};

    const Prober prober({dirs, Variant::Qoth, std::size_t(256) << 20, layout});
    const SearchBudget budget{opts->nodes, opts->seconds >= 0 ? opts->seconds : opts->all ? 5.0 : 10.0};
    const SearchMethod method = opts->method == "alpha-beta" ? SearchMethod::AlphaBeta : SearchMethod::ProofNumber;
    // Every proof is checked by the independent checker before its bound is claimed; a
    // bound whose proof fails (a fault of the search) is withdrawn, and said.
    auto solve = [&](const Item& item) {
      ProofSearch search(prober, pieces, budget, method);
      CheckedSolution s = solve_checked(search, item.position, tables_used, dirs);
      for (const auto& why : s.withdrawn) std::cerr << "hilltb: internal error, bound withdrawn: " << why << "\n";
      return s;
    };
    tbb::task_arena arena(opts->threads ? opts->threads : tbb::task_arena::automatic);

    if (!opts->all) {
      std::vector<CheckedSolution> solved(items.size());
      arena.execute([&] {
        tbb::parallel_for(std::size_t(0), items.size(), [&](std::size_t i) { solved[i] = solve(items[i]); });
      });
      Certificate certificate = tables_used;
      for (std::size_t i = 0; i < items.size(); ++i) {
        const SearchResult& r = solved[i].result;
        if (opts->json) {
          std::cout << deal_result_json(items[i].setup, items[i].position, r).dump() << "\n";
        } else {
          std::cout << (items[i].setup ? *items[i].setup + "  " : "") << to_fen(items[i].position) << "\n  score "
                    << describe_bounds(r.score) << ", " << deal_category(r.score) << "\n  pv";
          for (Move m : r.pv) std::cout << " " << to_uci(m);
          std::cout << "\n  " << r.nodes << " nodes in " << r.seconds << " s, depth " << r.depth << "\n";
        }
        for (auto& p : solved[i].proofs) certificate.proofs.push_back(std::move(p));
      }
      if (!opts->certificate.empty()) write_certificate(certificate, opts->certificate);
      return;
    }

    // --all: certificates beside the results file, one per set-up.
    const std::filesystem::path results(opts->results);
    const std::filesystem::path cert_dir = results.string() + ".certs";
    std::filesystem::create_directories(cert_dir);
    std::ofstream out(results, std::ios::app);
    if (!out) throw std::runtime_error("cannot append to " + opts->results);
    std::mutex out_mutex;
    Progress progress(!opts->quiet);
    progress.begin("deal solve --all (" + std::to_string(done.size()) + " set-ups already in " + opts->results + ")",
                   1, 1, double(items.size()) * budget.seconds / std::max(1, arena.max_concurrency()));
    std::atomic<std::size_t> finished{0};
    arena.execute([&] {
      tbb::parallel_for_each(items.begin(), items.end(), [&](const Item& item) {
        CheckedSolution s = solve(item);
        nlohmann::json line = deal_result_json(item.setup, item.position, s.result);
        if (!s.proofs.empty()) {
          std::string name = *item.setup;
          std::replace(name.begin(), name.end(), ':', '_');
          const auto file = cert_dir / (name + ".cert");
          write_certificate({tables_used.layout_text, tables_used.tables, std::move(s.proofs)}, file);
          line["certificate"] = std::filesystem::relative(file, results.parent_path().empty() ? "." : results.parent_path()).string();
        }
        std::lock_guard lock(out_mutex);
        out << line.dump() << "\n" << std::flush;
        progress.update(Phase::step("set-ups"), double(++finished) / double(items.size()));
      });
    });
    progress.end(std::to_string(items.size()) + " set-ups solved into " + opts->results);
  });
}

}  // namespace hilltb::cli
