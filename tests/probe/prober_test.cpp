// The probing library on the tables the ctest fixture made: consistency of every
// move's value with the position's, Fathom agreement with en passant, threads, errors.
#include <gtest/gtest.h>

#include <cstdlib>
#include <fstream>
#include <random>
#include <thread>
#include <unordered_map>

#include "formats/index.h"
#include "formats/symmetry.h"
#include "formats/table_file.h"
#include "probe/prober.h"
#include "rules/fen.h"
#include "rules/outcome.h"

#ifdef HILLTB_HAVE_FATHOM
#include <tbprobe.h>
#endif

namespace hilltb {
namespace {

namespace fs = std::filesystem;

// The fixture's tables; HILLTB_TEST_TABLES in the environment may point elsewhere (the
// ThreadSanitizer build probes the tables of the normal build: `make tsan`).
fs::path test_tables() {
  const char* env = std::getenv("HILLTB_TEST_TABLES");
  return env ? fs::path(env) : fs::path(HILLTB_TEST_TABLES);
}

Prober prober(Variant v, std::size_t cache = 16 << 20, fs::path dir = test_tables()) {
  return Prober({{dir}, v, cache});
}

// Random legal positions of a material (no en passant), from its index.
std::vector<Position> random_positions(const char* material, Variant v, int count, unsigned seed) {
  const Index index(Material::parse(material, v), v);
  std::mt19937_64 rng(seed);
  std::vector<Position> out;
  Position pos;
  while (int(out.size()) < count) {
    const Color stm = rng() & 1 ? WHITE : BLACK;
    if (!index.decode(rng() % index.size(), stm, pos) || !is_position(pos)) continue;
    // Any symmetric image, and either colour orientation.
    Position p = transform(index.symmetries()[rng() % index.symmetries().size()], pos);
    out.push_back(rng() & 1 ? colour_flipped(p) : p);
  }
  return out;
}

TEST(Prober, BestMoveValueIsThePositionsValueOnePlyOn) {
  for (Variant v : {Variant::Koth, Variant::Chess}) {
    const Prober p = prober(v);
    for (const char* m : {"KQvKR", "KRPvK", "KPvKP", "KBNvK", "KvK"}) {
      for (const Position& pos : random_positions(m, v, 300, 5)) {
        const ProbeResult r = p.probe(pos);
        ASSERT_TRUE(r.ok()) << r.error;
        const auto ranked = p.rank_moves(pos);
        if (ranked.empty()) {  // mate or stalemate, or a king on the hill
          EXPECT_EQ(r.value.distance, 0) << to_fen(pos);
          continue;
        }
        ASSERT_TRUE(ranked.front().after.ok()) << ranked.front().after.error;
        const Value best = move_value(ranked.front().after.value);
        EXPECT_EQ(best, r.value) << variant_name(v) << " " << to_fen(pos);
        const Metric metric = metric_of(v);
        for (const RankedMove& rm : ranked)  // best first
          EXPECT_LE(preference(encode_value(move_value(rm.after.value)), metric), preference(encode_value(best), metric));
      }
    }
  }
}

TEST(Prober, LineEndsTheGameInTheTablesDistance) {
  const Prober p = prober(Variant::Koth);
  for (const Position& start : random_positions("KQvKR", Variant::Koth, 50, 9)) {
    const ProbeResult r = p.probe(start);
    if (r.value.result == 0) continue;
    Position pos = start;
    const auto line = p.line(start);
    EXPECT_EQ(int(line.size()), r.value.distance) << to_fen(start);
    for (Move m : line) pos.play(m);
    EXPECT_TRUE(outcome(pos).over()) << to_fen(start);
  }
}

TEST(Prober, OpensTablesLazily) {
  const Prober p = prober(Variant::Koth);
  EXPECT_EQ(p.open_tables(), 0u);
  p.probe(parse_fen("8/8/8/8/8/2k5/8/KQ6 w - - 0 1", Variant::Koth));
  EXPECT_EQ(p.open_tables(), 1u);
}

TEST(Prober, ErrorsAreValues) {
  const Prober p = prober(Variant::Koth);
  const ProbeResult castling = p.probe(parse_fen("r3k3/8/8/8/8/8/8/4K3 w q - 0 1", Variant::Koth));
  EXPECT_EQ(castling.status, ProbeStatus::NotCovered);
  EXPECT_NE(castling.error.find("castling"), std::string::npos);
  const ProbeResult missing = p.probe(parse_fen("k7/8/8/8/8/8/8/KQRRB3 w - - 0 1", Variant::Koth));
  EXPECT_EQ(missing.status, ProbeStatus::Missing);
  EXPECT_NE(missing.error.find("KQRRBvK"), std::string::npos) << missing.error;
  const ProbeResult malformed = p.probe_fen("8/8/8/8/8/2k5/8/KQ7 w - - 0 1");
  EXPECT_EQ(malformed.status, ProbeStatus::Malformed);
  EXPECT_NE(malformed.error.find("more than 8 squares"), std::string::npos) << malformed.error;
  // A finished game needs no table: mate with five pieces.
  const ProbeResult mate = p.probe(parse_fen("k6R/6R1/8/8/8/8/8/4K2Q b - - 0 1", Variant::Koth));
  ASSERT_TRUE(mate.ok()) << mate.error;
  EXPECT_EQ(mate.value.result, -1);
  EXPECT_EQ(mate.value.distance, 0);
}

struct TempDir {
  fs::path path = fs::temp_directory_path() / ("hilltb-probe-" + std::to_string(std::random_device{}()));
  ~TempDir() { fs::remove_all(path); }
};

TEST(Prober, CorruptTruncatedAndVanishingFiles) {
  TempDir dir;
  const fs::path from = table_path(test_tables(), TableKind(Variant::Koth), "KRvK");
  const fs::path to = table_path(dir.path, TableKind(Variant::Koth), "KRvK");
  fs::create_directories(to.parent_path());
  const Position pos = parse_fen("8/8/8/8/8/2k5/8/KR6 w - - 0 1", Variant::Koth);
  // Damaged data all through the blocks: a corrupt error naming the file.
  {
    fs::copy_file(from, to);
    const auto size = std::streamoff(fs::file_size(to));
    std::fstream f(to, std::ios::in | std::ios::out | std::ios::binary);
    for (std::streamoff at = 300; at < size; at += 40) f.seekp(at), f.put('\x55');
  }
  {
    const ProbeResult r = prober(Variant::Koth, 0, dir.path).probe(pos);
    EXPECT_EQ(r.status, ProbeStatus::Corrupt);
    EXPECT_NE(r.error.find(to.string()), std::string::npos) << r.error;
  }
  // Truncated after open, then deleted after open: errors or answers, never a crash.
  fs::remove(to);
  fs::copy_file(from, to);
  {
    const Prober p = prober(Variant::Koth, 0, dir.path);
    ASSERT_TRUE(p.probe(pos).ok());
    fs::resize_file(to, 300);
    const ProbeResult r = p.probe(parse_fen("8/8/8/8/8/2k5/8/KR6 b - - 0 1", Variant::Koth));
    EXPECT_EQ(r.status, ProbeStatus::Corrupt);
    EXPECT_NE(r.error.find("changed size"), std::string::npos) << r.error;
  }
  fs::remove(to);
  fs::copy_file(from, to);
  {
    const Prober p = prober(Variant::Koth, 0, dir.path);
    ASSERT_TRUE(p.probe(pos).ok());
    fs::remove(to);
    EXPECT_TRUE(p.probe(parse_fen("8/8/8/8/8/2k5/8/KR6 b - - 0 1", Variant::Koth)).ok());
  }
}

TEST(Prober, EightThreadsAnswerAsOne) {
  const auto positions = random_positions("KRvKN", Variant::Koth, 4000, 3);
  std::vector<Value> single;
  {
    const Prober p = prober(Variant::Koth);
    for (const Position& pos : positions) single.push_back(p.probe(pos).value);
  }
  const Prober shared = prober(Variant::Koth, 1 << 20);  // small: eviction under load
  std::vector<std::thread> threads;
  std::atomic<int> wrong{0};
  for (int t = 0; t < 8; ++t)
    threads.emplace_back([&, t] {
      for (std::size_t i = 0; i < positions.size(); ++i) {
        const std::size_t k = (i * 7919 + std::size_t(t) * 131) % positions.size();
        const ProbeResult r = shared.probe(positions[k]);
        if (!r.ok() || !(r.value == single[k])) ++wrong;
      }
    });
  for (auto& th : threads) th.join();
  EXPECT_EQ(wrong.load(), 0);
}

#ifdef HILLTB_HAVE_FATHOM
// Chess mode through the prober against Fathom, en-passant rights included.
TEST(Prober, AgreesWithFathomIncludingEnPassant) {
  if (!std::filesystem::exists(HILLTB_SYZYGY_DIR "/KPvKP.rtbw") || !tb_init(HILLTB_SYZYGY_DIR))
    GTEST_SKIP() << "Syzygy files not found: skipped";
  const Prober p = prober(Variant::Chess);
  auto fathom = [](const Position& pos) {
    const unsigned r = tb_probe_wdl(pos.pieces(WHITE), pos.pieces(BLACK), pos.pieces(KING), pos.pieces(QUEEN),
                                    pos.pieces(ROOK), pos.pieces(BISHOP), pos.pieces(KNIGHT), pos.pieces(PAWN), 0, 0,
                                    pos.en_passant() == SQ_NONE ? 0 : unsigned(pos.en_passant()),
                                    pos.side_to_move() == WHITE);
    return r >= TB_CURSED_WIN ? 1 : r <= TB_BLESSED_LOSS ? -1 : 0;
  };
  int with_ep = 0;
  for (const char* m : {"KQvKR", "KRvKB", "KPvKP", "KBPvK"})
    for (const Position& pos : random_positions(m, Variant::Chess, 3000, 17)) {
      const ProbeResult r = p.probe(pos);
      ASSERT_TRUE(r.ok()) << r.error;
      EXPECT_EQ(r.value.result, fathom(pos)) << to_fen(pos);
      // The same position just after a double push, where en passant may follow.
      const Color us = pos.side_to_move();
      for (Bitboard b = pos.pieces(~us, PAWN); b;) {
        const Square pawn = pop_lsb(b);
        const int up = us == WHITE ? -8 : 8;  // the opponent's direction
        if (relative_rank(~us, pawn) != 3 || (pos.occupied() & (square_bb(pawn - up) | square_bb(pawn - 2 * up))))
          continue;
        Position before = pos;  // is the double push that led here legal?
        before.remove(pawn);
        before.put(make_piece(~us, PAWN), pawn - 2 * up);
        if (before.attacked_by(~us, before.king_square(us))) continue;
        Position ep = pos;
        ep.set_en_passant(pawn - up);
        const ProbeResult e = p.probe(ep);
        ASSERT_TRUE(e.ok()) << e.error;
        EXPECT_EQ(e.value.result, fathom(ep)) << to_fen(ep);
        ++with_ep;
      }
    }
  EXPECT_GT(with_ep, 50);
}

// Every position of two 4-piece tables, through the prober (its cache, index and
// colour handling), against Fathom.
TEST(Prober, AgreesWithFathomOnEveryPositionOfKQvKRAndKPvKP) {
  if (!std::filesystem::exists(HILLTB_SYZYGY_DIR "/KPvKP.rtbw") || !tb_init(HILLTB_SYZYGY_DIR))
    GTEST_SKIP() << "Syzygy files not found: skipped";
  const Prober p = prober(Variant::Chess, 64 << 20);
  for (const char* name : {"KQvKR", "KPvKP"}) {
    const Index index(Material::parse(name, Variant::Chess), Variant::Chess);
    std::uint64_t compared = 0, wrong = 0;
    Position pos;
    for (std::uint64_t g = 0; g < 2 * index.size(); ++g) {
      const Color stm = g < index.size() ? WHITE : BLACK;
      if (!index.decode(g % index.size(), stm, pos) || !is_position(pos)) continue;
      const Position flipped = colour_flipped(pos);  // probe the other colours' orientation
      const ProbeResult r = p.probe(flipped);
      const unsigned f = tb_probe_wdl(flipped.pieces(WHITE), flipped.pieces(BLACK), flipped.pieces(KING),
                                      flipped.pieces(QUEEN), flipped.pieces(ROOK), flipped.pieces(BISHOP),
                                      flipped.pieces(KNIGHT), flipped.pieces(PAWN), 0, 0, 0,
                                      flipped.side_to_move() == WHITE);
      const int theirs = f >= TB_CURSED_WIN ? 1 : f <= TB_BLESSED_LOSS ? -1 : 0;
      ++compared;
      if (!r.ok() || r.value.result != theirs) {
        if (++wrong < 4) ADD_FAILURE() << name << " " << to_fen(flipped) << ": " << r.value.result << " vs " << theirs;
      }
    }
    EXPECT_EQ(wrong, 0u) << name;
    EXPECT_GT(compared, index.size()) << name;
  }
}
#endif


// Under the fifty-move rule the line of a win that stands at its clock ends the game
// won before the clock runs out: every stretch without a zeroing move fits in it.
TEST(Prober, FiftyMoveLineWinsWithinTheClock) {
  std::mt19937_64 rng(41);
  int lines = 0;
  for (Variant v : {Variant::Chess, Variant::Koth}) {
    const Prober p = prober(v, 64 << 20);
    for (const char* m : {"KQvKR", "KPvKP", "KBNvK", "KRPvK"})
      for (Position pos : random_positions(m, v, 60, 5)) {
        const ProbeResult z = p.probe_dtz(pos);
        ASSERT_TRUE(z.ok()) << z.error;
        if (z.value.result <= 0 || z.value.distance > FIFTY_MOVE_PLIES) continue;
        int clock = int(rng() % unsigned(FIFTY_MOVE_PLIES + 1 - z.value.distance));
        pos.set_counters(clock, 1);
        ASSERT_EQ(category_of(z.value, clock), Category::Win);
        const Color winner = pos.side_to_move();
        for (Move mv : p.line(pos, 1000, Rule::FiftyMoves)) {
          clock = is_zeroing(pos, mv) ? 0 : clock + 1;
          pos.play(mv);
          ASSERT_LE(clock, FIFTY_MOVE_PLIES) << to_fen(pos);
        }
        const Outcome o = outcome(pos);
        ASSERT_TRUE(o.over()) << to_fen(pos);
        EXPECT_EQ(o.result, pos.side_to_move() == winner ? 1 : -1) << to_fen(pos);
        ++lines;
      }
  }
  EXPECT_GT(lines, 100);
}

// An independent check of DTZ under the rule, by a plain bounded search over the rules
// (with the values of the positions a zeroing move leads to): whether `winner` can force,
// within n plies, a won end of the game or a zeroing move into a position won under
// the rule (a loss for the loser to move there).
class ZeroingSearch {
 public:
  explicit ZeroingSearch(const Prober& p) : prober_(p) {}
  bool forces(const Position& pos, Color winner, int n) {
    // Kings are the pieces of no other kind; the en-passant square counts.
    const Key key{pos.pieces(WHITE),
                  pos.pieces(BLACK),
                  pos.pieces(PAWN),
                  pos.pieces(KNIGHT),
                  pos.pieces(QUEEN) | pos.pieces(BISHOP),
                  pos.pieces(ROOK) | pos.pieces(QUEEN),
                  (int(pos.en_passant()) * 2 + pos.side_to_move()) * 1000 + n};
    if (const auto it = memo_.find(key); it != memo_.end()) return it->second;
    return memo_[key] = search(pos, winner, n);
  }

