// Chess mode against Syzygy: for every position of every 3- and 4-piece table, the
// generated WDL equals Syzygy's (tests/data/syzygy through libfathom; cursed wins are
// wins and blessed losses losses, as the tables ignore the 50-move rule).
#include <gtest/gtest.h>
#include <filesystem>

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
