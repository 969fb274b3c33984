// What every subcommand shares: the --variant and --layout options and FEN arguments.
#pragma once

#include <CLI/CLI.hpp>
#include <string>
#include <vector>

#include "rules/fen.h"

namespace hilltb::cli {

struct VariantOptions {
  std::string variant = "koth";
  std::string layout = "ring";

  void add_to(CLI::App& app);
  Variant parsed_variant() const;
  // The built-in layout of that name, else the layout file at that path.
  Layout load_layout() const;
};

// FEN arguments arrive split at spaces when not quoted: join them back.
std::string join_words(const std::vector<std::string>& words);

// Reads a whole text file; throws std::runtime_error naming the file.
std::string read_text_file(const std::string& path);

}  // namespace hilltb::cli
