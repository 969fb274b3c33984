#include "material.h"

#include <algorithm>
#include <set>
#include <tuple>

namespace hilltb {

namespace {

constexpr std::string_view LETTERS = " PNBRQK";
// Piece types in name order, strongest first.
constexpr PieceType NAME_ORDER[] = {KING, QUEEN, ROOK, BISHOP, KNIGHT, PAWN};
// The Queen of the Hill deck, by piece type.
constexpr int DECK[PIECE_TYPE_NB] = {0, 0, 4, 4, 4, 2, 2};

[[noreturn]] void fail(std::string_view text, const std::string& what) {
  throw MaterialError("bad material '" + std::string(text) + "': " + what);
}

int value(PieceType pt) {
  constexpr int VALUES[PIECE_TYPE_NB] = {0, 1, 3, 3, 5, 9, 0};
  return VALUES[pt];
}

}  // namespace

int Material::pieces(Color c) const {
  int n = 0;
  for (int pt = PAWN; pt <= KING; ++pt) n += count_[c][pt];
  return n;
}

Material Material::of(const Position& pos) {
  Material m;
  for (Color c : {WHITE, BLACK})
    for (int pt = PAWN; pt <= KING; ++pt)
      m.count_[c][pt] = std::uint8_t(popcount(pos.pieces(c, PieceType(pt))));
  return m;
}

void Material::check(Variant variant) const {
  const std::string text = name();
  if (pieces() > MAX_TABLE_PIECES)
    fail(text, std::to_string(pieces()) + " pieces, more than the " +
                   std::to_string(MAX_TABLE_PIECES) + " a table may hold");
  if (variant == Variant::Qoth) {
    if (has_pawns()) fail(text, "Queen of the Hill has no pawns but the fixed ones");
    if (pieces() == 0) fail(text, "no pieces at all");
    for (PieceType pt : {KNIGHT, BISHOP, ROOK, QUEEN, KING})
      if (count_[WHITE][pt] + count_[BLACK][pt] > DECK[pt])
        fail(text, std::to_string(count_[WHITE][pt] + count_[BLACK][pt]) + " " +
                       LETTERS[pt] + ", but the deck holds " + std::to_string(DECK[pt]));
    for (Color c : {WHITE, BLACK})
      if (pieces(c) > 5) fail(text, "a player is dealt 5 pieces, not " + std::to_string(pieces(c)));
    return;
  }
  for (Color c : {WHITE, BLACK}) {
    if (count_[c][KING] != 1)
      fail(text, std::string(c == WHITE ? "the first" : "the second") + " side needs exactly one king");
    if (count_[c][PAWN] > 8) fail(text, "more than 8 pawns on one side");
  }
}

Material Material::parse(std::string_view text, Variant variant) {
  const auto v = text.find('v');
  if (v == std::string_view::npos || text.find('v', v + 1) != std::string_view::npos)
    fail(text, "expected two sides split by one 'v', as in KQvKR");
  Material m;
  const std::string_view sides[2] = {text.substr(0, v), text.substr(v + 1)};
  for (Color c : {WHITE, BLACK}) {
    const std::string_view side = sides[c];
    if (side == "-") {
      if (variant != Variant::Qoth) fail(text, "an empty side '-' exists only in qoth");
      continue;
    }
    if (side.empty()) fail(text, "a side is empty (write '-' for no pieces in qoth)");
    for (char ch : side) {
      const auto i = LETTERS.find(ch);
      if (i == std::string_view::npos || i == 0)
        fail(text, std::string("unknown piece letter '") + ch + "' (use K Q R B N P)");
      if (++m.count_[c][i] > 16) fail(text, "too many pieces");
    }
  }
  m.check(variant);
  return m;
}

std::string Material::name() const {
  std::string out;
  for (Color c : {WHITE, BLACK}) {
    if (c == BLACK) out += 'v';
    if (pieces(c) == 0) out += '-';
    for (PieceType pt : NAME_ORDER) out.append(count_[c][pt], LETTERS[pt]);
  }
  return out;
}

// Five bits a count, white's pawns highest (key_of counts the same way).
std::uint64_t Material::key() const {
  std::uint64_t k = 0;
  for (Color c : {WHITE, BLACK})
    for (int pt = PAWN; pt <= KING; ++pt) k = k << 5 | count_[c][pt];
  return k;
}

Material Material::flipped() const {
  Material m;
  m.count_[WHITE] = count_[BLACK];
  m.count_[BLACK] = count_[WHITE];
  return m;
}

bool Material::is_canonical() const {
  auto key = [&](Color c) {
    int v = 0;
    for (int pt = PAWN; pt <= KING; ++pt) v += value(PieceType(pt)) * count_[c][pt];
    std::array<int, 6> letters{};
    for (int i = 0; i < 6; ++i) letters[i] = count_[c][NAME_ORDER[i]];
    return std::tuple(v, pieces(c), letters);
  };
  return key(WHITE) >= key(BLACK);
}

std::vector<Material> Material::children(Variant variant) const {
  std::vector<Material> out;
  for (Color mover : {WHITE, BLACK})
    for (const auto& [m, side] : children_after(mover, variant))
      if (std::find(out.begin(), out.end(), m) == out.end()) out.push_back(m);
  return out;
}

std::vector<std::pair<Material, Color>> Material::children_after(Color mover, Variant variant, Leaving leaving) const {
  std::vector<std::pair<Material, Color>> out;
  auto add = [&](const Material& m) {
    if (m.pieces() == 0) return;
    const Material stored = m.canonical();
    const Color side = stored == m ? ~mover : mover;
    for (auto& [known, known_side] : out)
      if (known == stored) {
        if (known_side != side) known_side = COLOR_NB;
        return;
      }
    out.emplace_back(stored, side);
  };
  const bool qoth = variant == Variant::Qoth;
  const Color them = ~mover;
  // Captures of a piece of theirs (kings can't be captured in chess and koth).
  for (int pt = PAWN; pt <= KING; ++pt)
    if (count_[them][pt] && (pt != KING || qoth)) add(after(mover, PieceType(pt), NO_PIECE_TYPE));
  // Promotions of a pawn, with or without capturing a piece.
  if (count_[mover][PAWN] && leaving == Leaving::CapturesAndPromotions)
    for (PieceType promo : {QUEEN, ROOK, BISHOP, KNIGHT}) {
      add(after(mover, NO_PIECE_TYPE, promo));
      for (PieceType victim : {QUEEN, ROOK, BISHOP, KNIGHT})
        if (count_[them][victim]) add(after(mover, victim, promo));
    }
  return out;
}

Material Material::after(Color mover, PieceType captured, PieceType promotion) const {
  Material m = *this;
  if (captured != NO_PIECE_TYPE) --m.count_[~mover][captured];
  if (promotion != NO_PIECE_TYPE) --m.count_[mover][PAWN], ++m.count_[mover][promotion];
  return m;
}

std::vector<Material> all_materials(Variant variant, int max_pieces) {
  const bool qoth = variant == Variant::Qoth;
  std::vector<Material> out;
  std::set<std::string> seen;
  // Every split of the non-king pieces between the sides, by recursion over types.
  const std::vector<PieceType> types = qoth ? std::vector<PieceType>{KING, QUEEN, ROOK, BISHOP, KNIGHT}
                                            : std::vector<PieceType>{QUEEN, ROOK, BISHOP, KNIGHT, PAWN};
  Material base;
  if (!qoth) base.count_[WHITE][KING] = base.count_[BLACK][KING] = 1;
  auto recurse = [&](auto&& self, Material m, std::size_t i) -> void {
    if (m.pieces() > max_pieces) return;
    if (i == types.size() * 2) {
      try {
        m.check(variant);
      } catch (const MaterialError&) {
        return;
      }
      if (m.pieces() >= 1 && m.is_canonical() && seen.insert(m.name()).second) out.push_back(m);
      return;
    }
    const Color c = i % 2 ? BLACK : WHITE;
    const PieceType pt = types[i / 2];
    for (int n = 0; m.pieces() + n <= max_pieces; ++n) {
      Material next = m;
      next.count_[c][pt] = std::uint8_t(next.count_[c][pt] + n);
      self(self, next, i + 1);
    }
  };
  recurse(recurse, base, 0);
  // Fewer pieces first; among equals, fewer pawns first (promotions lead to fewer pawns).
  std::stable_sort(out.begin(), out.end(), [](const Material& a, const Material& b) {
    const int pa = a.count(WHITE, PAWN) + a.count(BLACK, PAWN);
    const int pb = b.count(WHITE, PAWN) + b.count(BLACK, PAWN);
    return std::tuple(a.pieces(), pa, a.name()) < std::tuple(b.pieces(), pb, b.name());
  });
  return out;
}

}  // namespace hilltb
