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

std::vector<TableKind> measured_kinds(const VariantOptions& variant) {
  std::vector<TableKind> kinds = variant.table_kinds();
  if (variant.parsed_variant() != Variant::Qoth) kinds.emplace_back(variant.parsed_variant(), Measure::Dtz);
  return kinds;
}

}  // namespace hilltb::cli
