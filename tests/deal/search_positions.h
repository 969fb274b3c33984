// Positions and checks shared by the deal solver's tests: random positions of a
// material on the ring layout, and the certificate checker run on a search's proofs.
#pragma once

#include <gtest/gtest.h>

#include <cstdlib>
#include <random>
#include <string_view>
#include <vector>

#include "deal/check_certificate.h"
#include "deal/endgame_tables.h"
#include "rules/fen.h"
#include "rules/layout.h"

namespace hilltb::search_positions {

inline const char* tables_dir() {
  const char* env = std::getenv("HILLTB_TEST_TABLES");
  return env ? env : HILLTB_TEST_TABLES;
}

struct Piece2 {
  Color color;
  PieceType type;
};

inline std::vector<Piece2> pieces_of(std::string_view material) {
  std::vector<Piece2> out;
  Color c = WHITE;
  for (char ch : material) {
    if (ch == 'v') { c = BLACK; continue; }
    if (ch == '-') continue;
    const PieceType pt = ch == 'K' ? KING : ch == 'Q' ? QUEEN : ch == 'R' ? ROOK : ch == 'B' ? BISHOP : KNIGHT;
    out.push_back({c, pt});
  }
  return out;
}

// A random position of `material` on the ring layout with target e5.
inline Position random_position(const std::vector<Piece2>& pieces, std::mt19937_64& rng) {
  Position pos(Variant::Qoth);
  pos.set_fixed(ring_layout().blocker_bb(), ring_layout().targets[0]);
  for (const Piece2& p : pieces) {
    Square s;
    do s = Square(rng() % 64);
    while ((pos.occupied() >> s) & 1);
    pos.put(make_piece(p.color, p.type), s);
  }
  pos.set_side_to_move(rng() & 1 ? WHITE : BLACK);
  return pos;
}

// The proofs of a search's bounds, checked by the independent checker against the
// tables up to `table_pieces` pieces the position can reach.
inline void expect_proofs_verify(const Position& pos, int table_pieces, const std::vector<BoundProof>& proofs) {
  if (proofs.empty()) return;
  const TableDirs dirs{tables_dir()};
  const auto files = table_files(ring_layout(), reachable_materials(pos, table_pieces));
  const CertificateVerdict v = check_certificate({ring_layout().to_text(), table_refs(dirs, files), proofs}, dirs);
  EXPECT_EQ(v.error, "") << to_fen(pos);
  for (const ProofVerdict& p : v.proofs) EXPECT_TRUE(p.ok) << p.describe();
}

}  // namespace hilltb::search_positions
