// The two layouts of the solver's working state (gen/working_state.h) give the same
// tables, byte for byte, and the packed one refuses what it cannot hold.
#include <gtest/gtest.h>

#include "gen/solver.h"
#include "gen/working_state.h"
#include "test_tables.h"

namespace hilltb {
namespace {

void expect_same_codes(Variant v, const std::string& material, Measure measure = Measure::Dtm) {
  SCOPED_TRACE(material);
  const Material m = Material::parse(material, v);
  const TableSet children = test::children_of(v, material);
  SolveHooks hooks;
  bool wide_again = false;  // the Packed solve must not fall back
  hooks.progress = [&](const Phase& phase, double) { wide_again |= phase.text.starts_with(WIDE_AGAIN); };
  auto solve = [&](StateLayout layout) {
    return measure == Measure::Dtm ? solve_table(m, v, children, hooks, layout)
                                   : solve_dtz_table(m, v, children, hooks, {}, layout);
  };
  const auto packed = solve(StateLayout::Packed);
  EXPECT_FALSE(wide_again);
  const auto wide = solve(StateLayout::Wide);
  ASSERT_EQ(packed->codes.size(), wide->codes.size());
  EXPECT_TRUE(packed->codes == wide->codes);
}

TEST(WorkingState, PackedAndWideSolveTheSameKothTables) {
  for (const char* m : {"KQvKR", "KPvKP", "KRvKP"}) expect_same_codes(Variant::Koth, m);
}

TEST(WorkingState, PackedAndWideSolveTheSameChessTables) {
  // KPvKP: en passant; KQvKR: a long fight of counts running out.
  for (const char* m : {"KPvKP", "KQvKR"}) expect_same_codes(Variant::Chess, m);
}

TEST(WorkingState, PackedAndWideSolveTheSameDtzTables) {
  expect_same_codes(Variant::Koth, "KPvK", Measure::Dtz);
  expect_same_codes(Variant::Chess, "KRvKN", Measure::Dtz);
}

TEST(WorkingState, PackedCountsDownInItsWord) {
  PackedState s(4);
  s.open(0, NO_EXIT, 3);
  s.open(1, encode_value({1, 5, 0}), 127);
  EXPECT_EQ(s.exit_of(s.word(0).load()), NO_EXIT);
  EXPECT_EQ(s.exit_of(s.word(1).load()), encode_value({1, 5, 0}));
  EXPECT_TRUE(s.open_with(encode_value({1, 5, 0})).matches(s.word(1).load()));
  EXPECT_FALSE(s.open_with(NO_EXIT).matches(s.word(1).load()));
  EXPECT_FALSE(s.open_with(encode_value({1, 7, 0})).matches(s.word(1).load()));  // never met
  EXPECT_FALSE(s.count_down(0, 2));
  EXPECT_FALSE(s.spent(0, s.word(0).load()));
  EXPECT_TRUE(s.count_down(0, 1));
  EXPECT_TRUE(s.spent(0, s.word(0).load()));
  EXPECT_EQ(s.exit_of(s.word(0).load()), NO_EXIT);  // the count leaves the exit as it was
  s.word(1).store(encode_value({-1, 4, 0}));        // final: a count-down leaves it be
  EXPECT_FALSE(s.count_down(1, 1));
  EXPECT_EQ(s.word(1).load(), encode_value({-1, 4, 0}));
}

TEST(WorkingState, PackedRefusesWhatItCannotHold) {
  PackedState s(1);
  EXPECT_THROW(s.open(0, NO_EXIT, 128), WorkingStateOverflow);
  for (int d = 0; d < 256; ++d) s.open(0, encode_value({1, d, 0}), 1);
  EXPECT_THROW(s.open(0, encode_value({1, 256, 0}), 1), WorkingStateOverflow);
  WideState w(1);
  w.open(0, NO_EXIT, 255);
  EXPECT_THROW(w.open(0, NO_EXIT, 256), WorkingStateOverflow);
}

}  // namespace
}  // namespace hilltb
