// The separate zeroing search (fifty/zeroing_search.h) against the fixture's DTZ tables,
// with horizons short enough to cut through them: every decisive position's least plies
// to a winning zeroing move or end must be its DTZ where that is within the horizon, and
// none where it is beyond; and the table-wide check must catch a claim moved by one ply.
#include <gtest/gtest.h>

#include "fifty/claim_check.h"
#include "fixture.h"
#include "rules/fen.h"

namespace hilltb {
namespace {

struct Tally {
  std::uint64_t decisive = 0, at = 0, next = 0;  // checked; of DTZ k; of DTZ k + 1
};

// For every `stride`-th position of the table: least_plies with horizon k equals the DTZ
// when the DTZ is at most k, and is nullopt when it is more.
Tally expect_least_plies_are_dtz(Variant v, const std::string& material, int k, std::uint64_t stride = 1,
                                 MoveOrder order = MoveOrder::TableGuided) {
  const Prober prober = fixture_prober(v);
  ZeroingSearch search(prober, order);
  const Index index(Material::parse(material, v), v);
  Index::Decoder decoder(index);
  Tally t;
  int reported = 0;
  for (Color stm : {WHITE, BLACK})
    for (std::uint64_t idx = 0; idx < index.size(); idx += stride) {
      const Position* decoded = decoder.decode(idx, stm);
      if (!decoded || !is_position(*decoded)) continue;
      const Position pos = *decoded;
      const ProbeResult r = prober.probe_dtz(pos);
      EXPECT_TRUE(r.ok()) << to_fen(pos) << ": " << r.error;
      if (!r.ok() || r.value.result == 0) continue;
      ++t.decisive;
      t.at += r.value.distance == k, t.next += r.value.distance == k + 1;
      const Color winner = r.value.result > 0 ? stm : ~stm;
      const std::optional<int> expected =
          r.value.distance <= k ? std::optional<int>(r.value.distance) : std::nullopt;
      const std::optional<int> found = search.least_plies(pos, winner, k);
      if (found != expected && reported++ < 5)
        ADD_FAILURE() << variant_name(v) << " " << to_fen(pos) << ": DTZ " << r.value.distance << " (result "
                      << r.value.result << "), horizon " << k << ": search "
                      << (found ? std::to_string(*found) : "none");
      // The one-shot answer agrees with the least plies.
      if (r.value.distance <= k + 1) {
        EXPECT_EQ(search.can_force(pos, winner, k), expected.has_value()) << to_fen(pos);
      }
    }
  return t;
}

// The horizons sit inside each table's range of DTZ, so both sides of the boundary are met.
TEST(ZeroingSearch, LeastPliesAreTheDtzKothKRvK) {
  const Tally t = expect_least_plies_are_dtz(Variant::Koth, "KRvK", 8);
  EXPECT_GT(t.at, 0u);
  EXPECT_GT(t.next, 0u);
}

TEST(ZeroingSearch, LeastPliesAreTheDtzKothKPvK) {  // pawn moves zero within the table
  const Tally t = expect_least_plies_are_dtz(Variant::Koth, "KPvK", 5);
  EXPECT_GT(t.at, 0u);
  EXPECT_GT(t.next, 0u);
}

TEST(ZeroingSearch, LeastPliesAreTheDtzChessKRvK) {
  const Tally t = expect_least_plies_are_dtz(Variant::Chess, "KRvK", 18);
  EXPECT_GT(t.at, 0u);
  EXPECT_GT(t.next, 0u);
}

TEST(ZeroingSearch, LeastPliesAreTheDtzChessKPvK) {
  const Tally t = expect_least_plies_are_dtz(Variant::Chess, "KPvK", 10);
  EXPECT_GT(t.at, 0u);
  EXPECT_GT(t.next, 0u);
}

// Four pieces, captures into the 3-piece tables, long DTZ: a sample.
TEST(ZeroingSearch, LeastPliesAreTheDtzKothKQvKRSample) {
  const Tally t = expect_least_plies_are_dtz(Variant::Koth, "KQvKR", 12, 4001);
  EXPECT_GT(t.at, 0u);
  EXPECT_GT(t.next, 0u);
}

TEST(ZeroingSearch, LeastPliesAreTheDtzChessKBNvKSample) {
  const Tally t = expect_least_plies_are_dtz(Variant::Chess, "KBNvK", 30, 509);
  EXPECT_GT(t.at, 0u);
  EXPECT_GT(t.next, 0u);
}

// The move order changes the work, never the answers.
TEST(ZeroingSearch, GeneratedOrderGivesTheSameAnswers) {
  const Tally t = expect_least_plies_are_dtz(Variant::Koth, "KRvK", 6, 7, MoveOrder::Generated);
  EXPECT_GT(t.at, 0u);
  EXPECT_GT(t.next, 0u);
}

// A mate in one is forced within one ply, not within none; the mated side's opponent
// has already won (0 plies).
TEST(ZeroingSearch, GameEnds) {
  const Prober prober = fixture_prober(Variant::Chess);
  ZeroingSearch search(prober);
  const Position mate_in_one = parse_fen("6k1/8/6K1/8/8/8/8/R7 w - - 0 1", Variant::Chess);
  EXPECT_EQ(search.least_plies(mate_in_one, WHITE, 10), 1);
  EXPECT_FALSE(search.can_force(mate_in_one, WHITE, 0));
  EXPECT_FALSE(search.can_force(mate_in_one, BLACK, 10));
  const Position mated = parse_fen("R5k1/8/6K1/8/8/8/8/8 b - - 0 1", Variant::Chess);
  EXPECT_EQ(search.least_plies(mated, WHITE, 10), 0);
  EXPECT_FALSE(search.can_force(mated, BLACK, 10));
  const Position stalemate = parse_fen("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1", Variant::Chess);
  EXPECT_FALSE(search.can_force(stalemate, WHITE, 10));
}

// The first position of the table, in scan order, of DTZ d.
Position first_of_dtz(const Prober& prober, const Material& m, int d) {
  const Index index(m, prober.variant());
  Index::Decoder decoder(index);
  for (Color stm : {WHITE, BLACK})
    for (std::uint64_t idx = 0; idx < index.size(); ++idx) {
      const Position* pos = decoder.decode(idx, stm);
      if (!pos || !is_position(*pos)) continue;
      const ProbeResult r = prober.probe_dtz(*pos);
      if (r.ok() && r.value.result != 0 && r.value.distance == d) return *pos;
    }
  throw std::runtime_error("no position of DTZ " + std::to_string(d) + " in " + m.name());
}

// The tables' claims hold; one claim moved by a ply either way is caught, by its FEN.
TEST(ClaimCheck, TrueClaimsPassAndAClaimOneOffFails) {
  const Prober prober = fixture_prober(Variant::Koth);
  const Material m = Material::parse("KRvK", Variant::Koth);
  constexpr int k = 8;
  const ClaimCheckReport good = check_dtz_claims(prober, m, k);
  ASSERT_TRUE(good.ok()) << *good.failure;
  EXPECT_GT(good.beyond(), 0u);
  EXPECT_GT(good.at_horizon, 0u);
  EXPECT_GT(good.positions, good.beyond() + good.at_horizon);
  EXPECT_EQ(good.searched, good.at_horizon);  // the defence walk proves every claim beyond
  EXPECT_GT(good.walked, good.beyond());

  // A position of DTZ k claimed k + 1: its winner does force it within k.
  const Position at = first_of_dtz(prober, m, k);
  const ClaimCheckReport longer = check_dtz_claims(prober, m, k, [&](const Position& p) {
    Value v = prober.probe_dtz(p).value;
    if (p == at) v.distance = k + 1;
    return v;
  });
  ASSERT_FALSE(longer.ok());
  EXPECT_NE(longer.failure->find(to_fen(at) + ": DTZ 9 claimed, but"), std::string::npos) << *longer.failure;
  EXPECT_NE(longer.failure->find("within 8 plies (in 8)"), std::string::npos) << *longer.failure;

  // A position of DTZ k + 1 claimed k: nothing forces it within k.
  const Position beyond = first_of_dtz(prober, m, k + 1);
  const ClaimCheckReport shorter = check_dtz_claims(prober, m, k, [&](const Position& p) {
    Value v = prober.probe_dtz(p).value;
    if (p == beyond) v.distance = k;
    return v;
  });
  ASSERT_FALSE(shorter.ok());
  EXPECT_NE(shorter.failure->find(to_fen(beyond) + ": DTZ 8 claimed, but"), std::string::npos) << *shorter.failure;
  EXPECT_NE(shorter.failure->find("cannot force"), std::string::npos) << *shorter.failure;
}

// At the rule's own horizon the koth tables have nothing beyond it, and the scan reads
// every position.
TEST(ClaimCheck, KothKRvKHasNoCursedWins) {
  const Prober prober = fixture_prober(Variant::Koth);
  const ClaimCheckReport r = check_dtz_claims(prober, Material::parse("KRvK", Variant::Koth), 100);
  ASSERT_TRUE(r.ok()) << *r.failure;
  EXPECT_EQ(r.beyond(), 0u);
  EXPECT_EQ(r.at_horizon, 0u);
  EXPECT_EQ(r.positions, 50015u);  // hilltb info's count of KRvK
}

}  // namespace
}  // namespace hilltb
