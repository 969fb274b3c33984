/* hilltb.h: probe hilltb tables from C, in the spirit of Fathom's tbprobe.h.
 *
 * Boards are bitboards with a1 = bit 0, b1 = bit 1, ..., h8 = bit 63. Every function
 * is thread-safe once hilltb_init has returned; hilltb_init and hilltb_free must not
 * run while probes do. Link with the hilltb_probe library (a C++ library: link with a
 * C++ compiler or add -lstdc++).
 */
#ifndef HILLTB_H
#define HILLTB_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Variants for hilltb_init. */
#define HILLTB_CHESS 0
#define HILLTB_KOTH 1
#define HILLTB_QOTH 2 /* Queen of the Hill, layout ring (hilltb_probe_fen only) */

/* Results of hilltb_probe, for the side to move. */
#define HILLTB_LOSS 0
#define HILLTB_DRAW 1
#define HILLTB_WIN 2
/* Failures (hilltb_last_error says more). */
#define HILLTB_MISSING (-1)         /* no table for this material */
#define HILLTB_CORRUPT (-2)         /* the table file is damaged */
#define HILLTB_NOT_COVERED (-3)     /* castling rights, or too many pieces */
#define HILLTB_BAD_POSITION (-4)    /* not a legal position */
#define HILLTB_NOT_INITIALISED (-5)

/* Opens the table directories in `paths` (separated by ':') for `variant`, with a
 * block cache of cache_mb MiB shared by all threads. Tables themselves open lazily on
 * first probe. Returns 1 on success, 0 on a bad variant. Calling it again replaces
 * the previous set-up. */
int hilltb_init(const char* paths, int variant, unsigned cache_mb);

/* Releases everything hilltb_init made. */
void hilltb_free(void);

/* Probes a position. `ep` is the en-passant square (0 for none: a1 is never one),
 * `castling` any castling rights (non-zero: HILLTB_NOT_COVERED). On success returns
 * HILLTB_WIN, HILLTB_DRAW or HILLTB_LOSS and, when dtm is not NULL, stores the
 * distance to the end of the game in plies (0 for a draw or a finished game). */
int hilltb_probe(uint64_t white, uint64_t black, uint64_t kings, uint64_t queens, uint64_t rooks,
                 uint64_t bishops, uint64_t knights, uint64_t pawns, unsigned ep, unsigned castling,
                 int white_to_move, int* dtm);

/* Probes a position given as FEN (any variant; the only way for Queen of the Hill,
 * whose fixed pawns are written '*' and 'x'). Returns as hilltb_probe; `points`, when
 * not NULL, receives the winner's points in Queen of the Hill (0 otherwise). */
int hilltb_probe_fen(const char* fen, int* dtm, int* points);

/* The message of this thread's last failure ("" if none). */
const char* hilltb_last_error(void);

#ifdef __cplusplus
}
#endif

#endif /* HILLTB_H */
