// Certificates for the tests, made by a small exhaustive search of their own (neither
// the deal solver nor the checker): depth-limited AND/OR search over the rules, with
// game ends and table values as leaves.
#pragma once

#include <filesystem>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "deal/certificate.h"
#include "probe/prober.h"

namespace hilltb::test {

// The fixture's tables (tests/CMakeLists.txt); HILLTB_TEST_TABLES in the environment
// may point elsewhere (a sanitizer build checks against the normal build's tables).
std::filesystem::path fixture_tables();

// TableRefs of the fixture's qoth ring tables of at most `max_pieces` pieces.
std::vector<TableRef> fixture_table_refs(int max_pieces);

// The certificate skeleton: the ring layout and the tables given.
Certificate ring_certificate(std::vector<TableRef> tables);

Position qoth(const std::string& fen);

// A fresh directory under the system's temporary one, removed with everything in it.
struct TempDir {
  std::filesystem::path path;
  TempDir();
  ~TempDir();
};

class ProofSearch {
 public:
  // Leaves: game ends, and positions of at most table_pieces pieces probed in `prober`.
  ProofSearch(const Prober& prober, int table_pieces) : prober_(prober), table_pieces_(table_pieces) {}

  // A proof that `prover` scores at least `threshold` from root, found within `depth`
  // plies (a position met again on the path counts as endless play, a draw), or none.
  std::optional<BoundProof> prove(const Position& root, Color prover, int threshold, int depth);

  // The root's value for its side to move when both bounds are proved within depth
  // plies: the two proofs appended to `out`.
  std::optional<int> solve(const Position& root, int depth, std::vector<BoundProof>& out);

 private:
  bool search(const Position& pos, int depth);
  // The score for the prover of a position that needs no node, if any.
  std::optional<int> leaf_score(const Position& pos) const;

  const Prober& prober_;
  const int table_pieces_;
  Color prover_ = WHITE;
  int threshold_ = 0;
  std::map<std::string, ProofNode> proven_;  // by FEN
  std::vector<std::string> added_;           // proven_'s keys in order, for rollback
  std::vector<std::string> path_;
};

// Every position reachable from root when `prover` always plays its first legal move
// and the opponent any move: the nodes of a closed set (no tables, no game end
// expected). Throws when play from root can end or the set exceeds `limit`.
BoundProof closed_set(const Position& root, Color prover, int threshold, std::size_t limit);

}  // namespace hilltb::test
