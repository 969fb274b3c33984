// hilltb probe: table values of positions and of all their moves (lichess-shaped JSON
// with --json), and hilltb line: the optimal line to the end of the game. Both answer
// a batch of FENs, or FENs from standard input one a line (`-`), as they arrive; a bad
// FEN gets an error answer, the others are still answered, and the exit status says
// whether any failed.
#include <iostream>

#include "commands.h"
#include "common.h"
#include "probe/prober.h"
#include "answers/probe_json.h"
#include "rules/notation.h"
#include "rules/outcome.h"

namespace hilltb::cli {

namespace {

struct ProbeOptions {
  VariantOptions variant;
  std::string tables;
  bool json = false;
  std::size_t cache_mb = 64;
  std::string rule;  // empty: the variant's usual one
  std::vector<std::string> fens;

  void add_to(CLI::App& cmd) {
    variant.add_to(cmd);
    cmd.add_option("--tables", tables, "the table directories, separated by ':' (searched in order)")->required();
    cmd.add_option("--cache-mb", cache_mb, "block cache size in MiB")->capture_default_str();
    cmd.add_flag("--json", json, "one JSON object per position, one per line");
    cmd.add_option("--rule", rule,
                   "fifty: the fifty-move rule at the FEN's halfmove clock, from the DTZ tables (default in chess "
                   "and koth); none: the pure values (default in qoth)")
        ->check(CLI::IsMember({"fifty", "none"}));
    cmd.add_option("fen", fens, "positions (quote each FEN); '-' reads FENs from standard input, one a line")
        ->required();
  }
  Rule parsed_rule() const {
    const Variant v = variant.parsed_variant();
    if (rule.empty()) return usual_rule(v);
    if (rule == "fifty" && v == Variant::Qoth) throw std::runtime_error("--rule fifty: qoth has no fifty-move rule");
    return rule == "fifty" ? Rule::FiftyMoves : Rule::None;
  }
  Prober prober() const {
    const Variant v = variant.parsed_variant();
    return Prober({split_table_dirs(tables), v, cache_mb << 20, v == Variant::Qoth ? variant.load_layout() : ring_layout()});
  }
};

// Answers every FEN of the arguments (standard input for '-') with `answer`, a bad
// one with an error; returns how many were bad.
template <typename Answer>
int answer_each(const ProbeOptions& opts, const Prober& prober, Answer&& answer) {
  int failed = 0;
  auto one = [&](const std::string& fen) {
    Position pos;
    try {
      pos = parse_fen(fen, prober.variant(), prober.layout());
    } catch (const FenError& e) {
      ++failed;
      if (opts.json) std::cout << answers::error_json(fen, e.what()).dump() << "\n";
      else std::cout << "error: " << fen << ": " << e.what() << "\n";
      return;
    }
    answer(pos);
  };
  for (const std::string& fen : opts.fens) {
    if (fen != "-") {
      one(fen);
      continue;
    }
    for (std::string line; std::getline(std::cin, line);) {
      if (line.find_first_not_of(" \t\r") == std::string::npos) continue;
      one(line);
      std::cout << std::flush;  // the caller may wait for this answer before the next FEN
    }
  }
  std::cout << std::flush;
  return failed;
}

void finish(int failed) {
  if (failed) throw std::runtime_error(std::to_string(failed) + " position(s) could not be read");
}

std::string text(const ProbeResult& r) {
  if (!r.ok()) return "unknown (" + r.error + ")";
  if (r.value.result == 0) return "draw";
  return std::string(r.value.result > 0 ? "win" : "loss") + " in " + std::to_string(r.value.distance) + " plies" +
         (r.value.points ? " by " + std::to_string(r.value.points) + " points" : "");
}

// Under the fifty-move rule: the category at the FEN's clock and the DTZ.
std::string fifty_text(const Prober& prober, const Position& pos, const ProbeResult& dtm) {
  const ProbeResult dtz = prober.probe_dtz(pos);
  std::string said = " (fifty-move rule at clock " + std::to_string(pos.rule50()) + ": " +
                     answers::fifty_category(pos, dtm, dtz);
  if (dtz.ok() && dtz.value.result) said += ", DTZ " + std::to_string(dtz.value.distance);
  return said + ")";
}

void print_probe(const Prober& prober, const Position& pos, Rule rule) {
  const ProbeResult r = prober.probe(pos);
  MoveList legal;
  generate_legal(pos, legal);
  std::cout << to_fen(pos) << "\n  " << (pos.side_to_move() == WHITE ? "white" : "black") << " to move: " << text(r)
            << (rule == Rule::FiftyMoves ? fifty_text(prober, pos, r) : "") << "\n";
  for (const RankedMove& rm : prober.rank_moves(pos)) {
    ProbeResult mover = rm.after;  // turned round: the mover's view
    if (mover.ok()) mover.value = move_value(rm.after.value);
    std::cout << "    " << to_san(pos, legal, rm.move) << " (" << to_uci(rm.move) << "): " << text(mover) << "\n";
  }
}

void print_line(const Prober& prober, Position pos, Rule rule) {
  const ProbeResult r = prober.probe(pos);
  std::cout << to_fen(pos) << ": " << text(r) << (rule == Rule::FiftyMoves ? fifty_text(prober, pos, r) : "") << "\n";
  int ply = 0;
  for (Move m : prober.line(pos, 1000, rule)) {
    std::cout << (ply % 2 == 0 ? "  " : " ") << to_san(pos, m);
    pos.play(m);
    if (++ply % 16 == 0) std::cout << "\n";
  }
  std::cout << "\n" << describe(pos, outcome(pos)) << "\n";
}

}  // namespace

void add_probe_command(CLI::App& app) {
  auto opts = std::make_shared<ProbeOptions>();
  CLI::App* cmd = app.add_subcommand("probe", "table values of positions and of their moves");
  opts->add_to(*cmd);
  cmd->callback([opts] {
    const Prober prober = opts->prober();
    const Rule rule = opts->parsed_rule();
    finish(answer_each(*opts, prober, [&](const Position& pos) {
      if (opts->json) std::cout << answers::probe_json(prober, pos, rule).dump() << "\n";
      else print_probe(prober, pos, rule);
    }));
  });
}

void add_line_command(CLI::App& app) {
  auto opts = std::make_shared<ProbeOptions>();
  CLI::App* cmd = app.add_subcommand("line", "the optimal line from a position to the end of the game");
  opts->add_to(*cmd);
  cmd->callback([opts] {
    const Prober prober = opts->prober();
    const Rule rule = opts->parsed_rule();
    finish(answer_each(*opts, prober, [&](const Position& pos) {
      if (opts->json) std::cout << answers::line_json(prober, pos, rule).dump() << "\n";
      else print_line(prober, pos, rule);
    }));
  });
}

}  // namespace hilltb::cli
