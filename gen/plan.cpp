#include "plan.h"

#include <algorithm>
#include <array>
#include <fstream>
#include <map>
#include <sstream>
#include <stdexcept>

#include "formats/table_reader.h"
#include "gen/pawn_slices.h"
#include "gen/plan_cost.h"
#include "gen/qoth_solver.h"
#include "gen/solver.h"

namespace hilltb {

namespace {

std::string mib(std::uint64_t bytes) {
  std::ostringstream out;
  out.precision(1);
  out << std::fixed << double(bytes) / (1 << 20) << " MiB";
  return out.str();
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

// A child with pawns held at `rows` runs of each leading class of its index (rows of
// index, as TableSet::load_rows holds them).
std::uint64_t rows_bytes(const Index& index, std::uint64_t rows, const Material& c, Color side, const TableKind& kind,
                         const std::filesystem::path& dir) {
  return (side == COLOR_NB ? 2 : 1) * index.leading_classes() * rows * index.pawn_run() * value_bytes(c, kind, dir);
}

// The same at the slices that `pawns` promotions reach, each with its mirror image.
std::uint64_t promotion_rows_bytes(const Material& c, Color side, int pawns, const TableKind& kind,
                                   const std::filesystem::path& dir) {
  const Index index = index_of(c, kind);
  const std::uint64_t rows = std::min<std::uint64_t>(2 * std::uint64_t(pawns), index.class_size() / index.pawn_run());
  return rows_bytes(index, rows, c, side, kind, dir);
}

// The most positions a side that a pawn slice of m holds: at most 3,612 king
// placements (no two side by side) times each group of pieces placed among the
// squares the pawns leave.
std::uint64_t slice_positions(const Material& m) {
  const int pawns = m.count(WHITE, PAWN) + m.count(BLACK, PAWN);
  std::uint64_t per_side = 3612;
  for (Color c : {WHITE, BLACK})
    for (PieceType pt : {QUEEN, ROOK, BISHOP, KNIGHT}) {
      std::uint64_t ways = 1;  // C(64 - pawns, count)
      for (int k = 0; k < m.count(c, pt); ++k) ways = ways * std::uint64_t(64 - pawns - k) / std::uint64_t(k + 1);
      per_side *= ways;
    }
  return per_side;
}

// A pawn slice's solve: its working state and the slices its pawn moves read (each
// pawn's single and double push), mapped at two bytes a code.
std::uint64_t slices_memory(const Material& m) {
  const std::uint64_t per_side = slice_positions(m), pawns = std::uint64_t(m.count(WHITE, PAWN) + m.count(BLACK, PAWN));
  return solve_memory(per_side) + 2 * pawns * per_side * 2 * sizeof(std::uint16_t);
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

Index index_of(const Material& m, const TableKind& kind) { return Index(m, kind.variant, kind.layout, kind.target); }

std::vector<PlanStep> plan_memory(const std::vector<Material>& plan, const TableKind& kind,
                                  const std::filesystem::path& dir, const SlicePolicy& slicing) {
  std::map<std::string, std::uint64_t> half_bytes;  // per child: one side held
  auto half_of = [&](const Material& c) {
    auto [at, added] = half_bytes.emplace(c.name(), 0);
    if (added) at->second = child_bytes(c, WHITE, kind, dir);
    return at->second;
  };
  std::vector<PlanStep> steps(plan.size());
  for (std::size_t i = 0; i < plan.size(); ++i) {
    PlanStep& s = steps[i];
    s.positions_per_side = index_of(plan[i], kind).size();
    if (kind.measure == Measure::Dtz) {
      // Every child whole, through all the step's rounds (gen/solver.h).
      s.solve_bytes = solve_dtz_memory(s.positions_per_side, plan[i].has_pawns());
      for (const Material& c : plan[i].children(kind.variant)) s.children_bytes += 2 * half_of(c);
      continue;
    }
    s.solve_bytes = kind.variant == Variant::Qoth ? solve_qoth_memory(s.positions_per_side)
                                                  : solve_memory(s.positions_per_side);
    // The most the children of one side's moves take (`children`: those it holds, each
    // `bytes(mover, child)`).
    auto held_bytes = [&](auto children, auto bytes) {
      std::uint64_t most = 0;
      for (Color mover : {WHITE, BLACK}) {
        std::uint64_t held = 0;
        for (const auto& child : children(mover)) held += bytes(mover, child);
        most = std::max(most, held);
      }
      return most;
    };
    auto whole = [&](Color, const std::pair<Material, Color>& child) {
      return (child.second == COLOR_NB ? 2 : 1) * half_of(child.first);
    };
    s.children_bytes = held_bytes([&](Color mover) { return plan[i].children_after(mover, kind.variant); }, whole);
    if (can_slice(plan[i], kind) &&
        (slicing.slice_all || estimated_job_bytes(s.memory()) > slicing.slice_above)) {
      s.sliced = true;
      s.solve_bytes = slices_memory(plan[i]);
      std::array<std::uint64_t, 2> held{};
      std::uint64_t whole_at_once = 0;  // the largest child read whole to take its pushes
      Color pusher = COLOR_NB;
      for (Color mover : {WHITE, BLACK})
        for (const auto& child : slice_children_after(plan[i], mover, kind.variant))
          if (promotion_only(plan[i], mover, child, kind.variant)) {
            held[mover] += promotion_rows_bytes(child.first, child.second, plan[i].count(mover, PAWN), kind, dir);
          } else if (push_only(plan[i], mover, child)) {
            held[mover] += child_bytes_at(child.first, slice_positions(plan[i]), kind, dir);
            whole_at_once = std::max(whole_at_once, whole(mover, child));
            pusher = mover;
          } else {
            held[mover] += whole(mover, child);
          }
      s.children_bytes = std::max(held[WHITE], held[BLACK]);
      if (pusher != COLOR_NB) {  // its children read before the solve (SliceChildren::prepare), kept through it
        s.children_bytes = held[WHITE] + held[BLACK];
        s.before_bytes = held[pusher] + whole_at_once;
      }
    }
  }
  return steps;
}

std::uint64_t child_bytes(const Material& c, Color side, const TableKind& kind, const std::filesystem::path& dir) {
  return (side == COLOR_NB ? 2 : 1) * index_of(c, kind).size() * value_bytes(c, kind, dir);
}

std::uint64_t child_bytes(const Material& c, Color side, const TableKind& kind, const std::filesystem::path& dir,
                          const std::vector<PawnSlice>& slices) {
  if (slices.empty()) return child_bytes(c, side, kind, dir);
  const Index index = index_of(c, kind);
  return rows_bytes(index, index.pawn_offsets(slices).size(), c, side, kind, dir);
}

std::uint64_t child_bytes_at(const Material& c, std::uint64_t positions, const TableKind& kind,
                             const std::filesystem::path& dir) {
  return positions * std::uint64_t(value_bytes(c, kind, dir));
}

bool can_slice(const Material& m, const TableKind& kind) {
  return kind.measure == Measure::Dtm && kind.variant != Variant::Qoth && m.has_pawns();
}

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

std::uint64_t memory_limit(std::uint64_t max_memory) { return max_memory ? max_memory : available_memory(); }

MemoryLimit::MemoryLimit(std::uint64_t max_memory) : bytes_(memory_limit(max_memory)), asked_(max_memory != 0) {}

bool MemoryLimit::fits(std::uint64_t step) const { return estimated_job_bytes(step) <= bytes_; }

void MemoryLimit::check(const Material& m, std::uint64_t step) const {
  const std::uint64_t need = estimated_job_bytes(step);
  if (need <= bytes_) return;
  throw std::runtime_error(m.name() + " needs about " + mib(need) + " of memory (a solve step of " + mib(step) +
                           "), more than the " + mib(bytes_) +
                           (asked_ ? " allowed by --max-memory" : " this machine has available"));
}

}  // namespace hilltb
