// A 64-bit Zobrist key of a Queen of the Hill position: its pieces and the side to
// move. The fixed pawns are left out: they are the same in every position of a search.
#pragma once

#include <array>
#include <cstdint>

#include "rules/bitboard.h"
#include "rules/position.h"

namespace hilltb {

namespace detail {
struct ZobristKeys {
  std::array<std::array<std::uint64_t, 64>, 16> piece{};  // by Piece (colour * 8 + type)
  std::uint64_t black_to_move = 0;
  ZobristKeys() {
    std::uint64_t state = 0x9E3779B97F4A7C15ULL;  // splitmix64 from a fixed seed
    auto next = [&state] {
      std::uint64_t z = (state += 0x9E3779B97F4A7C15ULL);
      z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
      z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
      return z ^ (z >> 31);
    };
    for (auto& squares : piece)
      for (auto& k : squares) k = next();
    black_to_move = next();
  }
};
inline const ZobristKeys zobrist_keys;
}  // namespace detail

inline std::uint64_t position_key(const Position& pos) {
  std::uint64_t key = pos.side_to_move() == BLACK ? detail::zobrist_keys.black_to_move : 0;
  for (Bitboard b = pos.pieces(); b;) {
    const Square s = pop_lsb(b);
    key ^= detail::zobrist_keys.piece[pos.piece_on(s)][s];
  }
  return key;
}

// position_key of pos after the qoth move m (a normal move, a capture or the pass),
// from pos's key without replaying the move.
inline std::uint64_t position_key_after(const Position& pos, std::uint64_t key, Move m) {
  const auto& z = detail::zobrist_keys;
  key ^= z.black_to_move;
  if (m.kind() == Move::PASS) return key;
  const Piece moved = pos.piece_on(m.from());
  key ^= z.piece[moved][m.from()] ^ z.piece[moved][m.to()];
  if (const Piece victim = pos.piece_on(m.to()); victim != NO_PIECE) key ^= z.piece[victim][m.to()];
  return key;
}

}  // namespace hilltb
