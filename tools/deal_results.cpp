#include "deal_results.h"

#include <filesystem>
#include <fstream>

#include "rules/fen.h"
#include "rules/notation.h"

namespace hilltb::cli {

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

std::set<std::string> setups_done(const std::string& results_path) {
  std::set<std::string> done;
  std::fstream file(results_path, std::ios::in | std::ios::binary);
  if (!file) return done;
  std::string text((std::istreambuf_iterator<char>(file)), std::istreambuf_iterator<char>());
  file.close();
  const std::size_t end = text.rfind('\n') == std::string::npos ? 0 : text.rfind('\n') + 1;
  if (end < text.size()) std::filesystem::resize_file(results_path, end);
  std::size_t start = 0;
  for (std::size_t nl; start < end; start = nl + 1) {
    nl = text.find('\n', start);
    const auto j = nlohmann::json::parse(text.substr(start, nl - start), nullptr, false);
    if (j.is_object() && j.contains("setup") && j["setup"].is_string()) done.insert(j["setup"].get<std::string>());
  }
  return done;
}

}  // namespace hilltb::cli
