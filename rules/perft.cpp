#include "perft.h"

#include "movegen.h"

namespace hilltb {

std::uint64_t perft(const Position& pos, int depth) {
  if (depth <= 0) return 1;
  MoveList list;
  generate_legal(pos, list);
  if (depth == 1) return std::uint64_t(list.size);  // bulk count at the frontier
  std::uint64_t nodes = 0;
  for (Move m : list) {
    Position next = pos;
    next.play(m);
    nodes += perft(next, depth - 1);
  }
  return nodes;
}

}  // namespace hilltb
