// The worked index examples of docs/format.md, number for number: if the index
// changes, this test and the document change together.
#include <gtest/gtest.h>

#include "formats/index.h"
#include "formats/symmetry.h"
#include "rules/fen.h"

namespace hilltb {
namespace {

// Chess KQvK, white Ka1 Qb1, black Kc3, white to move.
TEST(IndexExample, KQvKWithTheKingsOnTheDiagonal) {
  const Index index(Material::parse("KQvK", Variant::Chess), Variant::Chess);
  EXPECT_EQ(index.symmetries().size(), 8u);
  EXPECT_EQ(index.leading_classes(), 462u);
  EXPECT_EQ(index.size(), 462u * 64u);  // 29,568 positions a side

  const Position pos = parse_fen("8/8/8/8/8/2k5/8/KQ6 w - - 0 1", Variant::Chess);
  EXPECT_EQ(index.encode(pos), 12u * 64u + 1u);  // class 12, queen rank 1: 769
  // The transposed position (queen on a2) is the same class's other image: one index.
  EXPECT_EQ(index.encode(parse_fen("8/8/8/8/8/2k5/Q7/K7 w - - 0 1", Variant::Chess)), 769u);
  // The transpose fixes the kings (both on the long diagonal) but not the queen: only
  // the identity fixes the whole position.
  EXPECT_EQ(index.stabiliser_size(pos), 1);
  // Index 776 (queen rank 8, a2) is the duplicate image: a hole.
  Position out;
  EXPECT_FALSE(index.decode(776, WHITE, out));
  ASSERT_TRUE(index.decode(769, WHITE, out));
  EXPECT_EQ(to_fen(out), "8/8/8/8/8/2k5/8/KQ6 w - - 0 1");
  // Black to move, the same squares: the same index in black's half of the file.
  EXPECT_EQ(index.encode(parse_fen("8/8/8/8/8/2k5/8/KQ6 b - - 0 1", Variant::Chess)), 769u);
  // Kings a1 and a3 are turned by the transpose into a1 and c1, the smaller key (class
  // 0); the queen goes with them, h7 to g8.
  EXPECT_EQ(index.encode(parse_fen("8/7Q/8/8/8/k7/8/K7 w - - 0 1", Variant::Chess)), 0u * 64u + 62u);
}

// The same material with the colours swapped is looked up in KQvK, colours swapped
// and ranks mirrored: black Ka8 Qb8, white Kc6, black to move.
TEST(IndexExample, KvKQIsKQvKColourFlipped) {
  const Index index(Material::parse("KQvK", Variant::Chess), Variant::Chess);
  const Position pos = parse_fen("kq6/8/2K5/8/8/8/8/8 b - - 0 1", Variant::Chess);
  EXPECT_FALSE(Material::of(pos).is_canonical());
  EXPECT_EQ(index.encode_flipped(pos), 769u);
  EXPECT_EQ(index.encode(colour_flipped(pos)), 769u);
  EXPECT_EQ(colour_flipped(pos).side_to_move(), WHITE);
}

// King of the Hill KPvK, white Ka1 Pe2, black Kc3: with a pawn only the file mirror.
TEST(IndexExample, KPvKWithAPawn) {
  const Index index(Material::parse("KPvK", Variant::Koth), Variant::Koth);
  EXPECT_EQ(index.symmetries().size(), 2u);
  EXPECT_EQ(index.leading_classes(), 1806u);
  EXPECT_EQ(index.size(), 1806u * 48u);  // 86,688 positions a side
  const Position pos = parse_fen("8/8/8/8/8/2k5/4P3/K7 w - - 0 1", Variant::Koth);
  EXPECT_EQ(index.encode(pos), 14u * 48u + 4u);  // class 14, pawn rank 4: 676
  // The file mirror (Kh1 Pd2, Kf3) leads to the same index.
  EXPECT_EQ(index.encode(parse_fen("8/8/8/8/8/5k2/3P4/7K w - - 0 1", Variant::Koth)), 676u);
}

}  // namespace
}  // namespace hilltb
