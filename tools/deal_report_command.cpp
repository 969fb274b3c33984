// hilltb deal report: a summary of a `deal solve --all` results file, and an SVG chart
// of the outcomes per hand.
#include <algorithm>
#include <array>
#include <fstream>
#include <iomanip>
#include <iostream>
#include <map>
#include <nlohmann/json.hpp>

#include "commands.h"

namespace hilltb::cli {

namespace {

struct Line {
  std::string setup;
  int hand = 0;
  char mover = 'w';
  int lower = 0, upper = 0;
  bool exact() const { return lower == upper; }
};

std::vector<Line> read_lines(const std::string& path) {
  std::ifstream in(path);
  if (!in) throw std::runtime_error("cannot read " + path);
  std::vector<Line> lines;
  int number = 0;
  for (std::string text; std::getline(in, text);) {
    ++number;
    const auto j = nlohmann::json::parse(text, nullptr, false);
    if (!j.is_object() || !j.contains("lower") || !j.contains("upper") || !j.contains("fen"))
      throw std::runtime_error(path + ":" + std::to_string(number) + ": not a deal result line");
    Line l;
    l.setup = j.value("setup", "");
    l.hand = l.setup.size() > 1 && l.setup[1] == ':' ? l.setup[0] - '0' : 0;
    const std::string fen = j["fen"];
    const auto space = fen.find(' ');
    l.mover = space == std::string::npos ? 'w' : fen[space + 1];
    l.lower = j["lower"], l.upper = j["upper"];
    lines.push_back(l);
  }
  return lines;
}

// Columns: exact values -5..+5, then bounded.
constexpr int COLUMNS = 12;
int column(const Line& l) { return l.exact() ? l.lower + 5 : 11; }
std::string column_name(int c) {
  if (c == 11) return "bounded";
  return (c > 5 ? "+" : "") + std::to_string(c - 5);
}

std::string colour(int c) {
  static const std::array<const char*, COLUMNS> colours = {
      "#67000d", "#a50f15", "#cb181d", "#ef3b2c", "#fc9272", "#bdbdbd",
      "#a1d99b", "#74c476", "#41ab5d", "#238b45", "#005a32", "#fff7bc"};
  return colours[std::size_t(c)];
}

void write_svg(const std::string& path, const std::map<int, std::array<int, COLUMNS>>& rows) {
  const int width = 760, left = 90, bar = 28, gap = 14, top = 40;
  const int height = top + int(rows.size()) * (bar + gap) + 70;
  std::ofstream svg(path + ".tmp");
  svg << "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"" << width << "\" height=\"" << height
      << "\" font-family=\"sans-serif\" font-size=\"12\">\n"
      << "<rect width=\"100%\" height=\"100%\" fill=\"white\"/>\n"
      << "<text x=\"" << left << "\" y=\"22\" font-size=\"15\">Queen of the Hill set-ups: value for the first "
         "mover, by hand</text>\n";
  int y = top;
  for (const auto& [hand, counts] : rows) {
    int total = 0;
    for (int n : counts) total += n;
    svg << "<text x=\"10\" y=\"" << y + bar / 2 + 4 << "\">" << (hand ? "hand " + std::to_string(hand) : "other")
        << "</text>\n";
    double x = left;
    for (int c = 0; c < COLUMNS; ++c) {
      if (!counts[c]) continue;
      const double w = double(width - left - 20) * counts[c] / std::max(total, 1);
      svg << "<rect x=\"" << x << "\" y=\"" << y << "\" width=\"" << w << "\" height=\"" << bar << "\" fill=\""
          << colour(c) << "\" stroke=\"#555\" stroke-width=\"0.5\"><title>" << column_name(c) << ": " << counts[c]
          << "</title></rect>\n";
      x += w;
    }
    y += bar + gap;
  }
  for (int c = 0; c < COLUMNS; ++c) {
    const int lx = left + c * 55, ly = y + 10;
    svg << "<rect x=\"" << lx << "\" y=\"" << ly << "\" width=\"12\" height=\"12\" fill=\"" << colour(c)
        << "\" stroke=\"#555\" stroke-width=\"0.5\"/><text x=\"" << lx + 15 << "\" y=\"" << ly + 11 << "\">"
        << column_name(c) << "</text>\n";
  }
  svg << "</svg>\n";
  svg.close();
  if (!svg) throw std::runtime_error("cannot write " + path);
  std::filesystem::rename(path + ".tmp", path);
}

}  // namespace

void add_deal_report_command(CLI::App& deal) {
  struct Options {
    std::string results, svg;
    int widest = 10;
  };
  auto opts = std::make_shared<Options>();
  CLI::App* cmd = deal.add_subcommand("report", "summarise a deal results file, with an SVG chart");
  cmd->add_option("results", opts->results, "the results file of `deal solve --all`")->required();
  cmd->add_option("--svg", opts->svg, "where the chart goes (default: RESULTS.svg)");
  cmd->add_option("--widest", opts->widest, "how many of the widest bounds to list (default 10)");
  cmd->callback([opts] {
    const auto lines = read_lines(opts->results);
    std::map<int, std::array<int, COLUMNS>> by_hand;
    std::map<char, std::array<int, COLUMNS>> by_mover;
    int exact = 0;
    double width = 0;
    for (const Line& l : lines) {
      by_hand[l.hand][std::size_t(column(l))]++;
      by_mover[l.mover][std::size_t(column(l))]++;
      exact += l.exact();
      width += l.upper - l.lower;
    }
    std::cout << lines.size() << " positions: " << exact << " exact, " << lines.size() - exact << " bounded";
    if (!lines.empty()) std::cout << ", mean bound width " << std::fixed << std::setprecision(2) << width / double(lines.size());
    std::cout << "\n\nexact values (first mover's score) and bounded, per hand:\n" << std::setw(8) << "";
    for (int c = 0; c < COLUMNS; ++c) std::cout << std::setw(8) << column_name(c);
    std::cout << "\n";
    auto print_row = [](const std::string& name, const std::array<int, COLUMNS>& counts) {
      std::cout << std::setw(8) << name;
      for (int n : counts) std::cout << std::setw(8) << n;
      std::cout << "\n";
    };
    for (const auto& [hand, counts] : by_hand) print_row(hand ? "hand " + std::to_string(hand) : "other", counts);
    std::cout << "per first mover:\n";
    for (const auto& [mover, counts] : by_mover) print_row(mover == 'w' ? "P1" : "P2", counts);

    std::vector<const Line*> widest;
    for (const Line& l : lines) if (!l.exact()) widest.push_back(&l);
    std::stable_sort(widest.begin(), widest.end(),
                     [](const Line* a, const Line* b) { return a->upper - a->lower > b->upper - b->lower; });
    if (!widest.empty()) std::cout << "\nwidest bounds:\n";
    for (std::size_t i = 0; i < widest.size() && int(i) < opts->widest; ++i)
      std::cout << "  " << widest[i]->setup << "  " << widest[i]->lower << " <= score <= " << widest[i]->upper << "\n";
    const std::string svg = opts->svg.empty() ? opts->results + ".svg" : opts->svg;
    write_svg(svg, by_hand);
    std::cout << "\nchart: " << svg << "\n";
  });
}

}  // namespace hilltb::cli
