// The deal solver: a forward proof search for the value of a Queen of the Hill
// position, any number of pieces, whose leaves are finished games and table values.
//
// The search is iterative-deepening alpha-beta over proven bounds: every node returns
// an interval [lo, hi] that holds under optimal play (the side to move's signed score),
// never a guess. An unexplored position gets the bounds no play can break (a side scores
// at most its own piece count, loses at most the opponent's); a repeated position on the
// current line gets what is already proven of it. Bounds only tighten, in a table that
// keeps every entry, so that each reported bound reads back as a proof (proofs()).
#pragma once

#include <atomic>
#include <chrono>
#include <cstdint>
#include <vector>

#include "deal/certificate.h"
#include "deal/proof_table.h"
#include "probe/prober.h"

namespace hilltb {

struct SearchBudget {
  std::uint64_t nodes = 0;  // 0: no limit
  double seconds = 10;      // 0: no limit
};

struct Bounds {
  int lo = 0, hi = 0;
  bool exact() const { return lo == hi; }
};

struct SearchResult {
  Bounds score;            // the side to move's score lies in [lo, hi]
  std::vector<Move> pv;    // the line the proofs follow from the root
  std::uint64_t nodes = 0;
  double seconds = 0;
  int depth = 0;           // the deepest iteration that completed
};

// The bounds that hold whatever the play: a side's points are its claims, at most its
// own piece count; it loses at most the opponent's.
Bounds unsearched_bounds(const Position& pos);

class ProofSearch {
 public:
  // `prober` answers every position with at most table_pieces pieces.
  ProofSearch(const Prober& prober, int table_pieces, SearchBudget budget);

  SearchResult solve(const Position& root);
  // The proofs of `result`'s bounds that are not trivial, read back from this search's
  // table: a lower bound as the side to move's strategy, an upper bound as the
  // opponent's. Throws std::logic_error if the table does not hold one (a bug).
  std::vector<BoundProof> proofs(const Position& root, const SearchResult& result) const;

 private:
  // A finished game or a table position: its exact score; otherwise false.
  bool leaf_score(const Position& pos, int& score) const;
  Bounds search(const Position& pos, int depth, int alpha, int beta);
  Bounds known(const Position& pos, std::uint64_t key) const;
  void order_moves(const Position& pos, MoveList& moves, Move first) const;
  bool out_of_budget();
  BoundProof proof_for(const Position& root, Color prover, int threshold) const;
  std::vector<Move> principal_variation(const Position& root) const;

  const Prober& prober_;
  int table_pieces_;
  SearchBudget budget_;
  ProofTable table_;
  std::vector<std::uint64_t> path_;  // keys of the positions on the current line
  std::uint64_t nodes_ = 0;
  bool stopped_ = false;
  std::chrono::steady_clock::time_point start_;
};

}  // namespace hilltb
