// The JSON answers about positions, in one place for every front end (the probe and
// line commands, a server): lichess-shaped objects (INTERFACE.md, `probe --json`).
#pragma once

#include <nlohmann/json.hpp>
#include <string>

#include "probe/prober.h"

namespace hilltb::answers {

// "win", "draw", "loss", or "unknown" for a probe that failed.
std::string category(const ProbeResult& r);
// Under the fifty-move rule at pos's halfmove clock, from the DTZ probe `dtz` or, where
// that failed, the DTM probe `dtm` (see probe_json).
std::string fifty_category(const Position& pos, const ProbeResult& dtm, const ProbeResult& dtz);

// The position's value and every move's, best first: {"fen", "category", "dtm",
// "checkmate", "stalemate", "variant_win", "variant_loss", ("points",) ("error",)
// "moves": [{"uci", "san", "fen", "category", "dtm", ...}]}, each move seen from the
// side to move after it ("fen": the position it leads to).
// Rule::FiftyMoves (the default in chess and koth): "category" is under the rule at the
// FEN's halfmove clock ("win", "cursed-win", "draw", "blessed-loss", "loss"; without a
// DTZ table "maybe-win" or "maybe-loss" where the DTM and the clock don't decide it),
// beside "dtz" and "precise_dtz" (signed plies to zeroing or the end at clock 0, null
// for a draw or without a DTZ table); each move also says "zeroing", and the moves come
// in DTZ order.
nlohmann::json probe_json(const Prober& prober, const Position& pos, Rule rule);
inline nlohmann::json probe_json(const Prober& prober, const Position& pos) {
  return probe_json(prober, pos, usual_rule(pos.variant()));
}

// The optimal line: {"fen", "category", "dtm", ("points",) "uci": [...], "san": [...],
// "end": the final position's FEN, "result": how the game ends ("" when the line stops
// at a draw or an unknown value)}. Rule::FiftyMoves: "category" and "dtz" as above,
// and the line of the DTZ tables, which wins within the clock when the win stands.
nlohmann::json line_json(const Prober& prober, const Position& start, Rule rule);
inline nlohmann::json line_json(const Prober& prober, const Position& start) {
  return line_json(prober, start, usual_rule(start.variant()));
}

// An answer for input that is not a position: {"fen": the text, "error": why}.
nlohmann::json error_json(const std::string& fen, const std::string& error);

}  // namespace hilltb::answers
