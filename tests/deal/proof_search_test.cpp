// The deal solver against the tables: positions of a material whose table exists are
// solved with only the smaller tables present, and every exact answer must equal the
// table's value, every bound contain it.
#include <gtest/gtest.h>

#include <cstdlib>
#include <random>

#include "deal/check_certificate.h"
#include "deal/endgame_tables.h"
#include "deal/proof_search.h"
#include "rules/deal.h"
#include "rules/fen.h"

namespace hilltb {
namespace {

const char* tables_dir() {
  const char* env = std::getenv("HILLTB_TEST_TABLES");
  return env ? env : HILLTB_TEST_TABLES;
}

struct Piece2 {
  Color color;
  PieceType type;
};

std::vector<Piece2> pieces_of(std::string_view material) {
  std::vector<Piece2> out;
  Color c = WHITE;
  for (char ch : material) {
    if (ch == 'v') { c = BLACK; continue; }
    if (ch == '-') continue;
    const PieceType pt = ch == 'K' ? KING : ch == 'Q' ? QUEEN : ch == 'R' ? ROOK : ch == 'B' ? BISHOP : KNIGHT;
    out.push_back({c, pt});
  }
  return out;
}

// A random position of `material` on the ring layout with target e5.
Position random_position(const std::vector<Piece2>& pieces, std::mt19937_64& rng) {
  Position pos(Variant::Qoth);
  pos.set_fixed(ring_layout().blocker_bb(), ring_layout().targets[0]);
  for (const Piece2& p : pieces) {
    Square s;
    do s = Square(rng() % 64);
    while ((pos.occupied() >> s) & 1);
    pos.put(make_piece(p.color, p.type), s);
  }
  pos.set_side_to_move(rng() & 1 ? WHITE : BLACK);
  return pos;
}

struct Tally {
  int exact = 0, bounded = 0;
};

// The proofs of a search's bounds, checked by the independent checker against the
// tables up to `table_pieces` pieces the position can reach.
void expect_proofs_verify(const Position& pos, int table_pieces, const std::vector<BoundProof>& proofs) {
  if (proofs.empty()) return;
  const TableDirs dirs{tables_dir()};
  const auto files = table_files(ring_layout(), reachable_materials(pos, table_pieces));
  const CertificateVerdict v = check_certificate({ring_layout().to_text(), table_refs(dirs, files), proofs}, dirs);
  EXPECT_EQ(v.error, "") << to_fen(pos);
  for (const ProofVerdict& p : v.proofs) EXPECT_TRUE(p.ok) << p.describe();
}

// Solves `samples` random positions of `material` using only the tables up to
// `table_pieces` pieces, comparing with the material's own table; every proof of the
// search's bounds must pass the certificate checker.
Tally compare(const std::string& material, int table_pieces, int samples, SearchBudget budget, unsigned seed) {
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
    ProofSearch search(prober, table_pieces, budget);
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

TEST(ProofSearch, ThreePiecePositionsWithTwoPieceTables) {
  const Tally t = compare("RRvN", 2, 400, {20000, 0}, 1);
  EXPECT_GT(t.exact, 0);
  std::cout << "RRvN: " << t.exact << " exact, " << t.bounded << " bounded\n";
}

TEST(ProofSearch, FourPiecePositionsWithThreePieceTables) {
  for (const char* m : {"QRvBN", "KQvR", "BBvNN", "QQvRR"}) {
    const Tally t = compare(m, 3, 100, {20000, 0}, 2);
    std::cout << m << ": " << t.exact << " exact, " << t.bounded << " bounded\n";
  }
}

TEST(ProofSearch, FivePiecePositionsWithFourPieceTables) {
  const Tally t = compare("RRvNNN", 4, 40, {50000, 0}, 3);
  EXPECT_GT(t.exact, 0);
  std::cout << "RRvNNN: " << t.exact << " exact, " << t.bounded << " bounded\n";
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
    const SearchResult ra = ProofSearch(prober, 2, {100000, 0}).solve(a);
    const SearchResult rb = ProofSearch(prober, 2, {100000, 0}).solve(b);
    EXPECT_LE(std::max(ra.score.lo, rb.score.lo), std::min(ra.score.hi, rb.score.hi)) << name;
    if (ra.score.exact() && rb.score.exact()) {
      EXPECT_EQ(ra.score.lo, rb.score.lo) << name;
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
