// hilltb moves: the legal moves of a position in UCI and SAN, and whether the game is over.
#include <iostream>
#include <nlohmann/json.hpp>

#include "commands.h"
#include "common.h"
#include "rules/notation.h"
#include "rules/outcome.h"

namespace hilltb::cli {

namespace {

std::string_view result_name(const Outcome& o) {
  if (!o.over()) return "";
  return o.result > 0 ? "win" : o.result < 0 ? "loss" : "draw";
}

nlohmann::json moves_json(const Position& pos, const MoveList& legal, const Outcome& o) {
  nlohmann::json j;
  j["fen"] = to_fen(pos);
  j["moves"] = nlohmann::json::array();
  for (Move m : legal) j["moves"].push_back({{"uci", to_uci(m)}, {"san", to_san(pos, legal, m)}});
  j["game_over"] = o.over();
  j["reason"] = termination_name(o.reason);
  j["result"] = result_name(o);  // for the side to move
  j["checkmate"] = o.reason == Termination::Checkmate;
  j["stalemate"] = o.reason == Termination::Stalemate;
  j["variant_win"] = o.result > 0 && (o.reason == Termination::Hill || o.reason == Termination::Claims);
  j["variant_loss"] = o.result < 0 && o.reason == Termination::Hill;
  if (pos.variant() == Variant::Qoth) j["points"] = o.points;
  return j;
}

}  // namespace

void add_moves_command(CLI::App& app) {
  struct Options {
    VariantOptions variant;
    bool json = false;
    std::vector<std::string> fen;
  };
  auto opts = std::make_shared<Options>();
  CLI::App* cmd =
      app.add_subcommand("moves", "list the legal moves and tell whether the game is over");
  opts->variant.add_to(*cmd);
  cmd->add_flag("--json", opts->json, "one JSON object instead of text");
  cmd->add_option("fen", opts->fen, "the position")->required();
  cmd->callback([opts] {
    const Position pos =
        parse_fen(join_words(opts->fen), opts->variant.parsed_variant(), opts->variant.load_layout());
    MoveList legal;
    generate_legal(pos, legal);
    const Outcome o = outcome(pos, legal);
    if (opts->json) {
      std::cout << moves_json(pos, legal, o).dump() << std::endl;
      return;
    }
    std::cout << "position: " << to_fen(pos) << "\n"
              << "legal moves: " << legal.size << "\n";
    for (Move m : legal) std::cout << "  " << to_uci(m) << "  " << to_san(pos, legal, m) << "\n";
    std::cout << (o.over() ? "game over: " : "") << describe(pos, o) << std::endl;
  });
}

}  // namespace hilltb::cli
