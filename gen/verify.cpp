#include "verify.h"

#include <tbb/blocked_range.h>
#include <tbb/parallel_for.h>

#include <map>
#include <mutex>

#include "formats/successors.h"
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

}  // namespace

std::uint16_t derived_code(const Position& pos, const SolvedTable& table, const TableSet& children) {
  return code_from_successors(children.kind().measure, pos,
                              [&](const Position& p) { return stored_code(p, table, children); });
}

VerifyReport verify_table(const SolvedTable& table, const TableSet& children, const SolveHooks& hooks,
                          std::uint8_t sides) {
  const Index& index = table.index;
  const std::uint64_t n = index.size();
  const Metric metric = children.kind().metric();
  VerifyReport found;
  // The examples are the first mismatches in index order (white to move first), whatever
  // the threads' order: a report reads the same on every run.
  constexpr std::size_t EXAMPLES = 5;
  std::map<std::uint64_t, std::string> first;
  std::mutex mutex;
  std::atomic<std::uint64_t> done{0}, checked{0};
  tbb::parallel_for(tbb::blocked_range<std::uint64_t>(0, 2 * n, 1 << 12), [&](const auto& r) {
    check_cancel(hooks);
    std::uint64_t bad = 0, legal = 0;
    std::vector<std::pair<std::uint64_t, std::string>> examples;
    Index::Decoder decoder(index);
    for (std::uint64_t g = r.begin(); g < r.end(); ++g) {
      const Color stm = g < n ? WHITE : BLACK;
      if (!(sides >> stm & 1)) continue;
      // Non-positions hold whatever compresses best: nothing to check.
      const Position* decoded = decoder.decode(g % n, stm);
      if (!decoded || !is_position(*decoded)) continue;
      const Position& pos = *decoded;
      ++legal;
      const std::uint16_t stored = table.code(stm, g % n);
      const std::uint16_t expected = derived_code(pos, table, children);
      if (stored != expected) {
        ++bad;
        if (examples.size() < EXAMPLES)
          examples.emplace_back(g, to_fen(pos) + ": stored " + code_text(stored, metric) + ", expected " +
                                       code_text(expected, metric));
      }
    }
    const std::uint64_t d = done += r.size();
    if (r.begin() % (std::uint64_t(1) << 18) == 0) report(hooks, Phase::step("verify"), double(d) / double(2 * n));
    checked += legal;
    std::lock_guard lock(mutex);
    found.mismatches += bad;
    for (auto& [g, e] : examples) first.emplace(g, std::move(e));
    while (first.size() > EXAMPLES) first.erase(std::prev(first.end()));
  });
  for (auto& [g, e] : first) found.examples.push_back(std::move(e));
  found.checked = checked.load();
  return found;
}

}  // namespace hilltb
