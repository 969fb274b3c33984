#include "table_list.h"

#include <algorithm>

#include "formats/table_file.h"

namespace hilltb::cli {

std::vector<Material> tables_to_visit(const TableOptions& tables, Variant v) {
  std::vector<Material> found = tables.materials(v);
  if (found.empty()) {
    const auto dir = table_path(tables.dir, v, "", "x").parent_path();
    if (!std::filesystem::is_directory(dir)) throw std::runtime_error("no tables: " + dir.string() + " is not a directory");
    for (const auto& entry : std::filesystem::directory_iterator(dir)) {
      if (entry.path().extension() != ".htb") continue;
      try {
        found.push_back(Material::parse(entry.path().stem().string(), v));
      } catch (const MaterialError&) {
        // not a table of ours: skip
      }
    }
  }
  for (const Material& m : found)
    if (!std::filesystem::exists(table_path(tables.dir, v, "", m.name())))
      throw std::runtime_error("no table " + table_path(tables.dir, v, "", m.name()).string());
  std::sort(found.begin(), found.end(), [](const Material& a, const Material& b) {
    return std::tuple(a.pieces(), a.name()) < std::tuple(b.pieces(), b.name());
  });
  return found;
}

}  // namespace hilltb::cli
