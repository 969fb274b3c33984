#include "qoth_solver.h"

#include <tbb/enumerable_thread_specific.h>
#include <tbb/parallel_for_each.h>

#include <algorithm>
#include <limits>

#include "formats/symmetry.h"
#include "gen/scan.h"
#include "gen/unmove.h"
#include "rules/movegen.h"

namespace hilltb {

namespace {

using Node = std::uint32_t;  // global index: side to move white, then black

constexpr int MAX_POINTS = 5;
constexpr std::uint8_t UNKNOWN = 0xFF, HOLE = 0xFE;  // else the score + MAX_POINTS
constexpr std::int8_t NO_EXIT = std::numeric_limits<std::int8_t>::min();
constexpr std::int8_t FINISHED = std::numeric_limits<std::int8_t>::max();  // in place of an exit score
constexpr std::uint16_t UNSET = 0xFFFF;

std::uint8_t score_byte(int score) { return std::uint8_t(score + MAX_POINTS); }
int score_of(std::uint8_t b) { return int(b) - MAX_POINTS; }
bool known(std::uint8_t b) { return b <= score_byte(MAX_POINTS); }

// The signed score, for the mover, of a move into a position stored with `child`.
int move_score(std::uint16_t child) {
  const Value v = decode_value(move_value(child, true), true);
  return v.result * v.points;
}

class QothSolver {
 public:
  QothSolver(const Material& m, const TableKind& kind, const TableSet& children, const SolveHooks& hooks)
      : table_(std::make_shared<SolvedTable>(m, kind)), index_(table_->index), children_(children), hooks_(hooks),
        n_(index_.size()), score_(2 * n_), counter_(2 * n_), exit_score_(2 * n_), dist_(2 * n_), exit_dist_(2 * n_) {
    if (2 * n_ > std::numeric_limits<Node>::max()) throw std::logic_error(m.name() + ": too many positions");
    for (int t : index_.symmetries())
      if (t) symmetries_.push_back(t);
  }

  std::shared_ptr<SolvedTable> run() {
    initialise();
    for (int t = MAX_POINTS; t >= 1; --t) score_stage(t);
    count_class_moves();
    distances();
    table_->codes.resize(2 * n_);
    for (std::uint64_t g = 0; g < 2 * n_; ++g) {
      const std::uint8_t b = score_[g].load(std::memory_order_relaxed);
      const int s = b == UNKNOWN ? 0 : score_of(b);  // never reached by an attractor: a draw
      const std::uint16_t d = dist_[g].load(std::memory_order_relaxed);
      if (b == HOLE) table_->codes[g] = NO_POSITION_CODE;
      else if (s == 0) table_->codes[g] = DRAW_CODE;
      else if (d == UNSET) throw std::logic_error(index_.material().name() + ": a decided position without distance");
      else table_->codes[g] = encode_value({s > 0 ? 1 : -1, d, std::abs(s)});
    }
    return table_;
  }

 private:
  Color side_of(std::uint64_t g) const { return g < n_ ? WHITE : BLACK; }
  Node global(Color stm, std::uint64_t idx) const { return Node(stm * n_ + idx); }

  // How many of the table's symmetries map this board onto itself.
  int stabiliser(const Position& p) const {
    int n = 1;
    for (int t : symmetries_) {
      bool fixed = true;
      for (Bitboard b = p.pieces(); b && fixed;) {
        const Square s = pop_lsb(b);
        fixed = p.piece_on(transform(t, s)) == p.piece_on(s);
      }
      n += fixed;
    }
    return n;
  }

  static bool leaves_table(const Position& pos, Move m) {
    return m.kind() != Move::PASS && pos.piece_on(m.to()) != NO_PIECE;
  }

  // f(Node before, int weight) for each position one move before pos inside the table,
  // weighted by its stabiliser (see initialise). The pass comes from the same board.
  template <typename F>
  void for_each_predecessor(const Position& pos, std::uint64_t idx, F&& f) const {
    const Color stm = pos.side_to_move();
    for_each_unmove(pos, [&](const Position& before, UnmoveKind, Square) {
      f(global(~stm, index_.encode(before)), stabiliser(before));
    });
    if (!qoth_can_move(pos, ~stm)) f(global(~stm, idx), stabiliser(pos));
  }

