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
void add_uci_command(CLI::App& app);
void add_serve_command(CLI::App& app);
// Returns `deal`, so that further deal subcommands can be added to it.
CLI::App* add_deal_command(CLI::App& app);
// Under the `deal` subcommand: `deal solve`, `deal verify`, `deal report`.
void add_deal_solve_command(CLI::App& deal);
void add_deal_verify_command(CLI::App& deal);
void add_deal_report_command(CLI::App& deal);

}  // namespace hilltb::cli
