// Chess and King of the Hill perft against counts made with fairy-stockfish
// (tests/data/perft_expected.txt; tests/data/make_perft_expected.py made it), and the
// move generator that only counts quiet moves against the one that lists them.
#include <gtest/gtest.h>

#include <fstream>
#include <sstream>

#include "rules/fen.h"
#include "rules/movegen.h"
#include "rules/perft.h"

namespace hilltb {
namespace {

struct PerftCase {
  Variant variant;
  int depth;
  std::uint64_t nodes;
  std::string fen, label;
};

std::vector<PerftCase> load_cases() {
  std::ifstream in(HILLTB_TEST_DATA "/perft_expected.txt");
  std::vector<PerftCase> cases;
  for (std::string line; std::getline(in, line);) {
    if (line.empty() || line[0] == '#') continue;
    std::istringstream fields(line);
    std::string variant, depth, nodes, fen, label;
    std::getline(fields, variant, '|');
    std::getline(fields, depth, '|');
    std::getline(fields, nodes, '|');
    std::getline(fields, fen, '|');
    std::getline(fields, label);
    PerftCase c;
    if (!parse_variant(variant, c.variant)) ADD_FAILURE() << "bad variant in: " << line;
    c.depth = std::stoi(depth);
    c.nodes = std::stoull(nodes);
    c.fen = fen, c.label = label;
    cases.push_back(c);
  }
  return cases;
}

TEST(Perft, MatchesFairyStockfish) {
  const auto cases = load_cases();
  ASSERT_GE(cases.size(), 60u) << "expected data missing";
  int koth = 0, chess = 0;
  for (const auto& c : cases) {
    (c.variant == Variant::Koth ? koth : chess)++;
    const Position pos = parse_fen(c.fen, c.variant);
    EXPECT_EQ(perft(pos, c.depth), c.nodes)
        << variant_name(c.variant) << " depth " << c.depth << " " << c.fen << " (" << c.label << ")";
  }
  EXPECT_GE(koth, 30);
  EXPECT_GE(chess, 30);
}

// generate_legal_counting_quiet lists exactly generate_legal's captures, promotions and
// en-passant captures, in its order, and counts the rest: at every node three plies
// below each perft position (castling, en passant, promotions, checks and pins among them).
void expect_split_matches(const Position& pos, int depth) {
  MoveList all, noisy;
  generate_legal(pos, all);
  const int quiet = generate_legal_counting_quiet(pos, noisy);
  std::vector<Move> expected_noisy;
  for (Move m : all)
    if (m.is_promotion() || m.kind() == Move::EN_PASSANT || pos.piece_on(m.to()) != NO_PIECE) expected_noisy.push_back(m);
  ASSERT_EQ(std::vector<Move>(noisy.begin(), noisy.end()), expected_noisy) << to_fen(pos);
  ASSERT_EQ(quiet, all.size - int(expected_noisy.size())) << to_fen(pos);
  if (depth == 0) return;
  for (Move m : all) {
    Position next = pos;
    next.play(m);
    expect_split_matches(next, depth - 1);
  }
}

TEST(Perft, CountingQuietMovesSplitsTheLegalMoves) {
  for (const auto& c : load_cases()) expect_split_matches(parse_fen(c.fen, c.variant), 3);
}

// A king on the hill ends the game: nothing below it, in koth only.
TEST(Perft, KingOnHillHasNoMoves) {
  const std::string fen = "8/8/8/3K4/8/8/8/k7 b - - 0 1";
  EXPECT_EQ(perft(parse_fen(fen, Variant::Koth), 1), 0u);
  EXPECT_EQ(perft(parse_fen(fen, Variant::Chess), 1), 3u);
}

}  // namespace
}  // namespace hilltb
