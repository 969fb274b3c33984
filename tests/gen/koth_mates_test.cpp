// King of the Hill: short forced wins and losses found by fairy-stockfish
// (tests/data/koth_mates.txt, made by tests/data/make_koth_mates.py) against the tables.
#include <gtest/gtest.h>

#include <fstream>

#include "rules/fen.h"
#include "test_tables.h"

namespace hilltb {
namespace {

TEST(KothMates, FairyStockfishForcedWinsMatchTheTables) {
  std::ifstream in(HILLTB_TEST_DATA "/koth_mates.txt");
  ASSERT_TRUE(in) << "missing tests/data/koth_mates.txt";
  const TableSet& tables = test::generated_tables(Variant::Koth);
  int wins = 0, losses = 0, none = 0;
  for (std::string line; std::getline(in, line);) {
    if (line.empty() || line[0] == '#') continue;
    const auto bar = line.find('|');
    const std::string fen = line.substr(0, bar), result = line.substr(bar + 1);
    const Position pos = parse_fen(fen, Variant::Koth);
    const Value v = decode_value(tables.code_of(pos), Metric::WdlDistance);
    if (result == "none") {
      // No forced win within 15 plies.
      EXPECT_FALSE(v.result > 0 && v.distance <= 15) << fen << ": tables say win in " << v.distance;
      ++none;
      continue;
    }
    const int mate = std::stoi(result);
    if (mate > 0) {
      EXPECT_EQ(v.result, 1) << fen;
      EXPECT_EQ(v.distance, 2 * mate - 1) << fen << ": mate in " << mate;
      ++wins;
    } else {
      EXPECT_EQ(v.result, -1) << fen;
      EXPECT_EQ(v.distance, -2 * mate) << fen << ": mated in " << -mate;
      ++losses;
    }
  }
  EXPECT_GE(wins, 100);
  EXPECT_GT(none, 10);
}

}  // namespace
}  // namespace hilltb
