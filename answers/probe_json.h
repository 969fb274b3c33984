// The JSON answers about positions, in one place for every front end (the probe and
// line commands, a server): lichess-shaped objects (INTERFACE.md, `probe --json`).
#pragma once

#include <nlohmann/json.hpp>
#include <string>

#include "probe/prober.h"

namespace hilltb::answers {

// "win", "draw", "loss", or "unknown" for a probe that failed.
std::string category(const ProbeResult& r);

// The position's value and every move's, best first: {"fen", "category", "dtm",
// "checkmate", "stalemate", "variant_win", "variant_loss", ("points",) ("error",)
// "moves": [{"uci", "san", "fen", "category", "dtm", ...}]}, each move seen from the
// side to move after it ("fen": the position it leads to).
nlohmann::json probe_json(const Prober& prober, const Position& pos);

// The optimal line: {"fen", "category", "dtm", ("points",) "uci": [...], "san": [...],
// "end": the final position's FEN, "result": how the game ends ("" when the line stops
// at a draw or an unknown value)}.
nlohmann::json line_json(const Prober& prober, const Position& pos);

// An answer for input that is not a position: {"fen": the text, "error": why}.
nlohmann::json error_json(const std::string& fen, const std::string& error);

}  // namespace hilltb::answers
