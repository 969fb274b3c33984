#include "fifty/defence_region.h"

#include <tbb/blocked_range.h>
#include <tbb/enumerable_thread_specific.h>
#include <tbb/parallel_for.h>
#include <tbb/parallel_sort.h>

#include <atomic>
#include <climits>
#include <mutex>

#include "fifty/slots.h"
#include "formats/zeroing.h"
#include "rules/fen.h"

namespace hilltb {

namespace {

// One bit per slot, set by whichever thread reaches the slot first.
class Seen {
 public:
  explicit Seen(std::uint64_t slots) : words_((slots + 63) / 64) {}
  // Whether this call set it.
  bool mark(std::uint64_t slot) {
    const std::uint64_t bit = std::uint64_t(1) << (slot % 64);
    return !(words_[slot / 64].fetch_or(bit, std::memory_order_relaxed) & bit);
  }

 private:
  std::vector<std::atomic<std::uint64_t>> words_;
};

// The first success found: the fewest plies, then the lowest slot (the same whatever
// the threads do).
struct Success {
  int plies = INT_MAX;
  std::uint64_t slot = UINT64_MAX;
  std::string fen;
};

class Walk {
 public:
  Walk(const Prober& prober, const Index& index, Color winner)
      : prober_(prober), index_(index), winner_(winner), seen_(2 * index.size()) {}

  bool mark(std::uint64_t slot) { return seen_.mark(slot); }

  // Expands pos (slot `slot`, reached in `plies`), adding the positions it opens to
  // `next`; a success within `horizon` is recorded instead.
  void expand(const Position& pos, std::uint64_t slot, int plies, int horizon, std::vector<std::uint64_t>& next) {
    MoveList list;
    generate_legal(pos, list);
    const Outcome o = outcome(pos, list);
    if (o.over()) {
      if (won_by(pos, o, winner_)) found(pos, slot, plies);
      return;
    }
    if (plies == horizon) return;
    if (pos.side_to_move() == winner_) {
      for (int i = 0; i < list.size; ++i) {
        const Move m = list.moves[i];
        if (is_zeroing(pos, m)) {
          if (zeroing_succeeds(prober_, pos, m, winner_)) return found(pos, slot, plies + 1);
          continue;
        }
        add(pos, m, next);
      }
      return;
    }
    // The defence: a zeroing move that fails for the winner ends the line.
    for (int i = 0; i < list.size; ++i)
      if (is_zeroing(pos, list.moves[i]) && !zeroing_succeeds(prober_, pos, list.moves[i], winner_)) return;
    int best = -1, longest = -1;
    for (int i = 0; i < list.size; ++i) {
      const Move m = list.moves[i];
      if (is_zeroing(pos, m)) continue;
      Position child = pos;
      child.play(m);
      const Value v = dtz_of(prober_, child);  // the winner to move
      const int plies_left = v.result > 0 ? v.distance : INT_MAX;
      if (plies_left > longest) best = i, longest = plies_left;
    }
    // Every move zeroes into the winner's success.
    if (best < 0) return found(pos, slot, plies + 1);
    add(pos, list.moves[best], next);
  }

  std::optional<Success> success() const {
    if (success_.plies == INT_MAX) return std::nullopt;
    return success_;
  }

 private:
  void add(const Position& pos, Move m, std::vector<std::uint64_t>& next) {
    Position child = pos;
    child.play(m);
    const std::uint64_t slot = slot_of(index_, child);
    if (mark(slot)) next.push_back(slot);
  }
  void found(const Position& pos, std::uint64_t slot, int plies) {
    std::lock_guard lock(mutex_);
    if (std::pair(plies, slot) < std::pair(success_.plies, success_.slot)) success_ = {plies, slot, to_fen(pos)};
  }

  const Prober& prober_;
  const Index& index_;
  Color winner_;
  Seen seen_;
  std::mutex mutex_;
  Success success_;
};

}  // namespace

DefenceReport prove_defence(const Prober& prober, const Index& index, Color winner,
                            const std::vector<std::uint64_t>& claims, int horizon,
                            const std::function<void(int)>& progress) {
  Walk walk(prober, index, winner);
  std::vector<std::uint64_t> level;
  for (const std::uint64_t slot : claims)
    if (walk.mark(slot)) level.push_back(slot);
  DefenceReport report;
  for (int plies = 0; !level.empty() && plies <= horizon; ++plies) {
    tbb::enumerable_thread_specific<std::vector<std::uint64_t>> next;
    tbb::parallel_for(tbb::blocked_range<std::size_t>(0, level.size(), 256), [&](const auto& range) {
      Index::Decoder decoder(index);
      std::vector<std::uint64_t>& out = next.local();
      for (std::size_t i = range.begin(); i < range.end(); ++i) {
        walk.expand(position_at(decoder, index, level[i]), level[i], plies, horizon, out);
      }
    });
    report.nodes += level.size();
    report.plies = plies;
    if (const auto s = walk.success()) {
      report.success = s->fen + ": the winner succeeds within " + std::to_string(s->plies) + " plies";
      return report;
    }
    level.clear();
    for (auto& part : next) level.insert(level.end(), part.begin(), part.end());
    // In index order the probes of a level read the table's blocks in turn.
    tbb::parallel_sort(level.begin(), level.end());
    if (progress) progress(plies);
  }
  report.proved = true;
  return report;
}

}  // namespace hilltb
