// The deal solver: a forward proof search for the value of a Queen of the Hill
// position, any number of pieces, whose leaves are finished games and table values.
//
// Two methods, each claiming only what it proves:
//  - proof-number search: the bounds [lo, hi] start as what no play can
//    break, and each threshold in between ("the side to move scores at least v") is
//    put to a df-pn search (deal/threshold_search.h) under a share of the budget that
//    doubles each round; a proof raises lo to v, a disproof lowers hi to v - 1, and each
//    comes with its certificate, read back from the search's table at once. The
//    thresholds nearest the sign (win or not, loss or not) go first.
//  - alpha-beta (the default): iterative deepening over proven bounds: every node returns an interval
//    [lo, hi] that holds under optimal play (the side to move's signed score), never a
//    guess. An unexplored position gets the bounds no play can break (a side scores at
//    most its own piece count, loses at most the opponent's); a repeated position on the
//    current line gets what is already proven of it. Bounds only tighten, in a table that
//    keeps every entry, so that each reported bound reads back as a proof (proofs()).
#pragma once

#include <atomic>
#include <chrono>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <vector>

#include "deal/certificate.h"
#include "deal/dfpn_table.h"
#include "deal/proof_table.h"
#include "probe/prober.h"

namespace hilltb {

struct SearchBudget {
  std::uint64_t nodes = 0;  // 0: no limit
  double seconds = 10;      // 0: no limit
  // The most memory the proof-number search's table may take.
  std::size_t table_bytes = std::size_t(1) << 30;
};

enum class SearchMethod { ProofNumber, AlphaBeta };

struct Bounds {
  int lo = 0, hi = 0;
  bool exact() const { return lo == hi; }
};

struct SearchResult {
  Bounds score;            // the side to move's score lies in [lo, hi]
  std::vector<Move> pv;    // the line the proofs follow from the root
  std::uint64_t nodes = 0;
  double seconds = 0;
  int depth = 0;           // alpha-beta: the deepest iteration that completed (else 0)
};

// The bounds that hold whatever the play: a side's points are its claims, at most its
// own piece count; it loses at most the opponent's.
Bounds unsearched_bounds(const Position& pos);

class ProofSearch {
 public:
  // `prober` answers every position with at most table_pieces pieces.
  ProofSearch(const Prober& prober, int table_pieces, SearchBudget budget,
              SearchMethod method = SearchMethod::AlphaBeta);

  SearchResult solve(const Position& root);
  // The proofs of `result`'s bounds that are not trivial, read back from this search's
  // table: a lower bound as the side to move's strategy, an upper bound as the
  // opponent's. Throws std::logic_error if the table does not hold one (a bug).
  std::vector<BoundProof> proofs(const Position& root, const SearchResult& result) const;

 private:
  // A finished game or a table position: its exact score; otherwise false.
  bool leaf_score(const Position& pos, int& score) const;
  Bounds solve_by_thresholds(const Position& root);
  std::vector<Move> proofs_line(const Position& root) const;
  // The line from root along move_at's moves (none ends it, as does a repetition),
  // then the tables' line from the leaf it reaches.
  std::vector<Move> follow_line(const Position& root, const std::function<Move(std::uint64_t key)>& move_at) const;
  Bounds search(const Position& pos, int depth, int alpha, int beta);
  Bounds known(const Position& pos, std::uint64_t key) const;
  void order_moves(const Position& pos, MoveList& moves, Move first) const;
  bool out_of_budget();
  BoundProof proof_for(const Position& root, Color prover, int threshold) const;
  std::vector<Move> principal_variation(const Position& root) const;

  const Prober& prober_;
  int table_pieces_;
  SearchBudget budget_;
  SearchMethod method_;
  ProofTable table_;
  std::unique_ptr<DfpnTable> dfpn_table_;
  std::optional<BoundProof> lower_proof_, upper_proof_;  // proof-number search's proofs
  std::vector<std::uint64_t> path_;  // keys of the positions on the current line
  std::uint64_t nodes_ = 0;
  bool stopped_ = false;
  std::chrono::steady_clock::time_point start_;
};

}  // namespace hilltb
