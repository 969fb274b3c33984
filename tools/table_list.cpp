#include "table_list.h"

#include <algorithm>

#include "formats/table_file.h"

namespace hilltb::cli {

std::vector<Material> tables_to_visit(const TableOptions& tables, const TableKind& kind) {
  const Variant v = kind.variant;
  std::vector<Material> found = tables.materials(v);
  if (found.empty()) {
    const auto dir = tables.dir / std::filesystem::path(kind.folder());
    if (!std::filesystem::is_directory(dir)) throw std::runtime_error("no tables: " + dir.string() + " is not a directory");
    for (const auto& entry : std::filesystem::directory_iterator(dir)) {
      if (entry.path().extension() != table_path({}, kind, "x").extension()) continue;
      try {
        found.push_back(Material::parse(entry.path().stem().string(), v));
      } catch (const MaterialError&) {
        // not a table of ours: skip
      }
    }
  }
  if (kind.measure == Measure::Dtz)
    std::erase_if(found, [&](const Material& m) { return !std::filesystem::exists(table_path(tables.dir, kind, m.name())); });
  for (const Material& m : found)
    if (!std::filesystem::exists(table_path(tables.dir, kind, m.name())))
      throw std::runtime_error("no table " + table_path(tables.dir, kind, m.name()).string());
  std::sort(found.begin(), found.end(), [](const Material& a, const Material& b) {
    return std::tuple(a.pieces(), a.name()) < std::tuple(b.pieces(), b.name());
  });
  return found;
}

void add_measure_option(CLI::App& cmd, std::string& text, const std::string& what) {
  cmd.add_option("--measure", text,
                 what + ": dtm (distance to the end, .htb), dtz (distance to zeroing under the fifty-move rule, "
                        ".htz; chess and koth) or both")
      ->check(CLI::IsMember({"dtm", "dtz", "both"}))
      ->capture_default_str();
}

std::vector<Measure> measures_named(const std::string& text) {
  if (text == "dtm") return {Measure::Dtm};
  if (text == "dtz") return {Measure::Dtz};
  return {Measure::Dtm, Measure::Dtz};
}

}  // namespace hilltb::cli
