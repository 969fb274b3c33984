// hilltb uci: a UCI engine that plays the tables' best move (King of the Hill and
// chess; Queen of the Hill with its own FEN), and says so by `info string` when a
// position is not in the tables.
#include <iostream>
#include <map>
#include <sstream>

#include "commands.h"
#include "common.h"
#include "probe/prober.h"
#include "rules/fen.h"
#include "rules/notation.h"

namespace hilltb::cli {

namespace {

struct UciOptions {
  VariantOptions variant;
  std::string tables;
  std::size_t cache_mb = 256;
};

// The UCI_Variant names of the variants, as Fairy-Stockfish and lichess spell them.
const std::map<std::string, std::string> UCI_VARIANTS = {
    {"chess", "chess"}, {"kingofthehill", "koth"}, {"queenofthehill", "qoth"}};

class UciEngine {
 public:
  explicit UciEngine(const UciOptions& opts) : opts_(opts), variant_(opts.variant.variant) {}

  // Answers one line of input; false after `quit`.
  bool handle(const std::string& line) {
    std::istringstream in(line);
    std::string command;
    in >> command;
    if (command == "uci") {
      std::cout << "id name hilltb\nid author the hilltb authors\n"
                << "option name UCI_Variant type combo default " << uci_name(variant_)
                << " var chess var kingofthehill var queenofthehill\nuciok\n";
    } else if (command == "isready") {
      std::cout << "readyok\n";
    } else if (command == "setoption") {
      set_option(in);
    } else if (command == "ucinewgame") {
      have_position_ = false;
    } else if (command == "position") {
      set_position(in);
    } else if (command == "go") {
      go();
    } else if (command == "quit") {
      return false;
    } else if (!command.empty()) {
      std::cout << "info string unknown command '" << command << "'\n";
    }
    std::cout << std::flush;
    return true;
  }

 private:
  static std::string uci_name(const std::string& variant) {
    for (const auto& [uci, ours] : UCI_VARIANTS)
      if (ours == variant) return uci;
    return variant;
  }

  const Prober& prober() {
    if (!prober_ || prober_->variant() != parsed()) {
      VariantOptions v = opts_.variant;
      v.variant = variant_;
      prober_ = std::make_unique<Prober>(ProberOptions{split_table_dirs(opts_.tables), v.parsed_variant(),
                                                       opts_.cache_mb << 20, v.load_layout()});
    }
    return *prober_;
  }
  Variant parsed() const {
    Variant v = Variant::Koth;
    parse_variant(variant_, v);
    return v;
  }

  void set_option(std::istringstream& in) {
    std::string word, name, value;
    in >> word;  // "name"
    while (in >> word && word != "value") name += (name.empty() ? "" : " ") + word;
    in >> value;
    if (name != "UCI_Variant") return;
    const auto it = UCI_VARIANTS.find(value);
    if (it == UCI_VARIANTS.end()) {
      std::cout << "info string unknown variant '" << value << "'\n";
      return;
    }
    variant_ = it->second;
    have_position_ = false;
  }

  void set_position(std::istringstream& in) {
    have_position_ = false;
    std::string word, fen;
    in >> word;
    if (word == "startpos") {
      fen = std::string(START_FEN);
      in >> word;
    } else if (word == "fen") {
      while (in >> word && word != "moves") fen += (fen.empty() ? "" : " ") + word;
    }
    try {
      pos_ = parse_fen(fen, parsed(), prober().layout());
    } catch (const FenError& e) {
      std::cout << "info string " << e.what() << "\n";
      return;
    }
    while (in >> word) {
      MoveList legal;
      generate_legal(pos_, legal);
      bool found = false;
      for (Move m : legal)
        if (to_uci(m) == word) {
          pos_.play(m);
          found = true;
          break;
        }
      if (!found) {
        std::cout << "info string illegal move " << word << "\n";
        return;
      }
    }
    have_position_ = true;
  }

  void go() {
    if (!have_position_) {
      std::cout << "info string no position\nbestmove 0000\n";
      return;
    }
    const auto ranked = prober().rank_moves(pos_);
    if (ranked.empty()) {
      std::cout << "info string the game is over\nbestmove 0000\n";
      return;
    }
    const RankedMove& best = ranked.front();
    if (!best.after.ok()) {
      std::cout << "info string not in the tables: " << best.after.error << "\n";
    } else {
      const Value v = move_value(best.after.value);
      std::cout << "info depth " << std::max(1, v.distance) << " score ";
      if (v.result == 0) std::cout << "cp 0";
      else std::cout << "mate " << (v.result > 0 ? (v.distance + 1) / 2 : -(v.distance / 2));
      std::cout << " pv " << to_uci(best.move) << "\n";
    }
    std::cout << "bestmove " << to_uci(best.move) << "\n";
  }

  const UciOptions& opts_;
  std::string variant_;  // hilltb's name: chess, koth, qoth
  std::unique_ptr<Prober> prober_;
  Position pos_;
  bool have_position_ = false;
};

}  // namespace

void add_uci_command(CLI::App& app) {
  auto opts = std::make_shared<UciOptions>();
  CLI::App* cmd = app.add_subcommand("uci", "a UCI engine playing the tables' best move");
  opts->variant.add_to(*cmd);
  cmd->add_option("--tables", opts->tables, "the table directories, separated by ':'")->required();
  cmd->add_option("--cache-mb", opts->cache_mb, "block cache size in MiB")->capture_default_str();
  cmd->callback([opts] {
    UciEngine engine(*opts);
    for (std::string line; std::getline(std::cin, line);)
      if (!engine.handle(line)) break;
  });
}

}  // namespace hilltb::cli
