// One function per subcommand, each registering itself on the hilltb app.
#pragma once

#include <CLI/CLI.hpp>

namespace hilltb::cli {

void add_perft_command(CLI::App& app);
void add_moves_command(CLI::App& app);
void add_gen_command(CLI::App& app);
void add_verify_command(CLI::App& app);
void add_info_command(CLI::App& app);
void add_probe_command(CLI::App& app);
void add_line_command(CLI::App& app);
// Under the `deal` subcommand: `deal verify`.
void add_deal_verify_command(CLI::App& deal);

}  // namespace hilltb::cli
