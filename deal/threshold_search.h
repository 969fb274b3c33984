// A proof-number search (df-pn) for one threshold of a Queen of the Hill position's
// value: can `winner` force a win worth at least `points`?
//
// The question is an AND/OR proof: the winner's positions are OR nodes (one move must
// work), the other side's AND nodes (every reply must). Its leaves are finished games,
// table values, and positions where the winner has fewer pieces than `points` (claims
// never outnumber pieces). Play that never ends is no win, so a position met again on
// the current line counts as a failure for the winner: every proof is free of cycles
// and holds wherever the position is met. A disproof that rests on such a repetition
// holds only below that repeated position (the graph-history interaction): it is stored
// with the ply and visit of the position it rests on and counts for nothing once that
// visit is over. A disproof of the root is the other side's strategy to keep the winner
// below `points`, which may revisit positions (a closed set).
//
// The search is df-pn with the 1+epsilon trick (Pawlewicz and Lew): a child is searched
// until its numbers pass a little over its best sibling's, which keeps the search from
// switching back and forth between siblings of similar numbers.
#pragma once

#include <chrono>
#include <cstdint>
#include <deque>
#include <optional>
#include <vector>

#include "deal/certificate.h"
#include "deal/dfpn_table.h"
#include "probe/prober.h"

namespace hilltb {

struct ThresholdGoal {
  Color winner = WHITE;
  int points = 1;  // 1..5: the winner must win with at least this many claims
};

enum class ThresholdVerdict { Proven, Disproven, Open };

class ThresholdSearch {
 public:
  using Clock = std::chrono::steady_clock;

  // `prober` answers every position with at most table_pieces pieces. Searches of
  // several goals may share one table: each goal's keys are its own.
  ThresholdSearch(const Prober& prober, int table_pieces, DfpnTable& table);

  // Searches `goal` at root until it is proven or disproven, or the search has made
  // max_nodes expansions in all (0: no limit), or `deadline` passes, or the table is
  // full. A later run of the same goal goes on from what the table holds.
  ThresholdVerdict run(const Position& root, ThresholdGoal goal, std::uint64_t max_nodes,
                       Clock::time_point deadline = Clock::time_point::max());

  // The proof of a resolved goal read back from the table: when proven, the winner's
  // strategy (threshold `points`); when disproven, the other side's closed set
  // (threshold 1 - points). None when the table's entries do not make a whole proof
  // (a disproof resting on a repetition whose position was not disproven in the end).
  std::optional<BoundProof> proof(const Position& root, ThresholdGoal goal) const;

  // Positions examined in all runs: each expanded position and each child it generates.
  std::uint64_t nodes() const { return nodes_; }

 private:
  enum class Leaf { Won, NotWon, Open };
  struct Child {
    std::uint64_t key;
    Move move;
    std::uint32_t pn, dn;
    std::uint32_t dep_id;
    std::uint16_t dep_ply;
    bool settled;  // a leaf: its numbers never change
  };
  struct Numbers {
    std::uint32_t pn, dn;
  };

  Leaf classify(const Position& pos, ThresholdGoal goal) const;
  static std::uint64_t goal_key(const Position& pos, ThresholdGoal goal);
  // A child's numbers from the table, as they hold on the current line (a child that is
  // not in the table keeps what it has: its first estimate or its last search's).
  void refresh(Child& c) const;
  void estimate(const Position& pos, Child& c) const;
  // Searches pos until its proof number reaches pn_th or its disproof number dn_th (or
  // the budget ends), and stores its numbers; returns them.
  Numbers mid(const Position& pos, std::uint64_t key, std::uint32_t pn_th, std::uint32_t dn_th, std::size_t ply);
  bool out_of_budget() const;

  const Prober& prober_;
  const int table_pieces_;
  DfpnTable& table_;
  ThresholdGoal goal_;
  std::deque<std::vector<Child>> frames_;  // the children of each ply's position
  std::vector<std::uint32_t> path_ids_;    // the visit id of each ply's position
  std::uint32_t next_visit_ = 1;
  std::uint64_t nodes_ = 0, max_nodes_ = 0;
  Clock::time_point deadline_;
  bool stopped_ = false;
};

}  // namespace hilltb