  bool join(Node g, int score) {
    std::uint8_t expected = UNKNOWN;
    return score_[g].compare_exchange_strong(expected, score_byte(score), std::memory_order_relaxed);
  }

  // Finished hands, and per position: the best score of the moves out of the table and
  // a count of the moves that could still avoid the opponent's attractor. A move inside
  // counts by its successor's stabiliser (the un-moves from the stored successor reach
  // this position once per symmetry fixing it), the moves out as one.
  void initialise() {
    scan_positions(2 * n_, hooks_, "init", [&](std::uint64_t g, Position& pos) {
      const Color stm = side_of(g);
      exit_score_[g] = NO_EXIT;
      if (!index_.decode(g % n_, stm, pos)) {
        score_[g].store(HOLE, std::memory_order_relaxed);
        return;
      }
      score_[g].store(UNKNOWN, std::memory_order_relaxed);
      if (qoth_check_holds(pos, stm)) {  // a finished hand: final now, a seed of its stage
        score_[g].store(score_byte(qoth_claims(pos, stm)), std::memory_order_relaxed);
        exit_score_[g] = FINISHED;
        return;
      }
      MoveList list;
      generate_legal(pos, list);
      if (list.size == 0) {  // neither side can move
        score_[g].store(score_byte(0), std::memory_order_relaxed);
        return;
      }
      int best = NO_EXIT;
      unsigned inside = 0;
      for (Move m : list) {
        Position next = pos;
        next.play(m);
        if (leaves_table(pos, m)) best = std::max(best, move_score(children_.code_of(next)));
        else inside += stabiliser(next);
      }
      inside += best != NO_EXIT;
      if (inside > 255) throw std::logic_error("move counter overflow in " + index_.material().name());
      counter_[g].store(std::uint8_t(inside), std::memory_order_relaxed);
      exit_score_[g] = std::int8_t(best);
    });
  }

  // Positions worth exactly t to one side: those whose moves out (or finished hand)
  // give t, then everything their attractors reach.
  void score_stage(int t) {
    check_cancel(hooks_);
    tbb::enumerable_thread_specific<std::vector<Node>> found;
    scan_positions(2 * n_, hooks_, "score " + std::to_string(t), [&](std::uint64_t g, Position&) {
      const std::uint8_t b = score_[g].load(std::memory_order_relaxed);
      if (exit_score_[g] == FINISHED) {
        if (b == score_byte(t)) found.local().push_back(Node(g));
      } else if (b != UNKNOWN) {
        return;
      } else if (exit_score_[g] == t) {
        if (join(Node(g), t)) found.local().push_back(Node(g));
      } else if (exit_score_[g] == -t && counter_[g].fetch_sub(1, std::memory_order_relaxed) == 1) {
        if (join(Node(g), -t)) found.local().push_back(Node(g));
      }
    });
    std::vector<Node> seeds;
    for (auto& local : found) seeds.insert(seeds.end(), local.begin(), local.end());
    std::sort(seeds.begin(), seeds.end());
    tbb::parallel_for_each(seeds.begin(), seeds.end(), [&](Node g, tbb::feeder<Node>& feeder) {
      const Color stm = side_of(g);
      const int s = score_of(score_[g].load(std::memory_order_relaxed));
      Position pos;
      index_.decode(g % n_, stm, pos);
      for_each_predecessor(pos, g % n_, [&](Node p, int weight) {
        if (score_[p].load(std::memory_order_relaxed) != UNKNOWN) return;
        if (s < 0) {  // p may move into its opponent's loss
          if (join(p, t)) feeder.add(p);
        } else if (counter_[p].fetch_sub(std::uint8_t(weight), std::memory_order_relaxed) == weight) {
          if (join(p, -t)) feeder.add(p);  // every move of p gives its opponent t
        }
      });
    });
  }

