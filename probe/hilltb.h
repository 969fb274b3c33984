/* hilltb.h: probe hilltb tables from C, in the spirit of Fathom's tbprobe.h.
 *
 * Two ways in:
 *  - a handle: hilltb_open gives a hilltb_t* for one table set (directories, variant,
 *    cache); any number live side by side (koth and chess tables in one engine);
 *  - one global table set (hilltb_init, hilltb_probe, hilltb_probe_fen, hilltb_free),
 *    kept for engines written against it.
 *
 * No call ever throws or aborts: every failure is a negative status, and
 * hilltb_last_error() says why in words (per thread). Boards are bitboards with
 * a1 = bit 0, b1 = bit 1, ..., h8 = bit 63.
 *
 * Link: `pkg-config --cflags --libs hilltb` (the library is C++: link with a C++
 * compiler, or add -lstdc++ as hilltb.pc does), or in CMake find_package(hilltb) and
 * target_link_libraries(engine PRIVATE hilltb::probe).
 *
 * Memory: blocks of values are decompressed on first use and kept in a cache shared by
 * all threads of a handle, at the width the file stores them. A table set costs,
 * decompressed, the sum over its tables of index positions (the `index` column of
 * `hilltb info --tables DIR`) times the sides to move stored (`stored`: 2 as `gen`
 * makes tables, 1 with `gen --one-side`) times the bytes a value takes (1 where the
 * table's longest distance is at most 126 plies in chess and koth, else 2). The King of
 * the Hill set up to 4 pieces, like the chess set, is 169.6 million index positions a
 * side, all one byte: 324 MiB with both sides stored, 162 MiB with one. With a cache of
 * that size every probe is answered from memory once each block has been touched; with
 * less, a probe of an evicted block decompresses it again (some microseconds). The
 * default cache (cache_mb = 0) is 64 MiB.
 */
#ifndef HILLTB_H
#define HILLTB_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Variants. */
#define HILLTB_CHESS 0
#define HILLTB_KOTH 1
#define HILLTB_QOTH 2 /* Queen of the Hill, layout ring */

/* Results, for the side to move. */
#define HILLTB_LOSS 0
#define HILLTB_DRAW 1
#define HILLTB_WIN 2

/* Categories under the fifty-move rule (hilltb_probe_dtz), as Fathom numbers them. */
#define HILLTB_WDL_LOSS 0
#define HILLTB_WDL_BLESSED_LOSS 1 /* lost, but the fifty-move rule draws it */
#define HILLTB_WDL_DRAW 2
#define HILLTB_WDL_CURSED_WIN 3 /* won, but the fifty-move rule draws it */
#define HILLTB_WDL_WIN 4
/* Failures: every call returns one of these (below zero) when it cannot answer. */
#define HILLTB_MISSING (-1)         /* no table for this material in the directories */
#define HILLTB_CORRUPT (-2)         /* a table file is damaged */
#define HILLTB_NOT_COVERED (-3)     /* castling rights, too many pieces, another variant */
#define HILLTB_BAD_POSITION (-4)    /* not a legal position (the message names the fault) */
#define HILLTB_NOT_INITIALISED (-5) /* the global calls before hilltb_init */
#define HILLTB_IO_ERROR (-6)        /* a file or directory could not be read */
#define HILLTB_BAD_ARGUMENT (-7)    /* a NULL pointer, an unknown variant, a short buffer */
#define HILLTB_NO_MEMORY (-8)       /* an allocation failed */
#define HILLTB_INTERNAL (-9)        /* a fault inside hilltb (the message says which) */

/* More than any position has legal moves: a buffer for hilltb_root_moves. */
#define HILLTB_MAX_MOVES 256

/* A table set opened by hilltb_open. */
typedef struct hilltb_tables hilltb_t;

