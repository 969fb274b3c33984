/* An engine written in C against the installed library: <hilltb/hilltb.h> only.
 * Usage: consumer_c TABLE_DIR. Prints the value of a KQvK position and its best move. */
#include <hilltb/hilltb.h>
#include <stdio.h>

int main(int argc, char** argv) {
  if (argc < 2) return 2;
  int status = 0;
  hilltb_t* h = hilltb_open(argv[1], HILLTB_KOTH, 16, &status);
  if (!h) {
    fprintf(stderr, "open failed (%d): %s\n", status, hilltb_last_error());
    return 1;
  }
  int dtm = -1;
  const int r = hilltb_probe_text(h, "8/8/8/8/8/2k5/8/KQ6 w - - 0 1", &dtm, NULL);
  hilltb_move moves[HILLTB_MAX_MOVES];
  const int n = hilltb_root_moves_text(h, "8/8/8/8/8/2k5/8/KQ6 w - - 0 1", moves, HILLTB_MAX_MOVES);
  if (r < 0 || n <= 0) {
    fprintf(stderr, "probe failed (%d, %d): %s\n", r, n, hilltb_last_error());
    hilltb_close(h);
    return 1;
  }
  printf("C: %d tables, largest %d; KQvK %s in %d plies, best %s\n", status, hilltb_largest(h),
         r == HILLTB_WIN ? "win" : "not a win", dtm, moves[0].uci);
  hilltb_close(h);
  return 0;
}
