// The JSON of a deal search's result: the line `deal solve --json` prints, `deal solve
// --all` appends for each set-up and the server answers /qoth/deal with (INTERFACE.md,
// "Deals").
#pragma once

#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <string_view>

#include "deal/proof_search.h"

namespace hilltb::answers {

// The outcome the bounds prove: "win" when the lower bound is above 0, "loss" when the
// upper is below, "draw" when both are 0, "unknown" otherwise.
std::string_view deal_category(const Bounds& b);

nlohmann::json deal_result_json(const std::optional<std::string>& setup, const Position& root,
                                const SearchResult& result);

}  // namespace hilltb::answers
