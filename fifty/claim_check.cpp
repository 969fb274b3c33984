#include "fifty/claim_check.h"

#include <tbb/blocked_range.h>
#include <tbb/enumerable_thread_specific.h>
#include <tbb/parallel_for.h>

#include <algorithm>
#include <atomic>
#include <mutex>

#include "fifty/defence_region.h"
#include "fifty/slots.h"
#include "rules/fen.h"

namespace hilltb {

namespace {

// Positions a task of the parallel scan takes at a time (global slots: white to move,
// then black).
constexpr std::uint64_t CHUNK = 1 << 12;

// A decisive claim to check: its global slot, winner and claimed DTZ.
struct Claim {
  std::uint64_t slot;
  Color winner;
  Value value;
  bool operator<(const Claim& o) const { return slot < o.slot; }
};

// What the scan finds: the counts, and the claims beyond the horizon (by winner) and
// at it, each in slot order.
struct Claims {
  ClaimCheckReport counts;
  std::array<std::vector<Claim>, 2> beyond;
  std::vector<Claim> at_horizon;
};

Claims scan_claims(const Index& index, int horizon, const DtzClaim& claim,
                   const std::function<void(double)>& progress) {
  const std::uint64_t n = index.size(), chunks = (2 * n + CHUNK - 1) / CHUNK;
  tbb::enumerable_thread_specific<Claims> parts;
  std::atomic<std::uint64_t> done{0};
  std::mutex mutex;  // the progress
  tbb::parallel_for(tbb::blocked_range<std::uint64_t>(0, chunks, 1), [&](const auto& range) {
    Claims& part = parts.local();
    ClaimCheckReport& r = part.counts;
    Index::Decoder decoder(index);
    for (std::uint64_t c = range.begin(); c < range.end(); ++c) {
      for (std::uint64_t g = c * CHUNK; g < std::min(2 * n, (c + 1) * CHUNK); ++g) {
        const Color stm = g < n ? WHITE : BLACK;
        const Position* pos = decoder.decode(g % n, stm);
        if (!pos || !is_position(*pos)) continue;
        ++r.positions;
        const Value v = claim(*pos);
        if (v.result == 0 || v.distance < horizon) continue;
        const Color winner = v.result > 0 ? stm : ~stm;
        if (v.distance > horizon) {
          ++(v.result > 0 ? r.beyond_wins : r.beyond_losses)[stm];
          part.beyond[winner].push_back({g, winner, v});
        } else {
          ++r.at_horizon;
          part.at_horizon.push_back({g, winner, v});
        }
      }
      const std::uint64_t d = ++done;
      if (progress && d % 16 == 0) {
        std::lock_guard lock(mutex);
        progress(double(d) / double(chunks));
      }
    }
  });
  Claims all;
  for (Claims& p : parts) {
    ClaimCheckReport& r = all.counts;
    r.positions += p.counts.positions, r.at_horizon += p.counts.at_horizon;
    for (int s = 0; s < 2; ++s) {
      r.beyond_wins[s] += p.counts.beyond_wins[s], r.beyond_losses[s] += p.counts.beyond_losses[s];
      all.beyond[s].insert(all.beyond[s].end(), p.beyond[s].begin(), p.beyond[s].end());
    }
    all.at_horizon.insert(all.at_horizon.end(), p.at_horizon.begin(), p.at_horizon.end());
  }
  for (auto& list : all.beyond) std::sort(list.begin(), list.end());
  std::sort(all.at_horizon.begin(), all.at_horizon.end());
  return all;
}

// Why claim c of pos does not hold, if it does not: the search decides it alone.
std::optional<std::string> search_claim(ZeroingSearch& search, const Position& pos, const Claim& c, int horizon) {
  const std::string head = to_fen(pos) + ": DTZ " + std::to_string(c.value.distance) + " claimed, but " +
                           (c.winner == pos.side_to_move() ? "the side to move" : "its opponent");
  const std::string within = " within " + std::to_string(horizon) + " plies";
  if (c.value.distance > horizon) {
    if (search.can_force(pos, c.winner, horizon))
      return head + " forces a zeroing move or the end" + within + " (in " +
             std::to_string(*search.least_plies(pos, c.winner, horizon)) + ")";
  } else if (!search.can_force(pos, c.winner, horizon)) {
    return head + " cannot force a zeroing move or the end" + within;
  }
  return std::nullopt;
}

// The first of `claims` (in slot order) that the depth-first search refutes, on every
// core (a search per thread, sharing the bounds they prove); adds the nodes searched.
std::optional<std::pair<std::uint64_t, std::string>> search_claims(const Prober& prober, const Index& index,
                                                                   const std::vector<Claim>& claims, int horizon,
                                                                   MoveOrder order, std::uint64_t& nodes,
                                                                   const std::function<void(double)>& progress) {
  const auto memos = std::make_shared<ZeroingMemos>();
  tbb::enumerable_thread_specific<std::optional<ZeroingSearch>> searches;
  std::mutex mutex;  // the failure and the progress
  std::optional<std::pair<std::uint64_t, std::string>> first;
  std::atomic<std::uint64_t> first_slot{UINT64_MAX}, done{0};
  tbb::parallel_for(tbb::blocked_range<std::size_t>(0, claims.size(), 1), [&](const auto& range) {
    std::optional<ZeroingSearch>& search = searches.local();
    if (!search) search.emplace(prober, order, memos);
    Index::Decoder decoder(index);
    for (std::size_t i = range.begin(); i < range.end(); ++i) {
      const Claim& c = claims[i];
      if (c.slot > first_slot.load()) return;  // an earlier claim fails
      const Position pos = position_at(decoder, index, c.slot);
      const auto failure = search_claim(*search, pos, c, horizon);
      std::lock_guard lock(mutex);
      if (failure && c.slot < first_slot.load()) first = {c.slot, *failure}, first_slot.store(c.slot);
      if (progress) progress(double(++done) / double(claims.size()));
    }
  });
  for (const auto& search : searches)
    if (search) nodes += search->nodes();
  return first;
}

}  // namespace

ClaimCheckReport check_dtz_claims(const Prober& prober, const Material& m, int horizon, DtzClaim claim,
                                  MoveOrder order, const ClaimProgress& progress) {
  if (!claim) claim = [&prober](const Position& pos) { return dtz_of(prober, pos); };
  auto step = [&](const char* name) {
    return [&progress, name](double f) {
      if (progress) progress(name, f);
    };
  };
  const Index index(m, prober.variant());
  Claims claims = scan_claims(index, horizon, claim, step("scan"));
  ClaimCheckReport report = claims.counts;
  std::optional<std::pair<std::uint64_t, std::string>> first;
  auto keep_first = [&](const auto& failure) {
    if (failure && (!first || failure->first < first->first)) first = failure;
  };
  // Beyond the horizon: one defence walk proves a winner's claims together; the
  // depth-first search decides them one by one only where the walk does not.
  for (Color winner : {WHITE, BLACK}) {
    const std::vector<Claim>& list = claims.beyond[winner];
    if (list.empty()) continue;
    std::vector<std::uint64_t> slots;
    for (const Claim& c : list) slots.push_back(c.slot);
    const auto walk_step = step("defence");
    const DefenceReport walk = prove_defence(prober, index, winner, slots, horizon,
                                             [&](int plies) { walk_step(double(plies + 1) / (horizon + 1)); });
    report.walked += walk.nodes;
    if (walk.proved) continue;
    report.searched += list.size();
    keep_first(search_claims(prober, index, list, horizon, order, report.nodes, step("searches")));
  }
  report.searched += claims.at_horizon.size();
  keep_first(search_claims(prober, index, claims.at_horizon, horizon, order, report.nodes, step("at horizon")));
  if (first) report.failure = first->second;
  return report;
}

}  // namespace hilltb
