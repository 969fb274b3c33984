// The values of Queen of the Hill deals from a results file of `deal solve --json`
// (INTERFACE.md "Deals", docs/certificates.md "Results files"): one JSON object a
// line, found again by the position's FEN or by the set-up's canonical name.
#pragma once

#include <filesystem>
#include <nlohmann/json.hpp>
#include <string>
#include <unordered_map>
#include <vector>

namespace hilltb::server {

class DealResults {
 public:
  DealResults() = default;
  // Reads the file; throws std::runtime_error naming the file and line of a fault (not
  // JSON, not an object, no "fen").
  static DealResults load(const std::filesystem::path& path);

  // The line for this position (its FEN as to_fen writes it) or set-up (its canonical
  // name, setup_name), FEN first; null when the file has neither.
  const nlohmann::json* find(const std::string& fen, const std::string& setup) const;
  std::size_t size() const { return lines_.size(); }

 private:
  std::vector<nlohmann::json> lines_;
  std::unordered_map<std::string, std::size_t> by_fen_, by_setup_;
};

}  // namespace hilltb::server
