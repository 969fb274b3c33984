// The JSON line `deal solve --json` prints and `deal solve --all` appends for each
// solved position (INTERFACE.md, "Deals").
#pragma once

#include <nlohmann/json.hpp>
#include <optional>
#include <set>
#include <string>

#include "deal/proof_search.h"

namespace hilltb::cli {

// The outcome the bounds prove: "win" when the lower bound is above 0, "loss" when the
// upper is below, "draw" when both are 0, "unknown" otherwise.
std::string_view deal_category(const Bounds& b);

nlohmann::json deal_result_json(const std::optional<std::string>& setup, const Position& root,
                                const SearchResult& result);

// The set-ups a results file already holds. A last line cut short (the run was killed
// while writing it) is removed from the file, so that appending goes on cleanly.
std::set<std::string> setups_done(const std::string& results_path);

}  // namespace hilltb::cli
