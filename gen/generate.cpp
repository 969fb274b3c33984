#include "generate.h"

#include <algorithm>
#include <chrono>
#include <map>
#include <numeric>

#include <tbb/blocked_range.h>
#include <tbb/parallel_for.h>
#include <tbb/parallel_reduce.h>

#include "formats/zeroing.h"
#include "gen/pawn_slices.h"
#include "gen/plan.h"
#include "gen/slice_children.h"
#include "rules/notation.h"

namespace hilltb {

namespace {

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

// The time a run has left: the rate of the tables made so far, in index positions per
// second (counted once they take a second: the smallest are all overhead), applied to
// the tables not yet on disk.
class TimeLeft {
 public:
  TimeLeft(const std::vector<Material>& plan, const std::vector<PlanStep>& steps, const TableKind& kind,
           const std::filesystem::path& dir)
      : to_make_(plan.size()) {
    for (std::size_t i = 0; i < plan.size(); ++i)
      if (!std::filesystem::exists(table_path(dir, kind, plan[i].name())))
        to_make_[i] = 2.0 * double(steps[i].positions_per_side);
  }
  // About how long step i takes, and the steps after it (0: unknown yet).
  double step(std::size_t i) const { return seconds_for(to_make_[i]); }
  double after(std::size_t i) const {
    return seconds_for(std::accumulate(to_make_.begin() + std::ptrdiff_t(i) + 1, to_make_.end(), 0.0));
  }
  void made(const PlanStep& step, double seconds) {
    made_ += 2.0 * double(step.positions_per_side);
    made_seconds_ += seconds;
  }

