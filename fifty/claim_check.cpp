#include "fifty/claim_check.h"

#include <tbb/blocked_range.h>
#include <tbb/enumerable_thread_specific.h>
#include <tbb/parallel_for.h>

#include <atomic>
#include <mutex>

#include "rules/fen.h"

namespace hilltb {

namespace {

// Positions a task of the parallel scan takes at a time (global slots: white to move,
// then black).
constexpr std::uint64_t CHUNK = 1 << 12;

// What the positions of one chunk show: counts, and the first claim that fails.
struct ChunkReport {
  ClaimCheckReport counts;
  std::uint64_t failed_at = UINT64_MAX;  // global slot of `counts.failure`
};

}  // namespace

ClaimCheckReport check_dtz_claims(const Prober& prober, const Material& m, int horizon, DtzClaim claim,
                                  MoveOrder order, const std::function<void(double)>& progress) {
  if (!claim)
    claim = [&prober](const Position& pos) {
      const ProbeResult r = prober.probe_dtz(pos);
      if (!r.ok()) throw ZeroingSearchError(to_fen(pos) + ": no DTZ value: " + r.error);
      return r.value;
    };
  const Index index(m, prober.variant());
  const std::uint64_t n = index.size(), chunks = (2 * n + CHUNK - 1) / CHUNK;
  // A search per thread, all sharing the bounds they prove (and the prober).
  const auto memos = std::make_shared<ZeroingMemos>();
  tbb::enumerable_thread_specific<std::optional<ZeroingSearch>> searches;
  std::mutex mutex;  // the report and the progress
  ClaimCheckReport report;
  std::uint64_t failed_at = UINT64_MAX;
  std::atomic<std::uint64_t> first_failure{UINT64_MAX}, done{0};

  // The claims of global slots [first, last), up to the first that fails.
  auto check_chunk = [&](std::uint64_t first, std::uint64_t last, Index::Decoder& decoder, ZeroingSearch& search) {
    ChunkReport part;
    ClaimCheckReport& r = part.counts;
    for (std::uint64_t g = first; g < last && r.ok(); ++g) {
      const Color stm = g < n ? WHITE : BLACK;
      const Position* decoded = decoder.decode(g % n, stm);
      if (!decoded || !is_position(*decoded)) continue;
      const Position pos = *decoded;
      ++r.positions;
      const Value v = claim(pos);
      if (v.result == 0 || v.distance < horizon) continue;
      const Color winner = v.result > 0 ? stm : ~stm;
      const std::string side = winner == stm ? "the side to move" : "its opponent";
      if (v.distance > horizon) {
        ++(v.result > 0 ? r.beyond_wins : r.beyond_losses)[stm];
        if (search.can_force(pos, winner, horizon))
          r.failure = to_fen(pos) + ": DTZ " + std::to_string(v.distance) + " claimed, but " + side +
                      " forces a zeroing move or the end within " + std::to_string(horizon) + " plies (in " +
                      std::to_string(*search.least_plies(pos, winner, horizon)) + ")";
      } else {
        ++r.at_horizon;
        if (!search.can_force(pos, winner, horizon))
          r.failure = to_fen(pos) + ": DTZ " + std::to_string(v.distance) + " claimed, but " + side +
                      " cannot force a zeroing move or the end within " + std::to_string(horizon) + " plies";
      }
      if (r.failure) part.failed_at = g;
    }
    return part;
  };

  tbb::parallel_for(tbb::blocked_range<std::uint64_t>(0, chunks, 1), [&](const auto& range) {
    std::optional<ZeroingSearch>& search = searches.local();
    if (!search) search.emplace(prober, order, memos);
    Index::Decoder decoder(index);
    for (std::uint64_t c = range.begin(); c < range.end(); ++c) {
      const std::uint64_t first = c * CHUNK;
      if (first > first_failure.load()) return;  // the report names an earlier failure
      const ChunkReport part = check_chunk(first, std::min(2 * n, first + CHUNK), decoder, *search);
      std::lock_guard lock(mutex);
      const ClaimCheckReport& p = part.counts;
      report.positions += p.positions, report.at_horizon += p.at_horizon;
      for (int s = 0; s < 2; ++s) report.beyond_wins[s] += p.beyond_wins[s], report.beyond_losses[s] += p.beyond_losses[s];
      if (part.failed_at < failed_at) {
        failed_at = part.failed_at, report.failure = p.failure;
        first_failure.store(failed_at);
      }
      const std::uint64_t d = ++done;
      if (progress && d % 16 == 0) progress(double(d) / double(chunks));
    }
  });
  for (const auto& search : searches)
    if (search) report.nodes += search->nodes();
  return report;
}

}  // namespace hilltb
