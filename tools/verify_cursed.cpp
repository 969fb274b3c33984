#include "verify_cursed.h"

#include <algorithm>
#include <iostream>

#include "fifty/claim_check.h"
#include "formats/table_reader.h"
#include "formats/zeroing.h"
#include "table_list.h"

namespace hilltb::cli {

namespace {

// The claims beyond the horizon found, as words: at 100 plies they are the cursed wins
// and blessed losses, which the header counts too.
std::string beyond_text(const ClaimCheckReport& r, int horizon) {
  const std::uint64_t wins = r.beyond_wins[0] + r.beyond_wins[1], losses = r.beyond_losses[0] + r.beyond_losses[1];
  if (horizon == FIFTY_MOVE_PLIES)
    return std::to_string(wins) + " cursed wins and " + std::to_string(losses) +
           " blessed losses: the winner cannot zero or finish within 100 plies";
  return std::to_string(wins + losses) + " positions of DTZ > " + std::to_string(horizon) +
         ": the winner cannot zero or finish within " + std::to_string(horizon) + " plies";
}

// At 100 plies the positions found must be those the generator counted: a scan that
// missed some would check less than it says.
std::optional<std::string> header_mismatch(const TableHeader& h, const ClaimCheckReport& r) {
  for (Color c : {WHITE, BLACK}) {
    const SideStats& s = h.stats[c];
    if (s.cursed_wins != r.beyond_wins[c] || s.blessed_losses != r.beyond_losses[c])
      return std::string(c == WHITE ? "white" : "black") + " to move: the header counts " +
             std::to_string(s.cursed_wins) + " cursed wins and " + std::to_string(s.blessed_losses) +
             " blessed losses, the table holds " + std::to_string(r.beyond_wins[c]) + " and " +
             std::to_string(r.beyond_losses[c]);
  }
  return std::nullopt;
}

// Prints a line on the table called `name`.
bool verify_one(const Prober& prober, const std::string& dir, const TableKind& kind, const Material& m,
                const std::string& name, int horizon, Progress& progress) {
  try {
    const TableReader reader(table_path(dir, kind, m.name()), TableExpectation::of(kind, m.name()));
    auto report_step = [&](const char* step, double f) { progress.update(Phase::step(step), f); };
    const ClaimCheckReport r = check_dtz_claims(prober, m, horizon, {}, MoveOrder::TableGuided, report_step);
    progress.clear();
    if (r.ok() && horizon == FIFTY_MOVE_PLIES)
      if (const auto mismatch = header_mismatch(reader.header(), r)) {
        std::cout << name << ": FAILED, " << *mismatch << "\n";
        return false;
      }
    if (!r.ok()) {
      std::cout << name << ": FAILED, " << *r.failure << "\n";
      return false;
    }
    std::cout << name << ": ok, " << beyond_text(r, horizon) << "; " << r.at_horizon << " of DTZ " << horizon
              << ": it can; " << r.positions << " positions read, " << r.walked << " walked, " << r.nodes
              << " searched\n";
    return true;
  } catch (const std::exception& e) {
    progress.clear();
    std::cout << name << ": FAILED, " << e.what() << "\n";
    return false;
  }
}

}  // namespace

int verify_cursed(const TableCommandOptions& opts, int horizon, Progress& progress) {
  const Variant variant = opts.variant.parsed_variant();
  if (variant == Variant::Qoth) throw std::runtime_error("--cursed: qoth has no fifty-move rule (no DTZ tables)");
  ProberOptions po;
  po.dirs = {opts.tables.dir};
  po.variant = variant;
  const Prober prober(po);
  const TableKind kind(variant, Measure::Dtz);
  int failed = 0;
  const std::vector<Material> list = tables_to_visit(opts.tables, kind);
  // A table named must be checked: a DTZ file missing is an error here, not a pass.
  for (const Material& m : opts.tables.materials(variant))
    if (std::find(list.begin(), list.end(), m) == list.end())
      throw std::runtime_error("--cursed: no DTZ table " + table_path(opts.tables.dir, kind, m.name()).string());
  if (list.empty()) throw std::runtime_error("--cursed: no DTZ tables in " + opts.tables.dir);
  for (std::size_t i = 0; i < list.size(); ++i) {
    const std::string name = list[i].name() + " DTZ";
    progress.begin(name, int(i) + 1, int(list.size()));
    failed += !verify_one(prober, opts.tables.dir, kind, list[i], name, horizon, progress);
  }
  return failed;
}

}  // namespace hilltb::cli
