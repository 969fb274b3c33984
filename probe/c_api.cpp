// The C interface of probe/hilltb.h over Prober. Every entry point runs inside
// `guarded`, so that no exception reaches the C caller.
#include <algorithm>
#include <atomic>
#include <cstring>
#include <memory>
#include <new>

#include "probe/hilltb.h"
#include "probe/prober.h"
#include "rules/fen.h"
#include "rules/notation.h"

struct hilltb_tables {
  hilltb::Prober prober;
  hilltb::TableCensus census;
};

namespace {

using namespace hilltb;

std::shared_ptr<const hilltb_t> global_set;  // read and written with std::atomic_load/store
thread_local std::string last_error;

void set_error(const char* message) noexcept {
  try {
    last_error = message;
  } catch (...) {
    last_error.clear();  // no memory for the message: the status still says what failed
  }
}

int fail(int code, const std::string& message) noexcept {
  set_error(message.c_str());
  return code;
}

// Runs f, turning anything it throws into a status and a message.
template <typename F>
int guarded(F&& f) noexcept {
  try {
    return f();
  } catch (const std::bad_alloc&) {
    set_error("out of memory");
    return HILLTB_NO_MEMORY;
  } catch (const std::exception& e) {
    set_error(e.what());
    return HILLTB_INTERNAL;
  } catch (...) {
    set_error("an unknown exception");
    return HILLTB_INTERNAL;
  }
}

int status_of(ProbeStatus s) {
  switch (s) {
    case ProbeStatus::Ok: return 0;
    case ProbeStatus::Missing: return HILLTB_MISSING;
    case ProbeStatus::Corrupt: return HILLTB_CORRUPT;
    case ProbeStatus::NotCovered: return HILLTB_NOT_COVERED;
    case ProbeStatus::Malformed: return HILLTB_BAD_POSITION;
    case ProbeStatus::Io: return HILLTB_IO_ERROR;
  }
  return HILLTB_INTERNAL;
}

int result_code(const Value& v) { return v.result > 0 ? HILLTB_WIN : v.result < 0 ? HILLTB_LOSS : HILLTB_DRAW; }

// A probe's result as the C functions return it.
int answer(const ProbeResult& r, int* dtm, int* points) {
  if (!r.ok()) return fail(status_of(r.status), r.error);
  if (dtm) *dtm = r.value.distance;
  if (points) *points = r.value.points;
  last_error.clear();
  return result_code(r.value);
}

// A DTZ probe's result as hilltb_probe_dtz returns it: the category at `clock`, and
// the signed DTZ (0 for a draw).
int answer_dtz(const ProbeResult& r, unsigned clock, int* dtz) {
  if (!r.ok()) return fail(status_of(r.status), r.error);
  if (dtz) *dtz = r.value.result * r.value.distance;
  last_error.clear();
  return int(category_of(r.value, int(std::min(clock, 1000u))));
}

int bad_position(const std::string& why) { return fail(HILLTB_BAD_POSITION, "bad position: " + why); }

// A position from a board, checked as parse_fen checks a FEN; 0 or a failure status.
int place(const hilltb_t& h, const hilltb_board& b, Position& pos) {
  const Variant v = h.prober.variant();
  const bool qoth = v == Variant::Qoth;
  if (b.white & b.black) return bad_position("square " + square_name(lsb(b.white & b.black)) + " is both white and black");
  const std::uint64_t by_type[PIECE_TYPE_NB] = {0, b.pawns, b.knights, b.bishops, b.rooks, b.queens, b.kings};
  std::uint64_t seen = 0;
  for (int pt = PAWN; pt <= KING; ++pt) {
    if (by_type[pt] & seen) return bad_position("square " + square_name(lsb(by_type[pt] & seen)) + " holds two kinds of piece");
    seen |= by_type[pt];
  }
  if (seen != (b.white | b.black))
    return bad_position("square " + square_name(lsb(seen ^ (b.white | b.black))) +
                        (seen & ~(b.white | b.black) ? " holds a piece of no colour" : " holds a colour but no piece"));
  pos = Position(v);
  pos.set_side_to_move(b.white_to_move ? WHITE : BLACK);
  for (int pt = qoth ? KNIGHT : PAWN; pt <= KING; ++pt)
    for (Bitboard bb = by_type[pt]; bb;) {
      const Square s = pop_lsb(bb);
      pos.put(make_piece(b.white & square_bb(s) ? WHITE : BLACK, PieceType(pt)), s);
    }
  const auto strip = [](const FenError& e) {
    const std::string what = e.what();
    return what.rfind("bad FEN: ", 0) == 0 ? what.substr(9) : what;
  };
  try {
    if (qoth) {
      if (b.ep) return bad_position("Queen of the Hill has no en passant");
      check_qoth_position(pos, b.pawns & b.white, b.pawns & b.black, h.prober.layout());
    } else {
      check_chess_position(pos);
      if (b.ep > 63) return bad_position("en-passant square " + std::to_string(b.ep) + " is off the board");
      if (b.ep) check_en_passant(pos, Square(b.ep));
    }
  } catch (const FenError& e) {
    return bad_position(strip(e));
  }
  if (b.castling) return fail(HILLTB_NOT_COVERED, "castling rights: not in the tables");
  return 0;
}

// The position of a FEN for the handle's variant; 0 or a failure status.
int parse(const hilltb_t& h, const char* fen, Position& pos) {
  if (!fen) return fail(HILLTB_BAD_ARGUMENT, "fen is NULL");
  try {
    pos = parse_fen(fen, h.prober.variant(), h.prober.layout());
  } catch (const FenError& e) {
    return fail(HILLTB_BAD_POSITION, e.what());
  }
  return 0;
}

int root_moves(const hilltb_t& h, const Position& pos, hilltb_move* moves, unsigned capacity) {
  const ProbeResult root = h.prober.probe(pos);
  if (root.status == ProbeStatus::NotCovered) return fail(HILLTB_NOT_COVERED, root.error);
  const auto ranked = h.prober.rank_moves(pos);
  if (ranked.size() > capacity)
    return fail(HILLTB_BAD_ARGUMENT, "the position has " + std::to_string(ranked.size()) +
                                         " moves, the buffer holds " + std::to_string(capacity));
  for (std::size_t i = 0; i < ranked.size(); ++i) {
    const RankedMove& rm = ranked[i];
    hilltb_move& out = moves[i];
    out = hilltb_move{};
    const std::string uci = to_uci(rm.move);
    std::memcpy(out.uci, uci.c_str(), std::min(uci.size() + 1, sizeof out.uci - 1));
    const bool pass = rm.move.kind() == Move::PASS;
    out.from = pass ? 0 : rm.move.from();
    out.to = pass ? 0 : rm.move.to();
    out.promotion = rm.move.is_promotion() ? "  nbrq"[rm.move.promoted()] : 0;
    if (!rm.after.ok()) {
      out.result = status_of(rm.after.status);
      continue;
    }
    const Value mover = move_value(rm.after.value);
    out.result = result_code(mover);
    out.dtm = mover.distance;
    out.points = mover.points;
  }
  last_error.clear();
  return int(ranked.size());
}

int bad_handle() { return fail(HILLTB_BAD_ARGUMENT, "the handle is NULL"); }

std::shared_ptr<const hilltb_t> global() {
  return std::atomic_load(&global_set);
}

int not_initialised() { return fail(HILLTB_NOT_INITIALISED, "hilltb_init was not called (or hilltb_free was)"); }

// What making a table set checks of its directories: hilltb_open wants at least one
// and lists each (its census); hilltb_init takes them as given.
enum class DirCheck { Census, None };

// The handle's table set, or a status: a bad argument or, with DirCheck::Census, a
// directory it cannot list.
int make_set(const char* paths, int variant, unsigned cache_mb, DirCheck check, std::unique_ptr<hilltb_t>& out) {
  if (variant != HILLTB_CHESS && variant != HILLTB_KOTH && variant != HILLTB_QOTH)
    return fail(HILLTB_BAD_ARGUMENT, "unknown variant " + std::to_string(variant) +
                                         " (HILLTB_CHESS, HILLTB_KOTH or HILLTB_QOTH)");
  if (!paths) return fail(HILLTB_BAD_ARGUMENT, "paths is NULL");
  ProberOptions options;
  options.variant = variant == HILLTB_CHESS ? Variant::Chess : variant == HILLTB_KOTH ? Variant::Koth : Variant::Qoth;
  options.cache_bytes = std::size_t(cache_mb ? cache_mb : 64) << 20;
  options.dirs = split_table_dirs(paths);
  if (check == DirCheck::Census && options.dirs.empty()) return fail(HILLTB_BAD_ARGUMENT, "no directory in paths '" + std::string(paths) + "'");
  Prober prober(std::move(options));
  TableCensus census = check == DirCheck::Census ? prober.census() : TableCensus{};
  if (!census.unreadable.empty()) return fail(HILLTB_IO_ERROR, "cannot list " + census.unreadable.front());
  out.reset(new hilltb_t{std::move(prober), std::move(census)});
  return 0;
}

}  // namespace

