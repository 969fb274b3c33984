// Chess mode against Syzygy: for every position of every 3- and 4-piece table, the
// generated WDL equals Syzygy's (tests/data/syzygy through libfathom; cursed wins are
// wins and blessed losses losses, as the tables ignore the 50-move rule).
#include <gtest/gtest.h>
#include <filesystem>
#include <iostream>

#include "formats/zeroing.h"
#include "rules/fen.h"
#include "test_tables.h"

#ifdef HILLTB_HAVE_FATHOM
#include <tbprobe.h>
#endif

namespace hilltb {
namespace {

#ifdef HILLTB_HAVE_FATHOM

bool syzygy_ready() {
  static const bool ready = std::filesystem::exists(HILLTB_SYZYGY_DIR "/KQvKR.rtbw") &&
                            tb_init(HILLTB_SYZYGY_DIR) && TB_LARGEST >= 4;
  return ready;
}

int fathom_wdl(const Position& pos) {
  const unsigned r = tb_probe_wdl(pos.pieces(WHITE), pos.pieces(BLACK), pos.pieces(KING), pos.pieces(QUEEN),
                                  pos.pieces(ROOK), pos.pieces(BISHOP), pos.pieces(KNIGHT), pos.pieces(PAWN),
                                  0, 0, 0, pos.side_to_move() == WHITE);
  if (r == TB_RESULT_FAILED) return 99;
  return r >= TB_CURSED_WIN ? 1 : r <= TB_BLESSED_LOSS ? -1 : 0;
}

TEST(Syzygy, EveryPositionOfEveryThreeAndFourPieceTable) {
  if (!syzygy_ready()) GTEST_SKIP() << "Syzygy files not found in " HILLTB_SYZYGY_DIR ": cross-check skipped";
  for (const Material& m : all_materials(Variant::Chess, 4)) {
    if (m.pieces() < 3) continue;
    const auto table = test::generated_table(Variant::Chess, m.name());
    const Index& index = table->index;
    // One thread: this libfathom's first probe of a table is not thread-safe.
    std::uint64_t compared = 0, wrong = 0;
    bool reported = false;
    {
      Position pos;
      std::uint64_t& n = compared;
      std::uint64_t& bad = wrong;
      for (std::uint64_t g = 0; g < 2 * index.size(); ++g) {
        const std::uint16_t code = table->codes[g];
        const Color stm = g < index.size() ? WHITE : BLACK;
        if (!index.decode(g % index.size(), stm, pos) || !is_position(pos)) continue;
        const int ours = decode_value(code, Metric::WdlDistance).result;
        const int theirs = fathom_wdl(pos);
        ++n;
        if (ours != theirs) {
          ++bad;
          if (!reported)
            ADD_FAILURE() << m.name() << " " << to_fen(pos) << ": hilltb " << ours << ", Syzygy " << theirs;
          reported = true;
        }
      }
    }
    EXPECT_EQ(wrong, 0u) << m.name();
    EXPECT_GT(compared, index.size() / 2) << m.name();
  }
}

// Syzygy's five categories under the fifty-move rule (clock 0), Fathom's numbering.
int fathom_category(const Position& pos) {
  const unsigned r = tb_probe_wdl(pos.pieces(WHITE), pos.pieces(BLACK), pos.pieces(KING), pos.pieces(QUEEN),
                                  pos.pieces(ROOK), pos.pieces(BISHOP), pos.pieces(KNIGHT), pos.pieces(PAWN),
                                  0, 0, 0, pos.side_to_move() == WHITE);
  return r == TB_RESULT_FAILED ? 99 : int(r);
}

// Syzygy's DTZ at clock 0, unsigned (its category gives the sign): 0 for a finished
// game, -1 when the probe fails.
int fathom_dtz(const Position& pos) {
  const unsigned r = tb_probe_root(pos.pieces(WHITE), pos.pieces(BLACK), pos.pieces(KING), pos.pieces(QUEEN),
                                   pos.pieces(ROOK), pos.pieces(BISHOP), pos.pieces(KNIGHT), pos.pieces(PAWN),
                                   0, 0, 0, pos.side_to_move() == WHITE, nullptr);
  if (r == TB_RESULT_FAILED) return -1;
  if (r == TB_RESULT_CHECKMATE || r == TB_RESULT_STALEMATE) return 0;
  return int(TB_GET_DTZ(r));
}

// Whether Syzygy's unsigned DTZ `theirs` agrees with the exact `ours`: a file that
// stores values in moves rather than plies may give one ply less (Syzygy's documented
// off-by-one), and Fathom does not say which values are so rounded.
bool dtz_agrees(int ours, int theirs) { return theirs == ours || theirs + 1 == ours; }

// Every position's category under the fifty-move rule equals Syzygy's; DTZ equals it
// (up to the rounding above) on every position of the 3-piece tables and on a spread
// sample of about 5,000 a side of each 4-piece table (Fathom's DTZ probe ranks every
// root move: about 30 probes each).
TEST(Syzygy, DtzCategoriesAndDistancesOfEveryThreeAndFourPieceTable) {
  if (!syzygy_ready()) GTEST_SKIP() << "Syzygy files not found in " HILLTB_SYZYGY_DIR ": cross-check skipped";
  std::uint64_t exact = 0, rounded = 0, all_distances = 0;
  for (const Material& m : all_materials(Variant::Chess, 4)) {
    if (m.pieces() < 3) continue;
    const auto table = test::generated_table(Variant::Chess, m.name(), Measure::Dtz);
    const Index& index = table->index;
    const std::uint64_t stride = m.pieces() == 3 ? 1 : std::max<std::uint64_t>(1, index.size() / 5000) | 1;
    std::uint64_t compared = 0, wrong = 0, distances = 0;
    Position pos;
    for (std::uint64_t g = 0; g < 2 * index.size(); ++g) {
      const Color stm = g < index.size() ? WHITE : BLACK;
      if (!index.decode(g % index.size(), stm, pos) || !is_position(pos)) continue;
      const Value ours = decode_value(table->code(stm, g % index.size()), Metric::ZeroingDistance);
      const int category = int(category_of(ours));
      ++compared;
      bool bad = category != fathom_category(pos);
      if (!bad && ours.result != 0 && g % stride == 0) {
        const int theirs = fathom_dtz(pos);
        ++distances;
        bad = !dtz_agrees(ours.distance, theirs);
        ++(theirs == ours.distance ? exact : rounded);
      }
      if (bad && ++wrong <= 3)
        ADD_FAILURE() << m.name() << " " << to_fen(pos) << ": hilltb category " << category << " DTZ "
                      << ours.distance << ", Syzygy category " << fathom_category(pos) << " DTZ " << fathom_dtz(pos);
    }
    EXPECT_EQ(wrong, 0u) << m.name();
    EXPECT_GT(compared, index.size() / 2) << m.name();
    all_distances += distances;
  }
  EXPECT_GT(all_distances, 100000u);
  // Most of Syzygy's small files store plies: rounding is the exception.
  EXPECT_GT(exact, 4 * rounded);
  std::cout << "[          ] DTZ: " << exact << " equal, " << rounded << " one ply less in Syzygy\n";
}

#else
TEST(Syzygy, EveryPositionOfEveryThreeAndFourPieceTable) {
  GTEST_SKIP() << "built without libfathom: Syzygy cross-check skipped";
}
#endif

// Published longest wins (Gaviota and Nalimov DTM, in plies).
TEST(Syzygy, LongestWinsMatchPublishedDtm) {
  auto longest = [](const char* name) {
    const auto t = test::generated_table(Variant::Chess, name);
    int most = 0;
    for (std::uint16_t c : t->codes)
      if (c != NO_POSITION_CODE && decode_value(c, Metric::WdlDistance).result > 0)
        most = std::max(most, decode_value(c, Metric::WdlDistance).distance);
    return most;
  };
  EXPECT_EQ(longest("KQvK"), 19);
  EXPECT_EQ(longest("KRvK"), 31);
  EXPECT_EQ(longest("KBNvK"), 65);
  EXPECT_EQ(longest("KQvKR"), 69);
}

}  // namespace
}  // namespace hilltb
