#include "deal.h"

#include <algorithm>
#include <cctype>

#include "bitboard.h"

namespace hilltb {

namespace {

constexpr std::string_view KIND_LETTERS = "KQRBN";  // as DEAL_KINDS
constexpr std::string_view PLAYER_NAMES[2] = {"P1", "P2"};

char kind_letter(PieceType pt) {
  const auto it = std::find(DEAL_KINDS.begin(), DEAL_KINDS.end(), pt);
  return it == DEAL_KINDS.end() ? '?' : KIND_LETTERS[it - DEAL_KINDS.begin()];
}

// The kind a letter names, either case; NO_PIECE_TYPE for any other character.
PieceType letter_kind(char letter) {
  const auto i = KIND_LETTERS.find(char(std::toupper(static_cast<unsigned char>(letter))));
  return i == std::string_view::npos ? NO_PIECE_TYPE : DEAL_KINDS[i];
}

std::string quoted(std::string_view text) { return "'" + std::string(text) + "'"; }

// Reads one player's five letters into count (and kinds/shifts when given).
void read_cards(std::string_view letters, Color c, std::array<int, PIECE_TYPE_NB>& count,
                std::array<PieceType, DEAL_CARDS>* kinds = nullptr,
                std::array<bool, DEAL_CARDS>* shifted = nullptr) {
  const std::string who(PLAYER_NAMES[c]);
  if (letters.size() != DEAL_CARDS)
    throw DealError(who + " has " + std::to_string(letters.size()) + " cards (" + quoted(letters) +
                    "); each player is dealt " + std::to_string(DEAL_CARDS));
  for (std::size_t i = 0; i < letters.size(); ++i) {
    const PieceType pt = letter_kind(letters[i]);
    if (pt == NO_PIECE_TYPE)
      throw DealError(who + "'s card " + std::to_string(i + 1) + " " + quoted(letters.substr(i, 1)) +
                      " is not a card: the letters are K Q R B N");
    ++count[pt];
    if (kinds) (*kinds)[i] = pt;
    if (shifted) (*shifted)[i] = std::islower(static_cast<unsigned char>(letters[i]));
  }
}

// Side c's letters in the order K Q R B N.
std::string side_letters(const Deal& deal, Color c) {
  std::string out;
  for (PieceType pt : DEAL_KINDS) out.append(std::size_t(deal.count[c][pt]), kind_letter(pt));
  return out;
}

// The number a side's count vector reads as (kings first); side_before orders by it.
int side_rank(const Deal& deal, Color c) {
  int rank = 0;
  for (PieceType pt : DEAL_KINDS) rank = rank * 10 + deal.count[c][pt];
  return rank;
}

// Every five-card side the deck allows, in the order of side_before.
std::vector<std::array<int, PIECE_TYPE_NB>> all_sides() {
  std::vector<std::array<int, PIECE_TYPE_NB>> sides;
  std::array<int, PIECE_TYPE_NB> count{};
  // Fills the kinds from DEAL_KINDS[k] on with `left` cards, more of the earlier kinds first.
  auto fill = [&](auto&& self, std::size_t k, int left) -> void {
    const PieceType pt = DEAL_KINDS[k];
    if (k + 1 == DEAL_KINDS.size()) {
      if (left <= deck_count(pt)) count[pt] = left, sides.push_back(count);
      return;
    }
    for (int n = std::min(left, deck_count(pt)); n >= 0; --n) {
      count[pt] = n;
      self(self, k + 1, left - n);
    }
  };
  fill(fill, 0, DEAL_CARDS);
  return sides;
}

}  // namespace

int deck_count(PieceType pt) {
  switch (pt) {
    case KING: case QUEEN: return 2;
    case ROOK: case BISHOP: case KNIGHT: return 4;
    default: return 0;
  }
}

void check_deal(const Deal& deal) {
  for (Color c : {WHITE, BLACK}) {
    int cards = 0;
    for (int pt = 0; pt < PIECE_TYPE_NB; ++pt) {
      if (deal.count[c][pt] < 0 || (deal.count[c][pt] > 0 && !deck_count(PieceType(pt))))
        throw DealError(std::string(PLAYER_NAMES[c]) + " holds a kind of piece that is not a card");
      cards += deal.count[c][pt];
    }
    if (cards != DEAL_CARDS)
      throw DealError(std::string(PLAYER_NAMES[c]) + " has " + std::to_string(cards) +
                      " cards; each player is dealt " + std::to_string(DEAL_CARDS));
  }
  for (PieceType pt : DEAL_KINDS) {
    const int both = deal.count[WHITE][pt] + deal.count[BLACK][pt];
    if (both > deck_count(pt))
      throw DealError(std::to_string(both) + " cards " + quoted(std::string(1, kind_letter(pt))) +
                      " (P1 " + std::to_string(deal.count[WHITE][pt]) + ", P2 " +
                      std::to_string(deal.count[BLACK][pt]) + "): the deck holds " +
                      std::to_string(deck_count(pt)));
  }
}

std::string deal_name(const Deal& deal) {
  check_deal(deal);
  return side_letters(deal, WHITE) + "v" + side_letters(deal, BLACK);
}

Deal parse_deal(std::string_view text) {
  const auto v = text.find_first_of("vV");
  if (v == std::string_view::npos || text.find_first_of("vV", v + 1) != std::string_view::npos)
    throw DealError("deal " + quoted(text) + ": a deal is P1vP2 with one 'v', e.g. KQRBNvRRBBN");
  Deal deal;
  try {
    read_cards(text.substr(0, v), WHITE, deal.count[WHITE]);
    read_cards(text.substr(v + 1), BLACK, deal.count[BLACK]);
    check_deal(deal);
  } catch (const DealError& e) {
    throw DealError("deal " + quoted(text) + ": " + e.what());
  }
  return deal;
}

Deal swap_players(const Deal& deal) {
  Deal out;
  out.count[WHITE] = deal.count[BLACK];
  out.count[BLACK] = deal.count[WHITE];
  return out;
}

bool side_before(const Deal& a, Color c, const Deal& b, Color d) {
  return side_rank(a, c) > side_rank(b, d);
}

std::vector<Deal> all_deals(bool up_to_swap) {
  const auto sides = all_sides();
  std::vector<Deal> deals;
  for (const auto& p1 : sides)
    for (const auto& p2 : sides) {
      Deal deal;
      deal.count[WHITE] = p1;
      deal.count[BLACK] = p2;
      const bool fits = std::all_of(DEAL_KINDS.begin(), DEAL_KINDS.end(),
                                    [&](PieceType pt) { return p1[pt] + p2[pt] <= deck_count(pt); });
      if (fits && !(up_to_swap && side_before(deal, BLACK, deal, WHITE))) deals.push_back(deal);
    }
  return deals;
}

void check_setup(const Setup& setup) {
  if (setup.hand < 1 || setup.hand > HAND_NB)
    throw DealError("hand " + std::to_string(setup.hand) + " is not 1-4");
  check_deal(deal_of(setup));
}

std::string setup_name(const Setup& setup) {
  check_setup(setup);
  std::string out = std::to_string(setup.hand);
  for (Color c : {WHITE, BLACK}) {
    out += ':';
    for (int i = 0; i < DEAL_CARDS; ++i) {
      const char letter = kind_letter(setup.cards[c][i]);
      out += setup.shifted[c][i] ? char(std::tolower(static_cast<unsigned char>(letter))) : letter;
    }
  }
  return out;
}

Setup parse_setup(std::string_view text) {
  try {
    const auto first = text.find(':');
    const auto second = first == std::string_view::npos ? first : text.find(':', first + 1);
    if (second == std::string_view::npos || text.find(':', second + 1) != std::string_view::npos)
      throw DealError("a set-up is H:P1:P2 with two ':', e.g. 1:QRBNK:RRNBB");
    const std::string_view hand = text.substr(0, first);
    if (hand.size() != 1 || hand[0] < '1' || hand[0] > '0' + HAND_NB)
      throw DealError("hand " + quoted(hand) + " is not 1-4");
    Setup setup;
    setup.hand = hand[0] - '0';
    Deal deal;
    read_cards(text.substr(first + 1, second - first - 1), WHITE, deal.count[WHITE],
               &setup.cards[WHITE], &setup.shifted[WHITE]);
    read_cards(text.substr(second + 1), BLACK, deal.count[BLACK], &setup.cards[BLACK],
               &setup.shifted[BLACK]);
    check_deal(deal);
    return setup;
  } catch (const DealError& e) {
    throw DealError("set-up " + quoted(text) + ": " + e.what());
  }
}

Setup canonical_setup(const Deal& deal, int hand) {
  check_deal(deal);
  Setup setup;
  setup.hand = hand;
  for (Color c : {WHITE, BLACK}) {
    int i = 0;
    for (PieceType pt : DEAL_KINDS)
      for (int n = 0; n < deal.count[c][pt]; ++n) setup.cards[c][i++] = pt;
  }
  check_setup(setup);
  return setup;
}

Deal deal_of(const Setup& setup) {
  Deal deal;
  for (Color c : {WHITE, BLACK})
    for (PieceType pt : setup.cards[c]) ++deal.count[c][pt];
  return deal;
}

Position setup_position(const Setup& setup, const Layout& layout) {
  check_setup(setup);
  Position pos(Variant::Qoth);
  pos.set_fixed(layout.blocker_bb(), layout.targets[setup.hand - 1]);
  for (Color c : {WHITE, BLACK})
    for (int i = 0; i < DEAL_CARDS; ++i)
      pos.put(make_piece(c, setup.cards[c][i]),
              setup.shifted[c][i] ? layout.shifted(c, i) : layout.setup[c][i]);
  pos.set_side_to_move(layout.first_to_move(setup.hand - 1));
  return pos;
}

Setup mirror_setup(const Setup& setup) {
  Setup out;
  out.hand = mirror_hand(setup.hand);
  out.cards = {setup.cards[BLACK], setup.cards[WHITE]};
  out.shifted = {setup.shifted[BLACK], setup.shifted[WHITE]};
  return out;
}

bool has_mirror_symmetry(const Layout& layout) {
  auto turned = [](Square s) { return Square(63 - s); };
  Bitboard blockers = 0;
  for (Square s : layout.blockers) blockers |= square_bb(turned(s));
  if (blockers != layout.blocker_bb()) return false;
  for (int i = 0; i < DEAL_CARDS; ++i)
    if (turned(layout.setup[WHITE][i]) != layout.setup[BLACK][i]) return false;
  for (int h = 1; h <= HAND_NB; ++h)
    if (turned(layout.targets[h - 1]) != layout.targets[mirror_hand(h) - 1]) return false;
  return true;
}

}  // namespace hilltb
