#include "generate.h"

#include <algorithm>
#include <chrono>
#include <fstream>
#include <map>
#include <numeric>
#include <sstream>

#include <tbb/blocked_range.h>
#include <tbb/parallel_for.h>
#include <tbb/parallel_reduce.h>

#include "rules/notation.h"

namespace hilltb {

namespace {

std::string mib(std::uint64_t bytes) {
  std::ostringstream out;
  out.precision(1);
  out << std::fixed << double(bytes) / (1 << 20) << " MiB";
  return out.str();
}

Index index_of(const Material& m, const TableKind& kind) { return Index(m, kind.variant, kind.layout, kind.target); }

bool good_file(const std::filesystem::path& path, const Material& m, const TableKind& kind) {
  if (!std::filesystem::exists(path)) return false;
  try {
    TableReader reader(path, TableExpectation::of(kind, m.name()));
    reader.verify_checksum();
    return reader.header().positions_per_side == index_of(m, kind).size();
  } catch (const TableError&) {
    return false;
  }
}

// No probe ever reads a non-position (an index hole, or the side not to move in check):
// giving each the value before it makes longer runs, which compress better.
// In parallel by parts: a part's leading holes take the last value of the parts before
// it, found first, so the codes come out as one serial pass would leave them.
void fill_holes(std::vector<std::uint16_t>& codes) {
  constexpr std::size_t PARTS = 64;
  auto first_of = [&](std::size_t part) { return codes.size() * part / PARTS; };
  std::array<std::uint16_t, PARTS> last_in{};  // NO_POSITION_CODE: the part is all holes
  tbb::parallel_for(std::size_t(0), PARTS, [&](std::size_t part) {
    last_in[part] = NO_POSITION_CODE;
    for (std::size_t i = first_of(part + 1); i > first_of(part);)
      if (codes[--i] != NO_POSITION_CODE) {
        last_in[part] = codes[i];
        break;
      }
  });
  tbb::parallel_for(std::size_t(0), PARTS, [&](std::size_t part) {
    std::uint16_t last = DRAW_CODE;
    for (std::size_t before = part; before-- > 0;)
      if (last_in[before] != NO_POSITION_CODE) {
        last = last_in[before];
        break;
      }
    for (std::size_t i = first_of(part); i < first_of(part + 1); ++i)
      codes[i] = codes[i] == NO_POSITION_CODE ? last : (last = codes[i]);
  });
}

// Bytes a value of table c takes held as a child (plan_memory).
int value_bytes(const Material& c, const TableKind& kind, const std::filesystem::path& dir) {
  const auto path = table_path(dir, kind, c.name());
  if (std::filesystem::exists(path)) try {
      return TableReader(path, TableExpectation::of(kind, c.name())).header().value_bytes;
    } catch (const TableError&) {  // made again, so as yet unknown
    }
  return kind.variant == Variant::Koth ? 1 : 2;
}

// For each step of the plan, the last step that reads its table as a child (itself
// when none does).
std::vector<std::size_t> last_uses(const std::vector<Material>& plan, Variant variant) {
  std::map<std::string, std::size_t> step_of;
  std::vector<std::size_t> last(plan.size());
  for (std::size_t i = 0; i < plan.size(); ++i) {
    step_of[plan[i].name()] = last[i] = i;
    for (const Material& c : plan[i].children(variant))
      if (const auto at = step_of.find(c.name()); at != step_of.end()) last[at->second] = i;
  }
  return last;
}

// With the named tables alone (GenerateOptions::named_only), each child outside them
// must be on disk: says which is missing before anything is made.
void require_children(const std::vector<Material>& plan, const TableKind& kind, const std::filesystem::path& dir) {
  std::map<std::string, bool> in_plan;
  for (const Material& m : plan) in_plan[m.name()] = true;
  for (const Material& m : plan)
    for (const Material& c : m.children(kind.variant)) {
      const auto path = table_path(dir, kind, c.name());
      if (!in_plan.count(c.name()) && !std::filesystem::exists(path))
        throw std::runtime_error(m.name() + " needs " + c.name() + ", and " + path.string() +
                                 " is missing (--only makes the named tables alone: make their children first)");
    }
}

}  // namespace

std::vector<Material> plan_tables(const std::vector<Material>& targets, Variant variant) {
  std::map<std::string, Material> needed;
  std::vector<Material> stack;
  for (const Material& t : targets) stack.push_back(t.canonical());
  while (!stack.empty()) {
    const Material m = stack.back();
    stack.pop_back();
    if (!needed.emplace(m.name(), m).second) continue;
    for (const Material& c : m.children(variant)) stack.push_back(c);
  }
  std::vector<Material> plan;
  for (const auto& [name, m] : needed) plan.push_back(m);
  return order_tables(plan, variant);
}

std::vector<Material> order_tables(const std::vector<Material>& targets, Variant variant) {
  // all_materials is in dependency order; keep its order for the targets.
  std::map<std::string, Material> named;
  int most = 0;
  for (const Material& t : targets) {
    named.emplace(t.canonical().name(), t.canonical());
    most = std::max(most, t.pieces());
  }
  std::vector<Material> ordered;
  for (const Material& m : all_materials(variant, most))
    if (named.count(m.name())) ordered.push_back(m);
  return ordered;
}

std::vector<PlanStep> plan_memory(const std::vector<Material>& plan, const TableKind& kind,
                                  const std::filesystem::path& dir) {
  std::map<std::string, std::uint64_t> half_bytes;  // per child: one side held
  auto half_of = [&](const Material& c) {
    auto [at, added] = half_bytes.emplace(c.name(), 0);
    if (added) at->second = index_of(c, kind).size() * value_bytes(c, kind, dir);
    return at->second;
  };
  std::vector<PlanStep> steps(plan.size());
  for (std::size_t i = 0; i < plan.size(); ++i) {
    PlanStep& s = steps[i];
    s.positions_per_side = index_of(plan[i], kind).size();
    s.solve_bytes = kind.variant == Variant::Qoth ? solve_qoth_memory(s.positions_per_side)
                                                  : solve_memory(s.positions_per_side);
    for (Color mover : {WHITE, BLACK}) {
      std::uint64_t held = 0;
      for (const auto& [c, side] : plan[i].children_after(mover, kind.variant))
        held += (side == COLOR_NB ? 2 : 1) * half_of(c);
      s.children_bytes = std::max(s.children_bytes, held);
    }
  }
  return steps;
}

std::uint64_t available_memory() {
  std::ifstream meminfo("/proc/meminfo");
  std::string key;
  std::uint64_t kib = 0;
  while (meminfo >> key >> kib) {
    if (key == "MemAvailable:") return kib * 1024;
    meminfo.ignore(256, '\n');
  }
  return std::uint64_t(4) << 30;
}

std::array<SideStats, 2> table_stats(const std::vector<std::uint16_t>& codes, std::uint64_t per_side, bool qoth) {
  // In parallel, by ranges of one side each: a serial count would be about 2% of a
  // small table's generation, with the other cores idle.
  using Stats = std::array<SideStats, 2>;
  auto count = [&](const tbb::blocked_range<std::size_t>& r, Stats stats) {
    SideStats& s = stats[r.begin() < per_side ? 0 : 1];
    for (std::size_t i = r.begin(); i < r.end(); ++i) {
      if (codes[i] == NO_POSITION_CODE) continue;
      ++s.legal;
      const Value v = decode_value(codes[i], qoth);
      if (v.result > 0) ++s.wins, s.longest_win = std::max<std::uint32_t>(s.longest_win, v.distance);
      else if (v.result < 0) ++s.losses, s.longest_loss = std::max<std::uint32_t>(s.longest_loss, v.distance);
      else ++s.draws;
    }
    return stats;
  };
  auto join = [](Stats a, const Stats& b) {
    for (int side = 0; side < 2; ++side) {
      SideStats& s = a[side];
      const SideStats& t = b[side];
      s.legal += t.legal, s.wins += t.wins, s.draws += t.draws, s.losses += t.losses;
      s.longest_win = std::max(s.longest_win, t.longest_win);
      s.longest_loss = std::max(s.longest_loss, t.longest_loss);
    }
    return a;
  };
  constexpr std::size_t GRAIN = 1 << 16;
  auto side = [&](std::size_t first, std::size_t last) {
    return tbb::parallel_reduce(tbb::blocked_range<std::size_t>(first, last, GRAIN), Stats{}, count, join);
  };
  const std::size_t black = std::min<std::size_t>(per_side, codes.size());
  return join(side(0, black), side(black, codes.size()));
}

std::vector<TableResult> generate_tables(const std::vector<Material>& targets, const GenerateOptions& options,
                                         Progress& progress, const std::atomic<bool>* cancel) {
  std::vector<TableResult> results;
  for (const TableKind& kind : TableKind::all(options.variant, options.layout)) {
    auto more = generate_kind(targets, kind, options, progress, cancel);
    results.insert(results.end(), more.begin(), more.end());
  }
  return results;
}

std::vector<TableResult> generate_kind(const std::vector<Material>& targets, const TableKind& kind,
                                       const GenerateOptions& options, Progress& progress,
                                       const std::atomic<bool>* cancel) {
  const Variant variant = kind.variant;
  const bool qoth = variant == Variant::Qoth;
  const std::vector<Material> plan =
      options.named_only ? order_tables(targets, variant) : plan_tables(targets, variant);
  if (options.named_only) require_children(plan, kind, options.dir);
  const std::uint64_t limit = options.max_memory ? options.max_memory : available_memory();
  auto refuse = [&](const Material& m, std::uint64_t need) {
    throw std::runtime_error(m.name() + " needs about " + mib(need) + " of memory, more than the " + mib(limit) +
                             (options.max_memory ? " allowed by --max-memory" : " this machine has available"));
  };
  const std::vector<PlanStep> steps = plan_memory(plan, kind, options.dir);
  for (std::size_t i = 0; i < plan.size(); ++i)
    if (steps[i].memory() > limit) refuse(plan[i], steps[i].memory());
  // The time left, from the rate of the tables made so far in index positions per
  // second (counted once they take a second: the smallest are all overhead), applied to the
  // tables not yet on disk.
  std::vector<double> to_make(plan.size());
  for (std::size_t i = 0; i < plan.size(); ++i)
    if (!std::filesystem::exists(table_path(options.dir, kind, plan[i].name())))
      to_make[i] = 2.0 * double(steps[i].positions_per_side);
  double made = 0, made_seconds = 0;
  auto seconds_for = [&](double positions) { return made_seconds >= 1 ? positions * made_seconds / made : 0.0; };

  TableSet tables(kind);
  std::vector<TableResult> results;
  // A run that cuts its files to one side writes them fast first (zstd level 1, no
  // dictionary) and compresses the side it keeps as asked when cutting: the side it
  // drops is never compressed hard. Each file is cut once no later step reads it as a
  // child, within the step that read it last: the cut shows in that step's progress
  // and time, and an interruption has nothing left to cut (a file it leaves whole is
  // cut by the run that resumes).
  WriteOptions working = options.write;
  if (options.one_side) working.level = 1, working.dictionary = false;
  const std::vector<std::size_t> last_use = last_uses(plan, variant);
  auto cut_after = [&](std::size_t step) {
    std::string said;
    if (!options.one_side) return said;
    for (std::size_t i = 0; i < results.size(); ++i) {
      if (last_use[i] != step) continue;
      const auto path = table_path(options.dir, kind, plan[i].name());
      if (TableReader(path, TableExpectation::of(kind, plan[i].name())).header().sides != 3) continue;
      progress.update("cut " + plan[i].name(), 0);
      results[i].file_bytes = keep_one_side(path, options.write);
      said += (said.empty() ? "; cut to one side: " : ", ") + plan[i].name() + " " +
              std::to_string(results[i].file_bytes) + " bytes";
    }
    return said;
  };
  for (std::size_t i = 0; i < plan.size(); ++i) {
    const Material& m = plan[i];
    const auto path = table_path(options.dir, kind, m.name());
    // With a set of tables per target (a custom layout), say whose.
    const bool per_target = qoth && TableKind::all(variant, kind.layout).size() > 1;
    progress.begin(per_target ? m.name() + " (target " + square_name(kind.target) + ")" : m.name(), int(i + 1),
                   int(plan.size()), seconds_for(to_make[i]),
                   seconds_for(std::accumulate(to_make.begin() + std::ptrdiff_t(i) + 1, to_make.end(), 0.0)));
    TableResult result{m};
    const auto start = std::chrono::steady_clock::now();
    if (good_file(path, m, kind)) {
      result.file_bytes = std::filesystem::file_size(path);
      results.push_back(result);
      const std::string cut = cut_after(i);
      progress.end("kept (" + std::to_string(result.file_bytes) + " bytes, checksum good)" + cut);
      continue;
    }
    // The children are read from disk for each side's moves, only the halves those
    // reach, one byte a value where they fit: KBPvKP's eight 5-piece children held
    // whole would take 4.5 GiB. (Kept from their making for later steps instead, the
    // 5-piece koth set's would pile up to 21 GiB.)
    const std::uint64_t solve = steps[i].solve_bytes;
    SolveHooks hooks{[&](const std::string& phase, double f) { progress.update(phase, f); }, cancel,
                     [&](Color mover) {
                       tables.clear();
                       if (mover == COLOR_NB) return;
                       for (const auto& [c, side] : m.children_after(mover, variant))
                         tables.add(tables.load(table_path(options.dir, kind, c.name()), c, true, side));
                       // Again with the widths now known: a koth table may need two bytes.
                       if (tables.bytes() + solve > limit) refuse(m, tables.bytes() + solve);
                     }};
    std::shared_ptr<SolvedTable> solved =
        qoth ? solve_qoth_table(m, kind, tables, hooks) : solve_table(m, variant, tables, hooks);
    TableHeader header;
    header.variant = variant;
    header.material = m.name();
    header.metric = qoth ? Metric::ScoreDistance : Metric::WdlDistance;
    if (qoth) header.layout_digest = layout_digest(kind.layout), header.target = std::uint8_t(kind.target);
    header.positions_per_side = solved->index.size();
    header.stats = table_stats(solved->codes, solved->index.size(), qoth);
    fill_holes(solved->codes);
    progress.update("write", 0);
    if (cancel && cancel->load()) throw Interrupted();
    result.file_bytes = write_table(path, header, solved->codes, working);
    result.generated = true;
    solved.reset();
    results.push_back(result);  // result keeps the size written, results[i] the size cut
    const std::string cut = cut_after(i);
    results.back().seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    made += 2.0 * double(steps[i].positions_per_side), made_seconds += results.back().seconds;
    const SideStats& w = header.stats[0];
    progress.end(std::to_string(w.legal + header.stats[1].legal) + " positions, longest win " +
                 std::to_string(std::max(w.longest_win, header.stats[1].longest_win)) + " plies, " +
                 std::to_string(result.file_bytes) + " bytes" + cut);
  }
  return results;
}

}  // namespace hilltb
