// UCI and SAN text of moves.
#include <gtest/gtest.h>

#include "rules/fen.h"
#include "rules/notation.h"

namespace hilltb {
namespace {

std::string san(const std::string& fen, const std::string& uci, Variant v = Variant::Chess) {
  const Position pos = parse_fen(fen, v);
  const auto m = parse_move(pos, uci);
  if (!m) return "illegal";
  return to_san(pos, *m);
}

TEST(Notation, SanOfEveryKindOfMove) {
  EXPECT_EQ(san(std::string(START_FEN), "g1f3"), "Nf3");
  EXPECT_EQ(san(std::string(START_FEN), "e2e4"), "e4");
  const std::string kiwipete =
      "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
  EXPECT_EQ(san(kiwipete, "e1g1"), "O-O");
  EXPECT_EQ(san(kiwipete, "e1c1"), "O-O-O");
  EXPECT_EQ(san(kiwipete, "e5f7"), "Nxf7");
  EXPECT_EQ(san(kiwipete, "d5e6"), "dxe6");
  EXPECT_EQ(san(kiwipete, "e2a6"), "Bxa6");
  // Disambiguation by file, by rank, and by both.
  EXPECT_EQ(san("1k6/8/8/8/8/8/4K3/R6R w - - 0 1", "a1d1"), "Rad1");
  EXPECT_EQ(san("7R/8/1k6/8/8/8/8/4K2R w - - 0 1", "h1h4"), "R1h4");
  EXPECT_EQ(san("k7/8/8/8/8/2Q1Q3/8/2Q1K3 w - - 0 1", "c3d2"), "Qc3d2");
  // Promotion, under-promotion, en passant, check and mate.
  EXPECT_EQ(san("k7/4P3/8/8/8/8/8/4K3 w - - 0 1", "e7e8q"), "e8=Q+");
  EXPECT_EQ(san("k7/4P3/8/8/8/8/8/4K3 w - - 0 1", "e7e8n"), "e8=N");
  EXPECT_EQ(san("k7/8/8/3pP3/8/8/8/4K3 w - d6 0 1", "e5d6"), "exd6");
  EXPECT_EQ(san("k7/8/1K6/8/8/8/8/7R w - - 0 1", "h1h8"), "Rh8#");
}

TEST(Notation, UciAndParsing) {
  const Position pos = parse_fen("k7/4P3/8/8/8/8/8/4K3 w - - 0 1", Variant::Koth);
  EXPECT_EQ(to_uci(*parse_move(pos, "e8=R")), "e7e8r");
  EXPECT_EQ(to_uci(*parse_move(pos, "e7e8q")), "e7e8q");
  EXPECT_EQ(to_uci(*parse_move(pos, "e8=Q+")), "e7e8q");
  EXPECT_FALSE(parse_move(pos, "e7e8"));  // a promotion needs its piece
  EXPECT_FALSE(parse_move(pos, "Kd4"));
  EXPECT_FALSE(parse_move(pos, "nonsense"));
}

TEST(Notation, KingOntoTheHill) {
  // Kd4 wins at once in koth; SAN stays plain (no check, no mate sign).
  EXPECT_EQ(san("k7/8/8/8/8/2K5/8/8 w - - 0 1", "c3d4", Variant::Koth), "Kd4");
}

TEST(Notation, Squares) {
  EXPECT_EQ(parse_square("a1"), 0);
  EXPECT_EQ(parse_square("h8"), 63);
  EXPECT_EQ(parse_square("i1"), SQ_NONE);
  EXPECT_EQ(parse_square("a"), SQ_NONE);
  EXPECT_EQ(square_name(28), "e4");
}

}  // namespace
}  // namespace hilltb
