#include "movegen.h"

namespace hilltb {

namespace {

template <Color Us>
constexpr Bitboard shift_up(Bitboard b) { return Us == WHITE ? b << 8 : b >> 8; }
template <Color Us>
constexpr int up() { return Us == WHITE ? 8 : -8; }

// Our pieces pinned to our king at ksq.
Bitboard pinned_pieces(const Position& pos, Color us, Square ksq) {
  const Color them = ~us;
  Bitboard snipers = (rook_attacks(ksq, 0) & pos.pieces(them) & pos.pieces(ROOK, QUEEN)) |
                     (bishop_attacks(ksq, 0) & pos.pieces(them) & pos.pieces(BISHOP, QUEEN));
  Bitboard pinned = 0;
  const Bitboard occ = pos.occupied();
  while (snipers) {
    Bitboard b = between(ksq, pop_lsb(snipers)) & occ;
    if (b && !more_than_one(b)) pinned |= b & pos.pieces(us);
  }
  return pinned;
}

// Where chess_moves puts its moves: push(m) takes one move, add(from, dests) a piece's
// moves to the squares of dests.
struct ListSink {
  MoveList& list;
  void push(Move m) { list.push(m); }
  void add(Square from, Bitboard dests) {
    while (dests) list.push(Move(from, pop_lsb(dests)));
  }
};
// The captures and promotions into a list, the other moves only counted.
struct CountingSink {
  MoveList& noisy;
  Bitboard enemies;
  int quiet = 0;
  void push(Move m) {
    if (m.is_promotion() || m.kind() == Move::EN_PASSANT || (square_bb(m.to()) & enemies)) noisy.push(m);
    else ++quiet;
  }
  void add(Square from, Bitboard dests) {
    quiet += popcount(dests & ~enemies);
    for (Bitboard b = dests & enemies; b;) noisy.push(Move(from, pop_lsb(b)));
  }
};

template <typename Sink>
void add_promotions(Sink& sink, Square from, Square to) {
  for (PieceType pt : {QUEEN, ROOK, BISHOP, KNIGHT}) sink.push(Move::promotion(from, to, pt));
}

// Pawn moves that land in `target` (all squares, or the ones that answer a check).
template <Color Us, typename Sink>
void pawn_moves(const Position& pos, Sink& sink, Bitboard target,
                Bitboard pinned, Square ksq) {
  constexpr Color Them = ~Us;
  constexpr Bitboard last_rank = Us == WHITE ? RANK_8 : RANK_1;
  constexpr Bitboard third_rank = Us == WHITE ? RANK_1 << 16 : RANK_1 << 40;
  const Bitboard empty = ~pos.occupied();
  const Bitboard enemies = pos.pieces(Them) & target;
  Bitboard pawns = pos.pieces(Us, PAWN);
  // Pinned pawns move only along the pin line.
  auto allowed = [&](Square from, Square to) {
    return !(pinned & square_bb(from)) || (line(ksq, from) & square_bb(to));
  };
  while (pawns) {
    const Square from = pop_lsb(pawns);
    const Bitboard from_bb = square_bb(from);
    Bitboard single = shift_up<Us>(from_bb) & empty;
    Bitboard dests = (single | (shift_up<Us>(single & third_rank) & empty)) & target;
    dests |= pawn_attacks(Us, from) & enemies;
    while (dests) {
      const Square to = pop_lsb(dests);
      if (!allowed(from, to)) continue;
      if (square_bb(to) & last_rank) add_promotions(sink, from, to);
      else sink.push(Move(from, to));
    }
  }
  // En passant: tested by occupancy after the capture, which covers pins along the
  // rank (two pieces leave it at once) and checks by the captured pawn alike.
  const Square ep = pos.en_passant();
  if (ep == SQ_NONE) return;
  Bitboard capturers = pawn_attacks(Them, ep) & pos.pieces(Us, PAWN);
  const Square captured = ep - up<Us>();
  while (capturers) {
    const Square from = pop_lsb(capturers);
    const Bitboard occ = (pos.occupied() ^ square_bb(from) ^ square_bb(captured)) | square_bb(ep);
    if (!(pos.attackers_to(ksq, occ) & pos.pieces(Them) & ~square_bb(captured)))
      sink.push(Move(from, ep, Move::EN_PASSANT));
  }
}

template <Color Us, typename Sink>
void castling_moves(const Position& pos, Sink& sink, Square ksq) {
  constexpr Color Them = ~Us;
  const std::uint8_t rights = pos.castling() >> (Us == WHITE ? 0 : 2);
  const Bitboard occ = pos.occupied();
  auto safe = [&](Square s) { return !(pos.attackers_to(s, occ) & pos.pieces(Them)); };
  if ((rights & 1) && !(between(ksq, ksq + 3) & occ) && safe(ksq + 1) && safe(ksq + 2))
    sink.push(Move(ksq, ksq + 2, Move::CASTLING));
  if ((rights & 2) && !(between(ksq, ksq - 4) & occ) && safe(ksq - 1) && safe(ksq - 2))
    sink.push(Move(ksq, ksq - 2, Move::CASTLING));
}

// The squares the opponent attacks given the occupancy: one lookup a piece of theirs,
// not one attackers_to a square our king might step to.
template <Color Us>
Bitboard attacked_by_them(const Position& pos, Bitboard occ) {
  constexpr Color Them = ~Us;
  Bitboard a = pawn_attacks_bb(Them, pos.pieces(Them, PAWN)) | king_attacks(pos.king_square(Them));
  for (Bitboard b = pos.pieces(Them, KNIGHT); b;) a |= knight_attacks(pop_lsb(b));
  for (Bitboard b = pos.pieces(Them, BISHOP) | pos.pieces(Them, QUEEN); b;) a |= bishop_attacks(pop_lsb(b), occ);
  for (Bitboard b = pos.pieces(Them, ROOK) | pos.pieces(Them, QUEEN); b;) a |= rook_attacks(pop_lsb(b), occ);
  return a;
}

template <Color Us, typename Sink>
void chess_moves(const Position& pos, Sink& sink) {
  constexpr Color Them = ~Us;
  const Square ksq = pos.king_square(Us);
  const Bitboard us = pos.pieces(Us);
  const Bitboard occ = pos.occupied();
  const Bitboard checkers = pos.attackers_to(ksq, occ) & pos.pieces(Them);

  // King steps, tested with the king lifted so that it can't hide behind itself.
  if (Bitboard dests = king_attacks(ksq) & ~us) sink.add(ksq, dests & ~attacked_by_them<Us>(pos, occ ^ square_bb(ksq)));
  if (more_than_one(checkers)) return;

  // Out of a single check: capture the checker or block the line.
  const Bitboard target = checkers ? between(ksq, lsb(checkers)) | checkers : ~us;
  const Bitboard pinned = pinned_pieces(pos, Us, ksq);
  for (PieceType pt : {KNIGHT, BISHOP, ROOK, QUEEN}) {
    Bitboard bb = pos.pieces(Us, pt);
    while (bb) {
      const Square from = pop_lsb(bb);
      Bitboard d = piece_attacks(pt, from, occ) & target;
      if (pinned & square_bb(from)) d &= line(ksq, from);
      sink.add(from, d);
    }
  }
  pawn_moves<Us>(pos, sink, target, pinned, ksq);
  if (!checkers && pos.castling()) castling_moves<Us>(pos, sink, ksq);
}

// Chess and koth: the side to move's moves into sink (none once a koth king is on the hill).
template <typename Sink>
void chess_or_koth_moves(const Position& pos, Sink& sink) {
  if (pos.variant() == Variant::Koth && (pos.pieces(KING) & HILL)) return;
  pos.side_to_move() == WHITE ? chess_moves<WHITE>(pos, sink) : chess_moves<BLACK>(pos, sink);
}

// Adds colour us's piece moves to list, or with no list only tells whether there is one.
bool qoth_piece_moves(const Position& pos, Color us, MoveList* list) {
  bool any = false;
  for (Bitboard bb = pos.pieces(us); bb;) {
    const Square from = pop_lsb(bb);
    Bitboard d = qoth_targets(pos, from);
    any |= d != 0;
    if (!list) {
      if (any) return true;
      continue;
    }
    while (d) list->push(Move(from, pop_lsb(d)));
  }
  return any;
}

}  // namespace

int qoth_claims(const Position& pos, Color c) {
  return popcount(pos.attackers_to(pos.target(), pos.occupied()) & pos.pieces(c));
}

bool qoth_check_holds(const Position& pos, Color c) {
  return qoth_claims(pos, c) > popcount(pos.pieces(~c));
}

bool qoth_can_move(const Position& pos, Color c) { return qoth_piece_moves(pos, c, nullptr); }

void generate_legal(const Position& pos, MoveList& list) {
  list.size = 0;
  const Color us = pos.side_to_move();
  switch (pos.variant()) {
    case Variant::Koth:
    case Variant::Chess: {
      ListSink sink{list};
      chess_or_koth_moves(pos, sink);
      return;
    }
    case Variant::Qoth: {
      if (qoth_check_holds(pos, us)) return;
      if (!qoth_piece_moves(pos, us, &list) && qoth_can_move(pos, ~us)) list.push(Move::pass());
      return;
    }
  }
}

int generate_legal_counting_quiet(const Position& pos, MoveList& noisy) {
  noisy.size = 0;
  CountingSink sink{noisy, pos.pieces(~pos.side_to_move())};
  chess_or_koth_moves(pos, sink);
  return sink.quiet;
}

}  // namespace hilltb
