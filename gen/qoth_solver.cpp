#include "qoth_solver.h"

#include <tbb/parallel_for.h>

#include <algorithm>
#include <array>
#include <atomic>
#include <bit>
#include <limits>
#include <span>
#include <utility>

#include "formats/symmetry.h"
#include "gen/retrograde.h"
#include "rules/movegen.h"

namespace hilltb {

namespace {

using Node = std::uint32_t;  // global index: side to move white, then black

constexpr int MAX_POINTS = 5;
// A position has at most this many predecessors: each piece of the side that moved from
// one of at most 27 squares (a queen's), and the pass.
constexpr std::size_t MAX_PREDECESSORS = MAX_TABLE_PIECES * 27 + 1;

// Qoth codes count the distance and the points.
constexpr Metric METRIC = Metric::ScoreDistance;

std::uint16_t win(int points, int d) { return encode_value({1, d, points}); }
std::uint16_t loss(int points, int d) { return encode_value({-1, d, points}); }

// Positions per level (distance) of one score; grown on demand.
struct Levels {
  std::vector<std::vector<Node>> at;
  std::vector<Node>& operator[](std::size_t d) {
    if (d >= at.size()) at.resize(d + 1);
    return at[d];
  }
};

// The positions due at one level, a bit each in index order, with a bit per group of
// 64 words that holds any: a sweep reads them in index order (kind to the Decoder and
// the caches) without sorting a list, marking one costs a bit rather than 4 bytes,
// and the set is the same whatever the threads' order.
class DueSet {
 public:
  static constexpr std::uint64_t GROUP = 64 * 64;  // positions a group bit covers

  explicit DueSet(std::uint64_t nodes) : words_((nodes + 63) / 64), groups_((words_.size() + 63) / 64) {}

  void mark(Node g) {
    words_[g / 64].fetch_or(std::uint64_t(1) << (g % 64), std::memory_order_relaxed);
    std::atomic<std::uint64_t>& group = groups_[g / GROUP];
    const std::uint64_t bit = std::uint64_t(1) << (g / 64 % 64);
    if (!(group.load(std::memory_order_relaxed) & bit)) group.fetch_or(bit, std::memory_order_relaxed);
  }
  std::size_t groups() const { return groups_.size(); }
  // f(Node) for each position marked in group k, in index order, clearing them: only the
  // thread sweeping group k touches it while the set is swept.
  template <typename F>
  void take_group(std::size_t k, F&& f) {
    std::uint64_t group = groups_[k].load(std::memory_order_relaxed);
    groups_[k].store(0, std::memory_order_relaxed);
    for (; group; group &= group - 1) {
      const std::size_t w = 64 * k + std::size_t(std::countr_zero(group));
      std::uint64_t bits = words_[w].load(std::memory_order_relaxed);
      words_[w].store(0, std::memory_order_relaxed);
      for (; bits; bits &= bits - 1) f(Node(64 * w + std::size_t(std::countr_zero(bits))));
    }
  }

 private:
  std::vector<std::atomic<std::uint64_t>> words_;
  std::vector<std::atomic<std::uint64_t>> groups_;
};

class QothSolver : Retrograde<WideState> {
 public:
  QothSolver(const Material& m, const TableKind& kind, const TableSet& children, const SolveHooks& hooks)
      : Retrograde(m, kind, children, hooks), due_(2 * n_), next_(2 * n_) {
    if (2 * n_ > std::numeric_limits<Node>::max()) throw std::logic_error(m.name() + ": too many positions");
    for (int t : index_.symmetries())
      if (t) symmetries_.push_back(t);
  }

  std::shared_ptr<SolvedTable> run() {
    initialise();
    for (int t = MAX_POINTS; t >= 1; --t) {
      due_count_ = finished_[t].size();
      for (Node g : std::exchange(finished_[t], {})) due_.mark(g);
      for (std::size_t d = 0; due_count_ || d < exits_due_[t].at.size(); ++d) level(t, d);
    }
    return finish();
  }

 private:
  Node node(Color stm, std::uint64_t idx) const { return Node(global(stm, idx)); }

  // Whether some symmetry of the table maps these occupied squares onto themselves
  // (else every board on them has stabiliser 1).
  bool symmetric(Bitboard occupied) const {
    for (int t : symmetries_)
      if (transform(t, occupied) == occupied) return true;
    return false;
  }

  // Whether changing `changes` squares of a board with these occupied squares (adding
  // a piece: 1; moving one: 2) can make it symmetric: only if they differ from their
  // image under some symmetry at most on those squares and their images.
  bool may_become_symmetric(Bitboard occupied, int changes) const {
    for (int t : symmetries_)
      if (popcount(occupied ^ transform(t, occupied)) <= 2 * changes) return true;
    return false;
  }

  // How many of the table's symmetries map this board onto itself.
  int stabiliser(const Position& p) const {
    int n = 1;
    for (int t : symmetries_) {
      bool fixed = transform(t, p.pieces()) == p.pieces();
      for (Bitboard b = p.pieces(); b && fixed;) {
        const Square s = pop_lsb(b);
        fixed = p.piece_on(transform(t, s)) == p.piece_on(s);
      }
      n += fixed;
    }
    return n;
  }

