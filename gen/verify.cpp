#include "verify.h"

#include <tbb/blocked_range.h>
#include <tbb/parallel_for.h>

#include <map>
#include <mutex>

#include "formats/successors.h"
#include "formats/symmetry.h"
#include "gen/pawn_slices.h"
#include "gen/plan.h"
#include "rules/fen.h"

namespace hilltb {

namespace {

std::string code_text(std::uint16_t code, Metric metric) {
  if (code == NO_POSITION_CODE) return "no position";
  const Value v = decode_value(code, metric);
  if (v.result == 0) return "draw";
  std::string text = (v.result > 0 ? "win" : "loss");
  if (metric == Metric::ScoreDistance) text.append(" by ").append(std::to_string(v.points));
  return text.append(" in ").append(std::to_string(v.distance));
}

// The stored code of a position of any material the verifier knows.
std::uint16_t stored_code(const Position& pos, const SolvedTable& table, const TableSet& children) {
  if (Material::key_of(pos) == table.index.material().key())
    return table.code(pos.side_to_move(), table.index.encode(pos));
  return children.code_of(pos);
}

// The first mismatches by a key in check order, whatever the threads' order: a report
// reads the same on every run.
class FirstMismatches {
 public:
  static constexpr std::size_t EXAMPLES = 5;
  using Key = std::pair<std::uint64_t, std::uint64_t>;
  // One range's findings.
  void add(std::uint64_t bad, std::uint64_t legal, std::vector<std::pair<Key, std::string>>& examples) {
    std::lock_guard lock(mutex_);
    report_.mismatches += bad;
    report_.checked += legal;
    for (auto& [k, e] : examples) first_.emplace(k, std::move(e));
    while (first_.size() > EXAMPLES) first_.erase(std::prev(first_.end()));
  }
  VerifyReport report() {
    for (auto& [k, e] : first_) report_.examples.push_back(std::move(e));
    return std::move(report_);
  }

