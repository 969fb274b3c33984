#include "fen.h"

#include <cctype>
#include <charconv>
#include <sstream>
#include <vector>

#include "notation.h"

namespace hilltb {

namespace {

constexpr std::string_view PIECE_CHARS = " PNBRQK";

[[noreturn]] void fail(const std::string& what) { throw FenError("bad FEN: " + what); }

PieceType piece_type_of(char c) {
  const char upper = char(std::toupper(static_cast<unsigned char>(c)));
  const auto i = PIECE_CHARS.find(upper);
  return i == std::string_view::npos || i == 0 ? NO_PIECE_TYPE : PieceType(i);
}

// Fills pos from the placement field; returns the squares of '*' and 'x' (qoth).
void read_placement(std::string_view field, Position& pos, Bitboard& targets, Bitboard& blockers) {
  const bool qoth = pos.variant() == Variant::Qoth;
  int rank = 7, file = 0;
  for (std::size_t i = 0; i < field.size(); ++i) {
    const char c = field[i];
    const std::string rank_name = "rank " + std::to_string(rank + 1);
    if (c == '/') {
      if (file != 8) fail(rank_name + " describes " + std::to_string(file) + " squares, not 8");
      if (--rank < 0) fail("the placement has more than 8 ranks");
      file = 0;
      continue;
    }
    if (std::isdigit(static_cast<unsigned char>(c)) && (c < '1' || c > '8'))
      fail(rank_name + " holds the digit '" + c + "': runs of empty squares are 1 to 8");
    if (c >= '1' && c <= '8') {
      file += c - '0';
      if (file > 8) fail(rank_name + " describes more than 8 squares");
      continue;
    }
    if (file >= 8) fail(rank_name + " describes more than 8 squares");
    const Square s = make_square(file++, rank);
    if (qoth && (c == '*' || c == 'x')) {
      (c == '*' ? targets : blockers) |= square_bb(s);
      continue;
    }
    const PieceType pt = piece_type_of(c);
    if (pt == NO_PIECE_TYPE) fail(std::string("unknown piece letter '") + c + "' on " + square_name(s));
    if (qoth && pt == PAWN)
      fail("a pawn on " + square_name(s) +
           ": Queen of the Hill has only the fixed pawns, written '*' (target) and 'x' (blocker)");
    pos.put(make_piece(std::isupper(static_cast<unsigned char>(c)) ? WHITE : BLACK, pt), s);
  }
  if (rank != 0) fail("the placement has " + std::to_string(8 - rank) + " ranks, not 8");
  if (file != 8) fail("rank 1 describes " + std::to_string(file) + " squares, not 8");
}

int read_counter(std::string_view field, const char* what, int minimum) {
  int value = -1;
  auto [end, ec] = std::from_chars(field.data(), field.data() + field.size(), value);
  if (ec != std::errc() || end != field.data() + field.size() || value < minimum || value > 9999)
    fail(std::string(what) + " '" + std::string(field) + "' is not a number from " +
         std::to_string(minimum) + " to 9999");
  return value;
}

void read_castling(std::string_view field, Position& pos) {
  if (field == "-") return;
  std::uint8_t rights = 0;
  for (char c : field) {
    const auto i = std::string_view("KQkq").find(c);
    if (i == std::string_view::npos) fail(std::string("castling field holds '") + c + "'");
    const std::uint8_t right = std::uint8_t(1 << i);
    if (rights & right) fail(std::string("castling right '") + c + "' given twice");
    rights |= right;
  }
  for (char c : field) {
    const auto i = std::string_view("KQkq").find(c);
    const Color color = i < 2 ? WHITE : BLACK;
    const Square king = color == WHITE ? 4 : 60;
    const Square rook = king + (i % 2 == 0 ? 3 : -4);
    if (pos.piece_on(king) != make_piece(color, KING))
      fail(std::string("castling right '") + c + "' but no king on " + square_name(king));
    if (pos.piece_on(rook) != make_piece(color, ROOK))
      fail(std::string("castling right '") + c + "' but no rook on " + square_name(rook));
  }
  pos.set_castling(rights);
}

void read_en_passant(std::string_view field, Position& pos) {
  if (field == "-") return;
  const Square ep = parse_square(field);
  if (ep == SQ_NONE) fail("en-passant field '" + std::string(field) + "' is not a square");
  check_en_passant(pos, ep);
}

}  // namespace

void check_chess_position(const Position& pos) {
  for (Color c : {WHITE, BLACK}) {
    const char* side = c == WHITE ? "white" : "black";
    const int kings = popcount(pos.pieces(c, KING));
    if (kings != 1) fail(std::string(side) + " has " + std::to_string(kings) + " kings, not 1");
    if (popcount(pos.pieces(c, PAWN)) > 8) fail(std::string(side) + " has more than 8 pawns");
    if (popcount(pos.pieces(c)) > 16) fail(std::string(side) + " has more than 16 pieces");
  }
  if (pos.pieces(PAWN) & (RANK_1 | RANK_8)) fail("a pawn stands on the first or last rank");
  const Color them = ~pos.side_to_move();
  if (pos.attacked_by(pos.side_to_move(), pos.king_square(them)))
    fail(std::string("the side not to move (") + (them == WHITE ? "white" : "black") +
         ") is in check");
}

void check_qoth_position(Position& pos, Bitboard targets, Bitboard blockers, const Layout& layout) {
  if (popcount(targets) != 1)
    fail("Queen of the Hill needs exactly one target '*', found " + std::to_string(popcount(targets)));
  const Square target = lsb(targets);
  bool known_target = false;
  for (Square s : layout.targets) known_target |= s == target;
  if (!known_target)
    fail("the target on " + square_name(target) + " is none of layout '" + layout.name +
         "''s targets");
  if (blockers != layout.blocker_bb()) {
    std::string expected;
    for (Square s : layout.blockers) expected.append(" ").append(square_name(s));
    fail("the blockers 'x' must stand on layout '" + layout.name + "''s squares:" + expected);
  }
  pos.set_fixed(blockers, target);
  // The deck: 2 kings, 2 queens, 4 rooks, 4 bishops, 4 knights; five cards a player.
  constexpr int DECK[PIECE_TYPE_NB] = {0, 0, 4, 4, 4, 2, 2};
  for (PieceType pt : {KNIGHT, BISHOP, ROOK, QUEEN, KING})
    if (popcount(pos.pieces(pt)) > DECK[pt])
      fail(std::to_string(popcount(pos.pieces(pt))) + " pieces of kind '" + PIECE_CHARS[pt] +
           "', but the deck holds " + std::to_string(DECK[pt]));
  for (Color c : {WHITE, BLACK})
    if (popcount(pos.pieces(c)) > 5)
      fail(std::string(c == WHITE ? "P1" : "P2") + " has more than the 5 pieces a player is dealt");
}

void check_en_passant(Position& pos, Square ep) {
  const std::string name = square_name(ep);
  const Color us = pos.side_to_move();
  if (relative_rank(us, ep) != 5)
    fail("en-passant square " + name + " is not on the " + (us == WHITE ? "6th" : "3rd") +
         " rank for the side to move");
  const int up = us == WHITE ? 8 : -8;
  if (pos.piece_on(ep - up) != make_piece(~us, PAWN))
    fail("en-passant square " + name + " without a pawn that just moved past it");
  if (pos.piece_on(ep) != NO_PIECE || pos.piece_on(ep + up) != NO_PIECE)
    fail("en-passant square " + name + " or the square the pawn left is occupied");
  pos.set_en_passant(ep);
}

Position parse_fen(std::string_view fen, Variant variant, const Layout& layout) {
  std::istringstream in{std::string(fen)};
  std::vector<std::string> fields;
  for (std::string f; in >> f;) fields.push_back(f);
  if (fields.empty()) fail("the FEN is empty");
  if (fields.size() > 6) fail("more than six fields (extra: '" + fields[6] + "')");
  const bool qoth = variant == Variant::Qoth;
  auto field = [&](std::size_t i, std::string_view fallback) -> std::string_view {
    return i < fields.size() ? std::string_view(fields[i]) : fallback;
  };

  Position pos(variant);
  Bitboard targets = 0, blockers = 0;
  read_placement(fields[0], pos, targets, blockers);
  const std::string_view side = field(1, "w");
  if (side != "w" && side != "b") fail("side to move '" + std::string(side) + "' is not 'w' or 'b'");
  pos.set_side_to_move(side == "w" ? WHITE : BLACK);
  if (qoth) {
    if (field(2, "-") != "-") fail("Queen of the Hill has no castling; the field must be '-'");
    if (field(3, "-") != "-") fail("Queen of the Hill has no en passant; the field must be '-'");
    check_qoth_position(pos, targets, blockers, layout);
  } else {
    check_chess_position(pos);
    read_castling(field(2, "-"), pos);
    read_en_passant(field(3, "-"), pos);
  }
  pos.set_counters(read_counter(field(4, "0"), "halfmove clock", 0),
                   read_counter(field(5, "1"), "fullmove number", 1));
  return pos;
}

std::string to_fen(const Position& pos) {
  std::string out;
  for (int rank = 7; rank >= 0; --rank) {
    int empty = 0;
    for (int file = 0; file < 8; ++file) {
      const Square s = make_square(file, rank);
      const Piece p = pos.piece_on(s);
      char c = 0;
      if (p != NO_PIECE) {
        c = PIECE_CHARS[type_of(p)];
        if (color_of(p) == BLACK) c = char(std::tolower(static_cast<unsigned char>(c)));
      } else if (pos.fixed() & square_bb(s)) {
        c = s == pos.target() ? '*' : 'x';
      }
      if (!c) {
        ++empty;
        continue;
      }
      if (empty) out += char('0' + empty), empty = 0;
      out += c;
    }
    if (empty) out += char('0' + empty);
    if (rank) out += '/';
  }
  out += pos.side_to_move() == WHITE ? " w" : " b";
  if (pos.variant() == Variant::Qoth) return out;
  std::string castling;
  for (int i = 0; i < 4; ++i)
    if (pos.castling() & (1 << i)) castling += "KQkq"[i];
  const std::string ep = pos.en_passant() == SQ_NONE ? "-" : square_name(pos.en_passant());
  for (const std::string& field : {castling.empty() ? std::string("-") : castling, ep,
                                   std::to_string(pos.rule50()), std::to_string(pos.fullmove())})
    out.append(" ").append(field);
  return out;
}

}  // namespace hilltb
