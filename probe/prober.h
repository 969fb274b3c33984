// The probing library: answers positions from table files, thread-safe.
//
// A table whose file stores one side to move answers the other by a one-ply search
// (formats/successors.h): some thirty lookups instead of one.
// Tables open lazily on first use (no file handle for a table never probed), are
// memory-mapped, and their decompressed blocks sit in a bounded cache shared by all
// threads. Errors are values: a missing or corrupt table, an unreadable file or
// directory, a position the tables don't cover (castling rights, too many pieces) come
// back in the result; no probe throws.
#pragma once

#include <cstdint>
#include <filesystem>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "formats/value.h"
#include "formats/zeroing.h"
#include "rules/layout.h"
#include "rules/movegen.h"

namespace hilltb {

enum class ProbeStatus {
  Ok,          // value holds the answer
  Missing,     // no table for this material in the directories
  Corrupt,     // the table file is damaged (error names it)
  NotCovered,  // castling rights, or more pieces than any table holds
  Malformed,   // the FEN given to probe_fen is not a legal position (error says why)
  Io,          // a file or directory could not be read (error names it and why)
};

struct ProbeResult {
  ProbeStatus status = ProbeStatus::Ok;
  Value value;        // for the side to move (when Ok); distance 0 when the game is over
  std::string error;  // what went wrong, naming the file or the reason
  bool ok() const { return status == ProbeStatus::Ok; }
};

struct RankedMove {
  Move move;
  ProbeResult after;  // the position after the move, from its side to move's view
  bool zeroing = false;  // a capture or a pawn move: it resets the halfmove clock
};

// How a game without progress ends: never (the tables' pure values, a draw claimed or
// not), or drawn by the fifty-move rule as lichess plays chess and King of the Hill
// (DTZ tables, formats/zeroing.h).
enum class Rule { None, FiftyMoves };
constexpr Rule usual_rule(Variant v) { return v == Variant::Qoth ? Rule::None : Rule::FiftyMoves; }

struct ProberOptions {
  std::vector<std::filesystem::path> dirs;  // searched in order for DIR/<variant>/<M>.htb
  Variant variant = Variant::Koth;
  // Decompressed blocks kept, shared by all threads. A table set costs, decompressed,
  // about its positions times the bytes a value takes in its files (one where every code
  // fits a byte, else two: `hilltb info` lists both); a cache of that size answers every
  // probe from memory after the first touch of each block.
  std::size_t cache_bytes = std::size_t(64) << 20;
  Layout layout = ring_layout();  // qoth: the layout the tables were made for
};

// The directories of a list separated by ':' (empty entries skipped), as the C API and
// the command line take them.
std::vector<std::filesystem::path> split_table_dirs(std::string_view list);

// What the directories hold for the prober's variant (and layout), found by listing
// them: table files are not opened.
struct TableCensus {
  std::size_t tables = 0;  // distinct tables (a material found in two directories counts once)
  int largest = 0;         // the most pieces any of them holds (both kings included)
  std::vector<std::string> unreadable;  // directories that could not be listed, each with why
};

// The shared block cache's counts: finds that found their block, finds that had to read
// it from its file, and the bytes it holds. (A thread's few most recent blocks are kept
// beside the cache and not counted.)
struct CacheStats {
  std::uint64_t hits = 0, misses = 0;
  std::size_t bytes = 0;
};

class Prober {
 public:
  explicit Prober(ProberOptions options);
  ~Prober();
  Prober(Prober&&) noexcept;
  Prober& operator=(Prober&&) noexcept;

  ProbeResult probe(const Position& pos) const;
  // The DTZ of pos under the fifty-move rule, for a halfmove clock of 0 (the value's
  // distance; above 100 a cursed win or blessed loss: category_of with the clock says
  // what it is at pos's clock), from the DTZ tables (<M>.htz). chess and koth only.
  ProbeResult probe_dtz(const Position& pos) const;
  // The same from FEN text: a malformed FEN is a Malformed result, not an exception.
  ProbeResult probe_fen(std::string_view fen) const;
  // Every legal move, best first for the side to move (unknown values last).
  // Rule::FiftyMoves: `after` is the DTZ of the position after the move (probe_dtz),
  // wins of the least DTZ first, losses of the most (a win or loss that stands at
  // pos's clock is thus first among its kind).
  std::vector<RankedMove> rank_moves(const Position& pos, Rule rule = Rule::None) const;
  // The optimal line from pos to the end of the game (at most max_plies moves; stops
  // at a draw, or where a value is unknown). Rule::FiftyMoves: the line of DTZ tables,
  // which ends the game within the halfmove clock of pos when pos's win stands; it
  // stops at once when the rule makes pos a draw.
  std::vector<Move> line(const Position& pos, int max_plies = 1000, Rule rule = Rule::None) const;

  Variant variant() const;
  const Layout& layout() const;
  // Lists the directories (each call lists them again).
  TableCensus census() const;
  // Tables opened so far (for tests of lazy opening, and a server's metrics).
  std::size_t open_tables() const;
  CacheStats cache_stats() const;

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace hilltb