 private:
  std::mutex mutex_;
  VerifyReport report_;
  std::map<Key, std::string> first_;
};

// The checks of one range of positions: how many, how many wrong, and the first few.
struct RangeCheck {
  explicit RangeCheck(Metric m) : metric(m) {}
  Metric metric;
  std::uint64_t bad = 0, legal = 0;
  std::vector<std::pair<FirstMismatches::Key, std::string>> examples;
  template <typename Derive>
  void check(const Position& pos, std::uint16_t stored, FirstMismatches::Key key, Derive&& derive) {
    ++legal;
    const std::uint16_t expected = derive(pos);
    if (stored == expected) return;
    ++bad;
    if (examples.size() < FirstMismatches::EXAMPLES)
      examples.emplace_back(key, to_fen(pos) + ": stored " + code_text(stored, metric) + ", expected " +
                                     code_text(expected, metric));
  }
};

}  // namespace

std::uint16_t derived_code(const Position& pos, const SolvedTable& table, const TableSet& children) {
  return code_from_successors(children.kind().measure, pos,
                              [&](const Position& p) { return stored_code(p, table, children); });
}

VerifyReport verify_table(const SolvedTable& table, const TableSet& children, const SolveHooks& hooks,
                          std::uint8_t sides) {
  const Index& index = table.index;
  const std::uint64_t n = index.size();
  FirstMismatches found;
  std::atomic<std::uint64_t> done{0};
  auto derive = [&](const Position& pos) { return derived_code(pos, table, children); };
  tbb::parallel_for(tbb::blocked_range<std::uint64_t>(0, 2 * n, 1 << 12), [&](const auto& r) {
    check_cancel(hooks);
    RangeCheck range{children.kind().metric()};
    Index::Decoder decoder(index);
    for (std::uint64_t g = r.begin(); g < r.end(); ++g) {
      const Color stm = g < n ? WHITE : BLACK;
      if (!(sides >> stm & 1)) continue;
      // Non-positions hold whatever compresses best: nothing to check.
      const Position* decoded = decoder.decode(g % n, stm);
      if (!decoded || !is_position(*decoded)) continue;
      range.check(*decoded, table.code(stm, g % n), {0, g}, derive);
    }
    const std::uint64_t d = done += r.size();
    if (r.begin() % (std::uint64_t(1) << 18) == 0) report(hooks, Phase::step("verify"), double(d) / double(2 * n));
    found.add(range.bad, range.legal, range.examples);
  });
  return found.report();
}

VerifyReport verify_by_slices(const TableReader& reader, const Material& m, const TableSet& children,
                              const SolveHooks& hooks, const std::filesystem::path& folder) {
  const Variant variant = children.kind().variant;
  const Measure measure = children.kind().measure;
  const Index index = index_of(m, children.kind());
  if (reader.header().positions_per_side != index.size())
    throw TableError(reader.path() + ": " + std::to_string(reader.header().positions_per_side) +
                     " positions a side, the index of " + m.name() + " has " + std::to_string(index.size()));
  SolvedSlices slices(m, variant, folder);
  slices.read_table(reader, index, hooks);
  const std::uint64_t key = m.key();
  auto stored = [&](const Position& p) { return Material::key_of(p) == key ? slices.code_of(p) : children.code_of(p); };
  auto derive = [&](const Position& pos) { return code_from_successors(measure, pos, stored); };
  const std::vector<PawnSlice> order = pawn_slices(m);
  const std::uint8_t sides = reader.header().sides;
  std::uint64_t total = 0;
  for (const PawnSlice& s : order) total += slices.index_of(s).size();
  FirstMismatches found;
  // Each slice's positions with side to move `stm`, in parallel: visit(its place in
  // `order`, its index, its codes, its slot, the position, the range's check).
  auto each_position = [&](Color stm, const std::string& step, auto visit) {
    if (hooks.children_for && !hooks.slice_children_for) hooks.children_for(stm);
    std::uint64_t done = 0;
    for (std::size_t k = 0; k < order.size(); ++k) {
      if (hooks.slice_children_for) hooks.slice_children_for(order[k], stm);
      const Index& si = slices.index_of(order[k]);
      const std::span<std::uint16_t> codes = slices.writable(order[k]);
      const std::uint64_t n = si.size();
      tbb::parallel_for(tbb::blocked_range<std::uint64_t>(0, n, 1 << 12), [&](const auto& r) {
        check_cancel(hooks);
        RangeCheck range{children.kind().metric()};
        Index::Decoder decoder(si);
        for (std::uint64_t i = r.begin(); i < r.end(); ++i) {
          const Position* pos = decoder.decode(i, stm);
          if (pos && is_position(*pos)) visit(k, si, codes, stm * n + i, *pos, range);
        }
        if (range.legal) found.add(range.bad, range.legal, range.examples);
      });
      report(hooks, Phase::step(step), double(done += n) / double(total));
    }
  };
  // A side the file lacks, derived from the side it holds (its positions' successors).
  for (Color stm : {WHITE, BLACK})
    if (!(sides >> stm & 1))
      each_position(stm, std::string("derive ") + (stm == WHITE ? "white" : "black"),
                    [&](std::size_t, const Index&, std::span<std::uint16_t> codes, std::uint64_t g,
                        const Position& pos, RangeCheck&) { codes[g] = derive(pos); });
  std::vector<bool> own_mirror(order.size());
  for (std::size_t k = 0; k < order.size(); ++k) own_mirror[k] = own_mirror_image(order[k]);
  for (Color stm : {WHITE, BLACK})
    if (sides >> stm & 1)
      each_position(stm, "verify", [&](std::size_t k, const Index& si, std::span<std::uint16_t> codes,
                                       std::uint64_t g, const Position& pos, RangeCheck& range) {
        // A slice that is its own mirror image holds each position and its image: the
        // one of the smaller index is checked, as the table holds one of the two.
        if (own_mirror[k] && si.encode_transformed(FILE_MIRROR, pos) < g % si.size()) return;
        range.check(pos, codes[g], {k, g}, derive);
      });
  if (hooks.slice_children_for) hooks.slice_children_for({}, COLOR_NB);
  else if (hooks.children_for) hooks.children_for(COLOR_NB);
  return found.report();
}

}  // namespace hilltb
