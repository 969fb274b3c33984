#include "common.h"

#include <filesystem>
#include <fstream>
#include <sstream>

namespace hilltb::cli {

void VariantOptions::add_to(CLI::App& app) {
  app.add_option("--variant", variant, "chess, koth or qoth")
      ->check(CLI::IsMember({"chess", "koth", "qoth"}))
      ->capture_default_str();
  add_layout_to(app);
}

void VariantOptions::add_layout_to(CLI::App& app) {
  app.add_option("--layout", layout, "qoth layout: a built-in name (ring) or a layout file")
      ->capture_default_str();
}

Variant VariantOptions::parsed_variant() const {
  Variant v = Variant::Koth;
  parse_variant(variant, v);  // CLI11 has already checked the name
  return v;
}

std::vector<TableKind> VariantOptions::table_kinds(const std::vector<Measure>& measures) const {
  const Variant v = parsed_variant();
  return TableKind::all(v, v == Variant::Qoth ? load_layout() : ring_layout(), measures);
}

Layout VariantOptions::load_layout() const {
  if (layout == ring_layout().name) return ring_layout();
  if (!std::filesystem::exists(layout))
    throw std::runtime_error("layout '" + layout + "' is neither a built-in layout (ring) nor a file");
  try {
    return parse_layout(read_text_file(layout), std::filesystem::path(layout).stem().string());
  } catch (const LayoutError& e) {
    throw std::runtime_error("layout file " + layout + ": " + e.what());
  }
}

void TableOptions::add_to(CLI::App& app, bool required) {
  auto* opt = app.add_option("--tables", dir, "the table directory");
  if (required) opt->required();
  app.add_option("material", names, "tables by material, e.g. KQvKR");
}

std::vector<Material> TableOptions::materials(Variant v) const {
  std::vector<Material> out;
  for (const auto& name : names) out.push_back(Material::parse(name, v).canonical());
  return out;
}

std::shared_ptr<TableCommandOptions> add_table_subcommand(CLI::App& app, const std::string& name,
                                                          const std::string& description, CLI::App*& cmd) {
  auto opts = std::make_shared<TableCommandOptions>();
  cmd = app.add_subcommand(name, description);
  opts->variant.add_to(*cmd);
  opts->tables.add_to(*cmd, true);
  return opts;
}

std::string join_words(const std::vector<std::string>& words) {
  std::string out;
  for (const auto& w : words) out += (out.empty() ? "" : " ") + w;
  return out;
}

std::string read_text_file(const std::string& path) {
  std::ifstream in(path);
  if (!in) throw std::runtime_error("cannot read " + path);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

}  // namespace hilltb::cli