/* A position as bitboards. Every square of white | black holds exactly one piece kind;
 * the kinds' boards do not overlap. Queen of the Hill: the target is the one white
 * pawn, the blockers are the black pawns, and there are no kings required. */
typedef struct {
  uint64_t white, black;
  uint64_t kings, queens, rooks, bishops, knights, pawns;
  unsigned ep;       /* en-passant square (0 for none: a1 is never one) */
  unsigned castling; /* any castling rights, in any encoding (non-zero: NOT_COVERED) */
  int white_to_move; /* non-zero when white (qoth: P1) moves */
} hilltb_board;

/* One legal move of a position, with its value for the side that plays it. */
typedef struct {
  char uci[6];      /* "e2e4", "e7e8q"; "0000" for the pass of Queen of the Hill */
  unsigned from, to; /* squares 0..63 (both 0 for a pass) */
  char promotion;   /* 'q', 'r', 'b', 'n', or 0 */
  int result;       /* HILLTB_WIN, HILLTB_DRAW or HILLTB_LOSS for the mover, or the
                       negative status of the position after the move */
  int dtm;          /* plies from the position before the move to the end of the game
                       when playing it (0 for a draw or an unknown value) */
  int points;       /* Queen of the Hill: the winner's points (0 otherwise) */
} hilltb_move;

/* ---- Handles ---------------------------------------------------------------- */

/* Opens the table directories `paths` (separated by ':', searched in order) for
 * `variant` with a block cache of cache_mb MiB (0: 64 MiB). The directories are listed
 * at once (the count and hilltb_largest come from that); table files open lazily on
 * first probe.
 * Returns the handle, or NULL with *status (when status is not NULL) set to
 * HILLTB_BAD_ARGUMENT (paths NULL or empty, an unknown variant), HILLTB_IO_ERROR (a
 * directory that does not exist or cannot be listed) or HILLTB_NO_MEMORY; on success
 * *status is the number of tables found (0 is a success: a set may be filled later).
 * Thread safety: any thread, any time. */
hilltb_t* hilltb_open(const char* paths, int variant, unsigned cache_mb, int* status);

/* Releases the handle and its cache; NULL is ignored.
 * Thread safety: no probe may be running on h, and h must not be used again. */
void hilltb_close(hilltb_t* h);

/* The number of tables hilltb_open found (distinct materials), or HILLTB_BAD_ARGUMENT
 * for a NULL handle. Thread safety: any thread. */
int hilltb_table_count(const hilltb_t* h);

/* The most pieces (kings included) of any table hilltb_open found: a position with more
 * pieces is never covered, so an engine can skip the probe (Fathom's TB_LARGEST). 0 when
 * none was found; HILLTB_BAD_ARGUMENT for a NULL handle. Thread safety: any thread. */
int hilltb_largest(const hilltb_t* h);

/* Probes a position. Returns HILLTB_WIN, HILLTB_DRAW or HILLTB_LOSS for the side to
 * move and, for the pointers that are not NULL, stores the distance to the end of the
 * game in plies in *dtm (0 for a draw or a finished game) and the winner's points in
 * *points (Queen of the Hill; 0 otherwise). On failure returns a negative status and
 * leaves *dtm and *points alone. The board is checked as strictly as a FEN: colours and
 * kinds, one king a side (chess, koth), piece counts, no pawn on the first or last rank,
 * the side not to move not in check, an en-passant square behind a pawn that just moved
 * two squares; Queen of the Hill: the layout's blockers and one of its targets.
 * Thread safety: any number of threads at once on one handle. */
int hilltb_probe_board(const hilltb_t* h, const hilltb_board* board, int* dtm, int* points);

/* The same for a position given as FEN (Queen of the Hill: '*' the target, 'x' a
 * blocker). Returns HILLTB_BAD_POSITION with the fault named for a malformed FEN. */
int hilltb_probe_text(const hilltb_t* h, const char* fen, int* dtm, int* points);

