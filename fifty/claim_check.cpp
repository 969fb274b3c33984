#include "fifty/claim_check.h"

#include "rules/fen.h"

namespace hilltb {

ClaimCheckReport check_dtz_claims(const Prober& prober, const Material& m, int horizon, DtzClaim claim,
                                  MoveOrder order, const std::function<void(double)>& progress) {
  if (!claim)
    claim = [&prober](const Position& pos) {
      const ProbeResult r = prober.probe_dtz(pos);
      if (!r.ok()) throw ZeroingSearchError(to_fen(pos) + ": no DTZ value: " + r.error);
      return r.value;
    };
  ZeroingSearch search(prober, order);
  ClaimCheckReport report;
  const Index index(m, prober.variant());
  Index::Decoder decoder(index);
  for (Color stm : {WHITE, BLACK}) {
    for (std::uint64_t idx = 0; idx < index.size() && report.ok(); ++idx) {
      if (progress && idx % (std::uint64_t(1) << 16) == 0)
        progress((double(stm) * double(index.size()) + double(idx)) / (2.0 * double(index.size())));
      const Position* decoded = decoder.decode(idx, stm);
      if (!decoded || !is_position(*decoded)) continue;
      const Position pos = *decoded;
      ++report.positions;
      const Value v = claim(pos);
      if (v.result == 0 || v.distance < horizon) continue;
      const Color winner = v.result > 0 ? stm : ~stm;
      const std::string side = winner == stm ? "the side to move" : "its opponent";
      if (v.distance > horizon) {
        ++(v.result > 0 ? report.beyond_wins : report.beyond_losses)[stm];
        if (search.can_force(pos, winner, horizon))
          report.failure = to_fen(pos) + ": DTZ " + std::to_string(v.distance) + " claimed, but " + side +
                           " forces a zeroing move or the end within " + std::to_string(horizon) + " plies (in " +
                           std::to_string(*search.least_plies(pos, winner, horizon)) + ")";
      } else {
        ++report.at_horizon;
        if (!search.can_force(pos, winner, horizon))
          report.failure = to_fen(pos) + ": DTZ " + std::to_string(v.distance) + " claimed, but " + side +
                           " cannot force a zeroing move or the end within " + std::to_string(horizon) + " plies";
      }
    }
  }
  report.nodes = search.nodes();
  return report;
}

}  // namespace hilltb