  // f(Node before, int weight) for each position one move before pos inside the table,
  // weighted by its stabiliser (see initialise): a piece of the side that just moved
  // goes back to any square it attacks (qoth moves are their own reverse, and a move
  // out of a finished hand or onto a fixed pawn never happened, which the codes and
  // the empty squares see to). The pass comes from the same board.
  template <typename F>
  void for_each_predecessor(const Position& pos, std::uint64_t idx, F&& f) const {
    const Color mover = ~pos.side_to_move();
    const Index::Neighbourhood near(index_, pos);
    const Bitboard empty = ~pos.occupied();
    // A board more than two changes from symmetric has no predecessor one change from
    // it: most boards, tested once rather than once per piece.
    const bool near_symmetric = may_become_symmetric(pos.pieces(), 2);
    for (Bitboard pieces = pos.pieces(mover); pieces;) {
      const Square to = pop_lsb(pieces);
      const bool maybe = near_symmetric && may_become_symmetric(pos.pieces() ^ square_bb(to), 1);
      for (Bitboard b = piece_attacks(type_of(pos.piece_on(to)), to, pos.occupied()) & empty; b;) {
        const Square from = pop_lsb(b);
        f(node(mover, near.moved(to, from)), maybe ? stabiliser_after(pos, to, from) : 1);
      }
    }
    if (!qoth_can_move(pos, mover)) f(node(mover, idx), stabiliser(pos));
  }

  // The stabiliser of pos with the piece on `from` moved to `to`, built only when the
  // occupied squares allow a symmetry.
  int stabiliser_after(const Position& pos, Square from, Square to) const {
    if (!symmetric(pos.pieces() ^ square_bb(from) ^ square_bb(to))) return 1;
    Position moved = pos;
    moved.remove(from);
    moved.put(pos.piece_on(from), to);
    return stabiliser(moved);
  }

  // Finished hands (due at their level), draws where neither side can move, and per
  // position the best move out of the table (due at its level) and a count of the
  // moves. A move inside counts by its successor's stabiliser (the un-moves from the
  // stored successor reach this position once per symmetry fixing it), the moves out
  // as one.
  void initialise() {
    scan_init([&](std::uint64_t g, const Position& pos) {
      const Color stm = side_of(g);
      if (qoth_check_holds(pos, stm)) {
        start_final(g, win(qoth_claims(pos, stm), 0));
        return;
      }
      // The moves by their destination squares (generate_legal's, without a MoveList:
      // the quiet ones are only counted). Most boards are far from symmetric: then no
      // move's successor is.
      const bool maybe = may_become_symmetric(pos.pieces(), 2);
      const Bitboard theirs = pos.pieces(~stm);
      std::uint16_t best = NO_EXIT;
      unsigned inside = 0;
      bool moves = false;
      for (Bitboard pieces = pos.pieces(stm); pieces;) {
        const Square from = pop_lsb(pieces);
        const Bitboard targets = qoth_targets(pos, from);
        moves |= targets != 0;
        if (!maybe) inside += unsigned(popcount(targets & ~theirs));
        else
          for (Bitboard b = targets & ~theirs; b;) inside += stabiliser_after(pos, from, pop_lsb(b));
        for (Bitboard b = targets & theirs; b;) {
          const Move m(from, pop_lsb(b));
          Position next = pos;
          next.play(m);
          best = better_move(best, move_value(exits_->code_after(pos, m, next), METRIC), METRIC);
        }
      }
      if (!moves) {
        if (!qoth_can_move(pos, ~stm)) {  // neither side can move
          start_final(g, DRAW_CODE);
          return;
        }
        inside += stabiliser(pos);  // the pass
      }
      start_open(g, best, inside + (best != NO_EXIT));
    });
    list_due();
  }

