// The positions both perft benchmarks use (bench/compare_fairy_stockfish.sh reads this file).
#pragma once

namespace hilltb::bench {

struct PerftPosition {
  const char* name;
  const char* fen;
  int depth;
};

inline constexpr PerftPosition PERFT_POSITIONS[] = {
    {"start", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", 5},
    {"kiwipete", "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", 4},
    {"endgame", "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", 6},
    {"hill-race", "8/8/8/8/2k5/8/2K5/8 w - - 0 1", 9},
};

}  // namespace hilltb::bench
