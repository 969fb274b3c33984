/* An engine-side use of hilltb.h: probe a King of the Hill position from bitboards,
 * then a Queen of the Hill one from its FEN.
 * Usage: c_probe TABLE_DIR   (the directory `hilltb gen` wrote into) */
#include <stdio.h>

#include "probe/hilltb.h"

#define SQ(file, rank) (1ULL << ((rank) * 8 + (file)))

int main(int argc, char** argv) {
  if (argc < 2 || !hilltb_init(argv[1], HILLTB_KOTH, 16)) {
    fprintf(stderr, "usage: c_probe TABLE_DIR\n");
    return 2;
  }
  /* White: king a1, queen b1; black: king c3; white to move (KQvK). */
  const uint64_t white = SQ(0, 0) | SQ(1, 0), black = SQ(2, 2);
  const uint64_t kings = SQ(0, 0) | SQ(2, 2), queens = SQ(1, 0);
  int dtm = -1;
  const int r = hilltb_probe(white, black, kings, queens, 0, 0, 0, 0, 0, 0, 1, &dtm);
  if (r < 0) {
    fprintf(stderr, "probe failed (%d): %s\n", r, hilltb_last_error());
    hilltb_free();
    return 1;
  }
  printf("KQvK, white to move: %s in %d plies\n", r == HILLTB_WIN ? "win" : r == HILLTB_LOSS ? "loss" : "draw", dtm);
  /* A table that isn't there is an error code with a message, not a crash. */
  const uint64_t rooks = SQ(6, 7) | SQ(7, 7);
  const int missing = hilltb_probe(white, black | rooks, kings, queens, rooks, 0, 0, 0, 0, 0, 1, &dtm);
  printf("KQvKRR: %s\n", missing == HILLTB_MISSING ? hilltb_last_error() : "found");

  /* Queen of the Hill (layout ring): the value comes with the winner's points. */
  int points = 0;
  hilltb_init(argv[1], HILLTB_QOTH, 16);
  const int q = hilltb_probe_fen("8/8/2x2x2/4*3/8/2x2x2/6n1/R3R3 b", &dtm, &points);
  if (q < 0) fprintf(stderr, "qoth probe failed (%d): %s\n", q, hilltb_last_error());
  else printf("qoth RRvN, P2 to move: %s by %d in %d plies\n", q == HILLTB_WIN ? "win" : q == HILLTB_LOSS ? "loss" : "draw", points, dtm);
  hilltb_free();
  return 0;
}