extern "C" hilltb_t* hilltb_open(const char* paths, int variant, unsigned cache_mb, int* status) {
  std::unique_ptr<hilltb_t> h;
  const int s = guarded([&] {
    const int made = make_set(paths, variant, cache_mb, DirCheck::Census, h);
    if (made == 0) last_error.clear();
    return made == 0 ? int(std::min<std::size_t>(h->census.tables, 1u << 30)) : made;
  });
  if (status) *status = s;
  return s < 0 ? nullptr : h.release();
}

extern "C" void hilltb_close(hilltb_t* h) { delete h; }

extern "C" int hilltb_table_count(const hilltb_t* h) {
  return h ? int(std::min<std::size_t>(h->census.tables, 1u << 30)) : bad_handle();
}

extern "C" int hilltb_largest(const hilltb_t* h) { return h ? h->census.largest : bad_handle(); }

extern "C" int hilltb_probe_board(const hilltb_t* h, const hilltb_board* board, int* dtm, int* points) {
  return guarded([&] {
    if (!h) return bad_handle();
    if (!board) return fail(HILLTB_BAD_ARGUMENT, "board is NULL");
    Position pos;
    if (const int s = place(*h, *board, pos)) return s;
    return answer(h->prober.probe(pos), dtm, points);
  });
}

