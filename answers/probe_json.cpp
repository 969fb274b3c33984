#include "answers/probe_json.h"

#include "rules/fen.h"
#include "rules/notation.h"
#include "rules/outcome.h"

namespace hilltb::answers {

namespace {

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

}  // namespace

std::string category(const ProbeResult& r) {
  if (!r.ok()) return "unknown";
  return r.value.result > 0 ? "win" : r.value.result < 0 ? "loss" : "draw";
}

nlohmann::json probe_json(const Prober& prober, const Position& pos) {
  MoveList legal;
  generate_legal(pos, legal);
  nlohmann::json j;
  j["fen"] = to_fen(pos);
  describe_json(j, pos, prober.probe(pos));
  j["moves"] = nlohmann::json::array();
  for (const RankedMove& rm : prober.rank_moves(pos)) {
    Position next = pos;
    next.play(rm.move);
    nlohmann::json m{{"uci", to_uci(rm.move)}, {"san", to_san(pos, legal, rm.move)}, {"fen", to_fen(next)}};
    describe_json(m, next, rm.after);
    j["moves"].push_back(m);
  }
  return j;
}

nlohmann::json line_json(const Prober& prober, const Position& start) {
  const ProbeResult r = prober.probe(start);
  nlohmann::json j{{"fen", to_fen(start)}, {"category", category(r)}, {"dtm", dtm(r)}};
  if (start.variant() == Variant::Qoth) j["points"] = r.ok() ? r.value.points : 0;
  if (!r.ok()) j["error"] = r.error;
  nlohmann::json uci = nlohmann::json::array(), san = nlohmann::json::array();
  Position pos = start;
  for (Move m : prober.line(start)) {
    uci.push_back(to_uci(m));
    san.push_back(to_san(pos, m));
    pos.play(m);
  }
  j["uci"] = uci;
  j["san"] = san;
  j["end"] = to_fen(pos);
  const Outcome o = outcome(pos);
  j["result"] = o.over() ? describe(pos, o) : "";
  return j;
}

nlohmann::json error_json(const std::string& fen, const std::string& error) {
  return {{"fen", fen}, {"error", error}};
}

}  // namespace hilltb::answers
