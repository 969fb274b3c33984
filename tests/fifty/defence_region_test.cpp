// The defence walk (fifty/defence_region.h) against the fixture's DTZ tables: it proves
// every claim beyond a horizon that cuts through a table, all at once, and never one
// whose winner does succeed within the horizon.
#include <gtest/gtest.h>

#include "fifty/defence_region.h"
#include "fixture.h"
#include "rules/fen.h"

namespace hilltb {
namespace {

// The global slots (white to move, then black) of the table's decisive positions won
// by `winner` whose DTZ d satisfies pick(d).
template <typename Pick>
std::vector<std::uint64_t> slots_won_by(const Prober& prober, const Index& index, Color winner, Pick pick) {
  Index::Decoder decoder(index);
  std::vector<std::uint64_t> slots;
  for (Color stm : {WHITE, BLACK})
    for (std::uint64_t idx = 0; idx < index.size(); ++idx) {
      const Position* pos = decoder.decode(idx, stm);
      if (!pos || !is_position(*pos)) continue;
      const Value v = prober.probe_dtz(*pos).value;
      if (v.result == 0 || (v.result > 0 ? stm : ~stm) != winner || !pick(v.distance)) continue;
      slots.push_back(stm == WHITE ? idx : index.size() + idx);
    }
  return slots;
}

struct Case {
  Variant variant;
  const char* material;
  int horizon;
  friend void PrintTo(const Case& c, std::ostream* os) {
    *os << variant_name(c.variant) << " " << c.material << " at " << c.horizon << " plies";
  }
};

class DefenceRegion : public ::testing::TestWithParam<Case> {};

TEST_P(DefenceRegion, ProvesEveryClaimBeyondTheHorizonAndNoneWithin) {
  const auto [variant, material, k] = GetParam();
  const Prober prober = fixture_prober(variant);
  const Index index(Material::parse(material, variant), variant);
  const auto beyond = slots_won_by(prober, index, WHITE, [k = k](int d) { return d > k; });
  ASSERT_GT(beyond.size(), 0u);
  const DefenceReport all = prove_defence(prober, index, WHITE, beyond, k);
  EXPECT_TRUE(all.proved) << all.success.value_or("");
  EXPECT_GT(all.nodes, beyond.size());  // the walk goes past the claims

  // One claim of DTZ exactly k among them: its winner succeeds, in k plies at most.
  const auto at = slots_won_by(prober, index, WHITE, [k = k](int d) { return d == k; });
  ASSERT_GT(at.size(), 0u);
  std::vector<std::uint64_t> with_one = beyond;
  with_one.push_back(at[at.size() / 2]);
  const DefenceReport caught = prove_defence(prober, index, WHITE, with_one, k);
  EXPECT_FALSE(caught.proved);
  ASSERT_TRUE(caught.success.has_value());
  EXPECT_LE(caught.plies, k);
  // The same claim alone holds one ply short of its DTZ.
  EXPECT_TRUE(prove_defence(prober, index, WHITE, {at[at.size() / 2]}, k - 1).proved);
}

INSTANTIATE_TEST_SUITE_P(Fixture, DefenceRegion,
                         ::testing::Values(Case{Variant::Koth, "KRvK", 8}, Case{Variant::Chess, "KRvK", 20},
                                           Case{Variant::Koth, "KPvK", 6}),
                         [](const auto& info) {
                           return std::string(variant_name(info.param.variant)) + info.param.material;
                         });

}  // namespace
}  // namespace hilltb
