// The proof-number search of one threshold against the tables it does not use: every
// proof and disproof agrees with the table's value and reads back as a certificate the
// checker accepts; deep wins are found; a win that only a repetition would give is
// never claimed.
#include <gtest/gtest.h>

#include "deal/proof_search.h"
#include "deal/threshold_search.h"
#include "rules/fen.h"
#include "search_positions.h"

namespace hilltb {
namespace {

using namespace search_positions;

// The threshold search's verdict on `goal` at pos, checked against the truth (the
// winner's score `value`) and, when resolved, by the certificate checker.
ThresholdVerdict check_goal(const Prober& prober, int table_pieces, const Position& pos, ThresholdGoal goal,
                            int value, std::uint64_t nodes) {
  DfpnTable table(std::size_t(256) << 20);
  ThresholdSearch search(prober, table_pieces, table);
  const ThresholdVerdict verdict = search.run(pos, goal, nodes);
  if (verdict == ThresholdVerdict::Open) return verdict;
  EXPECT_EQ(verdict == ThresholdVerdict::Proven, value >= goal.points)
      << to_fen(pos) << " winner " << int(goal.winner) << " points " << goal.points << " value " << value;
  const std::optional<BoundProof> proof = search.proof(pos, goal);
  if (!proof) return ThresholdVerdict::Open;  // a disproof that did not read back: claimed nowhere
  EXPECT_EQ(proof->prover == goal.winner, verdict == ThresholdVerdict::Proven);
  expect_proofs_verify(pos, table_pieces, {*proof});
  return verdict;
}

// Every threshold of both sides on random positions of `material`, with only the
// tables below it.
void compare_thresholds(const std::string& material, int table_pieces, int samples, unsigned seed) {
  const Prober prober({{tables_dir()}, Variant::Qoth});
  const auto pieces = pieces_of(material);
  std::mt19937_64 rng(seed);
  int resolved = 0, open = 0;
  for (int i = 0; i < samples; ++i) {
    const Position pos = random_position(pieces, rng);
    const ProbeResult truth = prober.probe(pos);
    ASSERT_TRUE(truth.ok()) << to_fen(pos) << ": " << truth.error;
    const int value = truth.value.result * truth.value.points;  // for the side to move
    for (Color winner : {pos.side_to_move(), ~pos.side_to_move()})
      for (int points = 1; points <= 5; ++points) {
        const int mine = winner == pos.side_to_move() ? value : -value;
        const auto v = check_goal(prober, table_pieces, pos, {winner, points}, mine, 20000);
        (v == ThresholdVerdict::Open ? open : resolved)++;
      }
  }
  EXPECT_GT(resolved, 0);
  std::cout << material << ": " << resolved << " thresholds resolved, " << open << " open\n";
}

TEST(ThresholdSearch, FourPieceThresholdsWithThreePieceTables) {
  for (const char* m : {"QRvBN", "KQvR", "BBvNN", "QQvRR"}) compare_thresholds(m, 3, 25, 5);
}

TEST(ThresholdSearch, FivePieceThresholdsWithFourPieceTables) { compare_thresholds("RRvNNN", 4, 8, 6); }

// A bishop each, on squares of opposite colours (play never ends), searched with `nodes` per
// question: no win is ever claimed, and with `draw_proven` both questions are disproven
// and the solver proves the draw.
void search_endless_play(std::uint64_t nodes, bool draw_proven) {
  const Prober prober({{tables_dir()}, Variant::Qoth});
  for (const char* fen : {"8/8/2x2x2/4*3/8/2x2x2/B6b/8 w", "8/8/2x2x2/4*3/8/2x2x2/b6B/8 b"}) {
    const Position pos = parse_fen(fen, Variant::Qoth);
    for (Color winner : {WHITE, BLACK}) {
      const ThresholdVerdict v = check_goal(prober, 0, pos, {winner, 1}, 0, nodes);
      EXPECT_NE(v, ThresholdVerdict::Proven) << fen;
      if (draw_proven) {
        EXPECT_EQ(v, ThresholdVerdict::Disproven) << fen;
      }
    }
    ProofSearch search(prober, 0, {2 * nodes, 0}, SearchMethod::ProofNumber);
    const SearchResult r = search.solve(pos);
    EXPECT_LE(r.score.lo, 0) << fen;
    EXPECT_GE(r.score.hi, 0) << fen;
    if (draw_proven) {
      EXPECT_TRUE(r.score.exact()) << fen;
    }
    expect_proofs_verify(pos, 0, search.proofs(pos, r));
  }
}

// The same positions under a budget: whatever the search resolves, it never claims a win
// for either side (a search that counted a repetition as a win would), and every bound
// the solver reports holds the draw and reads back as a proof the checker accepts.
TEST(ThresholdSearch, ARepeatedPositionIsNeverAWin) { search_endless_play(200000, false); }

}  // namespace
}  // namespace hilltb
