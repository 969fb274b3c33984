#include "bitboard.h"

#include <vector>

namespace hilltb {

namespace detail {
Magic rook_magics[64];
Magic bishop_magics[64];
Bitboard pawn_attack_table[2][64];
Bitboard knight_table[64];
Bitboard king_table[64];
Bitboard between_table[64][64];
Bitboard line_table[64][64];
}  // namespace detail

namespace {

using namespace detail;

constexpr int ROOK_DIRS[4][2] = {{1, 0}, {-1, 0}, {0, 1}, {0, -1}};
constexpr int BISHOP_DIRS[4][2] = {{1, 1}, {1, -1}, {-1, 1}, {-1, -1}};

// Rays from s in four directions, stopping at (and including) the first occupied square.
Bitboard slide(const int (&dirs)[4][2], Square s, Bitboard occupied) {
  Bitboard result = 0;
  for (const auto& d : dirs) {
    int f = file_of(s) + d[0], r = rank_of(s) + d[1];
    while (on_board(f, r)) {
      Square t = make_square(f, r);
      result |= square_bb(t);
      if (occupied & square_bb(t)) break;
      f += d[0], r += d[1];
    }
  }
  return result;
}

Bitboard step_targets(Square s, const int (*steps)[2], int count) {
  Bitboard result = 0;
  for (int i = 0; i < count; ++i) {
    int f = file_of(s) + steps[i][0], r = rank_of(s) + steps[i][1];
    if (on_board(f, r)) result |= square_bb(make_square(f, r));
  }
  return result;
}

// xorshift64*: the fixed seed makes the magic search, and so start-up, deterministic.
struct Rng {
  std::uint64_t state = 0x9E3779B97F4A7C15ULL;
  std::uint64_t next() {
    state ^= state >> 12, state ^= state << 25, state ^= state >> 27;
    return state * 2685821657736338717ULL;
  }
  std::uint64_t sparse() { return next() & next() & next(); }
};

void init_magics(Magic* magics, std::vector<Bitboard>& storage, const int (&dirs)[4][2]) {
  Rng rng;
  std::vector<Bitboard> occupancies, references;
  std::vector<int> epoch;
  // Space for every square's table first, so that pointers into storage stay valid.
  std::size_t total = 0;
  Bitboard masks[64];
  for (Square s = 0; s < 64; ++s) {
    Bitboard edges = ((RANK_1 | RANK_8) & ~(RANK_1 << (8 * rank_of(s)))) |
                     ((FILE_A | FILE_H) & ~(FILE_A << file_of(s)));
    masks[s] = slide(dirs, s, 0) & ~edges;
    total += std::size_t(1) << popcount(masks[s]);
  }
  storage.assign(total, 0);
  std::size_t offset = 0;
  for (Square s = 0; s < 64; ++s) {
    Magic& m = magics[s];
    m.mask = masks[s];
    m.shift = 64 - popcount(m.mask);
    Bitboard* table = storage.data() + offset;
    m.attacks = table;
    std::size_t size = std::size_t(1) << popcount(m.mask);
    offset += size;
    // Carry-rippler enumeration of every subset of the mask.
    occupancies.clear(), references.clear();
    Bitboard b = 0;
    do {
      occupancies.push_back(b);
      references.push_back(slide(dirs, s, b));
      b = (b - m.mask) & m.mask;
    } while (b);
    epoch.assign(size, 0);
    for (int attempt = 1;; ++attempt) {
      do m.magic = rng.sparse();
      while (popcount((m.mask * m.magic) >> 56) < 6);
      std::size_t i = 0;
      for (; i < occupancies.size(); ++i) {
        unsigned idx = m.index(occupancies[i]);
        if (epoch[idx] < attempt) {
          epoch[idx] = attempt;
          table[idx] = references[i];
        } else if (table[idx] != references[i]) {
          break;
        }
      }
      if (i == occupancies.size()) break;
    }
  }
}

std::vector<Bitboard> rook_storage, bishop_storage;

void init_all() {
  constexpr int knight_steps[8][2] = {{1, 2}, {2, 1}, {2, -1}, {1, -2},
                                      {-1, -2}, {-2, -1}, {-2, 1}, {-1, 2}};
  constexpr int king_steps[8][2] = {{1, 0}, {1, 1}, {0, 1}, {-1, 1},
                                    {-1, 0}, {-1, -1}, {0, -1}, {1, -1}};
  for (Square s = 0; s < 64; ++s) {
    knight_table[s] = step_targets(s, knight_steps, 8);
    king_table[s] = step_targets(s, king_steps, 8);
    pawn_attack_table[WHITE][s] = pawn_attacks_bb(WHITE, square_bb(s));
    pawn_attack_table[BLACK][s] = pawn_attacks_bb(BLACK, square_bb(s));
  }
  init_magics(rook_magics, rook_storage, ROOK_DIRS);
  init_magics(bishop_magics, bishop_storage, BISHOP_DIRS);
  for (Square a = 0; a < 64; ++a) {
    for (Square b = 0; b < 64; ++b) {
      between_table[a][b] = line_table[a][b] = 0;
      if (a == b) continue;
      for (const auto* dirs : {&ROOK_DIRS, &BISHOP_DIRS}) {
        if (!(slide(*dirs, a, 0) & square_bb(b))) continue;
        line_table[a][b] = (slide(*dirs, a, 0) & slide(*dirs, b, 0)) | square_bb(a) | square_bb(b);
        between_table[a][b] = slide(*dirs, a, square_bb(b)) & slide(*dirs, b, square_bb(a));
      }
    }
  }
}

// Filled before main(); no object at namespace scope elsewhere may use the tables.
[[maybe_unused]] const bool initialised = (init_all(), true);

}  // namespace

Bitboard piece_attacks(PieceType pt, Square s, Bitboard occupied) {
  switch (pt) {
    case KNIGHT: return knight_attacks(s);
    case BISHOP: return bishop_attacks(s, occupied);
    case ROOK: return rook_attacks(s, occupied);
    case QUEEN: return queen_attacks(s, occupied);
    case KING: return king_attacks(s);
    default: return 0;
  }
}

}  // namespace hilltb
