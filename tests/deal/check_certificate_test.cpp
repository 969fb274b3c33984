// The certificate checker (deal/check_certificate.h) on proofs made by the tests' own
// search: 4-piece positions proved with the 3-piece tables get the 4-piece tables'
// values; closed sets prove draws; every tampered proof is refused, naming where.
#include <gtest/gtest.h>

#include <random>

#include "rules/outcome.h"
#include "deal/check_certificate.h"
#include "formats/material.h"
#include "proof_search.h"
#include "rules/fen.h"
#include "rules/notation.h"

namespace hilltb {
namespace {

using test::qoth;

Prober fixture_prober() { return Prober({{test::fixture_tables()}, Variant::Qoth}); }

// A light-squared bishop each for P1 and a dark-squared one for P2: no capture and no
// claim of the dark e5 is ever possible, so every line is endless: a draw.
constexpr const char* BISHOPS = "8/8/2x2x2/4*3/1b6/2x2x2/4B3/8 w";
// P1's light-squared bishop alone: P2 has nothing and passes every turn.
constexpr const char* LONE_BISHOP = "8/8/2x2x2/4*3/8/2x2x2/4B3/8 w";

CertificateVerdict check(const Certificate& c) { return check_certificate(c, {test::fixture_tables()}); }

// The one proof of a certificate, checked.
ProofVerdict check_one(const std::vector<TableRef>& tables, const BoundProof& proof) {
  Certificate c = test::ring_certificate(tables);
  c.proofs = {proof};
  const CertificateVerdict v = check(c);
  EXPECT_EQ(v.error, "");
  EXPECT_EQ(v.proofs.size(), 1u);
  return v.proofs.empty() ? ProofVerdict{} : v.proofs[0];
}

void expect_refused(const std::vector<TableRef>& tables, const BoundProof& proof, const std::string& why,
                    const std::string& where = "") {
  const ProofVerdict v = check_one(tables, proof);
  EXPECT_FALSE(v.ok) << "accepted: " << v.describe();
  EXPECT_NE(v.reason.find(why), std::string::npos) << v.describe();
  if (!where.empty()) {
    EXPECT_EQ(v.failing_fen, where) << v.describe();
  }
}

// A random position of the material with P1's pieces `white` and P2's `black`, not over.
Position random_position(std::mt19937_64& rng, const std::string& white, const std::string& black) {
  for (;;) {
    Position pos = qoth("8/8/2x2x2/4*3/8/2x2x2/8/8 w");
    auto place = [&](char letter, Color c) {
      const PieceType pt = PieceType(std::string(" PNBRQK").find(letter));
      Square s;
      do s = Square(rng() % 64);
      while ((pos.occupied() & square_bb(s)));
      pos.put(make_piece(c, pt), s);
    };
    for (char l : white) place(l, WHITE);
    for (char l : black) place(l, BLACK);
    pos.set_side_to_move(Color(rng() % 2));
    if (!outcome(pos).over()) return pos;
  }
}

// 4-piece positions of the fixture's 4-piece materials, with only the tables up to 3
// pieces in the certificates: each exact value proved equals the 4-piece table's.
TEST(CheckCertificate, ProvedValuesAreTheTablesValues) {
  const Prober prober = fixture_prober();
  const auto tables = test::fixture_table_refs(3);
  std::mt19937_64 rng(4);
  int solved = 0, nontrivial = 0;
  for (const auto& [white, black] : std::vector<std::pair<std::string, std::string>>{
           {"KQ", "R"}, {"QR", "BN"}, {"BB", "NN"}, {"QQ", "RR"}}) {
    for (int i = 0; i < 12; ++i) {
      const Position root = random_position(rng, white, black);
      const ProbeResult table = prober.probe(root);
      ASSERT_TRUE(table.ok()) << table.error;
      const int value = table.value.result * table.value.points;
      test::ProofSearch search(prober, 3);
      Certificate c = test::ring_certificate(tables);
      const auto solution = search.solve(root, 3, c.proofs);
      if (!solution) continue;
      ++solved;
      EXPECT_EQ(*solution, value) << to_fen(root);
      const CertificateVerdict verdict = check(c);
      ASSERT_EQ(verdict.error, "");
      const ScoreBounds trivial = trivial_bounds(root);
      for (const ProofVerdict& p : verdict.proofs) {
        EXPECT_TRUE(p.ok) << p.describe();
        EXPECT_EQ(p.value, value) << p.describe();
        EXPECT_TRUE(p.lower ? p.value > trivial.lower : p.value < trivial.upper);
        ++nontrivial;
      }
    }
  }
  EXPECT_GE(solved, 10);
  EXPECT_GE(nontrivial, 10);
}

// A winning proof for a 4-piece position, then each way of spoiling it.
TEST(CheckCertificate, ATamperedProofIsRefused) {
  const Prober prober = fixture_prober();
  const auto tables = test::fixture_table_refs(3);
  // Find a 4-piece position whose proof has prover and opponent nodes and table leaves.
  std::mt19937_64 rng(7);
  BoundProof proof;
  int value = 0;
  for (int i = 0; i < 400 && proof.nodes.size() < 3; ++i) {
    const Position root = random_position(rng, "QR", "BN");
    const ProbeResult r = prober.probe(root);
    if (!r.ok() || r.value.result <= 0) continue;
    test::ProofSearch search(prober, 3);
    value = r.value.points;
    if (auto p = search.prove(root, root.side_to_move(), value, 3)) proof = *p;
  }
  ASSERT_GE(proof.nodes.size(), 3u) << "no suitable position found";
  const Position root = qoth(proof.root_fen);
  ASSERT_TRUE(check_one(tables, proof).ok) << check_one(tables, proof).describe();
  EXPECT_EQ(check_one(tables, proof).bound_text(), "score >= " + std::to_string(value));

  // The threshold raised above the true value.
  BoundProof higher = proof;
  higher.threshold = value + 1;
  expect_refused(tables, higher, "below the threshold");
  // The other player as the prover.
  BoundProof swapped = proof;
  swapped.prover = ~proof.prover;
  EXPECT_FALSE(check_one(tables, swapped).ok);
  // Every node dropped in turn.
  for (std::size_t i = 0; i < proof.nodes.size(); ++i) {
    BoundProof dropped = proof;
    dropped.nodes.erase(dropped.nodes.begin() + std::ptrdiff_t(i));
    expect_refused(tables, dropped, "pieces are more than the certificate's tables hold");
  }
  // A prover's move changed: to an illegal one, and to each other legal one that loses.
  for (std::size_t i = 0; i < proof.nodes.size(); ++i) {
    const ProofNode& node = proof.nodes[i];
    if (node.position.side_to_move() != proof.prover) continue;
    BoundProof illegal = proof;
    illegal.nodes[i].move = Move(node.move.to(), node.move.from());
    if (node.position.piece_on(node.move.to()) == NO_PIECE)
      expect_refused(tables, illegal, "is not legal here", to_fen(node.position));
    BoundProof none = proof;
    none.nodes[i].move = Move();
    expect_refused(tables, none, "gives no move", to_fen(node.position));
    MoveList legal;
    generate_legal(node.position, legal);
    for (Move m : legal) {
      Position next = node.position;
      next.play(m);
      const ProbeResult after = prober.probe(next);  // the 4-piece tables know the truth
      if (m == node.move || !after.ok() || -after.value.result * after.value.points >= value) continue;
      BoundProof changed = proof;
      changed.nodes[i].move = m;
      EXPECT_FALSE(check_one(tables, changed).ok) << to_uci(m);
    }
  }
  // A move given where the opponent is to move; a node twice.
  for (std::size_t i = 0; i < proof.nodes.size(); ++i) {
    if (proof.nodes[i].position.side_to_move() == proof.prover) continue;
    BoundProof moved = proof;
    MoveList legal;
    generate_legal(moved.nodes[i].position, legal);
    moved.nodes[i].move = legal.moves[0];
    expect_refused(tables, moved, "where the opponent is to move", to_fen(proof.nodes[i].position));
    break;
  }
  BoundProof twice = proof;
  twice.nodes.push_back(proof.nodes.back());
  expect_refused(tables, twice, "a node of the proof twice");

  // Tables: a checksum changed, a table absent from the directory, one the proof needs
  // left out of the list, and another directory.
  Certificate c = test::ring_certificate(tables);
  c.proofs = {proof};
  Certificate bad_sum = c;
  bad_sum.tables[5].checksum ^= 1;
  EXPECT_NE(check(bad_sum).error.find("checksum"), std::string::npos) << check(bad_sum).error;
  Certificate absent = c;
  absent.tables.push_back({"qoth/ring/KKvQQ.htb", 1});
  EXPECT_NE(check(absent).error.find("not found"), std::string::npos) << check(absent).error;
  Certificate escape = c;
  escape.tables.push_back({"../x.htb", 1});
  EXPECT_NE(check(escape).error.find("relative path"), std::string::npos) << check(escape).error;
  EXPECT_NE(check_certificate(c, {test::fixture_tables() / "qoth"}).error, "");
  // One checker for many certificates sees each one's own tables, whatever it met before.
  CertificateChecker checker({test::fixture_tables()});
  EXPECT_TRUE(checker.check(c).ok());
  EXPECT_NE(checker.check(bad_sum).error.find("checksum"), std::string::npos);
  EXPECT_NE(checker.check(bad_sum).error.find("checksum"), std::string::npos);
  EXPECT_TRUE(checker.check(c).ok());
  int refused_for_a_table = 0;
  for (std::size_t t = 0; t < tables.size(); ++t) {
    Certificate fewer = c;
    fewer.tables.erase(fewer.tables.begin() + std::ptrdiff_t(t));
    const CertificateVerdict v = check(fewer);
    ASSERT_EQ(v.error, "");
    const CertificateVerdict shared = checker.check(fewer);
    ASSERT_EQ(shared.error, "");
    EXPECT_EQ(shared.proofs[0].ok, v.proofs[0].ok) << "without " << tables[t].file;
    if (!v.proofs[0].ok) {
      ++refused_for_a_table;
      EXPECT_NE(v.proofs[0].reason.find("no table value among the certificate's tables"), std::string::npos)
          << v.proofs[0].describe();
    }
  }
  EXPECT_GE(refused_for_a_table, 1);
  // The same proof with the 4-piece table the root needs listed: still checked as a
  // proof (the root is a node), and as a table leaf once its nodes are gone.
  BoundProof bare = proof;
  bare.nodes.clear();
  expect_refused(tables, bare, "pieces are more than the certificate's tables hold", to_fen(root));
  auto with_four = test::fixture_table_refs(4);
  EXPECT_TRUE(check_one(with_four, bare).ok) << check_one(with_four, bare).describe();
}

TEST(CheckCertificate, AClosedSetProvesADraw) {
  for (Color prover : {WHITE, BLACK}) {
    const BoundProof proof = test::closed_set(qoth(BISHOPS), prover, 0, 100000);
    ASSERT_GT(proof.nodes.size(), 100u);
    const ProofVerdict v = check_one({}, proof);
    EXPECT_TRUE(v.ok) << v.describe();
    EXPECT_EQ(v.nodes_checked, proof.nodes.size());
    EXPECT_EQ(v.bound_text(), prover == WHITE ? "score >= 0" : "score <= 0");
    // The same strategy as a win: it never ends, so it is refused as a cycle.
    BoundProof win = proof;
    win.threshold = 1;
    expect_refused({}, win, "can return to this position");
    // A node missing from the closed set is a way out the proof does not cover.
    BoundProof open = proof;
    open.nodes.erase(open.nodes.begin() + 7);
    expect_refused({}, open, "more than the certificate's tables hold");
  }
}

TEST(CheckCertificate, PassesAreMovesOfTheProof) {
  // P2 has no piece: at its nodes the pass is its only move, as prover or opponent.
  for (Color prover : {WHITE, BLACK}) {
    const BoundProof proof = test::closed_set(qoth(LONE_BISHOP), prover, 0, 10000);
    const ProofVerdict v = check_one({}, proof);
    EXPECT_TRUE(v.ok) << v.describe();
    if (prover == BLACK) {
      EXPECT_EQ(proof.nodes[1].move, Move::pass());
      BoundProof moved = proof;
      moved.nodes[1].move = Move(SQ_NONE - 1, 0);
      expect_refused({}, moved, "is not legal here");
    }
  }
}

TEST(CheckCertificate, RootsThatNeedNoNodes) {
  const auto tables = test::fixture_table_refs(3);
  // Over: P1's two claims beat P2's one piece at the start of P1's turn: +2.
  const std::string over = "8/8/2x2x2/R3*2R/8/2x2x2/8/7n w";
  ASSERT_TRUE(outcome(qoth(over)).over());
  EXPECT_EQ(trivial_bounds(qoth(over)).lower, 2);
  EXPECT_TRUE(check_one({}, BoundProof{over, WHITE, 2, {}}).ok);
  expect_refused({}, BoundProof{over, WHITE, 3, {}}, "below the threshold", over);
  EXPECT_TRUE(check_one({}, BoundProof{over, BLACK, -2, {}}).ok);
  // A 3-piece root is a table leaf.
  const std::string three = "8/8/2x2x2/4*3/8/2x2x2/6n1/R3R3 b";  // lost by 1 (RULES.md)
  EXPECT_TRUE(check_one(tables, BoundProof{three, WHITE, 1, {}}).ok);
  EXPECT_TRUE(check_one(tables, BoundProof{three, BLACK, -1, {}}).ok);
  expect_refused(tables, BoundProof{three, BLACK, 0, {}}, "the tables give -1 for the prover P2");
  expect_refused({}, BoundProof{three, BLACK, -1, {}}, "more than the certificate's tables hold (0)");
  // A bad root or threshold.
  expect_refused(tables, BoundProof{"8/8/8/8 w", WHITE, 0, {}}, "bad FEN");
  expect_refused(tables, BoundProof{three, WHITE, 6, {}}, "outside -5..5");
  // Trivial bounds: own pieces above, the opponent's below.
  EXPECT_EQ(trivial_bounds(qoth(three)).lower, -2);
  EXPECT_EQ(trivial_bounds(qoth(three)).upper, 1);
}

// A position where the prover cannot lose by more than the opponent's pieces is a leaf:
// capturing one of P2's three knights makes "at least -2" hold whatever follows.
TEST(CheckCertificate, APositionGoodWhateverThePlayIsALeaf) {
  const std::string root = "6nn/n7/2x2x2/4*3/8/2x2x2/7R/RR6 w";
  const Position pos = qoth(root);
  auto proof = [&](const char* uci, int threshold) {
    return BoundProof{root, WHITE, threshold, {{pos, *parse_move(pos, uci)}}};
  };
  EXPECT_TRUE(check_one({}, proof("a1a7", -2)).ok);
  expect_refused({}, proof("a1a7", -1), "more than the certificate's tables hold");
  expect_refused({}, proof("a1a2", -2), "more than the certificate's tables hold");
}

TEST(CheckCertificate, ABadLayoutIsACertificateFault) {
  Certificate c = test::ring_certificate({});
  c.layout_text = "blockers c3 f3 c6 f6\n";
  EXPECT_NE(check(c).error.find("missing"), std::string::npos) << check(c).error;
  EXPECT_FALSE(check(c).ok());
}

}  // namespace
}  // namespace hilltb
