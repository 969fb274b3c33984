#include "answers/deal_json.h"

#include <cmath>

#include "rules/fen.h"
#include "rules/notation.h"

namespace hilltb::answers {

std::string_view deal_category(const Bounds& b) {
  if (b.lo > 0) return "win";
  if (b.hi < 0) return "loss";
  if (b.lo == 0 && b.hi == 0) return "draw";
  return "unknown";
}

nlohmann::json deal_result_json(const std::optional<std::string>& setup, const Position& root,
                                const SearchResult& result) {
  nlohmann::json j;
  if (setup) j["setup"] = *setup;
  j["fen"] = to_fen(root);
  j["exact"] = result.score.exact();
  j["score"] = result.score.exact() ? nlohmann::json(result.score.lo) : nlohmann::json();
  j["lower"] = result.score.lo;
  j["upper"] = result.score.hi;
  j["category"] = deal_category(result.score);
  nlohmann::json pv = nlohmann::json::array();
  for (Move m : result.pv) pv.push_back(to_uci(m));
  j["pv"] = pv;
  j["nodes"] = result.nodes;
  j["seconds"] = std::round(result.seconds * 1000) / 1000;
  j["depth"] = result.depth;
  return j;
}

}  // namespace hilltb::answers
