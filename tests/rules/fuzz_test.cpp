// Random-input tests of the FEN and layout parsers: any input either parses into a
// position that survives move generation and a FEN round trip, or throws the parser's
// own error type. Never a crash, a hang or another exception (run under ASan/UBSan too).
#include <gtest/gtest.h>

#include <random>

#include "../fuzz_budget.h"
#include "rules/fen.h"
#include "rules/notation.h"
#include "rules/perft.h"

namespace hilltb {
namespace {

const char* const FEN_SEEDS[] = {
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
    "8/8/2x2x2/4*3/8/2x2x2/6n1/R3R3 b",
    "2b1q1n1/3r1k2/2x2x2/4*3/8/2x2x2/2K1R3/1N1Q1B2 w",
};
const std::string ALPHABET = "pnbrqkPNBRQKx*/12345678 -wbKQkqabcdefgh09\t";

// Mutations that keep inputs near the grammar, where the interesting faults are.
std::string mutate(std::string s, std::mt19937_64& rng) {
  const int edits = 1 + int(rng() % 4);
  for (int i = 0; i < edits; ++i) {
    const std::size_t at = s.empty() ? 0 : rng() % (s.size() + 1);
    const char c = rng() % 8 == 0 ? char(rng() % 256) : ALPHABET[rng() % ALPHABET.size()];
    switch (rng() % 4) {
      case 0: s.insert(s.begin() + long(at), c); break;
      case 1: if (at < s.size()) s.erase(at, 1 + rng() % 3); break;
      case 2: if (at < s.size()) s[at] = c; break;
      case 3: if (at < s.size()) s.erase(at); break;
    }
  }
  return s;
}

TEST(Fuzz, FenParserNeverCrashes) {
  std::mt19937_64 rng(7);
  int accepted = 0, rejected = 0;
  for (test::FuzzBudget budget(200000); budget.next();) {
    const std::string fen = mutate(FEN_SEEDS[rng() % std::size(FEN_SEEDS)], rng);
    const Variant v = Variant(rng() % 3);
    try {
      const Position pos = parse_fen(fen, v);
      const std::string text = to_fen(pos);
      ASSERT_EQ(to_fen(parse_fen(text, v)), text) << "round trip of " << fen;
      MoveList list;
      generate_legal(pos, list);
      for (Move m : list) to_san(pos, list, m);
      perft(pos, 1 + int(rng() % 2));
      ++accepted;
    } catch (const FenError& e) {
      ASSERT_GT(std::string(e.what()).size(), 10u);
      ++rejected;
    }
  }
  EXPECT_GT(accepted, 1000);
  EXPECT_GT(rejected, 1000);
}

TEST(Fuzz, LayoutParserNeverCrashes) {
  std::mt19937_64 rng(11);
  const std::string seed = ring_layout().to_text();
  const std::string alphabet = "abcdefghi0123456789 \n#blockerstargetp12name";
  int accepted = 0;
  for (test::FuzzBudget budget(50000); budget.next();) {
    std::string text = seed;
    for (int e = 1 + int(rng() % 3); e > 0; --e) {
      const std::size_t at = rng() % (text.size() + 1);
      if (rng() % 2) text.insert(text.begin() + long(at), alphabet[rng() % alphabet.size()]);
      else if (at < text.size()) text.erase(at, 1);
    }
    try {
      const Layout l = parse_layout(text, "fuzz");
      ASSERT_EQ(parse_layout(l.to_text(), "fuzz").to_text(), l.to_text());
      ++accepted;
    } catch (const LayoutError&) {
    }
  }
  EXPECT_GT(accepted, 100);
}

}  // namespace
}  // namespace hilltb
