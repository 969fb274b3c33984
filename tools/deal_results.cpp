#include "deal_results.h"

#include <filesystem>
#include <fstream>

#include <nlohmann/json.hpp>

namespace hilltb::cli {

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
