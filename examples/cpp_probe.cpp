// The C++ API: probe a King of the Hill position, rank its moves, walk the line.
// Usage: cpp_probe TABLE_DIR
#include <iostream>

#include "probe/prober.h"
#include "rules/fen.h"
#include "rules/notation.h"

int main(int argc, char** argv) {
  if (argc < 2) {
    std::cerr << "usage: cpp_probe TABLE_DIR\n";
    return 2;
  }
  const hilltb::Prober prober({{argv[1]}, hilltb::Variant::Koth});
  const hilltb::Position pos = hilltb::parse_fen("8/8/8/8/8/2k5/8/KQ6 w - - 0 1", hilltb::Variant::Koth);
  const hilltb::ProbeResult r = prober.probe(pos);
  if (!r.ok()) {
    std::cerr << "probe failed: " << r.error << "\n";
    return 1;
  }
  std::cout << "result " << r.value.result << ", distance " << r.value.distance << " plies\n";
  for (const hilltb::RankedMove& m : prober.rank_moves(pos))
    std::cout << hilltb::to_uci(m.move) << ": opponent's result " << m.after.value.result << " in "
              << m.after.value.distance << "\n";
  std::cout << "line:";
  for (hilltb::Move m : prober.line(pos)) std::cout << " " << hilltb::to_uci(m);
  std::cout << "\n";
}
