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

// Signed plies to zeroing or the end at clock 0, as lichess gives "dtz".
nlohmann::json dtz(const ProbeResult& r) {
  if (!r.ok() || r.value.result == 0) return nullptr;
  return r.value.result > 0 ? r.value.distance : -r.value.distance;
}

// The rule's fields of a position whose DTM probe is `dtm`: category, dtz, precise_dtz
// (hilltb's DTZ is exact in every table).
void describe_fifty_json(nlohmann::json& j, const Position& pos, const ProbeResult& dtm, const ProbeResult& dtz_probe) {
  j["category"] = fifty_category(pos, dtm, dtz_probe);
  j["dtz"] = dtz(dtz_probe);
  j["precise_dtz"] = dtz(dtz_probe);
}

}  // namespace

std::string fifty_category(const Position& pos, const ProbeResult& dtm, const ProbeResult& dtz) {
  static constexpr const char* NAMES[] = {"loss", "blessed-loss", "draw", "cursed-win", "win"};
  if (dtz.ok()) return NAMES[int(category_of(dtz.value, pos.rule50()))];
  if (!dtm.ok()) return "unknown";
  if (dtm.value.result == 0) return "draw";
  // An end within the clock stands whatever the zeroing moves on the way.
  const bool stands = dtm.value.distance + pos.rule50() <= FIFTY_MOVE_PLIES;
  if (dtm.value.result > 0) return stands ? "win" : "maybe-win";
  return stands ? "loss" : "maybe-loss";
}

std::string category(const ProbeResult& r) {
  if (!r.ok()) return "unknown";
  return r.value.result > 0 ? "win" : r.value.result < 0 ? "loss" : "draw";
}

nlohmann::json probe_json(const Prober& prober, const Position& pos, Rule rule) {
  MoveList legal;
  generate_legal(pos, legal);
  nlohmann::json j;
  j["fen"] = to_fen(pos);
  const ProbeResult r = prober.probe(pos);
  describe_json(j, pos, r);
  const bool fifty = rule == Rule::FiftyMoves;
  if (fifty) describe_fifty_json(j, pos, r, prober.probe_dtz(pos));
  j["moves"] = nlohmann::json::array();
  for (const RankedMove& rm : prober.rank_moves(pos, rule)) {
    Position next = pos;
    next.play(rm.move);
    nlohmann::json m{{"uci", to_uci(rm.move)}, {"san", to_san(pos, legal, rm.move)}, {"fen", to_fen(next)}};
    if (fifty) {
      const ProbeResult after = prober.probe(next);
      describe_json(m, next, after);
      describe_fifty_json(m, next, after, rm.after);
      m["zeroing"] = rm.zeroing;
    } else {
      describe_json(m, next, rm.after);
    }
    j["moves"].push_back(m);
  }
  return j;
}

nlohmann::json line_json(const Prober& prober, const Position& start, Rule rule) {
  const ProbeResult r = prober.probe(start);
  nlohmann::json j{{"fen", to_fen(start)}, {"category", category(r)}, {"dtm", dtm(r)}};
  if (rule == Rule::FiftyMoves) {
    const ProbeResult z = prober.probe_dtz(start);
    j["category"] = fifty_category(start, r, z);
    j["dtz"] = dtz(z);
  }
  if (start.variant() == Variant::Qoth) j["points"] = r.ok() ? r.value.points : 0;
  if (!r.ok()) j["error"] = r.error;
  nlohmann::json uci = nlohmann::json::array(), san = nlohmann::json::array();
  Position pos = start;
  for (Move m : prober.line(start, 1000, rule)) {
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
