// hilltb probe: table values of positions and of all their moves (lichess-shaped JSON
// with --json), and hilltb line: the optimal line to the end of the game.
#include <iostream>
#include <nlohmann/json.hpp>

#include "commands.h"
#include "common.h"
#include "probe/prober.h"
#include "rules/notation.h"
#include "rules/outcome.h"

namespace hilltb::cli {

namespace {

struct ProbeOptions {
  VariantOptions variant;
  std::string tables;
  bool json = false;
  std::size_t cache_mb = 64;
  std::vector<std::string> fens;

  void add_to(CLI::App& cmd) {
    variant.add_to(cmd);
    cmd.add_option("--tables", tables, "the table directory")->required();
    cmd.add_option("--cache-mb", cache_mb, "block cache size in MiB")->capture_default_str();
  }
  Prober prober() const {
    const Variant v = variant.parsed_variant();
    return Prober({{tables}, v, cache_mb << 20, v == Variant::Qoth ? variant.load_layout() : ring_layout()});
  }
};

std::string category(const ProbeResult& r) {
  if (!r.ok()) return "unknown";
  return r.value.result > 0 ? "win" : r.value.result < 0 ? "loss" : "draw";
}

// Signed plies to the end: positive when the side to move wins, null for a draw.
nlohmann::json dtm(const ProbeResult& r) {
  if (!r.ok() || r.value.result == 0) return nullptr;
  return r.value.result > 0 ? r.value.distance : -r.value.distance;
}

// The fields lichess gives a position, from its side to move's view.
void describe_json(nlohmann::json& j, const Position& pos, const ProbeResult& r) {
  const Outcome o = outcome(pos);
  j["category"] = category(r);
  j["dtm"] = dtm(r);
  j["checkmate"] = o.reason == Termination::Checkmate;
  j["stalemate"] = o.reason == Termination::Stalemate;
  j["variant_win"] = o.result > 0 && (o.reason == Termination::Hill || o.reason == Termination::Claims);
  j["variant_loss"] = o.result < 0 && o.reason == Termination::Hill;
  if (pos.variant() == Variant::Qoth) j["points"] = r.ok() ? r.value.points : 0;
  if (!r.ok()) j["error"] = r.error;
}

std::string text(const ProbeResult& r) {
  if (!r.ok()) return "unknown (" + r.error + ")";
  if (r.value.result == 0) return "draw";
  return std::string(r.value.result > 0 ? "win" : "loss") + " in " + std::to_string(r.value.distance) + " plies" +
         (r.value.points ? " by " + std::to_string(r.value.points) + " points" : "");
}

}  // namespace

void add_probe_command(CLI::App& app) {
  auto opts = std::make_shared<ProbeOptions>();
  CLI::App* cmd = app.add_subcommand("probe", "table values of positions and of their moves");
  opts->add_to(*cmd);
  cmd->add_flag("--json", opts->json, "one lichess-shaped JSON object per position, one per line");
  cmd->add_option("fen", opts->fens, "positions (quote each FEN)")->required();
  cmd->callback([opts] {
    const Prober prober = opts->prober();
    const Layout layout = opts->variant.load_layout();
    for (const std::string& fen : opts->fens) {
      const Position pos = parse_fen(fen, prober.variant(), layout);
      const ProbeResult r = prober.probe(pos);
      const auto ranked = prober.rank_moves(pos);
      MoveList legal;
      generate_legal(pos, legal);
      if (opts->json) {
        nlohmann::json j;
        j["fen"] = to_fen(pos);
        describe_json(j, pos, r);
        j["moves"] = nlohmann::json::array();
        for (const RankedMove& rm : ranked) {
          Position next = pos;
          next.play(rm.move);
          nlohmann::json m{{"uci", to_uci(rm.move)}, {"san", to_san(pos, legal, rm.move)}};
          describe_json(m, next, rm.after);
          j["moves"].push_back(m);
        }
        std::cout << j.dump() << "\n";
        continue;
      }
      std::cout << to_fen(pos) << "\n  " << (pos.side_to_move() == WHITE ? "white" : "black")
                << " to move: " << text(r) << "\n";
      for (const RankedMove& rm : ranked) {
        ProbeResult mover = rm.after;  // turned round: the mover's view
        const bool qoth = pos.variant() == Variant::Qoth;
        if (mover.ok()) mover.value = decode_value(move_value(encode_value(rm.after.value), qoth), qoth);
        std::cout << "    " << to_san(pos, legal, rm.move) << " (" << to_uci(rm.move) << "): " << text(mover) << "\n";
      }
    }
    std::cout << std::flush;
  });
}

void add_line_command(CLI::App& app) {
  auto opts = std::make_shared<ProbeOptions>();
  CLI::App* cmd = app.add_subcommand("line", "the optimal line from a position to the end of the game");
  opts->add_to(*cmd);
  cmd->add_option("fen", opts->fens, "the position")->required();
  cmd->callback([opts] {
    const Prober prober = opts->prober();
    Position pos = parse_fen(join_words(opts->fens), prober.variant(), opts->variant.load_layout());
    const ProbeResult r = prober.probe(pos);
    std::cout << to_fen(pos) << ": " << text(r) << "\n";
    int ply = 0;
    for (Move m : prober.line(pos)) {
      std::cout << (ply % 2 == 0 ? "  " : " ") << to_san(pos, m);
      pos.play(m);
      if (++ply % 16 == 0) std::cout << "\n";
    }
    std::cout << "\n" << describe(pos, outcome(pos)) << std::endl;
  });
}

}  // namespace hilltb::cli
