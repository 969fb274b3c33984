// What every subcommand shares: the --variant and --layout options and FEN arguments.
#pragma once

#include <CLI/CLI.hpp>
#include <memory>
#include <string>
#include <vector>

#include "formats/material.h"
#include "formats/table_file.h"
#include "rules/fen.h"

namespace hilltb::cli {

struct VariantOptions {
  std::string variant = "koth";
  std::string layout = "ring";

  void add_to(CLI::App& app);
  // Only --layout, for commands that are qoth by nature.
  void add_layout_to(CLI::App& app);
  Variant parsed_variant() const;
  // The built-in layout of that name, else the layout file at that path.
  Layout load_layout() const;
  // The families of the variant's (and layout's) tables of the given measures
  // (formats/table_file.h).
  std::vector<TableKind> table_kinds(const std::vector<Measure>& measures) const;
};

// --tables DIR and a list of material names.
struct TableOptions {
  std::string dir;
  std::vector<std::string> names;
  void add_to(CLI::App& app, bool required);
  // The named materials, canonical (throws MaterialError naming a bad one).
  std::vector<Material> materials(Variant v) const;
};

// A subcommand over a table directory: --variant, --layout, --tables and materials.
struct TableCommandOptions {
  VariantOptions variant;
  TableOptions tables;
};
std::shared_ptr<TableCommandOptions> add_table_subcommand(CLI::App& app, const std::string& name,
                                                          const std::string& description, CLI::App*& cmd);

// FEN arguments arrive split at spaces when not quoted: join them back.
std::string join_words(const std::vector<std::string>& words);

// Reads a whole text file; throws std::runtime_error naming the file.
std::string read_text_file(const std::string& path);

}  // namespace hilltb::cli
