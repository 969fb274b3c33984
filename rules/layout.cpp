#include "layout.h"

#include <cctype>
#include <map>
#include <sstream>
#include <vector>

#include "notation.h"

namespace hilltb {

namespace {

constexpr std::string_view RING_TEXT =
    "# The default layout of docs/rules.md\n"
    "name ring\n"
    "blockers c3 f3 c6 f6\n"
    "targets e5 e4 d4 d5\n"
    "p1 b1 d1 f1 c2 e2\n"
    "p2 g8 e8 c8 f7 d7\n";

template <std::size_t N>
void read_squares(const std::vector<std::string>& words, std::size_t line_no,
                  std::array<Square, N>& out) {
  const std::string& key = words[0];
  if (words.size() - 1 != N)
    throw LayoutError("line " + std::to_string(line_no) + ": '" + key + "' needs " +
                      std::to_string(N) + " squares, got " + std::to_string(words.size() - 1));
  for (std::size_t i = 0; i < N; ++i) {
    Square s = parse_square(words[i + 1]);
    if (s == SQ_NONE)
      throw LayoutError("line " + std::to_string(line_no) + ": '" + words[i + 1] +
                        "' is not a square on the board (a1..h8)");
    out[i] = s;
  }
}

// Every square the layout uses must be used once: fixed pawns, set-up squares and
// their right-shifted twins never share a square.
void check_overlaps(const Layout& l) {
  std::map<Square, std::string> used;
  auto claim = [&](Square s, const std::string& what) {
    auto [it, fresh] = used.emplace(s, what);
    if (!fresh)
      throw LayoutError("square " + square_name(s) + " is used twice: " + it->second + " and " +
                        what);
  };
  for (int i = 0; i < 4; ++i) claim(l.blockers[i], "blocker " + std::to_string(i + 1));
  for (int i = 0; i < 4; ++i) claim(l.targets[i], "target " + std::to_string(i + 1));
  for (Color c : {WHITE, BLACK}) {
    const std::string who = c == WHITE ? "p1" : "p2";
    for (int i = 0; i < 5; ++i) {
      const Square s = l.setup[c][i];
      const int shifted_file = file_of(s) + (c == WHITE ? 1 : -1);
      if (shifted_file < 0 || shifted_file > 7)
        throw LayoutError(who + " set-up square " + std::to_string(i + 1) + " (" +
                          square_name(s) + ") has no square to its right (" +
                          (c == WHITE ? "P1's right is toward the h-file" :
                                        "P2's right is toward the a-file") + ")");
      claim(s, who + " set-up square " + std::to_string(i + 1));
      claim(l.shifted(c, i), who + " set-up square " + std::to_string(i + 1) + " shifted");
    }
  }
}

}  // namespace

Bitboard Layout::blocker_bb() const {
  Bitboard b = 0;
  for (Square s : blockers) b |= square_bb(s);
  return b;
}

Color Layout::first_to_move(int hand) const {
  const int r = rank_of(targets[hand]);
  return r > 7 - r ? WHITE : BLACK;
}

std::string Layout::to_text() const {
  std::string out = "name " + name + "\n";
  auto line = [&](std::string_view key, auto const& squares) {
    out += key;
    for (Square s : squares) out.append(" ").append(square_name(s));
    out += "\n";
  };
  line("blockers", blockers);
  line("targets", targets);
  line("p1", setup[WHITE]);
  line("p2", setup[BLACK]);
  return out;
}

Layout parse_layout(std::string_view text, std::string_view fallback_name) {
  Layout l;
  l.name = fallback_name;
  std::istringstream in{std::string(text)};
  std::string raw;
  std::map<std::string, std::size_t> seen;
  for (std::size_t line_no = 1; std::getline(in, raw); ++line_no) {
    raw = raw.substr(0, raw.find('#'));
    std::istringstream words_in(raw);
    std::vector<std::string> words;
    for (std::string w; words_in >> w;) words.push_back(w);
    if (words.empty()) continue;
    const std::string& key = words[0];
    if (seen.count(key))
      throw LayoutError("line " + std::to_string(line_no) + ": '" + key +
                        "' given twice (first on line " + std::to_string(seen[key]) + ")");
    seen[key] = line_no;
    if (key == "name") {
      if (words.size() != 2)
        throw LayoutError("line " + std::to_string(line_no) + ": 'name' takes one word");
      for (char ch : words[1])
        if (!std::isalnum(static_cast<unsigned char>(ch)) && ch != '-' && ch != '_')
          throw LayoutError("line " + std::to_string(line_no) + ": layout name '" + words[1] +
                            "' may hold only letters, digits, '-' and '_'");
      l.name = words[1];
    } else if (key == "blockers") {
      read_squares(words, line_no, l.blockers);
    } else if (key == "targets") {
      read_squares(words, line_no, l.targets);
    } else if (key == "p1") {
      read_squares(words, line_no, l.setup[WHITE]);
    } else if (key == "p2") {
      read_squares(words, line_no, l.setup[BLACK]);
    } else {
      throw LayoutError("line " + std::to_string(line_no) + ": unknown key '" + key +
                        "' (expected name, blockers, targets, p1, p2)");
    }
  }
  for (const char* key : {"blockers", "targets", "p1", "p2"})
    if (!seen.count(key)) throw LayoutError(std::string("missing '") + key + "' line");
  if (l.name.empty()) throw LayoutError("the layout has no name");
  check_overlaps(l);
  return l;
}

const Layout& ring_layout() {
  static const Layout ring = parse_layout(RING_TEXT, "ring");
  return ring;
}

}  // namespace hilltb