 private:
  double seconds_for(double positions) const { return made_seconds_ >= 1 ? positions * made_seconds_ / made_ : 0.0; }
  std::vector<double> to_make_;
  double made_ = 0, made_seconds_ = 0;
};

// How a run writes its files at first. A run that cuts its files to one side writes
// them fast (zstd level 1, no dictionary) and compresses the side it keeps as asked
// when cutting: the side it drops is never compressed hard.
WriteOptions first_write(const GenerateOptions& options) {
  WriteOptions working = options.write;
  if (options.one_side) {
    working.level = 1;
    working.dictionary = false;
  }
  return working;
}

// Solves table m with the solver of its kind's value model (DTZ: from `dtm`, the same
// table's DTM codes, when at hand).
std::shared_ptr<SolvedTable> solve(const Material& m, const TableKind& kind, const TableSet& children,
                                   const SolveHooks& hooks, std::vector<std::uint16_t> dtm) {
  if (kind.measure == Measure::Dtz) return solve_dtz_table(m, kind.variant, children, hooks, std::move(dtm));
  if (metric_of(kind.variant) == Metric::ScoreDistance) return solve_qoth_table(m, kind, children, hooks);
  return solve_table(m, kind.variant, children, hooks);
}

// The header of table m's file, but its statistics.
TableHeader header_of(const Material& m, std::uint64_t positions_per_side, const TableKind& kind) {
  TableHeader header;
  header.variant = kind.variant;
  header.material = m.name();
  header.metric = kind.metric();
  if (kind.variant == Variant::Qoth) {
    header.layout_digest = layout_digest(kind.layout);
    header.target = std::uint8_t(kind.target);
  }
  header.positions_per_side = positions_per_side;
  return header;
}

// What a made table's progress line says of it.
std::string made_summary(const TableHeader& header, std::uint64_t file_bytes) {
  const SideStats &w = header.stats[0], &b = header.stats[1];
  const bool dtz = header.metric == Metric::ZeroingDistance;
  return std::to_string(w.legal + b.legal) + " positions, longest " + (dtz ? "DTZ " : "win ") +
         std::to_string(std::max(w.longest_win, b.longest_win)) + " plies, " +
         (dtz ? std::to_string(w.cursed_wins + b.cursed_wins) + " cursed wins, " : "") + std::to_string(file_bytes) +
         " bytes";
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

// One family of tables made in the plan's order: each step keeps a good file or solves
// its table and writes it, then cuts the files no later step reads (one_side).
class KindRun {
 public:
  KindRun(const std::vector<Material>& targets, const TableKind& kind, const GenerateOptions& options,
          Progress& progress, const std::atomic<bool>* cancel)
      : kind_(kind), options_(options), progress_(progress), cancel_(cancel),
        plan_(options.named_only ? order_tables(targets, kind.variant) : plan_tables(targets, kind.variant)),
        steps_(plan_memory(plan_, kind, options.dir, {memory_limit(options.max_memory), options.slices})),
        limit_(options.max_memory),
        time_left_(plan_, steps_, kind, options.dir), children_(kind), working_(first_write(options)),
        last_use_(last_uses(plan_, kind.variant)),
        per_target_(kind.variant == Variant::Qoth && TableKind::all(kind.variant, kind.layout).size() > 1) {}

  std::vector<TableResult> run() {
    if (options_.named_only) require_children(plan_, kind_, options_.dir);
    for (std::size_t i = 0; i < plan_.size(); ++i) limit_.check(plan_[i], steps_[i].memory());
    for (std::size_t i = 0; i < plan_.size(); ++i) {
      const Material& m = plan_[i];
      progress_.begin(label(m), int(i + 1), int(plan_.size()), time_left_.step(i), time_left_.after(i));
      const auto start = std::chrono::steady_clock::now();
      if (good_file(path(m), m, kind_)) {
        keep(i);
        continue;
      }
      if (steps_[i].sliced) make_sliced(i, start);
      else make(i, start);
    }
    return results_;
  }

 private:
  std::filesystem::path path(const Material& m) const { return table_path(options_.dir, kind_, m.name()); }

  // With a set of tables per target (a custom layout), the progress says whose.
  std::string label(const Material& m) const {
    if (kind_.measure == Measure::Dtz) return m.name() + " DTZ";
    return per_target_ ? m.name() + " (target " + square_name(kind_.target) + ")" : m.name();
  }

  // Step i's file is on disk with a good checksum.
  void keep(std::size_t i) {
    TableResult result{plan_[i], kind_.measure};
    result.file_bytes = std::filesystem::file_size(path(plan_[i]));
    results_.push_back(result);
    const std::string cut = cut_after(i);
    progress_.end("kept (" + std::to_string(result.file_bytes) + " bytes, checksum good)" + cut);
  }

  // Solves step i's table and writes it.
  void make(std::size_t i, std::chrono::steady_clock::time_point start) {
    const Material& m = plan_[i];
    std::shared_ptr<SolvedTable> solved = solve(m, kind_, children_, hooks(i), dtm_guess(m));
    const std::uint64_t n = solved->index.size();
    TableHeader header = header_of(m, n, kind_);
    header.stats = table_stats(solved->codes, n, header.metric);
    // Each side's blocks, as write_table lays them out.
    const std::uint64_t block = block_values_for(n, working_), per_side = (n + block - 1) / block;
    tbb::parallel_for(std::uint64_t(0), 2 * per_side, [&](std::uint64_t b) {
      const std::uint64_t first = b / per_side * n + b % per_side * block;
      fill_holes(std::span(solved->codes).subspan(first, std::min(block, n - b % per_side * block)));
    });
    progress_.update(Phase::step("write"), 0);
    check_cancel(cancel_);
    const std::uint64_t bytes = write_table(path(m), header, solved->codes, working_);
    solved.reset();
    made(i, start, header, bytes);
  }

  // Solves step i's table by pawn slices (gen/pawn_slices.h), kept in a folder beside
  // its file until the file is written from them: a run that stops resumes at the first
  // slice not solved.
  void make_sliced(std::size_t i, std::chrono::steady_clock::time_point start) {
    const Material& m = plan_[i];
    const std::filesystem::path folder = path(m).string() + ".slices";
    TableHeader header = header_of(m, steps_[i].positions_per_side, kind_);
    std::uint64_t bytes;
    {
      SolvedSlices slices(m, kind_.variant, folder);
      {
        SolveHooks slice_hooks = hooks(i);
        SliceChildren reads(m, kind_, options_.dir, limit_, steps_[i].solve_bytes);
        slice_hooks.slice_children_for = [this, &reads](const PawnSlice& slice, Color mover) {
          children_.clear();  // shares the tables it holds
          if (mover != COLOR_NB) children_ = reads.read(slice, mover);
        };
        slice_hooks.before_slice = [this, &reads](const PawnSlice& slice) {
          children_.clear();
          reads.prepare(slice);
        };
        solve_slices(slices, m, kind_.variant, children_, slice_hooks);
        children_.clear();
      }  // the children go before the write
      header.value_bytes = slices.max_code() < 256 ? 1 : 2;
      check_cancel(cancel_);
      const Index index = index_of(m, kind_);
      AssembledCodes codes(index, slices, header.metric,
                           [this](double f) { progress_.update(Phase::step("write"), f); });
      bytes = write_table(
          path(m), header, [&codes](std::uint64_t first, std::span<std::uint16_t> out) { codes(first, out); },
          working_, COLOR_NB, [&](TableHeader& h) { h.stats = header.stats = codes.stats(); });
    }
    std::filesystem::remove_all(folder);
    made(i, start, header, bytes);
  }

  // Step i's table is written, `bytes` long.
  void made(std::size_t i, std::chrono::steady_clock::time_point start, const TableHeader& header,
            std::uint64_t bytes) {
    TableResult result{plan_[i], kind_.measure};
    result.file_bytes = bytes;
    result.generated = true;
    results_.push_back(result);  // result keeps the size written, results_[i] the size cut
    const std::string cut = cut_after(i);
    results_.back().seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    time_left_.made(steps_[i], results_.back().seconds);
    progress_.end(made_summary(header, result.file_bytes) + cut);
  }

  // A DTZ table with pawns solves in rounds from a guess (gen/solver.h): the DTM table
  // of its material when its file beside it holds both sides to move (a run making both
  // makes it first and keeps it so), whose first round is then the answer unless
  // something is cursed; else none (deriving a side would cost a search of the table).
  std::vector<std::uint16_t> dtm_guess(const Material& m) {
    if (kind_.measure != Measure::Dtz || !m.has_pawns()) return {};
    const TableKind dtm(kind_.variant, Measure::Dtm);
    const std::filesystem::path file = table_path(options_.dir, dtm, m.name());
    if (!std::filesystem::exists(file) || TableReader(file, TableExpectation::of(dtm, m.name())).header().sides != 3)
      return {};
    progress_.update(Phase::step("read DTM"), 0);
    return std::move(TableSet(dtm).load(file, m)->codes);
  }

  // The solve's hooks for step i: progress, cancellation, and its children read from
  // disk for each side's moves, only the halves those reach, one byte a value where
  // they fit: KBPvKP's eight 5-piece children held whole would take 4.5 GiB. (Kept from
  // their making for later steps instead, the 5-piece koth set's would pile up to
  // 21 GiB.)
  SolveHooks hooks(std::size_t i) {
    SolveHooks hooks;
    hooks.progress = [this](const Phase& phase, double f) { progress_.update(phase, f); };
    hooks.cancel = cancel_;
    hooks.children_for = [this, i](Color mover) { load_children(i, mover); };
    return hooks;
  }

  void load_children(std::size_t i, Color mover) {
    const Material& m = plan_[i];
    if (kind_.measure == Measure::Dtz) {
      // Whole, for the opponent's en-passant captures after a pawn move (solver.h), and
      // kept through the step's rounds: read (and a side a file lacks derived) once.
      if (mover == COLOR_NB || children_step_ == i) return;
      children_.clear();
      for (const Material& c : m.children(kind_.variant)) children_.add(children_.load(path(c), c, Width::NarrowWhereFits));
      children_step_ = i;
      limit_.check(m, children_.bytes() + steps_[i].solve_bytes);
      return;
    }
    children_.clear();
    if (mover == COLOR_NB) return;
    for (const auto& [c, side] : m.children_after(mover, kind_.variant))
      children_.add(children_.load(path(c), c, Width::NarrowWhereFits, side));
    // Again with the widths now known: a koth table may need two bytes.
    limit_.check(m, children_.bytes() + steps_[i].solve_bytes);
  }

  // Cuts to one side each file that no step after `step` reads as a child, within the
  // step that read it last: the cut shows in that step's progress and time, and an
  // interruption has nothing left to cut (a file it leaves whole is cut by the run
  // that resumes). A DTM file kept whole for its DTZ twin's guess is cut after the
  // DTZ step. Returns what the progress line says of it.
  std::string cut_after(std::size_t step) {
    std::string said;
    if (!options_.one_side) return said;
    auto cut = [&](const std::filesystem::path& file, const TableKind& kind, const Material& c) -> std::uint64_t {
      if (TableReader(file, TableExpectation::of(kind, c.name())).header().sides != 3) return 0;
      progress_.update(Phase::step("cut " + c.name() + (kind.measure != kind_.measure ? " DTM" : "")), 0);
      const std::uint64_t bytes = keep_one_side(file, options_.write);
      said += (said.empty() ? "; cut to one side: " : ", ") + c.name() + " " + std::to_string(bytes) + " bytes";
      return bytes;
    };
    for (std::size_t i = 0; i < results_.size(); ++i) {
      const Material& c = plan_[i];
      if (last_use_[i] != step || (kind_.measure == Measure::Dtm && guess_for_dtz(c))) continue;
      if (const std::uint64_t bytes = cut(path(c), kind_, c)) results_[i].file_bytes = bytes;
    }
    const Material& m = plan_[step];
    if (kind_.measure == Measure::Dtz && guess_for_dtz(m)) {
      const TableKind dtm(kind_.variant, Measure::Dtm);
      cut(table_path(options_.dir, dtm, m.name()), dtm, m);
    }
    return said;
  }

  // Whether a run making both measures keeps m's DTM file whole for the guess of its
  // DTZ step (dtm_guess): tables with pawns, whose DTZ solves in rounds.
  bool guess_for_dtz(const Material& m) const {
    return m.has_pawns() && options_.makes(Measure::Dtm) && options_.makes(Measure::Dtz);
  }

  const TableKind& kind_;
  const GenerateOptions& options_;
  Progress& progress_;
  const std::atomic<bool>* cancel_;
  const std::vector<Material> plan_;
  const std::vector<PlanStep> steps_;
  const MemoryLimit limit_;
  TimeLeft time_left_;
  TableSet children_;  // the children of the step being solved
  std::size_t children_step_ = SIZE_MAX;  // DTZ: the step whose children children_ holds
  const WriteOptions working_;
  const std::vector<std::size_t> last_use_;
  const bool per_target_;
  std::vector<TableResult> results_;
};

}  // namespace

std::vector<TableResult> generate_tables(const std::vector<Material>& targets, const GenerateOptions& options,
                                         Progress& progress, const std::atomic<bool>* cancel) {
  std::vector<TableResult> results;
  const bool dtz = options.makes(Measure::Dtz);
  if (dtz && options.variant == Variant::Qoth)
    throw std::runtime_error("DTZ tables are made for chess and koth (qoth has no fifty-move rule)");
  for (const TableKind& kind : TableKind::all(options.variant, options.layout, options.measures)) {
    auto more = generate_kind(targets, kind, options, progress, cancel);
    results.insert(results.end(), more.begin(), more.end());
  }
  // The DTM files kept whole for their DTZ twins' guesses were cut in the DTZ run.
  if (dtz && options.one_side)
    for (TableResult& r : results)
      if (r.measure == Measure::Dtm && r.material.has_pawns())
        r.file_bytes = std::filesystem::file_size(table_path(options.dir, TableKind(options.variant), r.material.name()));
  return results;
}

std::vector<TableResult> generate_kind(const std::vector<Material>& targets, const TableKind& kind,
                                       const GenerateOptions& options, Progress& progress,
                                       const std::atomic<bool>* cancel) {
  return KindRun(targets, kind, options, progress, cancel).run();
}

}  // namespace hilltb
