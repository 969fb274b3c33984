// Queen of the Hill layouts: the built-in ring, the text format, and each fault named.
#include <gtest/gtest.h>

#include "rules/layout.h"
#include "rules/notation.h"

namespace hilltb {
namespace {

const std::string RING =
    "blockers c3 f3 c6 f6\ntargets e5 e4 d4 d5\np1 b1 d1 f1 c2 e2\np2 g8 e8 c8 f7 d7\n";

TEST(Layout, RingIsRulesMdLayout) {
  const Layout& ring = ring_layout();
  EXPECT_EQ(ring.name, "ring");
  EXPECT_EQ(ring.blocker_bb(), square_bb(parse_square("c3")) | square_bb(parse_square("f3")) |
                                   square_bb(parse_square("c6")) | square_bb(parse_square("f6")));
  EXPECT_EQ(square_name(ring.targets[0]), "e5");
  EXPECT_EQ(square_name(ring.setup[WHITE][0]), "b1");
  EXPECT_EQ(square_name(ring.shifted(WHITE, 0)), "c1");  // P1's right: toward h
  EXPECT_EQ(square_name(ring.setup[BLACK][0]), "g8");
  EXPECT_EQ(square_name(ring.shifted(BLACK, 0)), "f8");  // P2's right: toward a
}

TEST(Layout, TextRoundTripAndComments) {
  const Layout l = parse_layout("# a comment\n  " + RING + "  # trailing\n", "mine");
  EXPECT_EQ(l.name, "mine");
  EXPECT_EQ(parse_layout(l.to_text(), "other").to_text(), l.to_text());
  EXPECT_EQ(parse_layout(ring_layout().to_text(), "x").to_text(), ring_layout().to_text());
}

TEST(Layout, EveryFaultIsNamed) {
  const std::pair<std::string, std::string> cases[] = {
      {"", "missing 'blockers'"},
      {"blockers c3 f3 c6\ntargets e5 e4 d4 d5\np1 b1 d1 f1 c2 e2\np2 g8 e8 c8 f7 d7\n",
       "needs 4 squares, got 3"},
      {"blockers c3 f3 c6 i6\ntargets e5 e4 d4 d5\np1 b1 d1 f1 c2 e2\np2 g8 e8 c8 f7 d7\n",
       "line 1: 'i6' is not a square"},
      {"blockers c3 f3 c6 f9\ntargets e5 e4 d4 d5\np1 b1 d1 f1 c2 e2\np2 g8 e8 c8 f7 d7\n",
       "'f9' is not a square"},
      {"blockers c3 f3 c6 e5\ntargets e5 e4 d4 d5\np1 b1 d1 f1 c2 e2\np2 g8 e8 c8 f7 d7\n",
       "square e5 is used twice: blocker 4 and target 1"},
      {"blockers c3 f3 c6 f6\ntargets e5 e4 d4 d5\np1 b1 d1 f1 c2 h2\np2 g8 e8 c8 f7 d7\n",
       "p1 set-up square 5 (h2) has no square to its right"},
      {"blockers c3 f3 c6 f6\ntargets e5 e4 d4 d5\np1 b1 d1 f1 c2 e2\np2 a8 e8 c8 f7 d7\n",
       "p2 set-up square 1 (a8) has no square to its right"},
      {"blockers c3 f3 c6 f6\ntargets e5 e4 d4 d5\np1 b1 c1 f1 c2 e2\np2 g8 e8 c8 f7 d7\n",
       "square c1 is used twice: p1 set-up square 1 shifted and p1 set-up square 2"},
      {"blockers c3 f3 c6 f6\ntargets e5 e4 d4 d5\np1 b1 d1 f1 c2 e2\np2 g8 e8 c8 f7 e2\n",
       "square e2 is used twice"},
      {"blockers c3 f3 c6 f6\ntargets e5 e4 d4 d5\np1 b1 d1 f1 b3 e2\np2 g8 e8 c8 f7 d7\n",
       "square c3 is used twice: blocker 1 and p1 set-up square 4 shifted"},
      {RING + "blockers c3 f3 c6 f6\n", "line 5: 'blockers' given twice (first on line 1)"},
      {RING + "colour red\n", "line 5: unknown key 'colour'"},
      {"name bad/name\n" + RING, "layout name 'bad/name'"},
  };
  for (const auto& [text, fault] : cases) {
    try {
      parse_layout(text, "test");
      ADD_FAILURE() << "accepted:\n" << text;
    } catch (const LayoutError& e) {
      EXPECT_NE(std::string(e.what()).find(fault), std::string::npos)
          << e.what() << " (expected '" << fault << "')";
    }
  }
}

}  // namespace
}  // namespace hilltb
