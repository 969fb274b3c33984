// Material keys: names, canonical side order, children, and each fault named.
#include <gtest/gtest.h>

#include "formats/material.h"
#include "rules/fen.h"

namespace hilltb {
namespace {

std::string canonical(const char* text, Variant v = Variant::Koth) {
  return Material::parse(text, v).canonical().name();
}

TEST(Material, NamesAndCanonicalOrder) {
  EXPECT_EQ(canonical("KQvKR"), "KQvKR");
  EXPECT_EQ(canonical("KRvKQ"), "KQvKR");
  EXPECT_EQ(canonical("KPRvK"), "KRPvK");  // letters in K Q R B N P order
  EXPECT_EQ(canonical("KvKBN"), "KBNvK");
  EXPECT_EQ(canonical("KPvKN"), "KNvKP");
  EXPECT_EQ(canonical("KNvKB"), "KBvKN");
  EXPECT_EQ(canonical("BNvQR", Variant::Qoth), "QRvBN");
  EXPECT_EQ(canonical("-vR", Variant::Qoth), "Rv-");
  EXPECT_TRUE(Material::parse("KRvKR", Variant::Chess).is_canonical());
}

// key_of counts a position's material the way key() keys a Material: the lookups that
// compare the two depend on it.
TEST(Material, KeyOfAPositionIsTheKeyOfItsMaterial) {
  for (const char* fen : {"8/8/8/8/8/2k5/8/KQ6 w - - 0 1", "4k3/pppppppp/8/8/8/8/PPPPPPPP/4K3 b - - 0 1",
                          "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "1r2k3/8/8/8/8/8/5B2/3NK2N w - - 0 1"}) {
    const Position pos = parse_fen(fen, Variant::Chess);
    EXPECT_EQ(Material::key_of(pos), Material::of(pos).key()) << fen;
  }
  EXPECT_NE(Material::key_of(parse_fen("8/8/8/8/8/2k5/8/KQ6 w - - 0 1", Variant::Chess)),
            Material::key_of(parse_fen("8/8/8/8/8/2k5/8/KR6 w - - 0 1", Variant::Chess)));
}

TEST(Material, ChildrenAreOneCaptureOrPromotionAway) {
  auto names = [](const char* text) {
    std::vector<std::string> out;
    for (const Material& m : Material::parse(text, Variant::Koth).children(Variant::Koth))
      out.push_back(m.name());
    std::sort(out.begin(), out.end());
    return out;
  };
  EXPECT_EQ(names("KQvKR"), (std::vector<std::string>{"KQvK", "KRvK"}));
  EXPECT_EQ(names("KPvK"), (std::vector<std::string>{"KBvK", "KNvK", "KQvK", "KRvK", "KvK"}));
  EXPECT_EQ(names("KPvKN"), (std::vector<std::string>{"KBvK", "KBvKN", "KNvK", "KNvKN", "KPvK", "KQvK",
                                                       "KQvKN", "KRvK", "KRvKN"}));
  std::vector<std::string> qoth;
  for (const Material& m : Material::parse("QvK", Variant::Qoth).children(Variant::Qoth))
    qoth.push_back(m.name());
  std::sort(qoth.begin(), qoth.end());
  EXPECT_EQ(qoth, (std::vector<std::string>{"Kv-", "Qv-"}));  // kings are captured too
}

// Each child with the side to move its table stores the positions after the move under:
// the opponent, but for a child stored with the colours swapped.
TEST(Material, ChildrenAfterAMoveNameTheStoredSide) {
  auto after = [](const char* text, Color mover) {
    std::vector<std::string> out;
    for (const auto& [m, side] : Material::parse(text, Variant::Koth).children_after(mover, Variant::Koth))
      out.push_back(m.name() + (side == WHITE ? " w" : side == BLACK ? " b" : " both"));
    std::sort(out.begin(), out.end());
    return out;
  };
  // White takes the rook (KPvK, black to move), or promotes: KRvKB and KRvKN hold
  // those positions with the colours swapped, white to move.
  EXPECT_EQ(after("KPvKR", WHITE), (std::vector<std::string>{"KBvK b", "KNvK b", "KPvK b", "KQvK b", "KQvKR b",
                                                             "KRvK b", "KRvKB w", "KRvKN w", "KRvKR b"}));
  EXPECT_EQ(after("KPvKR", BLACK), (std::vector<std::string>{"KRvK b"}));  // KvKR, white to move
  EXPECT_EQ(after("KRvKR", BLACK), (std::vector<std::string>{"KRvK b"}));
  // A symmetric child is stored as it is.
  EXPECT_EQ(after("KRvKRN", WHITE), (std::vector<std::string>{"KRvKN b", "KRvKR b"}));
  // Together they are the children.
  for (const char* text : {"KPvKR", "KPvKP", "KRPvKB", "KQvKQ"}) {
    const Material m = Material::parse(text, Variant::Koth);
    std::vector<Material> both;
    for (Color mover : {WHITE, BLACK})
      for (const auto& [c, side] : m.children_after(mover, Variant::Koth))
        if (std::find(both.begin(), both.end(), c) == both.end()) both.push_back(c);
    auto children = m.children(Variant::Koth);
    std::sort(both.begin(), both.end());
    std::sort(children.begin(), children.end());
    EXPECT_EQ(both, children) << text;
  }
}

TEST(Material, AllMaterialsInDependencyOrder) {
  for (Variant v : {Variant::Koth, Variant::Qoth}) {
    const auto all = all_materials(v, 4);
    for (std::size_t i = 0; i < all.size(); ++i)
      for (const Material& child : all[i].children(v)) {
        const auto at = std::find(all.begin(), all.end(), child);
        ASSERT_NE(at, all.end()) << child.name();
        EXPECT_LT(at - all.begin(), std::ptrdiff_t(i)) << child.name() << " after " << all[i].name();
      }
  }
  EXPECT_EQ(all_materials(Variant::Koth, 2).size(), 1u);  // KvK
  EXPECT_EQ(all_materials(Variant::Koth, 3).size(), 6u);
  // Queen of the Hill, up to colour swap: 327 materials of exactly 4 pieces and 802 of
  // exactly 5 (468 and 1,270 counting every smaller one too).
  auto exactly = [](int n) {
    const auto all = all_materials(Variant::Qoth, n);
    return std::count_if(all.begin(), all.end(), [&](const Material& m) { return m.pieces() == n; });
  };
  EXPECT_EQ(exactly(4), 327);
  EXPECT_EQ(exactly(5), 802);
  EXPECT_EQ(all_materials(Variant::Qoth, 4).size(), 468u);
  EXPECT_EQ(all_materials(Variant::Qoth, 5).size(), 1270u);
}

TEST(Material, EveryFaultIsNamed) {
  const std::tuple<const char*, Variant, const char*> cases[] = {
      {"KQKR", Variant::Koth, "split by one 'v'"},
      {"KQvKvK", Variant::Koth, "split by one 'v'"},
      {"QvKR", Variant::Koth, "exactly one king"},
      {"KKvK", Variant::Chess, "exactly one king"},
      {"KXvK", Variant::Koth, "unknown piece letter 'X'"},
      {"KvK ", Variant::Koth, "unknown piece letter ' '"},
      {"Kv", Variant::Koth, "a side is empty"},
      {"Kv-", Variant::Koth, "only in qoth"},
      {"KQRBNvKQR", Variant::Koth, "8 pieces, more than the 7"},
      {"KPvK", Variant::Qoth, "no pawns"},
      {"QQQv-", Variant::Qoth, "3 Q, but the deck holds 2"},
      {"QQvQ", Variant::Qoth, "3 Q"},
      {"RRBBNNv-", Variant::Qoth, "dealt 5 pieces, not 6"},
      {"-v-", Variant::Qoth, "no pieces"},
  };
  for (const auto& [text, v, fault] : cases) {
    try {
      Material::parse(text, v);
      ADD_FAILURE() << "accepted " << text;
    } catch (const MaterialError& e) {
      EXPECT_NE(std::string(e.what()).find(fault), std::string::npos) << e.what();
    }
  }
}

}  // namespace
}  // namespace hilltb
