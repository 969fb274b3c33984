// The C interface under hostile use: every entry point with bad pointers, bad boards,
// bad directories, calls out of order and re-initialisation under load; every failure
// must be a status with a message, never an abort.
#include <gtest/gtest.h>
#include <sys/stat.h>
#include <unistd.h>

#include <atomic>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <random>
#include <string>
#include <thread>
#include <vector>

#include "formats/table_file.h"
#include "probe/hilltb.h"
#include "rules/fen.h"
#include "rules/movegen.h"

namespace {

namespace fs = std::filesystem;

std::string tables() {
  const char* env = std::getenv("HILLTB_TEST_TABLES");
  return env ? env : HILLTB_TEST_TABLES;
}

constexpr std::uint64_t sq(int file, int rank) { return 1ULL << (rank * 8 + file); }

// KQvK (koth): white king a1, queen b1, black king c3; a koth win in 9 plies.
hilltb_board kqk(int white_to_move = 1) {
  hilltb_board b{};
  b.white = sq(0, 0) | sq(1, 0);
  b.black = sq(2, 2);
  b.kings = sq(0, 0) | sq(2, 2);
  b.queens = sq(1, 0);
  b.white_to_move = white_to_move;
  return b;
}

struct TempDir {
  fs::path path = fs::temp_directory_path() / ("hilltb-capi-" + std::to_string(std::random_device{}()));
  TempDir() { fs::create_directories(path); }
  ~TempDir() {
    std::error_code ec;
    fs::permissions(path, fs::perms::owner_all, fs::perm_options::add, ec);
    fs::remove_all(path, ec);
  }
};

// A failure: negative, with a message.
#define EXPECT_FAILS(call, status)                     \
  do {                                                 \
    const int got_ = (call);                           \
    EXPECT_EQ(got_, status) << #call;                  \
    EXPECT_STRNE(hilltb_last_error(), "") << #call;    \
  } while (0)

struct Handle {
  int status = 0;  // declared first: the constructor's open writes it
  hilltb_t* h;
  Handle(const std::string& paths, int variant, unsigned cache_mb = 16)
      : h(hilltb_open(paths.c_str(), variant, cache_mb, &status)) {}
  ~Handle() { hilltb_close(h); }
};

TEST(CApi, GlobalCallsBeforeInitAndAfterFree) {
  hilltb_free();
  int dtm = -7;
  EXPECT_FAILS(hilltb_probe(0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, &dtm), HILLTB_NOT_INITIALISED);
  EXPECT_FAILS(hilltb_probe_fen("8/8/8/8/8/2k5/8/KQ6 w - - 0 1", &dtm, nullptr), HILLTB_NOT_INITIALISED);
  EXPECT_EQ(dtm, -7);
  hilltb_free();  // twice is harmless
}

TEST(CApi, InitRefusesBadArgumentsAndMayBeCalledTwice) {
  EXPECT_EQ(hilltb_init(tables().c_str(), 7, 16), 0);
  EXPECT_NE(std::string(hilltb_last_error()).find("unknown variant"), std::string::npos);
  EXPECT_EQ(hilltb_init(nullptr, HILLTB_KOTH, 16), 0);
  EXPECT_STRNE(hilltb_last_error(), "");
  const hilltb_board b = kqk();
  for (int round = 0; round < 2; ++round) {
    ASSERT_EQ(hilltb_init(tables().c_str(), HILLTB_KOTH, 16), 1);
    int dtm = -1;
    EXPECT_EQ(hilltb_probe(b.white, b.black, b.kings, b.queens, 0, 0, 0, 0, 0, 0, 1, &dtm), HILLTB_WIN)
        << hilltb_last_error();
    EXPECT_EQ(dtm, 9);
    EXPECT_STREQ(hilltb_last_error(), "");
  }
  hilltb_free();
}

TEST(CApi, NullPointersAreBadArguments) {
  EXPECT_EQ(hilltb_open(nullptr, HILLTB_KOTH, 16, nullptr), nullptr);
  int status = 0;
  EXPECT_EQ(hilltb_open(nullptr, HILLTB_KOTH, 16, &status), nullptr);
  EXPECT_EQ(status, HILLTB_BAD_ARGUMENT);
  EXPECT_EQ(hilltb_open("", HILLTB_KOTH, 16, &status), nullptr);
  EXPECT_EQ(status, HILLTB_BAD_ARGUMENT);
  EXPECT_EQ(hilltb_open(tables().c_str(), -1, 16, &status), nullptr);
  EXPECT_EQ(status, HILLTB_BAD_ARGUMENT);
  hilltb_close(nullptr);
  EXPECT_FAILS(hilltb_table_count(nullptr), HILLTB_BAD_ARGUMENT);
  EXPECT_FAILS(hilltb_largest(nullptr), HILLTB_BAD_ARGUMENT);
  const hilltb_board b = kqk();
  hilltb_move moves[HILLTB_MAX_MOVES];
  EXPECT_FAILS(hilltb_probe_board(nullptr, &b, nullptr, nullptr), HILLTB_BAD_ARGUMENT);
  EXPECT_FAILS(hilltb_probe_text(nullptr, "8/8/8/8/8/2k5/8/KQ6 w", nullptr, nullptr), HILLTB_BAD_ARGUMENT);
  EXPECT_FAILS(hilltb_root_moves(nullptr, &b, moves, HILLTB_MAX_MOVES), HILLTB_BAD_ARGUMENT);
  EXPECT_FAILS(hilltb_root_moves_text(nullptr, "8/8/8/8/8/2k5/8/KQ6 w", moves, HILLTB_MAX_MOVES), HILLTB_BAD_ARGUMENT);
  Handle t(tables(), HILLTB_KOTH);
  ASSERT_NE(t.h, nullptr) << hilltb_last_error();
  EXPECT_FAILS(hilltb_probe_board(t.h, nullptr, nullptr, nullptr), HILLTB_BAD_ARGUMENT);
  EXPECT_FAILS(hilltb_probe_text(t.h, nullptr, nullptr, nullptr), HILLTB_BAD_ARGUMENT);
  EXPECT_FAILS(hilltb_root_moves(t.h, nullptr, moves, HILLTB_MAX_MOVES), HILLTB_BAD_ARGUMENT);
  EXPECT_FAILS(hilltb_root_moves(t.h, &b, nullptr, HILLTB_MAX_MOVES), HILLTB_BAD_ARGUMENT);
  EXPECT_FAILS(hilltb_root_moves_text(t.h, nullptr, moves, HILLTB_MAX_MOVES), HILLTB_BAD_ARGUMENT);
  EXPECT_FAILS(hilltb_root_moves_text(t.h, "8/8/8/8/8/2k5/8/KQ6 w", nullptr, HILLTB_MAX_MOVES), HILLTB_BAD_ARGUMENT);
  // NULL result pointers are allowed: the value is just not stored.
  EXPECT_EQ(hilltb_probe_board(t.h, &b, nullptr, nullptr), HILLTB_WIN);
  hilltb_free();
  EXPECT_FAILS(hilltb_probe_fen(nullptr, nullptr, nullptr), HILLTB_NOT_INITIALISED);
  ASSERT_EQ(hilltb_init(tables().c_str(), HILLTB_KOTH, 16), 1);
  EXPECT_FAILS(hilltb_probe_fen(nullptr, nullptr, nullptr), HILLTB_BAD_ARGUMENT);
  hilltb_free();
}

TEST(CApi, BoardsAreCheckedAsStrictlyAsFen) {
  Handle t(tables(), HILLTB_KOTH);
  ASSERT_NE(t.h, nullptr) << hilltb_last_error();
  int dtm = -1;
  auto bad = [&](hilltb_board b, const char* why) {
    dtm = -1;
    const int r = hilltb_probe_board(t.h, &b, &dtm, nullptr);
    EXPECT_EQ(r, HILLTB_BAD_POSITION) << why << ": " << hilltb_last_error();
    EXPECT_STRNE(hilltb_last_error(), "") << why;
    EXPECT_EQ(dtm, -1) << why;
  };
  hilltb_board b = kqk();
  b.black |= sq(0, 0);
  bad(b, "a square both white and black");
  b = kqk();
  b.queens |= sq(0, 0);
  bad(b, "a king and a queen on one square");
  b = kqk();
  b.rooks = sq(7, 7);
  bad(b, "a rook of no colour");
  b = kqk();
  b.white |= sq(7, 7);
  bad(b, "a white square with no piece");
  b = kqk();
  b.white |= sq(7, 7), b.kings |= sq(7, 7);
  bad(b, "two white kings");
  b = kqk();
  b.kings &= ~sq(2, 2), b.black &= ~sq(2, 2), b.black |= sq(7, 7), b.rooks = sq(7, 7);
  bad(b, "no black king");
  b = kqk();
  b.white |= sq(4, 0), b.pawns = sq(4, 0);
  bad(b, "a pawn on the first rank");
  b = kqk();
  b.black |= sq(4, 7), b.pawns = sq(4, 7);
  bad(b, "a pawn on the last rank");
  b = kqk();
  b.white |= 0xFF00ULL << 8, b.pawns = 0xFF00ULL << 8;
  b.white |= sq(4, 3), b.pawns |= sq(4, 3);
  bad(b, "nine white pawns");
  b = kqk(1);
  b.queens = sq(2, 0);
  b.white = sq(0, 0) | sq(2, 0);
  bad(b, "the side not to move in check (the queen on c1 gives check, white to move)");
  // En passant: off the board, on the wrong rank, without the pawn, through pieces.
  hilltb_board ep{};  // white Kg1 Pe5, black Kg8 Pd5, white to move: d6 is sound
  ep.white = sq(6, 0) | sq(4, 4);
  ep.black = sq(6, 7) | sq(3, 4);
  ep.kings = sq(6, 0) | sq(6, 7);
  ep.pawns = sq(4, 4) | sq(3, 4);
  ep.white_to_move = 1;
  for (unsigned square : {64u, 65u, 1000u, ~0u, 19u /* d3 */, 44u /* e6 */, 40u /* a6 */}) {
    hilltb_board e = ep;
    e.ep = square;
    bad(e, ("en-passant square " + std::to_string(square)).c_str());
  }
  {
    hilltb_board e = ep;  // a piece on the square the pawn crossed
    e.ep = 43;
    e.white |= sq(3, 5), e.knights = sq(3, 5);
    bad(e, "en passant through a piece");
  }
  {
    hilltb_board e = ep;  // the bug of old: a bogus square captures the white king
    e.ep = 6;
    bad(e, "en-passant square g1, the white king's");
  }
  // Castling rights: valid position, not covered.
  b = kqk();
  b.castling = 1;
  EXPECT_FAILS(hilltb_probe_board(t.h, &b, &dtm, nullptr), HILLTB_NOT_COVERED);
}

TEST(CApi, ASoundEnPassantSquareAnswersAsTheFen) {
  Handle chess(tables(), HILLTB_CHESS);
  ASSERT_NE(chess.h, nullptr) << hilltb_last_error();
  hilltb_board ep{};
  ep.white = sq(6, 0) | sq(4, 4);
  ep.black = sq(6, 7) | sq(3, 4);
  ep.kings = sq(6, 0) | sq(6, 7);
  ep.pawns = sq(4, 4) | sq(3, 4);
  ep.white_to_move = 1;
  ep.ep = 43;  // d6
  int dtm = -1, fen_dtm = -2;
  const int r = hilltb_probe_board(chess.h, &ep, &dtm, nullptr);
  ASSERT_GE(r, 0) << hilltb_last_error();
  EXPECT_EQ(hilltb_probe_text(chess.h, "6k1/8/8/3pP3/8/8/8/6K1 w - d6 0 1", &fen_dtm, nullptr), r);
  EXPECT_EQ(dtm, fen_dtm);
}

TEST(CApi, QueenOfTheHillThroughBoardsAnswersOrRefuses) {
  // The same position as FEN and as a board: target e5 (the white pawn), blockers c3 f3
  // c6 f6 (the black pawns), rooks a1 e1 against a knight g2, P2 to move.
  ASSERT_EQ(hilltb_init(tables().c_str(), HILLTB_QOTH, 16), 1);
  int dtm = -1, points = -1;
  ASSERT_EQ(hilltb_probe_fen("8/8/2x2x2/4*3/8/2x2x2/6n1/R3R3 b", &dtm, &points), HILLTB_LOSS) << hilltb_last_error();
  EXPECT_EQ(dtm, 3);
  EXPECT_EQ(points, 1);
  const std::uint64_t blockers = sq(2, 2) | sq(5, 2) | sq(2, 5) | sq(5, 5), target = sq(4, 4);
  const std::uint64_t rooks = sq(0, 0) | sq(4, 0), knight = sq(6, 1);
  dtm = -1;
  EXPECT_EQ(hilltb_probe(rooks | target, knight | blockers, 0, 0, rooks, 0, knight, target | blockers, 0, 0, 0, &dtm),
            HILLTB_LOSS)
      << hilltb_last_error();
  EXPECT_EQ(dtm, 3);
  // The same through a handle, with the points.
  Handle q(tables(), HILLTB_QOTH);
  ASSERT_NE(q.h, nullptr) << hilltb_last_error();
  const hilltb_board board{rooks | target, knight | blockers, 0, 0, rooks, 0, knight, target | blockers, 0, 0, 0};
  dtm = points = -1;
  EXPECT_EQ(hilltb_probe_board(q.h, &board, &dtm, &points), HILLTB_LOSS) << hilltb_last_error();
  EXPECT_EQ(dtm, 3);
  EXPECT_EQ(points, 1);
  // Boards of another shape: a chess position, no target, the wrong blockers, an
  // en-passant square. Refused, never an abort.
  const hilltb_board k = kqk();
  EXPECT_FAILS(hilltb_probe(k.white, k.black, k.kings, k.queens, 0, 0, 0, 0, 0, 0, 1, &dtm), HILLTB_BAD_POSITION);
  EXPECT_FAILS(hilltb_probe(rooks, knight | blockers, 0, 0, rooks, 0, knight, blockers, 0, 0, 0, &dtm), HILLTB_BAD_POSITION);
  EXPECT_FAILS(hilltb_probe(rooks | target, knight, 0, 0, rooks, 0, knight, target, 0, 0, 0, &dtm), HILLTB_BAD_POSITION);
  EXPECT_FAILS(hilltb_probe(rooks | target, knight | blockers, 0, 0, rooks, 0, knight, target | blockers, 20, 0, 0, &dtm),
               HILLTB_BAD_POSITION);
  hilltb_free();
}

TEST(CApi, FilesystemErrorsAreStatuses) {
  TempDir dir;
  const hilltb_board b = kqk();
  int status = 0;
  // A directory name longer than any path may be.
  std::string long_path = dir.path.string();
  while (long_path.size() < 5000) long_path += "/abcdefghijklmnopqrstuvwxyz";
  EXPECT_EQ(hilltb_open(long_path.c_str(), HILLTB_KOTH, 16, &status), nullptr);
  EXPECT_EQ(status, HILLTB_IO_ERROR);
  ASSERT_EQ(hilltb_init(long_path.c_str(), HILLTB_KOTH, 16), 1);
  EXPECT_FAILS(hilltb_probe(b.white, b.black, b.kings, b.queens, 0, 0, 0, 0, 0, 0, 1, nullptr), HILLTB_IO_ERROR);
  // A symbolic link loop where the variant's folder should be.
  const fs::path loop = dir.path / "loop";
  fs::create_directories(loop);
  fs::create_directory_symlink("koth", loop / "koth");
  Handle looped(loop.string(), HILLTB_KOTH);
  if (looped.h) {
    EXPECT_FAILS(hilltb_probe_board(looped.h, &b, nullptr, nullptr), HILLTB_IO_ERROR);
  } else {
    EXPECT_EQ(looped.status, HILLTB_IO_ERROR);
  }
  ASSERT_EQ(hilltb_init(loop.c_str(), HILLTB_KOTH, 16), 1);
  EXPECT_FAILS(hilltb_probe(b.white, b.black, b.kings, b.queens, 0, 0, 0, 0, 0, 0, 1, nullptr), HILLTB_IO_ERROR);
  // A directory that may not be read (root reads everything: then the table is found).
  const fs::path closed = dir.path / "closed";
  fs::create_directories(closed / "koth");
  fs::copy_file(table_path(tables(), hilltb::TableKind(hilltb::Variant::Koth), "KQvK"),
                table_path(closed, hilltb::TableKind(hilltb::Variant::Koth), "KQvK"));
  fs::permissions(closed / "koth", fs::perms::none);
  fs::permissions(closed, fs::perms::none);
  ASSERT_EQ(hilltb_init(closed.c_str(), HILLTB_KOTH, 16), 1);
  const int r = hilltb_probe(b.white, b.black, b.kings, b.queens, 0, 0, 0, 0, 0, 0, 1, nullptr);
  if (geteuid() == 0) {
    EXPECT_EQ(r, HILLTB_WIN) << hilltb_last_error();
  } else {
    EXPECT_EQ(r, HILLTB_IO_ERROR) << hilltb_last_error();
    EXPECT_EQ(hilltb_open(closed.c_str(), HILLTB_KOTH, 16, &status), nullptr);
    EXPECT_EQ(status, HILLTB_IO_ERROR);
  }
  fs::permissions(closed, fs::perms::owner_all);
  fs::permissions(closed / "koth", fs::perms::owner_all);
  // A damaged table file, and a directory where a table file should be.
  const fs::path damaged = dir.path / "damaged";
  fs::create_directories(damaged / "koth");
  std::ofstream(table_path(damaged, hilltb::TableKind(hilltb::Variant::Koth), "KQvK")) << "not a table";
  fs::create_directories(table_path(damaged, hilltb::TableKind(hilltb::Variant::Koth), "KRvK"));
  Handle d(damaged.string(), HILLTB_KOTH);
  ASSERT_NE(d.h, nullptr) << hilltb_last_error();
  EXPECT_FAILS(hilltb_probe_board(d.h, &b, nullptr, nullptr), HILLTB_CORRUPT);
  EXPECT_FAILS(hilltb_probe_text(d.h, "8/8/8/8/8/2k5/8/KR6 w", nullptr, nullptr), HILLTB_CORRUPT);
  EXPECT_FAILS(hilltb_probe_text(d.h, "8/8/8/8/8/2k5/8/KB6 w", nullptr, nullptr), HILLTB_MISSING);
  hilltb_free();
}

TEST(CApi, HandlesLiveSideBySideAndCountTheirTables) {
  Handle koth(tables(), HILLTB_KOTH), chess(tables(), HILLTB_CHESS);
  ASSERT_NE(koth.h, nullptr) << hilltb_last_error();
  ASSERT_NE(chess.h, nullptr) << hilltb_last_error();
  std::size_t files = 0;
  for (const auto& e : fs::directory_iterator(fs::path(tables()) / "koth")) files += e.path().extension() == ".htb";
  EXPECT_EQ(koth.status, int(files));
  EXPECT_EQ(hilltb_table_count(koth.h), int(files));
  EXPECT_GT(files, 10u);
  EXPECT_EQ(hilltb_largest(koth.h), 4);
  EXPECT_EQ(hilltb_largest(chess.h), 4);
  // A directory listed twice counts each table once; an empty one counts none.
  TempDir empty;
  Handle twice(tables() + ":" + tables() + ":" + empty.path.string(), HILLTB_KOTH);
  EXPECT_EQ(hilltb_table_count(twice.h), int(files));
  Handle none(empty.path.string(), HILLTB_KOTH);
  ASSERT_NE(none.h, nullptr);
  EXPECT_EQ(none.status, 0);
  EXPECT_EQ(hilltb_largest(none.h), 0);
  // The same position differs between the variants: koth's queen side reaches the hill.
  const hilltb_board b = kqk();
  int koth_dtm = -1, chess_dtm = -1;
  EXPECT_EQ(hilltb_probe_board(koth.h, &b, &koth_dtm, nullptr), HILLTB_WIN);
  EXPECT_EQ(hilltb_probe_board(chess.h, &b, &chess_dtm, nullptr), HILLTB_WIN);
  EXPECT_EQ(koth_dtm, 9);
  EXPECT_NE(koth_dtm, chess_dtm);
  // Six pieces: more than hilltb_largest, so no table; more than any table format holds.
  EXPECT_FAILS(hilltb_probe_text(koth.h, "k7/8/8/8/8/8/8/KQRRB3 w - - 0 1", nullptr, nullptr), HILLTB_MISSING);
  EXPECT_FAILS(hilltb_probe_text(koth.h, "k7/8/8/8/8/8/8/KQRRBBNN w - - 0 1", nullptr, nullptr), HILLTB_NOT_COVERED);
  // A koth FEN handed to the chess set is just a chess position; a qoth FEN is malformed.
  EXPECT_FAILS(hilltb_probe_text(chess.h, "8/8/2x2x2/4*3/8/2x2x2/6n1/R3R3 b", nullptr, nullptr), HILLTB_BAD_POSITION);
}

TEST(CApi, RootMovesAreEveryLegalMoveBestFirst) {
  Handle t(tables(), HILLTB_KOTH);
  ASSERT_NE(t.h, nullptr) << hilltb_last_error();
  const hilltb_board b = kqk();
  hilltb_move moves[HILLTB_MAX_MOVES];
  const int n = hilltb_root_moves(t.h, &b, moves, HILLTB_MAX_MOVES);
  ASSERT_GT(n, 0) << hilltb_last_error();
  hilltb::MoveList legal;
  hilltb::generate_legal(hilltb::parse_fen("8/8/8/8/8/2k5/8/KQ6 w - - 0 1", hilltb::Variant::Koth), legal);
  EXPECT_EQ(n, int(legal.size));
  int dtm = -1;
  ASSERT_EQ(hilltb_probe_board(t.h, &b, &dtm, nullptr), HILLTB_WIN);
  EXPECT_EQ(moves[0].result, HILLTB_WIN);
  EXPECT_EQ(moves[0].dtm, dtm);
  for (int i = 1; i < n; ++i) {
    const hilltb_move &a = moves[i - 1], &c = moves[i];
    ASSERT_GE(c.result, 0) << c.uci;
    const auto rank = [](const hilltb_move& m) {
      return m.result == HILLTB_WIN ? 100000 - m.dtm : m.result == HILLTB_DRAW ? 0 : -100000 + m.dtm;
    };
    EXPECT_GE(rank(a), rank(c)) << a.uci << " before " << c.uci;
  }
  // The text form gives the same list; a short buffer is refused.
  hilltb_move again[HILLTB_MAX_MOVES];
  ASSERT_EQ(hilltb_root_moves_text(t.h, "8/8/8/8/8/2k5/8/KQ6 w - - 0 1", again, HILLTB_MAX_MOVES), n);
  for (int i = 0; i < n; ++i) {
    EXPECT_STREQ(again[i].uci, moves[i].uci);
    EXPECT_EQ(again[i].result, moves[i].result);
    EXPECT_EQ(again[i].dtm, moves[i].dtm);
    EXPECT_EQ(moves[i].from, unsigned(moves[i].uci[0] - 'a' + 8 * (moves[i].uci[1] - '1')));
  }
  EXPECT_FAILS(hilltb_root_moves(t.h, &b, moves, 3), HILLTB_BAD_ARGUMENT);
  // Promotions name their piece; a finished game has no moves.
  const int pawn_moves = hilltb_root_moves_text(t.h, "8/4P3/8/8/8/1k6/8/K7 w - - 0 1", moves, HILLTB_MAX_MOVES);
  ASSERT_GT(pawn_moves, 0) << hilltb_last_error();
  int promotions = 0;
  for (int i = 0; i < pawn_moves; ++i) promotions += moves[i].promotion != 0;
  EXPECT_GE(promotions, 4);
  EXPECT_EQ(hilltb_root_moves_text(t.h, "8/8/8/3K4/8/1k6/8/8 b - - 0 1", moves, HILLTB_MAX_MOVES), 0);
  EXPECT_FAILS(hilltb_root_moves_text(t.h, "r3k3/8/8/8/8/8/8/4K3 w q - 0 1", moves, HILLTB_MAX_MOVES), HILLTB_NOT_COVERED);
}

// Random garbage boards: every answer is a result or a status, never a crash.
TEST(CApi, RandomBoardsNeverAbort) {
  Handle t(tables(), HILLTB_KOTH);
  ASSERT_NE(t.h, nullptr);
  std::mt19937_64 rng(37);
  int answered = 0;
  for (int i = 0; i < 20000; ++i) {
    auto sparse = [&] { return rng() & rng() & rng() & rng(); };
    hilltb_board b{};
    b.kings = sparse(), b.queens = sparse(), b.rooks = sparse(), b.bishops = sparse(), b.knights = sparse(),
    b.pawns = sparse();
    const std::uint64_t all = i % 2 ? (b.kings | b.queens | b.rooks | b.bishops | b.knights | b.pawns) : sparse();
    b.white = all & rng(), b.black = i % 3 ? all & ~b.white : sparse();
    b.ep = i % 5 ? 0 : unsigned(rng() % 70);
    b.castling = i % 7 == 0;
    b.white_to_move = int(rng() & 1);
    int dtm = 0;
    const int r = hilltb_probe_board(t.h, &b, &dtm, nullptr);
    ASSERT_TRUE(r >= HILLTB_INTERNAL && r <= HILLTB_WIN);
    ASSERT_NE(r, HILLTB_INTERNAL) << hilltb_last_error();
    answered += r >= 0;
  }
  // Sparse boards with exactly two kings: a few answers among the refusals.
  for (int i = 0; i < 2000; ++i) {
    hilltb_board b{};
    const unsigned wk = unsigned(rng() % 64), bk = unsigned(rng() % 64), q = unsigned(rng() % 64);
    if (wk == bk || q == wk || q == bk) continue;
    b.kings = 1ULL << wk | 1ULL << bk, b.queens = 1ULL << q;
    b.white = 1ULL << wk | 1ULL << q, b.black = 1ULL << bk;
    b.white_to_move = int(rng() & 1);
    b.ep = unsigned(rng() % 3 == 0 ? rng() % 64 : 0);
    const int r = hilltb_probe_board(t.h, &b, nullptr, nullptr);
    ASSERT_NE(r, HILLTB_INTERNAL) << hilltb_last_error();
    ASSERT_TRUE(r >= 0 || r == HILLTB_BAD_POSITION) << r << " " << hilltb_last_error();
    answered += r >= 0;
  }
  EXPECT_GT(answered, 100);
}

// The header permits hilltb_init and hilltb_free while other threads probe: those
// probes answer from the set they began with, or say it is gone.
TEST(CApi, ReinitialisingWhileOtherThreadsProbe) {
  ASSERT_EQ(hilltb_init(tables().c_str(), HILLTB_KOTH, 1), 1);
  const hilltb_board b = kqk();
  std::atomic<bool> stop{false};
  std::atomic<int> wrong{0}, answered{0};
  std::vector<std::thread> threads;
  for (int t = 0; t < 4; ++t)
    threads.emplace_back([&, t] {
      while (!stop) {
        int dtm = -1;
        const int r = t % 2 ? hilltb_probe(b.white, b.black, b.kings, b.queens, 0, 0, 0, 0, 0, 0, 1, &dtm)
                            : hilltb_probe_fen("8/8/8/8/8/2k5/8/KQ6 w - - 0 1", &dtm, nullptr);
        if (r == HILLTB_WIN && dtm == 9) ++answered;
        else if (r != HILLTB_NOT_INITIALISED) ++wrong;
      }
    });
  for (int round = 0; round < 40; ++round) {
    EXPECT_EQ(hilltb_init(tables().c_str(), HILLTB_KOTH, round % 3), 1);
    std::this_thread::sleep_for(std::chrono::milliseconds(2));
    if (round % 4 == 0) hilltb_free();
  }
  ASSERT_EQ(hilltb_init(tables().c_str(), HILLTB_KOTH, 1), 1);
  while (answered < 100) std::this_thread::yield();
  stop = true;
  for (auto& th : threads) th.join();
  EXPECT_EQ(wrong.load(), 0);
  hilltb_free();
}

// One handle, many threads, a cache small enough to evict under load.
TEST(CApi, ThreadsShareAHandle) {
  Handle t(tables(), HILLTB_KOTH, 1);
  ASSERT_NE(t.h, nullptr);
  const char* fens[] = {"8/8/8/8/8/2k5/8/KQ6 w - - 0 1", "8/8/8/8/8/2k5/8/KR6 b - - 0 1",
                        "8/8/1k6/8/8/8/6P1/K7 w - - 0 1", "7k/8/8/8/8/8/8/KNB5 w - - 0 1"};
  int expected[4][2];
  for (int i = 0; i < 4; ++i) {
    expected[i][0] = hilltb_probe_text(t.h, fens[i], &expected[i][1], nullptr);
    ASSERT_GE(expected[i][0], 0) << fens[i] << ": " << hilltb_last_error();
  }
  std::atomic<int> wrong{0};
  std::vector<std::thread> threads;
  for (int k = 0; k < 4; ++k)
    threads.emplace_back([&, k] {
      hilltb_move moves[HILLTB_MAX_MOVES];
      for (int i = 0; i < 200; ++i) {
        const int f = (i + k) % 4;
        int dtm = -1;
        if (hilltb_probe_text(t.h, fens[f], &dtm, nullptr) != expected[f][0] || dtm != expected[f][1]) ++wrong;
        if (i % 20 == 0 && hilltb_root_moves_text(t.h, fens[f], moves, HILLTB_MAX_MOVES) <= 0) ++wrong;
      }
    });
  for (auto& th : threads) th.join();
  EXPECT_EQ(wrong.load(), 0);
}

}  // namespace