 private:
  struct Key {
    Bitboard a, b, c, d, e, f;
    int rest;
    bool operator==(const Key&) const = default;
  };
  struct Hash {
    std::size_t operator()(const Key& k) const {
      std::size_t h = std::size_t(k.rest);
      for (Bitboard x : {k.a, k.b, k.c, k.d, k.e, k.f}) h = (h ^ x) * 0x9E3779B97F4A7C15ULL;
      return h;
    }
  };
  // Whether a finished game is won by `winner`.
  static bool won_end(const Position& pos, const Outcome& o, Color winner) {
    return o.result != 0 && (pos.side_to_move() == winner) == (o.result > 0);
  }
  bool search(const Position& pos, Color winner, int n) {
    MoveList list;
    generate_legal(pos, list);
    const Outcome o = outcome(pos, list);
    if (o.over()) return won_end(pos, o, winner);
    if (n == 0) return false;
    const bool winner_moves = pos.side_to_move() == winner;
    for (Move m : list) {
      Position next = pos;
      next.play(m);
      bool good;
      if (!is_zeroing(pos, m)) {
        good = forces(next, winner, n - 1);
      } else if (const Outcome end = outcome(next); end.over()) {
        good = won_end(next, end, winner);
      } else {
        const ProbeResult z = prober_.probe_dtz(next);
        EXPECT_TRUE(z.ok()) << z.error;
        good = category_of(z.value) == (next.side_to_move() == winner ? Category::Win : Category::Loss);
      }
      if (good == winner_moves) return good;
    }
    return !winner_moves;
  }
  const Prober& prober_;
  std::unordered_map<Key, bool, Hash> memo_;
};

// Every decisive DTZ of up to 5 plies in a sample of koth and chess positions is what
// the search finds: the winner forces a zeroing or the end within it, not within one
// ply less.
TEST(Prober, ShortDtzIsWhatABoundedSearchFinds) {
  int checked = 0;
  for (Variant v : {Variant::Koth, Variant::Chess}) {
    const Prober p = prober(v, 64 << 20);
    for (const char* m : {"KQvKR", "KPvKP", "KRvKN", "KNPvK"})
      for (const Position& pos : random_positions(m, v, 400, 7)) {
        const ProbeResult z = p.probe_dtz(pos);
        ASSERT_TRUE(z.ok()) << z.error;
        if (z.value.result == 0 || z.value.distance == 0 || z.value.distance > 5) continue;
        const Color winner = z.value.result > 0 ? pos.side_to_move() : ~pos.side_to_move();
        ZeroingSearch search(p);
        EXPECT_TRUE(search.forces(pos, winner, z.value.distance)) << to_fen(pos) << " DTZ " << z.value.distance;
        EXPECT_FALSE(search.forces(pos, winner, z.value.distance - 1)) << to_fen(pos) << " DTZ " << z.value.distance;
        ++checked;
      }
  }
  EXPECT_GT(checked, 300);
}

#ifdef HILLTB_HAVE_FATHOM
// DTZ through the prober (files of one side to move, either colours)
// against Fathom: the five categories, and the DTZ up to Syzygy's off-by-one.
TEST(Prober, DtzAgreesWithFathom) {
  if (!std::filesystem::exists(HILLTB_SYZYGY_DIR "/KPvKP.rtbz") || !tb_init(HILLTB_SYZYGY_DIR))
    GTEST_SKIP() << "Syzygy files not found: skipped";
  const Prober p = prober(Variant::Chess);
  int compared = 0;
  for (const char* m : {"KQvKR", "KPvKP", "KRPvK", "KBvKP"})
    for (const Position& pos : random_positions(m, Variant::Chess, 400, 23)) {
      const ProbeResult r = p.probe_dtz(pos);
      ASSERT_TRUE(r.ok()) << r.error;
      const unsigned f = tb_probe_root(pos.pieces(WHITE), pos.pieces(BLACK), pos.pieces(KING), pos.pieces(QUEEN),
                                       pos.pieces(ROOK), pos.pieces(BISHOP), pos.pieces(KNIGHT), pos.pieces(PAWN), 0,
                                       0, 0, pos.side_to_move() == WHITE, nullptr);
      ASSERT_NE(f, TB_RESULT_FAILED) << to_fen(pos);
      if (f == TB_RESULT_CHECKMATE || f == TB_RESULT_STALEMATE) continue;
      EXPECT_EQ(int(category_of(r.value)), int(TB_GET_WDL(f))) << to_fen(pos);
      const int theirs = int(TB_GET_DTZ(f));
      if (r.value.result) {
        EXPECT_TRUE(theirs == r.value.distance || theirs + 1 == r.value.distance)
            << to_fen(pos) << ": hilltb " << r.value.distance << ", Syzygy " << theirs;
      }
      ++compared;
    }
  EXPECT_GT(compared, 1000);
}
#endif

}  // namespace
}  // namespace hilltb
