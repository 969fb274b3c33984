// hilltb deal: Queen of the Hill deals (docs/deals.md). `list` prints the deals the deck
// allows, `fen` the position of set-ups; further subcommands attach to the returned App.
#include <iostream>

#include "commands.h"
#include "common.h"
#include "rules/deal.h"
#include "rules/fen.h"

namespace hilltb::cli {

namespace {

void add_list(CLI::App& deal) {
  struct Options {
    bool up_to_swap = false;
    bool count = false;
  };
  auto opts = std::make_shared<Options>();
  CLI::App* cmd = deal.add_subcommand("list", "every deal of the 16-card deck, one a line (P1vP2)");
  cmd->add_flag("--up-to-swap", opts->up_to_swap,
                "one deal of each pair that differs by swapping the players");
  cmd->add_flag("--count", opts->count, "print only the number of deals");
  cmd->callback([opts] {
    const std::vector<Deal> deals = all_deals(opts->up_to_swap);
    if (opts->count) {
      std::cout << deals.size() << std::endl;
      return;
    }
    std::string out;
    for (const Deal& d : deals) out += deal_name(d) + "\n";
    std::cout << out << std::flush;
  });
}

void add_fen(CLI::App& deal) {
  struct Options {
    VariantOptions variant;
    std::vector<std::string> setups;
  };
  auto opts = std::make_shared<Options>();
  opts->variant.variant = "qoth";
  CLI::App* cmd = deal.add_subcommand(
      "fen", "the qoth FEN of set-ups H:P1:P2 (e.g. 1:QRBNK:RRNBB), the hand's first mover to move");
  opts->variant.add_layout_to(*cmd);
  cmd->add_option("setup", opts->setups, "set-ups H:P1:P2")->required();
  cmd->callback([opts] {
    const Layout layout = opts->variant.load_layout();
    std::string out;  // all set-ups are read before anything is printed
    for (const std::string& text : opts->setups)
      out += to_fen(setup_position(parse_setup(text), layout)) + "\n";
    std::cout << out << std::flush;
  });
}

}  // namespace

CLI::App* add_deal_command(CLI::App& app) {
  CLI::App* deal = app.add_subcommand("deal", "Queen of the Hill deals: list them, set them up");
  deal->require_subcommand(1);
  add_list(*deal);
  add_fen(*deal);
  return deal;
}

}  // namespace hilltb::cli