namespace {

// The fifty-move rule through the C interface: the category turns with the clock, the
// DTZ is signed, a missing DTZ table and Queen of the Hill are statuses, bad pointers
// bad arguments.
TEST(CApi, DtzCategoriesFollowTheClock) {
  Handle t(tables(), HILLTB_KOTH);
  ASSERT_NE(t.h, nullptr) << hilltb_last_error();
  const hilltb_board b = kqk();
  int dtz = 1000;
  EXPECT_EQ(hilltb_probe_dtz(t.h, &b, 0, &dtz), HILLTB_WDL_WIN);
  EXPECT_EQ(dtz, 9);  // no zeroing move in KQvK: the DTZ is the distance to the end
  EXPECT_EQ(hilltb_probe_dtz(t.h, &b, 91, nullptr), HILLTB_WDL_WIN);
  EXPECT_EQ(hilltb_probe_dtz(t.h, &b, 92, nullptr), HILLTB_WDL_CURSED_WIN);
  EXPECT_EQ(hilltb_probe_dtz_text(t.h, "8/8/8/8/8/2k5/8/K2Q4 b - - 99 1", &dtz), HILLTB_WDL_BLESSED_LOSS);
  EXPECT_EQ(dtz, -8);  // after Qd1, the best move: probe --json
  EXPECT_EQ(hilltb_probe_dtz_text(t.h, "8/8/8/8/8/2k5/8/K2Q4 b - - 0 1", nullptr), HILLTB_WDL_LOSS);
  EXPECT_EQ(hilltb_probe_dtz_text(t.h, "8/8/8/3k4/8/8/8/K7 w - - 0 1", &dtz), HILLTB_WDL_LOSS);  // over: on the hill
  EXPECT_EQ(dtz, 0);
  EXPECT_FAILS(hilltb_probe_dtz(nullptr, &b, 0, &dtz), HILLTB_BAD_ARGUMENT);
  EXPECT_FAILS(hilltb_probe_dtz(t.h, nullptr, 0, &dtz), HILLTB_BAD_ARGUMENT);
  EXPECT_FAILS(hilltb_probe_dtz_text(t.h, nullptr, &dtz), HILLTB_BAD_ARGUMENT);
  EXPECT_FAILS(hilltb_probe_dtz_text(t.h, "8/8/8/8/8/2k5/8/KQ7 w", &dtz), HILLTB_BAD_POSITION);
  TempDir dtm_only;
  fs::create_directories(dtm_only.path / "koth");
  fs::copy_file(fs::path(tables()) / "koth" / "KQvK.htb", dtm_only.path / "koth" / "KQvK.htb");
  Handle d(dtm_only.path.string(), HILLTB_KOTH);
  ASSERT_NE(d.h, nullptr) << hilltb_last_error();
  EXPECT_EQ(hilltb_probe_board(d.h, &b, nullptr, nullptr), HILLTB_WIN);
  EXPECT_FAILS(hilltb_probe_dtz(d.h, &b, 0, &dtz), HILLTB_MISSING);
  Handle q(tables(), HILLTB_QOTH);
  ASSERT_NE(q.h, nullptr) << hilltb_last_error();
  EXPECT_FAILS(hilltb_probe_dtz_text(q.h, "8/8/2x2x2/4*3/8/2x2x2/6n1/R3R3 b", &dtz), HILLTB_NOT_COVERED);
}

}  // namespace
