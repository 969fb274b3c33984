// The deal solver against the tables: positions of a material whose table exists are
// solved with only the smaller tables present, and every exact answer must equal the
// table's value, every bound contain it.
#include <gtest/gtest.h>

#include <cstdlib>
#include <random>

#include "deal/proof_search.h"
#include "rules/deal.h"
#include "rules/fen.h"
#include "search_positions.h"

namespace hilltb {
namespace {

using namespace search_positions;

struct Tally {
  int exact = 0, bounded = 0;
};

// Solves `samples` random positions of `material` using only the tables up to
// `table_pieces` pieces, comparing with the material's own table; every proof of the
// search's bounds must pass the certificate checker.
Tally compare(const std::string& material, int table_pieces, int samples, SearchBudget budget, unsigned seed,
              SearchMethod method) {
  const Prober prober({{tables_dir()}, Variant::Qoth});
  const auto pieces = pieces_of(material);
  std::mt19937_64 rng(seed);
  Tally tally;
  for (int i = 0; i < samples; ++i) {
    const Position pos = random_position(pieces, rng);
    const ProbeResult truth = prober.probe(pos);
    if (!truth.ok()) {
      ADD_FAILURE() << to_fen(pos) << ": " << truth.error;
      continue;
    }
    const int value = truth.value.result * truth.value.points;
    ProofSearch search(prober, table_pieces, budget, method);
    const SearchResult r = search.solve(pos);
    EXPECT_LE(r.score.lo, value) << to_fen(pos) << " claims at least " << r.score.lo;
    EXPECT_GE(r.score.hi, value) << to_fen(pos) << " claims at most " << r.score.hi;
    (r.score.exact() ? tally.exact : tally.bounded)++;
    // Every bound reads back as a proof from the search's table, and the proof holds.
    std::vector<BoundProof> proofs;
    EXPECT_NO_THROW(proofs = search.proofs(pos, r)) << to_fen(pos);
    expect_proofs_verify(pos, table_pieces, proofs);
  }
  return tally;
}

// Each test runs both methods on the same positions.
const std::pair<SearchMethod, const char*> METHODS[] = {{SearchMethod::ProofNumber, "proof-number"},
                                                        {SearchMethod::AlphaBeta, "alpha-beta"}};

TEST(ProofSearch, ThreePiecePositionsWithTwoPieceTables) {
  for (const auto& [method, name] : METHODS) {
    const Tally t = compare("RRvN", 2, 400, {20000, 0}, 1, method);
    EXPECT_GT(t.exact, 0) << name;
    std::cout << name << " RRvN: " << t.exact << " exact, " << t.bounded << " bounded\n";
  }
}

TEST(ProofSearch, FourPiecePositionsWithThreePieceTables) {
  for (const auto& [method, name] : METHODS)
    for (const char* m : {"QRvBN", "KQvR", "BBvNN", "QQvRR"}) {
      const Tally t = compare(m, 3, 100, {20000, 0}, 2, method);
      std::cout << name << " " << m << ": " << t.exact << " exact, " << t.bounded << " bounded\n";
    }
}

TEST(ProofSearch, FivePiecePositionsWithFourPieceTables) {
  for (const auto& [method, name] : METHODS) {
    const Tally t = compare("RRvNNN", 4, 40, {50000, 0}, 3, method);
    EXPECT_GT(t.exact, 0) << name;
    std::cout << name << " RRvNNN: " << t.exact << " exact, " << t.bounded << " bounded\n";
  }
}

// A set-up and its mirror image (players exchanged, the board turned) are the same game
// for the side to move: their proven intervals must meet, and exact values agree.
TEST(ProofSearch, ASetUpAndItsMirrorGetTheSameValueForTheMover) {
  const Prober prober({{tables_dir()}, Variant::Qoth});
  ASSERT_TRUE(has_mirror_symmetry(ring_layout()));
  for (const char* name : {"1:KQRBN:KQRBN", "2:QRRBN:RRBNN", "3:qRbNK:rRNBB", "4:BBNNR:QQKRR"}) {
    const hilltb::Setup setup = parse_setup(name);
    const Position a = setup_position(setup, ring_layout());
    const Position b = setup_position(mirror_setup(setup), ring_layout());
    ASSERT_NE(a.side_to_move(), b.side_to_move()) << name;
    for (const auto& [method, method_name] : METHODS) {
      const SearchResult ra = ProofSearch(prober, 2, {100000, 0}, method).solve(a);
      const SearchResult rb = ProofSearch(prober, 2, {100000, 0}, method).solve(b);
      EXPECT_LE(std::max(ra.score.lo, rb.score.lo), std::min(ra.score.hi, rb.score.hi)) << name << " " << method_name;
      if (ra.score.exact() && rb.score.exact()) {
        EXPECT_EQ(ra.score.lo, rb.score.lo) << name << " " << method_name;
      }
    }
  }
}

// Bounds a search cannot improve at depth 0 are what needs no proof.
TEST(ProofSearch, UnsearchedBoundsArePieceCounts) {
  const Position pos = parse_fen("8/8/2x2x2/4*3/8/2x2x2/6n1/R3R3 b", Variant::Qoth);
  EXPECT_EQ(unsearched_bounds(pos).lo, -2);
  EXPECT_EQ(unsearched_bounds(pos).hi, 1);
}

}  // namespace
}  // namespace hilltb
