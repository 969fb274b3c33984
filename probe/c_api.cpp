// The C interface of probe/hilltb.h over Prober.
#include <atomic>
#include <memory>
#include <sstream>

#include "probe/hilltb.h"
#include "probe/prober.h"

namespace {

using namespace hilltb;

std::shared_ptr<const Prober> global_prober;  // read with std::atomic_load
thread_local std::string last_error;

int fail(int code, std::string message) {
  last_error = std::move(message);
  return code;
}

// A legal position from bitboards, or false.
bool build(Position& pos, const uint64_t* by_type, uint64_t white, uint64_t black, int white_to_move) {
  if (white & black) return false;
  for (int pt = PAWN; pt <= KING; ++pt)
    for (Bitboard b = by_type[pt]; b;) {
      const Square s = pop_lsb(b);
      if (pos.piece_on(s) != NO_PIECE || !((white | black) & square_bb(s))) return false;
      pos.put(make_piece(white & square_bb(s) ? WHITE : BLACK, PieceType(pt)), s);
    }
  if (pos.pieces() != (white | black)) return false;
  if (popcount(pos.pieces(WHITE, KING)) != 1 || popcount(pos.pieces(BLACK, KING)) != 1) return false;
  if (pos.pieces(PAWN) & (RANK_1 | RANK_8)) return false;
  pos.set_side_to_move(white_to_move ? WHITE : BLACK);
  const Color us = pos.side_to_move();
  return !pos.attacked_by(us, pos.king_square(~us));
}

// A probe's result as the C functions return it.
int answer(const ProbeResult& r, int* dtm, int* points) {
  if (!r.ok()) {
    const int code = r.status == ProbeStatus::Missing   ? HILLTB_MISSING
                     : r.status == ProbeStatus::Corrupt   ? HILLTB_CORRUPT
                     : r.status == ProbeStatus::Malformed ? HILLTB_BAD_POSITION
                                                          : HILLTB_NOT_COVERED;
    return fail(code, r.error);
  }
  if (dtm) *dtm = r.value.distance;
  if (points) *points = r.value.points;
  last_error.clear();
  return r.value.result > 0 ? HILLTB_WIN : r.value.result < 0 ? HILLTB_LOSS : HILLTB_DRAW;
}

}  // namespace

extern "C" int hilltb_init(const char* paths, int variant, unsigned cache_mb) {
  if (variant != HILLTB_CHESS && variant != HILLTB_KOTH && variant != HILLTB_QOTH) return 0;
  ProberOptions options;
  options.variant = variant == HILLTB_CHESS ? Variant::Chess : variant == HILLTB_KOTH ? Variant::Koth : Variant::Qoth;
  options.cache_bytes = std::size_t(cache_mb ? cache_mb : 64) << 20;
  std::istringstream in(paths ? paths : "");
  for (std::string dir; std::getline(in, dir, ':');)
    if (!dir.empty()) options.dirs.push_back(dir);
  std::atomic_store(&global_prober, std::shared_ptr<const Prober>(std::make_shared<Prober>(options)));
  return 1;
}

extern "C" void hilltb_free(void) { std::atomic_store(&global_prober, std::shared_ptr<const Prober>()); }

extern "C" int hilltb_probe(uint64_t white, uint64_t black, uint64_t kings, uint64_t queens, uint64_t rooks,
                            uint64_t bishops, uint64_t knights, uint64_t pawns, unsigned ep, unsigned castling,
                            int white_to_move, int* dtm) {
  const auto prober = std::atomic_load(&global_prober);
  if (!prober) return fail(HILLTB_NOT_INITIALISED, "hilltb_init was not called");
  Position pos(prober->variant());
  const uint64_t by_type[PIECE_TYPE_NB] = {0, pawns, knights, bishops, rooks, queens, kings};
  if (!build(pos, by_type, white, black, white_to_move))
    return fail(HILLTB_BAD_POSITION, "not a legal position (pieces, kings, pawns or check)");
  if (castling) return fail(HILLTB_NOT_COVERED, "castling rights: not in the tables");
  if (ep) {
    if (ep > 63) return fail(HILLTB_BAD_POSITION, "en-passant square off the board");
    pos.set_en_passant(Square(ep));
  }
  return answer(prober->probe(pos), dtm, nullptr);
}

extern "C" int hilltb_probe_fen(const char* fen, int* dtm, int* points) {
  const auto prober = std::atomic_load(&global_prober);
  if (!prober) return fail(HILLTB_NOT_INITIALISED, "hilltb_init was not called");
  return answer(prober->probe_fen(fen ? fen : ""), dtm, points);
}

extern "C" const char* hilltb_last_error(void) { return last_error.c_str(); }