/* Every legal move of a position with its value for the mover, best first (wins
 * soonest first, then draws, then losses longest first; moves of unknown value last).
 * Writes at most `capacity` moves (HILLTB_MAX_MOVES always suffices) and returns how
 * many it wrote (0: the game is over or there is no move), or a negative status: the
 * position's own (HILLTB_BAD_POSITION, HILLTB_NOT_COVERED), or HILLTB_BAD_ARGUMENT when
 * capacity is too small. A move whose value is unknown carries its status in `result`.
 * Thread safety: as hilltb_probe_board. */
int hilltb_root_moves(const hilltb_t* h, const hilltb_board* board, hilltb_move* moves, unsigned capacity);
/* Probes a position under the fifty-move rule (chess and koth), from the DTZ tables
 * (`hilltb gen --measure dtz` or `both`: files <MATERIAL>.htz beside the DTM ones).
 * `rule50` is the halfmove clock: plies since the last capture or pawn move. Returns
 * HILLTB_WDL_WIN, HILLTB_WDL_CURSED_WIN, HILLTB_WDL_DRAW, HILLTB_WDL_BLESSED_LOSS or
 * HILLTB_WDL_LOSS for the side to move at that clock (a decisive result stands when its
 * DTZ and the clock add up to 100 at most) and, when dtz is not NULL, stores the signed
 * DTZ in *dtz: plies to the next zeroing move or the end of the game under the rule
 * with a clock of 0, positive when the side to move wins, negative when it loses, 0
 * for a draw or a finished game; above 100 plies the result is cursed or blessed at
 * any clock. Exact in every table (Syzygy's may be one ply less). On failure returns a
 * negative status (HILLTB_MISSING without a DTZ table, HILLTB_NOT_COVERED in Queen of
 * the Hill) and leaves *dtz alone. Thread safety: as hilltb_probe_board. */
int hilltb_probe_dtz(const hilltb_t* h, const hilltb_board* board, unsigned rule50, int* dtz);
/* The same for a FEN, whose halfmove clock is the rule50 above. */
int hilltb_probe_dtz_text(const hilltb_t* h, const char* fen, int* dtz);
int hilltb_root_moves_text(const hilltb_t* h, const char* fen, hilltb_move* moves, unsigned capacity);

/* ---- The global table set ---------------------------------------------------- */

/* Opens the table directories in `paths` (separated by ':') for `variant`, with a
 * block cache of cache_mb MiB (0: 64 MiB), as the process's one global set. Returns 1
 * on success, 0 on a bad variant, NULL paths or no memory (hilltb_last_error says
 * which). Directories are not checked: a missing one gives HILLTB_MISSING on probe.
 * Calling it again replaces the set; probes running meanwhile finish on the set they
 * began with. Thread safety: any thread, any time, also while other threads probe. */
int hilltb_init(const char* paths, int variant, unsigned cache_mb);

/* Releases the global set; later global probes return HILLTB_NOT_INITIALISED. Probes
 * running meanwhile finish on the set they began with. Thread safety: as hilltb_init. */
void hilltb_free(void);

/* hilltb_probe_board on the global set, with the board's fields as arguments and no
 * points (HILLTB_NOT_INITIALISED before hilltb_init). */
int hilltb_probe(uint64_t white, uint64_t black, uint64_t kings, uint64_t queens, uint64_t rooks,
                 uint64_t bishops, uint64_t knights, uint64_t pawns, unsigned ep, unsigned castling,
                 int white_to_move, int* dtm);

/* hilltb_probe_text on the global set. */
int hilltb_probe_fen(const char* fen, int* dtm, int* points);

/* ---- Errors -------------------------------------------------------------------- */

/* The message of this thread's last failure ("" after a success). The text stays valid
 * until this thread's next hilltb call. Thread safety: per thread. */
const char* hilltb_last_error(void);

#ifdef __cplusplus
}
#endif

#endif /* HILLTB_H */
