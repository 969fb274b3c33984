#include "bitboard.h"

#include <cstdlib>
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

// Magic multipliers per square: each maps every subset of the square's mask to its own
// slot (or to one holding the same attacks). Found once by a search of sparse random
// numbers (xorshift64*, the AND of three draws, a fixed seed) and kept as a table: a
// search at every start would cost each run of the command about a quarter second.
constexpr Bitboard ROOK_MAGICS[64] = {
    0x1080004008801020ULL, 0x0840092002C03000ULL, 0x1900200010400900ULL, 0x0880100008000480ULL,
    0x4200100420080200ULL, 0x8100020100080400ULL, 0x0200040110886200ULL, 0x0200008040220411ULL,
    0x0404800084400220ULL, 0x0000401000402000ULL, 0x0086001081220440ULL, 0x0408800800100280ULL,
    0x000A001201040820ULL, 0x8848800200840080ULL, 0x4001000100040200ULL, 0x0442000102105084ULL,
    0x9080010020804100ULL, 0x0040404000201009ULL, 0x0000808010002009ULL, 0x2200090021D00100ULL,
    0x0008008008040080ULL, 0x0004004002010040ULL, 0x0011040008015042ULL, 0x00000A0001768104ULL,
    0x0000800080204009ULL, 0x2010004140002001ULL, 0x9800200280100080ULL, 0x1000100080080080ULL,
    0x0442000A00049020ULL, 0x2100040080020080ULL, 0x0800120400900148ULL, 0x0010040A00128541ULL,
    0x2800804000800030ULL, 0x1010002000400041ULL, 0x4000200011004100ULL, 0x0610008410800800ULL,
    0x0400802402800800ULL, 0xC100020080800400ULL, 0x0002000802000401ULL, 0x0182085882000401ULL,
    0x0220204000808000ULL, 0x2860100040024022ULL, 0x0001002004110040ULL, 0x99101042000A0020ULL,
    0x0004080004008080ULL, 0x0010040002008080ULL, 0x2012004881020004ULL, 0x8300842444820011ULL,
    0x0088403882010200ULL, 0x0820400080210100ULL, 0x0110910040A00300ULL, 0x0801100280080480ULL,
    0x0242009008200600ULL, 0x1002000489500200ULL, 0x0040800200010080ULL, 0x0091800041000080ULL,
    0x0000209300488001ULL, 0x04C1002414824001ULL, 0x020020000B001041ULL, 0x7000100004200901ULL,
    0x8002002004100802ULL, 0x30010002084C0007ULL, 0x0888221800813004ULL, 0x4000002840840112ULL};
constexpr Bitboard BISHOP_MAGICS[64] = {
    0x10102002004A1420ULL, 0x8020040400584008ULL, 0x10510800811201C8ULL, 0x5204042080000088ULL,
    0x2204106880000002ULL, 0x1401042004000000ULL, 0x0400880410042004ULL, 0x0028208200A02020ULL,
    0x1500241990010E00ULL, 0x8001200182020A40ULL, 0x40004101030B0000ULL, 0x8002041042000100ULL,
    0x4010011041020038ULL, 0x0000010421044000ULL, 0x1500210808020A00ULL, 0x8000088400880520ULL,
    0x0405004010040100ULL, 0x1005823210040108ULL, 0x2708008102040011ULL, 0x4048200404009100ULL,
    0x0018104101400024ULL, 0x0003000601190101ULL, 0x8004803108491000ULL, 0x8014241200820800ULL,
    0x0006E080100C3040ULL, 0x0501044A11041800ULL, 0x9020300008004045ULL, 0x0894080000220040ULL,
    0x1001010083104000ULL, 0x5004030040900080ULL, 0x000400422C012400ULL, 0x0002128698404812ULL,
    0x1010108404900440ULL, 0x0928021182084100ULL, 0x2006080409020024ULL, 0x1010202020180080ULL,
    0xA010008200202200ULL, 0x2098015100019004ULL, 0x0002041440810811ULL, 0x802A02020000B098ULL,
    0x0009015090004060ULL, 0x4000821082081001ULL, 0x0100210040420800ULL, 0x0800004010488A00ULL,
    0x2000081104004040ULL, 0x4C8E029015000082ULL, 0x0420340322224842ULL, 0x1298260043400210ULL,
    0x0000822802400008ULL, 0x00008A0101600000ULL, 0x3040003412080021ULL, 0x3040290220884800ULL,
    0x4A1500401041004AULL, 0x8010200282020781ULL, 0x0020203142209091ULL, 0x0070300600902110ULL,
    0x0040808800B62048ULL, 0x0000810400C44420ULL, 0x00080400440C0441ULL, 0x8340080020840411ULL,
    0x0000000104208200ULL, 0x0000800810D00080ULL, 0x0400530411080200ULL, 0x4040702400932244ULL};

void init_magics(Magic* magics, std::vector<Bitboard>& storage, const int (&dirs)[4][2], const Bitboard (&numbers)[64]) {
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
    m.magic = numbers[s];
    m.attacks = storage.data() + offset;
    // Carry-rippler enumeration of every subset of the mask. No slider's attacks are
    // empty, so a zero slot is a free one.
    Bitboard b = 0;
    do {
      Bitboard& slot = storage[offset + m.index(b)];
      const Bitboard attacks = slide(dirs, s, b);
      if (slot && slot != attacks) std::abort();  // a wrong multiplier: never with these
      slot = attacks;
      b = (b - m.mask) & m.mask;
    } while (b);
    offset += std::size_t(1) << popcount(m.mask);
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
  init_magics(rook_magics, rook_storage, ROOK_DIRS, ROOK_MAGICS);
  init_magics(bishop_magics, bishop_storage, BISHOP_DIRS, BISHOP_MAGICS);
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

}  // namespace hilltb
