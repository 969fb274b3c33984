// solve_checked claims nothing its verified proofs do not support: both methods on table
// roots and searched positions keep every bound with its proof, and a claim without a
// proof, or with a proof of another position or a broken one, is withdrawn.
#include <gtest/gtest.h>

#include <random>

#include "deal/checked_solve.h"
#include "search_positions.h"

namespace hilltb {
namespace {

using namespace search_positions;

Certificate tables_for(const Position& pos, int table_pieces, const TableDirs& dirs) {
  const auto files = table_files(ring_layout(), reachable_materials(pos, table_pieces));
  return {ring_layout().to_text(), table_refs(dirs, files), {}};
}

const SearchMethod METHODS[] = {SearchMethod::ProofNumber, SearchMethod::AlphaBeta};

// Every bound beyond what needs no proof comes with a kept proof, and nothing is
// withdrawn from a sound search; a table root is exact and carries its leaf proofs.
TEST(CheckedSolve, EveryKeptBoundHasItsProof) {
  const Prober prober({{tables_dir()}, Variant::Qoth});
  const TableDirs dirs{tables_dir()};
  std::mt19937_64 rng(41);
  for (SearchMethod method : METHODS)
    for (const char* material : {"RRvN", "QRvBN"})
      for (int i = 0; i < 6; ++i) {
        const Position pos = random_position(pieces_of(material), rng);
        const int table_pieces = i % 2 ? 4 : 3;  // the root a table position, or searched
        ProofSearch search(prober, table_pieces, {20000, 0}, method);
        const CheckedSolution s = solve_checked(search, pos, tables_for(pos, table_pieces, dirs), dirs);
        EXPECT_TRUE(s.withdrawn.empty()) << to_fen(pos) << ": " << (s.withdrawn.empty() ? "" : s.withdrawn[0]);
        const Bounds trivial = unsearched_bounds(pos);
        std::size_t needed = (s.result.score.lo > trivial.lo) + (s.result.score.hi < trivial.hi);
        EXPECT_EQ(s.proofs.size(), needed) << to_fen(pos);
        if (table_pieces >= 4 && popcount(pos.pieces()) <= 4) EXPECT_TRUE(s.result.score.exact()) << to_fen(pos);
      }
}

TEST(CheckedSolve, AClaimWithoutAProofIsWithdrawn) {
  const Prober prober({{tables_dir()}, Variant::Qoth});
  const TableDirs dirs{tables_dir()};
  const Position pos = parse_fen("8/8/2x2x2/4*3/8/2x2x2/6n1/R3R3 b", Variant::Qoth);
  const Certificate tables = tables_for(pos, 3, dirs);
  ProofSearch search(prober, 3, {20000, 0});
  const SearchResult sound = search.solve(pos);
  const std::vector<BoundProof> proofs = search.proofs(pos, sound);
  ASSERT_TRUE(sound.score.exact());
  ASSERT_EQ(proofs.size(), 2u);
  const Bounds trivial = unsearched_bounds(pos);

  // No proofs at all: both bounds fall back to what needs none.
  CheckedSolution s = check_solution(pos, sound, {}, tables, dirs);
  EXPECT_EQ(s.result.score.lo, trivial.lo);
  EXPECT_EQ(s.result.score.hi, trivial.hi);
  EXPECT_EQ(s.withdrawn.size(), 2u);

  // A claim tighter than its proofs: the proofs' bounds stand, the rest is withdrawn.
  SearchResult tighter = sound;
  tighter.score = {trivial.hi, trivial.hi};
  s = check_solution(pos, tighter, proofs, tables, dirs);
  EXPECT_EQ(s.result.score.lo, sound.score.lo);
  EXPECT_EQ(s.result.score.hi, trivial.hi);
  EXPECT_FALSE(s.withdrawn.empty());

  // A proof of another position supports nothing here.
  const Position other = parse_fen("8/8/2x2x2/4*3/8/2x2x2/6n1/R3R3 w", Variant::Qoth);
  ProofSearch other_search(prober, 3, {20000, 0});
  const SearchResult other_result = other_search.solve(other);
  s = check_solution(pos, sound, other_search.proofs(other, other_result), tables, dirs);
  EXPECT_EQ(s.result.score.lo, trivial.lo);
  EXPECT_EQ(s.result.score.hi, trivial.hi);
  EXPECT_TRUE(s.proofs.empty());

  // A broken proof (its threshold raised past what the table gives) is withdrawn with the
  // checker's reason.
  std::vector<BoundProof> broken = proofs;
  for (BoundProof& p : broken) p.threshold += 1;
  s = check_solution(pos, sound, broken, tables, dirs);
  EXPECT_EQ(s.result.score.lo, trivial.lo);
  EXPECT_EQ(s.result.score.hi, trivial.hi);
  ASSERT_FALSE(s.withdrawn.empty());
  EXPECT_NE(s.withdrawn[0].find("FAILED"), std::string::npos) << s.withdrawn[0];
}

}  // namespace
}  // namespace hilltb
