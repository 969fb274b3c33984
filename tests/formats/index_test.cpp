// Position indexing: round trips over whole ranges, and every legal position counted
// both ways (by brute force over all placements, and through the index).
#include <gtest/gtest.h>
#include <tbb/parallel_for.h>
#include <tbb/blocked_range.h>

#include <atomic>
#include <random>

#include "formats/index.h"
#include "formats/symmetry.h"
#include "rules/fen.h"

namespace hilltb {
namespace {

// decode -> encode is the identity on every index that names a position, and the
// decoded position holds the material.
void check_round_trip(const Index& index, std::uint64_t step = 1) {
  std::atomic<std::uint64_t> named{0}, failures{0};
  tbb::parallel_for(tbb::blocked_range<std::uint64_t>(0, index.size(), 1 << 14), [&](auto r) {
    Position pos;
    std::uint64_t local = 0, bad = 0;
    for (std::uint64_t i = r.begin(); i < r.end(); ++i) {
      if (i % step) continue;
      for (Color stm : {WHITE, BLACK}) {
        if (!index.decode(i, stm, pos)) continue;
        ++local;
        if (index.encode(pos) != i || !(Material::of(pos) == index.material())) ++bad;
      }
    }
    named += local, failures += bad;
  });
  EXPECT_EQ(failures.load(), 0u) << index.material().name();
  // Holes are few: pieces on others' squares and duplicates under a symmetry.
  EXPECT_GT(double(named.load()) / (2.0 * double(index.size()) / double(step)), 0.8)
      << index.material().name();
}

// Every one-piece move from sampled decoded positions: the neighbourhood's index and
// stabiliser size equal a full encode's and stabiliser_size of the moved position (1
// where moves_may_be_fixed says no). And encode_flipped equals encoding the flip.
// Returns how many moved positions a symmetry fixed.
int check_neighbourhood(const Index& index, const Index& flipped, int samples) {
  std::mt19937_64 rng(11);
  Position pos;
  int checked = 0, fixed = 0;
  for (int i = 0; i < samples; ++i) {
    if (!index.decode(rng() % index.size(), WHITE, pos)) continue;
    // A position of the opposite colours is looked up as its flipped image.
    EXPECT_EQ(flipped.encode_flipped(pos), flipped.encode(colour_flipped(pos))) << to_fen(pos);
    const Index::Neighbourhood near(index, pos);
    for (Bitboard b = pos.pieces(); b;) {
      const Square from = pop_lsb(b);
      const PieceType pt = type_of(pos.piece_on(from));
      Bitboard targets = ~pos.occupied() & (pt == PAWN ? Bitboard(0xFFFFFFFFFF00) : ~Bitboard(0));
      for (; targets; ++checked) {
        const Square to = pop_lsb(targets);
        Position moved = pos;
        moved.remove(from);
        moved.put(pos.piece_on(from), to);
        int stabiliser = 0;
        const std::uint64_t idx = near.moved(from, to, &stabiliser);
        if (idx == Index::Neighbourhood::NONE) continue;  // kings side by side
        EXPECT_EQ(idx, index.encode(moved)) << to_fen(pos) << " " << int(from) << "-" << int(to);
        EXPECT_EQ(stabiliser, index.stabiliser_size(moved)) << to_fen(moved);
        EXPECT_EQ(near.moved_stabiliser_size(from, to), stabiliser) << to_fen(moved);
        if (!index.moves_may_be_fixed(pos)) {
          EXPECT_EQ(stabiliser, 1) << to_fen(moved);
        }
        fixed += stabiliser > 1;
      }
    }
  }
  EXPECT_GT(checked, samples * 10);
  return fixed;
}

// A Decoder walking up the indices (mostly small steps, either side to move)
// gives what a fresh decode gives, holes included.
void check_decoder(const Index& index) {
  std::mt19937_64 rng(5);
  Index::Decoder decoder(index);
  Position fresh;
  int positions = 0;
  const std::uint64_t jump = index.size() / 10000 + 1;  // now and then, to cross the whole range
  for (std::uint64_t i = 0; i < index.size(); i += 1 + (rng() % 16 ? rng() % 4 : rng() % jump)) {
    const Color stm = rng() % 2 ? WHITE : BLACK;
    const Position* walked = decoder.decode(i, stm);
    const bool named = index.decode(i, stm, fresh);
    ASSERT_EQ(walked != nullptr, named) << index.material().name() << " index " << i;
    if (named) {
      ASSERT_EQ(*walked, fresh) << index.material().name() << " index " << i << ": " << to_fen(fresh);
    }
    positions += named;
  }
  EXPECT_GT(positions, 1000) << index.material().name();
}

TEST(Index, DecoderWalkingUpEqualsFreshDecodes) {
  for (const char* name : {"KQvK", "KPvKP", "KRPvKB", "KNNvKP", "KPPvKP"})
    for (Variant v : {Variant::Koth, Variant::Chess}) check_decoder(Index(Material::parse(name, v), v));
  for (const char* name : {"QRvBN", "NNvB", "BBvNN"})
    for (Square target : ring_layout().targets)
      check_decoder(Index(Material::parse(name, Variant::Qoth), Variant::Qoth, ring_layout(), target));
}

TEST(Index, NeighbourhoodEqualsAFullEncodeOfEveryOnePieceMove) {
  int fixed = 0;
  // Groups of two and three pieces (pawns among them) ahead of and behind others.
  for (const char* name : {"KQvK", "KRvKN", "KPvKP", "KRPvKB", "KBNvKQ", "KPvKNN", "KQvKRR", "KPPvKP", "KNNNvK"})
    for (Variant v : {Variant::Koth, Variant::Chess}) {
      const Material m = Material::parse(name, v);
      fixed += check_neighbourhood(Index(m, v), Index(m.flipped(), v), 300);
    }
  // KQvK's sample has kings on the long diagonal, where a queen move can join them.
  EXPECT_GT(fixed, 0);
  const Layout& ring = ring_layout();
  for (const char* name : {"QRvBN", "NNvB", "RRvQK", "Qv-", "BBvNN", "RRBvNN", "BBBvRK"})
    for (Square target : ring.targets) {
      const Material m = Material::parse(name, Variant::Qoth);
      check_neighbourhood(Index(m, Variant::Qoth, ring, target), Index(m.flipped(), Variant::Qoth, ring, target), 300);
    }
}

TEST(Symmetry, BitboardTransformsMoveEverySquareAsTheSquareTransformDoes) {
  std::mt19937_64 rng(3);
  for (int i = 0; i < 1000; ++i) {
    const Bitboard b = rng() & rng();
    for (int t = 0; t < 8; ++t) {
      Bitboard expected = 0;
      for (Bitboard rest = b; rest;) expected |= square_bb(transform(t, pop_lsb(rest)));
      ASSERT_EQ(transform(t, b), expected) << "symmetry " << t;
    }
  }
}

TEST(Index, KingPairsOfPawnlessTablesFormThe462Classes) {
  EXPECT_EQ(Index(Material::parse("KvK", Variant::Koth), Variant::Koth).leading_classes(), 462u);
  // The queen ranks among all 64 squares (on a king's square: a hole).
  EXPECT_EQ(Index(Material::parse("KQvK", Variant::Chess), Variant::Chess).size(), 462u * 64);
  // With pawns only the file mirror: 1,806 pairs with the white king on files a-d.
  EXPECT_EQ(Index(Material::parse("KPvK", Variant::Koth), Variant::Koth).leading_classes(), 1806u);
}

TEST(Index, RoundTripEveryThreeAndFourPieceTable) {
  for (Variant v : {Variant::Chess, Variant::Koth})
    for (const Material& m : all_materials(v, 4)) check_round_trip(Index(m, v));
}

TEST(Index, RoundTripSampledFivePieceTables) {
  for (const char* name : {"KQRvKR", "KRPvKB", "KPPvKP", "KBNvKN", "KQQvKQ"})
    check_round_trip(Index(Material::parse(name, Variant::Koth), Variant::Koth), 97);
}

TEST(Index, QothRoundTripUpToThreePiecesEveryTargetAndSampledFive) {
  const Layout& ring = ring_layout();
  for (Square target : ring.targets) {
    for (const Material& m : all_materials(Variant::Qoth, 3))
      check_round_trip(Index(m, Variant::Qoth, ring, target));
  }
  for (const char* name : {"QRvBN", "RRvRR", "KQvBNN", "NNNvN", "QRBvKN"})
    check_round_trip(Index(Material::parse(name, Variant::Qoth), Variant::Qoth, ring, ring.targets[0]), 31);
}

TEST(Index, QothRingHasTwoSymmetriesPerTarget) {
  const Layout& ring = ring_layout();
  for (Square target : ring.targets) EXPECT_EQ(qoth_symmetries(ring, target).size(), 2u);
}

// Every legal placement of a small material lands on an index that decodes to one of
// its symmetric images; the legal positions reached that way are exactly the legal
// positions the index names.
void count_both_ways(const char* name, Variant v) {
  const Material m = Material::parse(name, v);
  const Index index(m, v);
  std::vector<std::uint8_t> hit(index.size() * 2, 0);
  // Brute force: every placement of the pieces on the board.
  std::vector<Piece> pieces;
  for (Color c : {WHITE, BLACK})
    for (int pt = PAWN; pt <= KING; ++pt)
      for (int n = 0; n < m.count(c, PieceType(pt)); ++n) pieces.push_back(make_piece(c, PieceType(pt)));
  ASSERT_EQ(pieces.size(), 3u);
  std::uint64_t legal_placements = 0;
  for (Square a = 0; a < 64; ++a)
    for (Square b = 0; b < 64; ++b)
      for (Square c = 0; c < 64; ++c) {
        if (a == b || b == c || a == c) continue;
        for (Color stm : {WHITE, BLACK}) {
          Position pos(v);
          pos.put(pieces[0], a), pos.put(pieces[1], b), pos.put(pieces[2], c);
          pos.set_side_to_move(stm);
          try {
            parse_fen(to_fen(pos), v);  // the legality rules of the FEN reader
          } catch (const FenError&) {
            continue;
          }
          ++legal_placements;
          const std::uint64_t i = index.encode(pos);
          ASSERT_LT(i, index.size());
          Position back;
          ASSERT_TRUE(index.decode(i, stm, back));
          bool image = false;
          for (int t : index.symmetries()) image |= transform(t, pos) == transform(0, back);
          ASSERT_TRUE(image) << to_fen(pos) << " -> " << to_fen(back);
          hit[i * 2 + stm] = 1;
        }
      }
  // Through the index: every named, legal position must have been hit.
  std::uint64_t legal_indices = 0, hits = 0;
  for (std::uint64_t i = 0; i < index.size(); ++i)
    for (Color stm : {WHITE, BLACK}) {
      Position pos;
      hits += hit[i * 2 + stm];
      if (!index.decode(i, stm, pos)) continue;
      try {
        parse_fen(to_fen(pos), v);
      } catch (const FenError&) {
        continue;
      }
      ++legal_indices;
      EXPECT_TRUE(hit[i * 2 + stm]) << to_fen(pos);
    }
  EXPECT_EQ(legal_indices, hits) << name;
  EXPECT_GT(legal_placements, legal_indices) << name;  // the symmetries did reduce
}

TEST(Index, EveryLegalPositionHasExactlyOneIndex) {
  count_both_ways("KQvK", Variant::Koth);
  count_both_ways("KPvK", Variant::Chess);
  count_both_ways("KNvK", Variant::Koth);
}

}  // namespace
}  // namespace hilltb
