// hilltb perft: leaf counts of the legal move tree, optionally split by first move.
#include <chrono>
#include <iostream>

#include "commands.h"
#include "common.h"
#include "rules/notation.h"
#include "rules/perft.h"

namespace hilltb::cli {

void add_perft_command(CLI::App& app) {
  struct Options {
    VariantOptions variant;
    int depth = 1;
    bool divide = false;
    std::vector<std::string> fen;
  };
  auto opts = std::make_shared<Options>();
  CLI::App* cmd = app.add_subcommand("perft", "count the leaf nodes of the legal move tree");
  opts->variant.add_to(*cmd);
  cmd->add_option("--depth", opts->depth, "plies to search")->required()->check(CLI::Range(0, 20));
  cmd->add_flag("--divide", opts->divide, "print the count below each legal move first");
  cmd->add_option("fen", opts->fen, "the position (default: the start position; qoth needs one)");
  cmd->callback([opts] {
    const Variant v = opts->variant.parsed_variant();
    if (opts->fen.empty() && v == Variant::Qoth)
      throw CLI::ValidationError("fen", "qoth has no start position: give a FEN");
    const Layout layout = opts->variant.load_layout();
    const Position pos =
        parse_fen(opts->fen.empty() ? std::string(START_FEN) : join_words(opts->fen), v, layout);
    const auto start = std::chrono::steady_clock::now();
    std::uint64_t total = 0;
    if (opts->divide && opts->depth > 0) {
      MoveList list;
      generate_legal(pos, list);
      for (Move m : list) {
        Position next = pos;
        next.play(m);
        const std::uint64_t n = perft(next, opts->depth - 1);
        std::cout << to_uci(m) << ": " << n << "\n";
        total += n;
      }
    } else {
      total = perft(pos, opts->depth);
    }
    const double seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    std::cerr << "perft " << opts->depth << ": " << total << " nodes in " << seconds << " s ("
              << (seconds > 0 ? total / seconds / 1e6 : 0.0) << " Mnodes/s)\n";
    std::cout << total << std::endl;
  });
}

}  // namespace hilltb::cli
