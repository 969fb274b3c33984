// qoth_reference.cpp - see qoth_reference.h. Rules follow docs/rules.md:
//  * target '*' and blockers 'x' never move, can't be captured or landed on,
//    and block sliders; knights jump over them;
//  * pieces move and capture as in chess, but there is no check (kings are
//    ordinary pieces), no castling, promotion or en passant;
//  * a claim is an attack on the target square; a player's check holds when
//    its claims outnumber the opponent's pieces;
//  * at the start of a turn, if the mover's check holds, the mover wins with
//    points = its claims; else it moves; with no move it passes ("0000") if
//    the opponent could move, otherwise the hand is a draw.

#include "qoth_reference.h"

#include <algorithm>
#include <sstream>
#include <stdexcept>

namespace qoth_ref {
namespace {

struct Step {
  int df, dr;
};

const Step kKnight[8] = {{1, 2}, {2, 1}, {2, -1}, {1, -2}, {-1, -2}, {-2, -1}, {-2, 1}, {-1, 2}};
const Step kKing[8] = {{1, 0}, {1, 1}, {0, 1}, {-1, 1}, {-1, 0}, {-1, -1}, {0, -1}, {1, -1}};
const Step kRook[4] = {{1, 0}, {0, 1}, {-1, 0}, {0, -1}};
const Step kBishop[4] = {{1, 1}, {-1, 1}, {-1, -1}, {1, -1}};

bool on_board(int f, int r) { return f >= 0 && f < 8 && r >= 0 && r < 8; }

bool is_p1(char c) { return c == 'K' || c == 'Q' || c == 'R' || c == 'B' || c == 'N'; }
bool is_p2(char c) { return c == 'k' || c == 'q' || c == 'r' || c == 'b' || c == 'n'; }
bool owned_by(char c, bool p1) { return p1 ? is_p1(c) : is_p2(c); }

// Piece type in upper case ('K','Q','R','B','N').
char kind(char c) { return (c >= 'a' && c <= 'z') ? char(c - 'a' + 'A') : c; }

std::string square_name(int s) {
  return std::string{char('a' + s % 8), char('1' + s / 8)};
}

// Calls visit(target_square) for every square the piece on s attacks:
// empty squares and occupied squares alike (the first occupied square on a
// slider's line is included, the line stops there).
template <class Visit>
void for_each_attack(const Board& b, int s, Visit visit) {
  const char k = kind(b.sq[s]);
  const int f0 = s % 8, r0 = s / 8;
  auto jumps = [&](const Step* steps) {
    for (int i = 0; i < 8; ++i) {
      int f = f0 + steps[i].df, r = r0 + steps[i].dr;
      if (on_board(f, r)) visit(f + 8 * r);
    }
  };
  auto slides = [&](const Step* steps) {
    for (int i = 0; i < 4; ++i) {
      int f = f0 + steps[i].df, r = r0 + steps[i].dr;
      while (on_board(f, r)) {
        visit(f + 8 * r);
        if (b.sq[f + 8 * r] != '.') break;  // anything blocks the line
        f += steps[i].df;
        r += steps[i].dr;
      }
    }
  };
  if (k == 'N') jumps(kKnight);
  if (k == 'K') jumps(kKing);
  if (k == 'R' || k == 'Q') slides(kRook);
  if (k == 'B' || k == 'Q') slides(kBishop);
}

int target_square(const Board& b) {
  for (int s = 0; s < 64; ++s)
    if (b.sq[s] == '*') return s;
  return -1;  // parse() guarantees this does not happen
}

// Number of side p1's pieces attacking the target square.
int claims(const Board& b, bool p1) {
  const int t = target_square(b);
  int n = 0;
  for (int s = 0; s < 64; ++s) {
    if (!owned_by(b.sq[s], p1)) continue;
    bool hits = false;
    for_each_attack(b, s, [&](int to) { hits = hits || to == t; });
    if (hits) ++n;
  }
  return n;
}

int piece_count(const Board& b, bool p1) {
  int n = 0;
  for (int s = 0; s < 64; ++s)
    if (owned_by(b.sq[s], p1)) ++n;
  return n;
}

// Ordinary (non-pass) moves of side p1, ignoring game end.
std::vector<std::string> piece_moves(const Board& b, bool p1) {
  std::vector<std::string> out;
  for (int s = 0; s < 64; ++s) {
    if (!owned_by(b.sq[s], p1)) continue;
    for_each_attack(b, s, [&](int to) {
      const char c = b.sq[to];
      // Land on empty squares or capture enemy pieces; never on own pieces,
      // the target or blockers.
      if (c == '.' || owned_by(c, !p1)) out.push_back(square_name(s) + square_name(to));
    });
  }
  return out;
}

int parse_square(const std::string& u, size_t i) {
  const char f = u[i], r = u[i + 1];
  if (f < 'a' || f > 'h' || r < '1' || r > '8') throw std::invalid_argument("bad square in move: " + u);
  return (f - 'a') + 8 * (r - '1');
}

// Makes uci on b without checking legality.
Board apply(const Board& b, const std::string& uci) {
  Board n = b;
  n.p1_to_move = !b.p1_to_move;
  if (uci == "0000") return n;  // the pass only hands the turn over
  const int from = parse_square(uci, 0), to = parse_square(uci, 2);
  n.sq[to] = n.sq[from];  // a capture simply overwrites the enemy piece
  n.sq[from] = '.';
  return n;
}

}  // namespace

Board parse(const std::string& fen) {
  std::istringstream in(fen);
  std::string placement, side;
  if (!(in >> placement)) throw std::invalid_argument("empty FEN");
  if (!(in >> side)) side = "w";
  if (side != "w" && side != "b") throw std::invalid_argument("bad side to move: " + side);

  Board b;
  std::fill(b.sq, b.sq + 64, '.');
  b.p1_to_move = (side == "w");

  int rank = 7, file = 0, targets = 0;
  for (char c : placement) {
    if (c == '/') {
      if (file != 8 || rank == 0) throw std::invalid_argument("bad rank in FEN: " + placement);
      --rank;
      file = 0;
    } else if (c >= '1' && c <= '8') {
      file += c - '0';
      if (file > 8) throw std::invalid_argument("rank too long in FEN: " + placement);
    } else if (is_p1(c) || is_p2(c) || c == '*' || c == 'x') {
      if (file >= 8) throw std::invalid_argument("rank too long in FEN: " + placement);
      if (c == '*') ++targets;
      b.sq[file + 8 * rank] = c;
      ++file;
    } else {
      throw std::invalid_argument(std::string("bad character in FEN: ") + c);
    }
  }
  if (rank != 0 || file != 8) throw std::invalid_argument("FEN does not describe 8 full ranks: " + placement);
  if (targets != 1) throw std::invalid_argument("FEN needs exactly one target '*': " + placement);
  return b;
}

Verdict verdict(const Board& b) {
  const bool me = b.p1_to_move;
  // The mover's check is tested first, whether or not it could move.
  const int mine = claims(b, me);
  if (mine > piece_count(b, !me)) return {true, +1, mine};
  // Not over while either side can move (the mover moves or passes).
  if (!piece_moves(b, me).empty() || !piece_moves(b, !me).empty()) return {false, 0, 0};
  return {true, 0, 0};  // nobody can move: draw
}

std::vector<std::string> legal_moves(const Board& b) {
  if (verdict(b).over) return {};
  std::vector<std::string> moves = piece_moves(b, b.p1_to_move);
  if (moves.empty()) moves.push_back("0000");  // the opponent can move (not over)
  return moves;
}

Board play(const Board& b, const std::string& uci) {
  const std::vector<std::string> moves = legal_moves(b);
  if (std::find(moves.begin(), moves.end(), uci) == moves.end())
    throw std::invalid_argument("illegal move: " + uci);
  return apply(b, uci);
}

uint64_t perft(const Board& b, int depth) {
  if (depth <= 0) return 1;
  const std::vector<std::string> moves = legal_moves(b);
  if (depth == 1) return moves.size();
  uint64_t n = 0;
  for (const std::string& m : moves) n += perft(apply(b, m), depth - 1);
  return n;
}

}  // namespace qoth_ref
