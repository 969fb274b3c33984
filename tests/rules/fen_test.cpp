// FEN reading and writing: round trips, defaults, and an error naming each fault.
#include <gtest/gtest.h>

#include "rules/fen.h"

namespace hilltb {
namespace {

TEST(Fen, RoundTripsAllSixFields) {
  for (const char* fen : {
           "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
           "r3k2r/p1ppqpb1/bn2pnp1/3P4/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
           "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
           "8/8/8/3K4/8/8/8/k7 b - - 12 40"}) {
    for (Variant v : {Variant::Chess, Variant::Koth}) EXPECT_EQ(to_fen(parse_fen(fen, v)), fen);
  }
}

TEST(Fen, MissingTrailingFieldsGetDefaults) {
  EXPECT_EQ(to_fen(parse_fen("8/8/8/3K4/8/8/8/k7", Variant::Koth)), "8/8/8/3K4/8/8/8/k7 w - - 0 1");
  EXPECT_EQ(to_fen(parse_fen("8/8/2x2x2/4*3/8/2x2x2/6n1/R3R3", Variant::Qoth)),
            "8/8/2x2x2/4*3/8/2x2x2/6n1/R3R3 w");
  EXPECT_EQ(to_fen(parse_fen("8/8/2x2x2/4*3/8/2x2x2/6n1/R3R3 b - - 0 1", Variant::Qoth)),
            "8/8/2x2x2/4*3/8/2x2x2/6n1/R3R3 b");
}

// Each malformed FEN must throw FenError whose message contains the named fault.
struct BadFen {
  Variant variant;
  const char* fen;
  const char* fault;
};

TEST(Fen, EveryFaultIsNamed) {
  const BadFen cases[] = {
      {Variant::Koth, "", "empty"},
      {Variant::Koth, "8/8/8/8/8/8/8 w - - 0 1", "7 ranks"},
      {Variant::Koth, "8/8/8/8/8/8/8/8/8 w - - 0 1", "more than 8 ranks"},
      {Variant::Koth, "8/8/8/8/8/8/8/9 w - - 0 1", "digit '9'"},
      {Variant::Koth, "k7/8/8/8/8/8/8/K6 w - - 0 1", "7 squares"},
      {Variant::Koth, "k7/8/8/8/8/8/8/K6Z w - - 0 1", "unknown piece letter 'Z'"},
      {Variant::Koth, "k7/8/8/8/8/8/8/K7 x - - 0 1", "side to move 'x'"},
      {Variant::Koth, "k7/8/8/8/8/8/8/K7 w Kz - 0 1", "castling field holds 'z'"},
      {Variant::Koth, "k7/8/8/8/8/8/8/K7 w KK - 0 1", "given twice"},
      {Variant::Koth, "k7/8/8/8/8/8/8/K7 w K - 0 1", "no king on e1"},
      {Variant::Koth, "k7/8/8/8/8/8/8/4K3 w K - 0 1", "no rook on h1"},
      {Variant::Koth, "k7/8/8/8/8/8/8/K7 w - e9 0 1", "not a square"},
      {Variant::Koth, "k7/8/8/8/8/8/8/K7 w - e3 0 1", "6th rank"},
      {Variant::Koth, "k7/8/8/8/8/8/8/K7 w - e6 0 1", "without a pawn"},
      {Variant::Koth, "k7/8/8/8/8/8/8/K7 w - - x 1", "halfmove clock 'x'"},
      {Variant::Koth, "k7/8/8/8/8/8/8/K7 w - - 0 0", "fullmove number '0'"},
      {Variant::Koth, "k7/8/8/8/8/8/8/K7 w - - 0 1 extra", "extra"},
      {Variant::Koth, "8/8/8/8/8/8/8/K7 w - - 0 1", "black has 0 kings"},
      {Variant::Chess, "kk6/8/8/8/8/8/8/K7 w - - 0 1", "black has 2 kings"},
      {Variant::Koth, "k6P/8/8/8/8/8/8/K7 w - - 0 1", "first or last rank"},
      {Variant::Koth, "k7/8/8/8/8/8/8/R6K w - - 0 1", "side not to move (black) is in check"},
      {Variant::Koth, "8/8/8/8/8/8/k7/K7 w - - 0 1", "side not to move (black) is in check"},
      {Variant::Koth, "k7/8/8/8/8/8/8/K6r w - - 0 1", ""},  // white in check, to move: fine
      {Variant::Koth, "k7/8/8/8/8/8/1K6/8 w - - 0 1", ""},  // legal: no throw expected below
      {Variant::Qoth, "8/8/2x2x2/8/8/2x2x2/8/R7 w", "exactly one target"},
      {Variant::Qoth, "8/8/2x2x2/4**2/8/2x2x2/8/R7 w", "exactly one target"},
      {Variant::Qoth, "8/8/2x2x2/7*/8/2x2x2/8/R7 w", "none of layout 'ring''s targets"},
      {Variant::Qoth, "8/8/2x2x2/4*3/8/2x2xx1/8/R7 w", "blockers 'x' must stand"},
      {Variant::Qoth, "8/8/2x2x2/4*3/8/2x2x2/8/P7 w", "a pawn on a1"},
      {Variant::Qoth, "8/8/2x2x2/4*3/8/2x2x2/8/QQQ5 w", "deck holds 2"},
      {Variant::Qoth, "8/8/2x2x2/4*3/8/2x2x2/8/RRNNBB2 w", "more than the 5 pieces"},
      {Variant::Qoth, "8/8/2x2x2/4*3/8/2x2x2/8/R7 w K", "no castling"},
      {Variant::Qoth, "8/8/2x2x2/4*3/8/2x2x2/8/R7 w - e3", "no en passant"},
  };
  for (const BadFen& c : cases) {
    if (*c.fault == 0) {
      EXPECT_NO_THROW(parse_fen(c.fen, c.variant)) << c.fen;
      continue;
    }
    try {
      parse_fen(c.fen, c.variant);
      ADD_FAILURE() << "accepted: " << c.fen;
    } catch (const FenError& e) {
      EXPECT_NE(std::string(e.what()).find(c.fault), std::string::npos)
          << c.fen << " -> " << e.what() << " (expected '" << c.fault << "')";
    }
  }
}

}  // namespace
}  // namespace hilltb
