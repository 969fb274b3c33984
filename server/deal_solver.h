// /qoth/deal's answer for a set-up that no results file holds: the deal solver within a
// small budget, every bound checked by the independent checker (deal/checked_solve.h).
// One search runs at a time (a search holds its proof table in memory); a request that
// finds the solver busy waits for it a while (WAIT), then is told so. Answers are kept,
// so a set-up asked again costs nothing (answers that name missing tables are not kept:
// the tables may come).
#pragma once

#include <chrono>
#include <cstdint>
#include <filesystem>
#include <map>
#include <mutex>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "probe/prober.h"

namespace hilltb::server {

struct DealSolving {
  double seconds = 1;       // each search's budget; 0 turns the solver off
  std::uint64_t nodes = 0;  // and its node budget (0: none)
};

class DealSolver {
 public:
  DealSolver(DealSolving budget, std::vector<std::filesystem::path> dirs)
      : budget_(budget), dirs_(std::move(dirs)) {}

  // The fields of `deal solve --json` for `pos` (qoth, `prober`'s layout), with "source":
  // "solver" and "table_pieces", the largest tables the search ended in (those all there
  // for pos's captures); {"category": "unknown", "missing_tables": [...]} when not even
  // the 1-piece ones are; nullopt when another search held the solver for all of WAIT.
  std::optional<nlohmann::json> solve(const Prober& prober, const Position& pos);
  bool enabled() const { return budget_.seconds > 0 || budget_.nodes > 0; }

 private:
  static constexpr std::size_t KEPT = 4096;  // answers kept; beyond that the store starts afresh
  DealSolving budget_;
  std::vector<std::filesystem::path> dirs_;
  static constexpr std::chrono::seconds WAIT{15};
  std::timed_mutex search_;  // one search at a time
  std::mutex kept_mutex_;
  std::map<std::string, nlohmann::json> kept_;  // by layout and FEN
};

}  // namespace hilltb::server
