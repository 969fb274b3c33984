// Queen of the Hill deals and set-ups (RULES.md "Deals and hands"):
//  - a deal is the pair of five-card hands the players receive, written as a ten-piece
//    material "KQRBNvRRBBN" (P1 then P2, each side's letters in the order K Q R B N);
//  - a set-up is a deal placed on the board for one hand, written "H:P1:P2" with each
//    player's cards in dealing order, upper case on its set-up square, lower case moved
//    one square to that player's right: "1:QRBNK:RRNBB", "3:qRbNK:rRNBB".
#pragma once

#include <array>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "layout.h"
#include "position.h"

namespace hilltb {

struct DealError : std::invalid_argument {
  using std::invalid_argument::invalid_argument;
};

constexpr int DEAL_CARDS = 5;  // cards dealt to each player
constexpr int HAND_NB = 4;     // hands in a round, numbered 1-4

// The kinds of card, in the order deal and set-up names write them.
constexpr std::array<PieceType, 5> DEAL_KINDS = {KING, QUEEN, ROOK, BISHOP, KNIGHT};

// How many cards of a kind the 16-card deck holds: 2 K, 2 Q, 4 R, 4 B, 4 N (0 otherwise).
int deck_count(PieceType pt);

struct Deal {
  std::array<std::array<int, PIECE_TYPE_NB>, 2> count{};  // [WHITE] = P1, [BLACK] = P2, by kind
  bool operator==(const Deal&) const = default;
};

// Throws DealError unless each side holds five cards of the kinds K Q R B N and the two
// sides together hold no more of a kind than the deck.
void check_deal(const Deal& deal);

// "KQRBNvRRBBN". Throws DealError for a deal that check_deal refuses.
std::string deal_name(const Deal& deal);
// Reads "P1vP2"; each side's letters in any order, either case. Throws DealError naming
// the fault: no 'v', a wrong number of cards, a bad letter, more of a kind than the deck.
Deal parse_deal(std::string_view text);

// The deal with the players' hands exchanged.
Deal swap_players(const Deal& deal);

// Sides are ordered by their count vectors (kings, queens, rooks, bishops, knights) read
// as a number, largest first: KKQQR, KKQRR, ..., BBNNN, BNNNN. This says whether side c
// of a comes before side d of b in that order (false when they are equal).
bool side_before(const Deal& a, Color c, const Deal& b, Color d);

// Every deal, enumerated: P1's side in the order of side_before, then P2's likewise
// (3,426 deals). With up_to_swap, one deal of each pair {deal, swap_players(deal)}: the one
// whose P1 side does not come after its P2 side (1,724 deals).
std::vector<Deal> all_deals(bool up_to_swap);

struct Setup {
  int hand = 1;                                                  // 1-4
  std::array<std::array<PieceType, DEAL_CARDS>, 2> cards{};      // [WHITE] = P1, dealing order
  std::array<std::array<bool, DEAL_CARDS>, 2> shifted{};         // moved one square right
  bool operator==(const Setup&) const = default;
};

// Throws DealError unless the hand is 1-4 and the cards form a deal (check_deal).
void check_setup(const Setup& setup);

// "1:QRBNK:RRNBB". Throws DealError for a set-up that check_setup refuses.
std::string setup_name(const Setup& setup);
// Reads "H:P1:P2". Throws DealError naming the fault: missing ':' parts, a hand outside
// 1-4, a wrong number of cards, a bad letter, more of a kind than the deck.
Setup parse_setup(std::string_view text);

// Each side's cards in the order K Q R B N, nothing shifted. Throws DealError for a bad
// deal or a hand outside 1-4.
Setup canonical_setup(const Deal& deal, int hand);
Deal deal_of(const Setup& setup);

// The qoth position of the set-up on the layout: the layout's blockers, the hand's
// target, player c's i-th card on layout.setup[c][i] (layout.shifted(c, i) when shifted),
// the hand's first mover to move. Throws DealError for a set-up that check_setup refuses.
Position setup_position(const Setup& setup, const Layout& layout);

// The hand whose target is the 180-degree rotation of hand h's (1 <-> 3, 2 <-> 4).
constexpr int mirror_hand(int hand) { return (hand - 1 + 2) % HAND_NB + 1; }

// The set-up with the players' cards and shifts exchanged and the hand mirrored. On a
// layout for which has_mirror_symmetry holds, its position is the set-up's position turned
// 180 degrees with the colours exchanged, so the side to move has the same value in both.
Setup mirror_setup(const Setup& setup);

// Whether turning the board 180 degrees maps the layout onto itself with the players
// exchanged: the blockers onto the blockers, P1's set-up square i onto P2's and the
// target of hand h onto that of mirror_hand(h) (the built-in ring layout does).
bool has_mirror_symmetry(const Layout& layout);

}  // namespace hilltb
