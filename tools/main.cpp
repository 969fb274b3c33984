// hilltb: King of the Hill, Queen of the Hill and chess endgame tablebases.
#include <iostream>

#include "commands.h"
#include "rules/fen.h"
#include "rules/layout.h"

int main(int argc, char** argv) {
  CLI::App app{"hilltb: endgame tablebases for King of the Hill, Queen of the Hill and chess"};
  app.require_subcommand(1);
  hilltb::cli::add_perft_command(app);
  hilltb::cli::add_moves_command(app);
  hilltb::cli::add_gen_command(app);
  hilltb::cli::add_verify_command(app);
  hilltb::cli::add_info_command(app);
  hilltb::cli::add_probe_command(app);
  hilltb::cli::add_line_command(app);
  hilltb::cli::add_uci_command(app);
  hilltb::cli::add_serve_command(app);
  CLI::App* deal = hilltb::cli::add_deal_command(app);
  hilltb::cli::add_deal_solve_command(*deal);
  hilltb::cli::add_deal_verify_command(*deal);
  hilltb::cli::add_deal_report_command(*deal);
  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    return app.exit(e);
  } catch (const std::exception& e) {
    std::cerr << "hilltb: " << e.what() << "\n";
    return 1;
  }
  return 0;
}