  // With every score known: for the loser, how many moves keep its score (counter) and
  // the longest such move out; for the winner, the shortest such move out (due then).
  void count_class_moves() {
    scan_positions(2 * n_, hooks_, "class moves", [&](std::uint64_t g, Position& pos) {
      dist_[g].store(UNSET, std::memory_order_relaxed);
      const std::uint8_t b = score_[g].load(std::memory_order_relaxed);
      if (!known(b) || score_of(b) == 0) return;
      const int s = score_of(b);
      const Color stm = side_of(g);
      index_.decode(g % n_, stm, pos);
      if (qoth_check_holds(pos, stm)) {
        due_local_.local().push_back({0, Node(g)});
        return;
      }
      MoveList list;
      generate_legal(pos, list);
      int best = -1;
      unsigned inside = 0;
      for (Move m : list) {
        Position next = pos;
        next.play(m);
        if (leaves_table(pos, m)) {
          const std::uint16_t child = children_.code_of(next);
          if (move_score(child) != s) continue;
          const int d = decode_value(move_value(child, true), true).distance;
          best = best < 0 ? d : s > 0 ? std::min(best, d) : std::max(best, d);
        } else if (s < 0) {
          const std::uint8_t nb = score_[global(~stm, index_.encode(next))].load(std::memory_order_relaxed);
          if (-score_of(nb) == s) inside += stabiliser(next);
        }
      }
      exit_dist_[g] = std::uint16_t(std::max(best, 0));
      counter_[g].store(std::uint8_t(inside), std::memory_order_relaxed);  // the winner's: a queued flag
      if (best >= 0 && (s > 0 || inside == 0)) due_local_.local().push_back({std::uint16_t(best), Node(g)});
    });
    collect_due();
  }

  void collect_due() {
    for (auto& local : due_local_) {
      for (const auto& [level, g] : local) {
        if (level >= due_.size()) due_.resize(level + 1);
        due_[level].push_back(g);
      }
      local.clear();
    }
  }

  // Level by level: the positions due at `level` take it (unless a winner already has a
  // shorter one) and pass it back to the predecessors in their score class.
  void distances() {
    for (std::size_t level = 0; level < due_.size(); ++level) {
      check_cancel(hooks_);
      report(hooks_, "distance " + std::to_string(level), 0);
      std::vector<Node> nodes = std::move(due_[level]);
      std::sort(nodes.begin(), nodes.end());
      const auto d = std::uint16_t(level);
      tbb::parallel_for(tbb::blocked_range<std::size_t>(0, nodes.size(), 256), [&](const auto& r) {
        Position pos;
        auto& out = due_local_.local();
        for (std::size_t i = r.begin(); i < r.end(); ++i) {
          const Node g = nodes[i];
          std::uint16_t expected = UNSET;
          if (!dist_[g].compare_exchange_strong(expected, d, std::memory_order_relaxed)) continue;
          const Color stm = side_of(g);
          const int s = score_of(score_[g].load(std::memory_order_relaxed));
          index_.decode(g % n_, stm, pos);
          for_each_predecessor(pos, g % n_, [&](Node p, int weight) {
            if (score_of(score_[p].load(std::memory_order_relaxed)) != -s ||
                dist_[p].load(std::memory_order_relaxed) != UNSET)
              return;
            if (s < 0) {  // p wins by moving here
              if (counter_[p].exchange(1, std::memory_order_relaxed) == 0) out.push_back({std::uint16_t(d + 1), p});
            } else if (counter_[p].fetch_sub(std::uint8_t(weight), std::memory_order_relaxed) == weight) {
              out.push_back({std::max<std::uint16_t>(std::uint16_t(d + 1), exit_dist_[p]), p});
            }
          });
        }
      });
      collect_due();
    }
  }

  std::shared_ptr<SolvedTable> table_;
  const Index& index_;
  const TableSet& children_;
  const SolveHooks& hooks_;
  const std::uint64_t n_;
  std::vector<int> symmetries_;  // the table's, less the identity
  std::vector<std::atomic<std::uint8_t>> score_;
  std::vector<std::atomic<std::uint8_t>> counter_;
  std::vector<std::int8_t> exit_score_;
  std::vector<std::atomic<std::uint16_t>> dist_;
  std::vector<std::uint16_t> exit_dist_;
  std::vector<std::vector<Node>> due_;  // level -> positions whose distance falls due then
  tbb::enumerable_thread_specific<std::vector<std::pair<std::uint16_t, Node>>> due_local_;
};

}  // namespace

std::shared_ptr<SolvedTable> solve_qoth_table(const Material& material, const TableKind& kind,
                                              const TableSet& children, const SolveHooks& hooks) {
  return QothSolver(material, kind, children, hooks).run();
}

std::uint64_t solve_qoth_memory(std::uint64_t positions_per_side) {
  // Working memory, the due lists at their fullest (a node each), then the codes.
  return positions_per_side * 2 * (7 + 4 + 2);
}

}  // namespace hilltb
