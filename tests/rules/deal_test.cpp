// Queen of the Hill deals and set-ups: the deals the deck allows (checked against a
// card-by-card enumeration), names and their faults, and where set-ups put the cards.
// Inside a test body `Setup` names gtest's misspelling trap, hence `hilltb::Setup`.
#include <gtest/gtest.h>

#include <bit>
#include <map>
#include <set>

#include "rules/deal.h"
#include "rules/fen.h"
#include "rules/notation.h"

namespace hilltb {
namespace {

// A side as its letters sorted K Q R B N: the test's own spelling, independent of deal_name.
using Side = std::string;

// The 16 cards of the deck, one letter each.
constexpr std::string_view DECK = "KKQQRRRRBBBBNNNN";

Side side_of_cards(unsigned mask) {
  Side out;
  for (char letter : std::string_view("KQRBN"))
    for (int i = 0; i < 16; ++i)
      if ((mask >> i & 1) && DECK[i] == letter) out += letter;
  return out;
}

// Every (P1, P2) pair of sides that dealing 5 + 5 of the 16 physical cards can produce.
std::set<std::pair<Side, Side>> dealt_pairs() {
  std::set<std::pair<Side, Side>> pairs;
  for (unsigned p1 = 0; p1 < 1u << 16; ++p1) {
    if (std::popcount(p1) != 5) continue;
    const unsigned rest = ~p1 & 0xFFFFu;
    for (unsigned p2 = rest;; p2 = (p2 - 1) & rest) {  // every subset of the other cards
      if (std::popcount(p2) == 5) pairs.emplace(side_of_cards(p1), side_of_cards(p2));
      if (p2 == 0) break;
    }
  }
  return pairs;
}

std::pair<Side, Side> sides_of(const Deal& deal) {
  const std::string name = deal_name(deal);
  return {name.substr(0, 5), name.substr(6)};
}

TEST(Deal, EveryDealComesFromDealingTheDeck) {
  const auto pairs = dealt_pairs();
  EXPECT_EQ(pairs.size(), 3426u);  // RULES.md
  const std::vector<Deal> deals = all_deals(false);
  ASSERT_EQ(deals.size(), pairs.size());
  std::set<std::pair<Side, Side>> listed;
  for (const Deal& d : deals) {
    EXPECT_TRUE(pairs.count(sides_of(d))) << deal_name(d);
    EXPECT_TRUE(listed.insert(sides_of(d)).second) << deal_name(d) << " listed twice";
  }
}

TEST(Deal, UpToSwapKeepsOneOfEachPair) {
  std::set<std::pair<Side, Side>> classes;  // each pair {a, b} as (min, max)
  for (const auto& [a, b] : dealt_pairs()) classes.emplace(std::min(a, b), std::max(a, b));
  EXPECT_EQ(classes.size(), 1724u);  // RULES.md
  const std::vector<Deal> deals = all_deals(true);
  ASSERT_EQ(deals.size(), classes.size());
  std::set<std::pair<Side, Side>> seen;
  for (const Deal& d : deals) {
    const auto [a, b] = sides_of(d);
    EXPECT_TRUE(seen.emplace(std::min(a, b), std::max(a, b)).second) << deal_name(d);
    EXPECT_FALSE(side_before(d, BLACK, d, WHITE)) << deal_name(d) << ": P2's side comes first";
  }
}

TEST(Deal, ListOrderIsP1SideThenP2Side) {
  const std::vector<Deal> deals = all_deals(false);
  EXPECT_EQ(deal_name(deals.front()), "KKQQRvRRRBB");
  EXPECT_EQ(deal_name(deals.back()), "BNNNNvRRBBB");
  for (std::size_t i = 1; i < deals.size(); ++i) {
    const Deal &a = deals[i - 1], &b = deals[i];
    const bool p1_same = !side_before(a, WHITE, b, WHITE) && !side_before(b, WHITE, a, WHITE);
    EXPECT_TRUE(side_before(a, WHITE, b, WHITE) || (p1_same && side_before(a, BLACK, b, BLACK)))
        << deal_name(a) << " before " << deal_name(b);
  }
  EXPECT_EQ(all_deals(false), deals);  // the same order every time
}

TEST(Deal, NamesRoundTrip) {
  for (const Deal& d : all_deals(false)) {
    EXPECT_EQ(parse_deal(deal_name(d)), d) << deal_name(d);
    EXPECT_EQ(swap_players(swap_players(d)), d);
  }
  EXPECT_EQ(deal_name(parse_deal("NBRQKvbbnrr")), "KQRBNvRRBBN");  // any order, either case
  const Deal d = parse_deal("KQRBNvRRBBN");
  EXPECT_EQ(d.count[WHITE][KING], 1);
  EXPECT_EQ(d.count[BLACK][ROOK], 2);
  EXPECT_EQ(d.count[BLACK][KING], 0);
  EXPECT_EQ(deal_name(swap_players(d)), "RRBBNvKQRBN");
}

// Expects `f` to throw a DealError whose message holds `fault`.
template <typename F>
void expect_fault(F f, const std::string& fault) {
  try {
    f();
    ADD_FAILURE() << "no error; expected: " << fault;
  } catch (const DealError& e) {
    EXPECT_NE(std::string(e.what()).find(fault), std::string::npos)
        << "message: " << e.what() << "\nexpected to hold: " << fault;
  }
}

TEST(Deal, BadDealsNameTheFault) {
  const std::pair<std::string, std::string> cases[] = {
      {"KQRBNRRBBN", "deal 'KQRBNRRBBN': a deal is P1vP2 with one 'v'"},
      {"KQRBNvRRvBN", "with one 'v'"},
      {"KQRBvRRBBN", "P1 has 4 cards ('KQRB'); each player is dealt 5"},
      {"KQRBNvRRBBNN", "P2 has 6 cards"},
      {"vKQRBN", "P1 has 0 cards"},
      {"KQRBXvRRBBN", "P1's card 5 'X' is not a card: the letters are K Q R B N"},
      {"PQRBNvRRBBN", "'P' is not a card"},
      {"KKQRBvKRBBN", "3 cards 'K' (P1 2, P2 1): the deck holds 2"},
      {"QQRRBvQRNBB", "3 cards 'Q'"},
      {"RRRRBvRNNBB", "5 cards 'R' (P1 4, P2 1): the deck holds 4"},
      {"BBBNNvBBNNR", "5 cards 'B'"},
      {"NNNNBvNRRBB", "5 cards 'N'"},
  };
  for (const auto& [text, fault] : cases) expect_fault([&] { parse_deal(text); }, fault);

  Deal four_cards = parse_deal("KQRBNvRRBBN");
  --four_cards.count[BLACK][KNIGHT];
  expect_fault([&] { deal_name(four_cards); }, "P2 has 4 cards");
  Deal pawn = parse_deal("KQRBNvRRBBN");
  --pawn.count[WHITE][KNIGHT], ++pawn.count[WHITE][PAWN];
  expect_fault([&] { check_deal(pawn); }, "P1 holds a kind of piece that is not a card");
}

TEST(Setup, NamesRoundTripWithShifts) {
  for (const std::string text : {"1:QRBNK:RRNBB", "3:qRbNK:rRNBB", "2:kqrbn:rrbbn", "4:NNNNB:RRBBB"})
    EXPECT_EQ(setup_name(parse_setup(text)), text);
  const hilltb::Setup s = parse_setup("3:qRbNK:rRNBB");
  EXPECT_EQ(s.hand, 3);
  EXPECT_EQ(s.cards[WHITE], (std::array<PieceType, 5>{QUEEN, ROOK, BISHOP, KNIGHT, KING}));
  EXPECT_EQ(s.shifted[WHITE], (std::array<bool, 5>{true, false, true, false, false}));
  EXPECT_EQ(s.cards[BLACK], (std::array<PieceType, 5>{ROOK, ROOK, KNIGHT, BISHOP, BISHOP}));
  EXPECT_EQ(s.shifted[BLACK], (std::array<bool, 5>{true, false, false, false, false}));
  EXPECT_EQ(deal_name(deal_of(s)), "KQRBNvRRBBN");

  hilltb::Setup all = parse_setup("1:KQRBN:KQRBN");
  for (int hand = 1; hand <= 4; ++hand)
    for (unsigned shifts = 0; shifts < 1u << 10; ++shifts) {
      all.hand = hand;
      for (int i = 0; i < 10; ++i) all.shifted[i / 5][i % 5] = shifts >> i & 1;
      EXPECT_EQ(parse_setup(setup_name(all)), all) << setup_name(all);
    }
}

TEST(Setup, BadSetUpsNameTheFault) {
  const std::pair<std::string, std::string> cases[] = {
      {"1:QRBNK", "set-up '1:QRBNK': a set-up is H:P1:P2 with two ':'"},
      {"QRBNK", "with two ':'"},
      {"1:QRBNK:RRNBB:", "with two ':'"},
      {"5:QRBNK:RRNBB", "set-up '5:QRBNK:RRNBB': hand '5' is not 1-4"},
      {"0:QRBNK:RRNBB", "hand '0' is not 1-4"},
      {"12:QRBNK:RRNBB", "hand '12' is not 1-4"},
      {":QRBNK:RRNBB", "hand '' is not 1-4"},
      {"1:QRBN:RRNBB", "P1 has 4 cards ('QRBN'); each player is dealt 5"},
      {"1:QRBNK:RRNBBB", "P2 has 6 cards"},
      {"1:QRBNK:", "P2 has 0 cards"},
      {"1:QRBNK:RRNBX", "P2's card 5 'X' is not a card: the letters are K Q R B N"},
      {"1:QRBNK:RRpBB", "P2's card 3 'p' is not a card"},
      {"1:QQRRB:QRNBB", "3 cards 'Q' (P1 2, P2 1): the deck holds 2"},
      {"2:kkrrr:kRRNB", "3 cards 'K'"},
      {"4:RRRBB:RRNNN", "5 cards 'R'"},
  };
  for (const auto& [text, fault] : cases) expect_fault([&] { parse_setup(text); }, fault);

  const Deal d = parse_deal("KQRBNvRRBBN");
  expect_fault([&] { canonical_setup(d, 0); }, "hand 0 is not 1-4");
  expect_fault([&] { canonical_setup(d, 5); }, "hand 5 is not 1-4");
  hilltb::Setup bad = parse_setup("1:QRBNK:RRNBB");
  bad.cards[BLACK][0] = QUEEN;
  bad.cards[BLACK][1] = QUEEN;
  expect_fault([&] { setup_position(bad, ring_layout()); }, "3 cards 'Q' (P1 1, P2 2)");
  expect_fault([&] { setup_name(bad); }, "3 cards 'Q' (P1 1, P2 2)");
}

TEST(Setup, CanonicalSetUpSortsAndShiftsNothing) {
  EXPECT_EQ(setup_name(canonical_setup(parse_deal("NBRQKvBNRBR"), 2)), "2:KQRBN:RRBBN");
  for (const Deal& d : all_deals(false))
    for (int hand = 1; hand <= 4; ++hand) {
      const hilltb::Setup s = canonical_setup(d, hand);
      const std::string name = setup_name(s);
      EXPECT_EQ(name, std::to_string(hand) + ":" + deal_name(d).substr(0, 5) + ":" +
                          deal_name(d).substr(6));
      EXPECT_EQ(deal_of(s), d);
    }
}

// The squares of RULES.md "The default layout", written out independently of the layout.
const std::array<std::array<const char*, 5>, 2> SETUP_SQUARES = {
    {{"b1", "d1", "f1", "c2", "e2"}, {"g8", "e8", "c8", "f7", "d7"}}};
const std::array<std::array<const char*, 5>, 2> SHIFTED_SQUARES = {
    {{"c1", "e1", "g1", "d2", "f2"}, {"f8", "d8", "b8", "e7", "c7"}}};
const std::array<const char*, 4> TARGETS = {"e5", "e4", "d4", "d5"};
const std::array<Color, 4> FIRST_MOVER = {WHITE, BLACK, BLACK, WHITE};

TEST(Setup, PositionPutsEveryCardWhereTheRulesSay) {
  // Two cards of every kind, each player holding one of each, in two different orders.
  hilltb::Setup s = parse_setup("1:KQRBN:NBRQK");
  Bitboard blockers = 0;
  for (const char* sq : {"c3", "f3", "c6", "f6"}) blockers |= square_bb(parse_square(sq));
  for (int hand = 1; hand <= 4; ++hand)
    for (unsigned shifts = 0; shifts < 1u << 10; ++shifts) {
      s.hand = hand;
      for (int i = 0; i < 10; ++i) s.shifted[i / 5][i % 5] = shifts >> i & 1;
      const Position pos = setup_position(s, ring_layout());
      SCOPED_TRACE(setup_name(s));
      EXPECT_EQ(pos.variant(), Variant::Qoth);
      EXPECT_EQ(square_name(pos.target()), TARGETS[hand - 1]);
      EXPECT_EQ(pos.fixed(), blockers | square_bb(parse_square(TARGETS[hand - 1])));
      EXPECT_EQ(pos.side_to_move(), FIRST_MOVER[hand - 1]);
      EXPECT_EQ(popcount(pos.pieces()), 10);
      for (Color c : {WHITE, BLACK})
        for (int i = 0; i < 5; ++i) {
          const char* sq = (s.shifted[c][i] ? SHIFTED_SQUARES : SETUP_SQUARES)[c][i];
          EXPECT_EQ(pos.piece_on(parse_square(sq)), make_piece(c, s.cards[c][i]))
              << "player " << c + 1 << " card " << i + 1 << " on " << sq;
        }
      EXPECT_EQ(parse_fen(to_fen(pos), Variant::Qoth, ring_layout()), pos);
    }
}

TEST(Setup, FenOfTheExamples) {
  // Worked out by hand from RULES.md: P1 Q b1 R d1 B f1 N c2 K e2, P2 R g8 R e8 N c8
  // B f7 B d7, target e5, P1 first; hand 3 shifts q to c1, b to g1, r to f8, target d4.
  EXPECT_EQ(to_fen(setup_position(parse_setup("1:QRBNK:RRNBB"), ring_layout())),
            "2n1r1r1/3b1b2/2x2x2/4*3/8/2x2x2/2N1K3/1Q1R1B2 w");
  EXPECT_EQ(to_fen(setup_position(parse_setup("3:qRbNK:rRNBB"), ring_layout())),
            "2n1rr2/3b1b2/2x2x2/8/3*4/2x2x2/2N1K3/2QR2B1 b");
}

// The position turned 180 degrees with the colours exchanged.
Position turned(const Position& pos) {
  Position out(pos.variant());
  Bitboard blockers = 0;
  for (Bitboard b = pos.fixed() & ~square_bb(pos.target()); b;) blockers |= square_bb(63 - pop_lsb(b));
  out.set_fixed(blockers, 63 - pos.target());
  for (Bitboard b = pos.pieces(); b;) {
    const Square s = pop_lsb(b);
    const Piece p = pos.piece_on(s);
    out.put(make_piece(~color_of(p), type_of(p)), 63 - s);
  }
  out.set_side_to_move(~pos.side_to_move());
  return out;
}

TEST(Setup, MirrorIsTheTurnedPositionOnTheRing) {
  const Layout& ring = ring_layout();
  EXPECT_TRUE(has_mirror_symmetry(ring));
  EXPECT_EQ(setup_name(mirror_setup(parse_setup("1:QRBNK:RRNBB"))), "3:RRNBB:QRBNK");
  EXPECT_EQ(setup_name(mirror_setup(parse_setup("2:qRbNK:rRNBB"))), "4:rRNBB:qRbNK");
  for (const Deal& d : all_deals(false))
    for (int hand = 1; hand <= 4; ++hand) {
      hilltb::Setup s = canonical_setup(d, hand);
      for (unsigned shifts : {0u, 0x3FFu, 0x2A5u}) {
        for (int i = 0; i < 10; ++i) s.shifted[i / 5][i % 5] = shifts >> i & 1;
        const hilltb::Setup m = mirror_setup(s);
        EXPECT_EQ(mirror_setup(m), s);
        EXPECT_EQ(turned(setup_position(s, ring)), setup_position(m, ring)) << setup_name(s);
      }
    }
}

TEST(Setup, MirrorFailsOnALopsidedLayout) {
  const Layout lopsided = parse_layout("blockers b3 f3 c6 f6\ntargets e5 e4 d4 d5\n"
                                       "p1 b1 d1 f1 c2 e2\np2 g8 e8 c8 f7 d7\n", "lopsided");
  EXPECT_FALSE(has_mirror_symmetry(lopsided));
  const hilltb::Setup s = parse_setup("1:QRBNK:RRNBB");
  EXPECT_NE(turned(setup_position(s, lopsided)), setup_position(mirror_setup(s), lopsided));
  const Layout skewed_targets = parse_layout("blockers c3 f3 c6 f6\ntargets e5 d4 e4 d5\n"
                                             "p1 b1 d1 f1 c2 e2\np2 g8 e8 c8 f7 d7\n", "skewed");
  EXPECT_FALSE(has_mirror_symmetry(skewed_targets));
  const Layout skewed_setup = parse_layout("blockers c3 f3 c6 f6\ntargets e5 e4 d4 d5\n"
                                           "p1 b1 d1 f1 c2 e2\np2 g8 e8 c8 d7 f7\n", "skewed");
  EXPECT_FALSE(has_mirror_symmetry(skewed_setup));
}

}  // namespace
}  // namespace hilltb
