// An engine written in C++ against the installed library: the Prober class.
// Usage: consumer_cpp TABLE_DIR. Prints the value of a KQvK position and its line.
#include <iostream>

#include "probe/prober.h"
#include "rules/fen.h"
#include "rules/notation.h"

int main(int argc, char** argv) {
  if (argc < 2) return 2;
  const hilltb::Prober prober({{argv[1]}, hilltb::Variant::Koth});
  const hilltb::Position pos = hilltb::parse_fen("8/8/8/8/8/2k5/8/KQ6 w - - 0 1", hilltb::Variant::Koth);
  const hilltb::ProbeResult r = prober.probe(pos);
  if (!r.ok()) {
    std::cerr << r.error << "\n";
    return 1;
  }
  std::cout << "C++: KQvK " << (r.value.result > 0 ? "win" : "not a win") << " in " << r.value.distance
            << " plies, line";
  for (hilltb::Move m : prober.line(pos)) std::cout << " " << hilltb::to_uci(m);
  std::cout << "\n";
}