  // The finished hands (the only wins in 0 plies) are due at their level, the best
  // moves out at theirs. Counted first, so that the lists take 4 bytes a position; both
  // scans run in parallel over fixed parts of the positions, each part filling its own
  // stretch of every list, so the lists come out in index order as a serial scan's.
  void list_due() {
    constexpr std::size_t LISTS = 2 * (MAX_POINTS + 1), PARTS = 64;
    // List k: finished_[k] (at distance 0) for k <= MAX_POINTS, else exits_due_[k - MAX_POINTS - 1].
    auto lists = [&](std::size_t k, std::size_t d) -> std::vector<Node>& {
      return k <= MAX_POINTS ? finished_[k] : exits_due_[k - MAX_POINTS - 1][d];
    };
    auto each_due = [&](std::size_t part, auto&& f) {
      for (std::uint64_t g = 2 * n_ * part / PARTS, end = 2 * n_ * (part + 1) / PARTS; g < end; ++g) {
        const std::uint16_t c = code_at(g).load(std::memory_order_relaxed);
        const std::uint16_t exit = exit_of(c);
        if (is_final(c) ? c == NO_POSITION_CODE || c == DRAW_CODE : exit == NO_EXIT || exit == DRAW_CODE) continue;
        const Value v = decode_value(exit, METRIC);
        f(std::size_t(v.points) + (is_final(c) ? 0 : MAX_POINTS + 1), std::size_t(v.distance), Node(g));
      }
    };
    // counts[part][k][d], then where each part's stretch of list (k, d) starts.
    std::vector<std::array<std::vector<std::size_t>, LISTS>> counts(PARTS);
    tbb::parallel_for(std::size_t(0), PARTS, [&](std::size_t part) {
      each_due(part, [&](std::size_t k, std::size_t d, Node) {
        if (d >= counts[part][k].size()) counts[part][k].resize(d + 1);
        ++counts[part][k][d];
      });
    });
    for (std::size_t k = 0; k < LISTS; ++k)
      for (std::size_t d = 0;; ++d) {
        std::size_t total = 0, more = 0;
        for (auto& part : counts) {
          if (d >= part[k].size()) continue;
          ++more;
          total += std::exchange(part[k][d], total);  // now the part's start
        }
        if (!more) break;
        lists(k, d).resize(total);
      }
    tbb::parallel_for(std::size_t(0), PARTS, [&](std::size_t part) {
      each_due(part, [&](std::size_t k, std::size_t d, Node g) { lists(k, d)[counts[part][k][d]++] = g; });
    });
  }

  // Level (t, d): the moves out due now, then the positions won or lost by t in d plies
  // (due_) reach their predecessors, which are due at the next level (next_).
  void level(int t, std::size_t d) {
    check_cancel(hooks_);
    report(hooks_, Phase::pass("pass " + std::to_string(t) + " points, ply " + std::to_string(d)),
           double(decided_) / double(2 * n_));
    const std::uint16_t won = win(t, int(d) + 1), lost = loss(t, int(d) + 1);
    if (d < exits_due_[t].at.size())
      for (Node g : std::exchange(exits_due_[t][d], {})) {
        const std::uint16_t c = code_at(g).load(std::memory_order_relaxed);
        if (is_final(c)) continue;
        const std::uint16_t exit = exit_of(c);
        // A winning move out stands (nothing better came before); a losing one is the
        // last move to resolve only when the count runs out with it.
        if (decode_value(exit, METRIC).result > 0 || count_down(g, 1))
          if (make_final(g, exit)) due_.mark(g), ++due_count_;
      }
    if (!due_count_) return;
    decided_ += due_count_;
    std::atomic<std::uint64_t> next_count{0};
    tbb::parallel_for(tbb::blocked_range<std::size_t>(0, due_.groups()), [&](const auto& r) {
      Index::Decoder decoder(index_);
      std::array<std::pair<Node, int>, MAX_PREDECESSORS> preds;
      std::uint64_t marked = 0;
      for (std::size_t k = r.begin(); k < r.end(); ++k) due_.take_group(k, [&](Node g) {
        const bool lost_here = code_at(g).load(std::memory_order_relaxed) & 1;
        const Position& pos = *decoder.decode(g % n_, side_of(g));
        // All the predecessors first, their cache lines fetched together: the atomic
        // updates below stall the core, so their misses should be over by then.
        std::size_t count = 0;
        for_each_predecessor(pos, g % n_, [&](Node p, int weight) {
          __builtin_prefetch(state_.words() + p);
          if (!lost_here) state_.prefetch_count(p);
          preds[count++] = {p, weight};
        });
        for (const auto& [p, weight] : std::span(preds.data(), count)) {
          const std::uint16_t c = code_at(p).load(std::memory_order_relaxed);
          if (is_final(c)) continue;
          if (lost_here) {
            if (make_final(p, won)) next_.mark(p), ++marked;
          } else if (can_lose(c) && count_down(p, weight)) {
            if (make_final(p, lost)) next_.mark(p), ++marked;
          }
        }
      });
      next_count += marked;
    });
    std::swap(due_, next_);
    due_count_ = next_count.load();
  }

  std::vector<int> symmetries_;  // the table's, less the identity
  std::array<std::vector<Node>, MAX_POINTS + 1> finished_;  // [points]: finished hands (due at ply 0)
  std::array<Levels, MAX_POINTS + 1> exits_due_;  // [points]: positions whose best move out falls due
  DueSet due_, next_;                         // the level being swept, the next
  std::uint64_t due_count_ = 0;               // positions in due_
  std::uint64_t decided_ = 0;                 // positions swept so far, for the progress bar
};

}  // namespace

std::shared_ptr<SolvedTable> solve_qoth_table(const Material& material, const TableKind& kind,
                                              const TableSet& children, const SolveHooks& hooks) {
  return QothSolver(material, kind, children, hooks).run();
}

std::uint64_t solve_qoth_memory(std::uint64_t positions_per_side) {
  // The working codes, the lists of moves out at their fullest and the two sets due (a
  // bit each).
  return working_bytes<WideState>(positions_per_side) + positions_per_side * 2 * 4 + positions_per_side / 2;
}

}  // namespace hilltb
