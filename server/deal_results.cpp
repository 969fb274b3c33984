#include "server/deal_results.h"

#include <fstream>
#include <stdexcept>

#include "rules/deal.h"

namespace hilltb::server {

DealResults DealResults::load(const std::filesystem::path& path) {
  std::ifstream in(path);
  if (!in) throw std::runtime_error("deal results " + path.string() + ": cannot be read");
  DealResults results;
  std::size_t number = 0;
  for (std::string text; std::getline(in, text);) {
    ++number;
    if (text.find_first_not_of(" \t\r") == std::string::npos) continue;
    const std::string where = "deal results " + path.string() + " line " + std::to_string(number) + ": ";
    nlohmann::json line = nlohmann::json::parse(text, nullptr, false);
    if (line.is_discarded() || !line.is_object()) throw std::runtime_error(where + "not a JSON object");
    if (!line.contains("fen") || !line["fen"].is_string()) throw std::runtime_error(where + "no \"fen\"");
    const std::size_t i = results.lines_.size();
    results.by_fen_.emplace(line["fen"].get<std::string>(), i);
    if (line.contains("setup") && line["setup"].is_string()) {
      try {
        results.by_setup_.emplace(setup_name(parse_setup(line["setup"].get<std::string>())), i);
      } catch (const DealError& e) {
        throw std::runtime_error(where + e.what());
      }
    }
    results.lines_.push_back(std::move(line));
  }
  return results;
}

const nlohmann::json* DealResults::find(const std::string& fen, const std::string& setup) const {
  if (const auto it = by_fen_.find(fen); it != by_fen_.end()) return &lines_[it->second];
  if (const auto it = by_setup_.find(setup); it != by_setup_.end()) return &lines_[it->second];
  return nullptr;
}

}  // namespace hilltb::server
