#include "server/deal_solver.h"

#include <iostream>

#include "answers/deal_json.h"
#include "deal/checked_solve.h"
#include "deal/endgame_tables.h"
#include "rules/fen.h"

namespace hilltb::server {

std::optional<nlohmann::json> DealSolver::solve(const Prober& prober, const Position& pos) {
  const std::string key = prober.layout().name + " " + to_fen(pos);
  auto kept = [&]() -> std::optional<nlohmann::json> {
    std::lock_guard lock(kept_mutex_);
    if (const auto it = kept_.find(key); it != kept_.end()) return it->second;
    return std::nullopt;
  };
  if (auto j = kept()) return j;
  std::unique_lock busy(search_, WAIT);
  if (!busy.owns_lock()) return std::nullopt;
  if (auto j = kept()) return j;  // solved while this request waited

  // The search ends in the largest tables that are all there for this position's
  // captures: a set complete up to 4 pieces with a few 5-piece tables serves as one up to 4.
  std::vector<std::string> files, missing;
  int pieces = prober.census().largest;
  for (; pieces > 0; --pieces) {
    files = needed_table_files({pos}, prober.layout(), pieces);
    const auto absent = missing_files(dirs_, files);
    if (absent.empty()) break;
    if (missing.empty()) missing = absent;
  }
  if (pieces == 0) {
    if (missing.empty()) missing = {"qoth/" + prober.layout().name + "/*.htb"};
    return nlohmann::json{{"category", "unknown"}, {"missing_tables", missing}, {"source", "solver"}};
  }
  const Certificate tables_used{prober.layout().to_text(), table_refs(dirs_, files), {}};
  ProofSearch search(prober, pieces, {budget_.nodes, budget_.seconds});
  const CheckedSolution solved = solve_checked(search, pos, tables_used, dirs_);
  // A withdrawn bound is a fault of the search: the answer keeps only what is proved, the
  // log says why.
  for (const std::string& why : solved.withdrawn) std::cerr << "hilltb serve: bound withdrawn: " << why << "\n";
  nlohmann::json j = answers::deal_result_json(std::nullopt, pos, solved.result);
  j.erase("fen");
  j["table_pieces"] = pieces;
  j["source"] = "solver";
  std::lock_guard lock(kept_mutex_);
  if (kept_.size() >= KEPT) kept_.clear();
  kept_[key] = j;
  return j;
}

}  // namespace hilltb::server