extern "C" int hilltb_probe_text(const hilltb_t* h, const char* fen, int* dtm, int* points) {
  return guarded([&] {
    if (!h) return bad_handle();
    Position pos;
    if (const int s = parse(*h, fen, pos)) return s;
    return answer(h->prober.probe(pos), dtm, points);
  });
}

extern "C" int hilltb_probe_dtz(const hilltb_t* h, const hilltb_board* board, unsigned rule50, int* dtz) {
  return guarded([&] {
    if (!h) return bad_handle();
    if (!board) return fail(HILLTB_BAD_ARGUMENT, "board is NULL");
    Position pos;
    if (const int s = place(*h, *board, pos)) return s;
    return answer_dtz(h->prober.probe_dtz(pos), rule50, dtz);
  });
}

extern "C" int hilltb_probe_dtz_text(const hilltb_t* h, const char* fen, int* dtz) {
  return guarded([&] {
    if (!h) return bad_handle();
    Position pos;
    if (const int s = parse(*h, fen, pos)) return s;
    return answer_dtz(h->prober.probe_dtz(pos), unsigned(pos.rule50()), dtz);
  });
}

extern "C" int hilltb_root_moves(const hilltb_t* h, const hilltb_board* board, hilltb_move* moves, unsigned capacity) {
  return guarded([&] {
    if (!h) return bad_handle();
    if (!board || !moves) return fail(HILLTB_BAD_ARGUMENT, board ? "moves is NULL" : "board is NULL");
    Position pos;
    if (const int s = place(*h, *board, pos)) return s;
    return root_moves(*h, pos, moves, capacity);
  });
}

extern "C" int hilltb_root_moves_text(const hilltb_t* h, const char* fen, hilltb_move* moves, unsigned capacity) {
  return guarded([&] {
    if (!h) return bad_handle();
    if (!moves) return fail(HILLTB_BAD_ARGUMENT, "moves is NULL");
    Position pos;
    if (const int s = parse(*h, fen, pos)) return s;
    if (pos.castling()) return fail(HILLTB_NOT_COVERED, "castling rights: not in the tables");
    return root_moves(*h, pos, moves, capacity);
  });
}

extern "C" int hilltb_init(const char* paths, int variant, unsigned cache_mb) {
  return guarded([&] {
           std::unique_ptr<hilltb_t> h;
           if (make_set(paths, variant, cache_mb, DirCheck::None, h) != 0) return 0;
           std::atomic_store(&global_set, std::shared_ptr<const hilltb_t>(std::move(h)));
           last_error.clear();
           return 1;
         }) == 1;
}

extern "C" void hilltb_free(void) {
  guarded([] {
    std::atomic_store(&global_set, std::shared_ptr<const hilltb_t>());
    return 0;
  });
}

extern "C" int hilltb_probe(uint64_t white, uint64_t black, uint64_t kings, uint64_t queens, uint64_t rooks,
                            uint64_t bishops, uint64_t knights, uint64_t pawns, unsigned ep, unsigned castling,
                            int white_to_move, int* dtm) {
  return guarded([&] {
    const auto set = global();
    if (!set) return not_initialised();
    const hilltb_board board{white, black, kings, queens, rooks, bishops, knights, pawns, ep, castling, white_to_move};
    return hilltb_probe_board(set.get(), &board, dtm, nullptr);
  });
}

extern "C" int hilltb_probe_fen(const char* fen, int* dtm, int* points) {
  return guarded([&] {
    const auto set = global();
    if (!set) return not_initialised();
    return hilltb_probe_text(set.get(), fen, dtm, points);
  });
}

extern "C" const char* hilltb_last_error(void) { return last_error.c_str(); }
