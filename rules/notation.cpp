#include "notation.h"

#include "outcome.h"

namespace hilltb {

namespace {
constexpr char PIECE_LETTERS[] = " PNBRQK";
}

std::string square_name(Square s) {
  return {char('a' + file_of(s)), char('1' + rank_of(s))};
}

Square parse_square(std::string_view text) {
  if (text.size() != 2 || text[0] < 'a' || text[0] > 'h' || text[1] < '1' || text[1] > '8')
    return SQ_NONE;
  return make_square(text[0] - 'a', text[1] - '1');
}

std::string to_uci(Move m) {
  if (m.kind() == Move::PASS) return "0000";
  std::string s = square_name(m.from()) + square_name(m.to());
  if (m.is_promotion()) s += char(PIECE_LETTERS[m.promoted()] + ('a' - 'A'));
  return s;
}

std::string to_san(const Position& pos, const MoveList& legal, Move m) {
  if (m.kind() == Move::PASS) return "--";
  const Square from = m.from(), to = m.to();
  const PieceType pt = type_of(pos.piece_on(from));
  const bool capture = m.kind() == Move::EN_PASSANT || pos.piece_on(to) != NO_PIECE;
  std::string san;
  if (m.kind() == Move::CASTLING) {
    san = to > from ? "O-O" : "O-O-O";
  } else if (pt == PAWN) {
    if (capture) san = {char('a' + file_of(from)), 'x'};
    san += square_name(to);
    if (m.is_promotion()) san += {'=', PIECE_LETTERS[m.promoted()]};
  } else {
    san = PIECE_LETTERS[pt];
    // Disambiguate by file, else by rank, else by both.
    bool others = false, same_file = false, same_rank = false;
    for (Move o : legal) {
      if (o == m || o.to() != to || o.kind() == Move::PASS ||
          type_of(pos.piece_on(o.from())) != pt)
        continue;
      others = true;
      same_file |= file_of(o.from()) == file_of(from);
      same_rank |= rank_of(o.from()) == rank_of(from);
    }
    if (others) {
      if (!same_file) san += char('a' + file_of(from));
      else if (!same_rank) san += char('1' + rank_of(from));
      else san += square_name(from);
    }
    if (capture) san += 'x';
    san += square_name(to);
  }
  if (pos.variant() != Variant::Qoth) {
    Position next = pos;
    next.play(m);
    if (next.in_check()) san += outcome(next).reason == Termination::Checkmate ? '#' : '+';
  }
  return san;
}

std::string to_san(const Position& pos, Move m) {
  MoveList legal;
  generate_legal(pos, legal);
  return to_san(pos, legal, m);
}

std::optional<Move> parse_move(const Position& pos, std::string_view text) {
  while (!text.empty() && (text.back() == '+' || text.back() == '#')) text.remove_suffix(1);
  MoveList legal;
  generate_legal(pos, legal);
  for (Move m : legal) {
    std::string san = to_san(pos, legal, m);
    while (!san.empty() && (san.back() == '+' || san.back() == '#')) san.pop_back();
    if (text == to_uci(m) || text == san) return m;
  }
  return std::nullopt;
}

}  // namespace hilltb
