// The probing library: answers positions from table files, thread-safe.
//
// A table whose file stores one side to move answers the other by a one-ply search
// (formats/successors.h): some thirty lookups instead of one.
// Tables open lazily on first use (no file handle for a table never probed), are
// memory-mapped, and their decompressed blocks sit in a bounded cache shared by all
// threads. Errors are values: a missing or corrupt table, a position the tables don't
// cover (castling rights, too many pieces) come back in the result, never as an exit.
#pragma once

#include <atomic>
#include <filesystem>
#include <memory>
#include <shared_mutex>
#include <string>
#include <unordered_map>
#include <vector>

#include "formats/index.h"
#include "formats/table_reader.h"
#include "formats/value.h"
#include "probe/block_cache.h"
#include "rules/outcome.h"

namespace hilltb {

enum class ProbeStatus {
  Ok,          // value holds the answer
  Missing,     // no table for this material in the directories
  Corrupt,     // the table file is damaged (error names it)
  NotCovered,  // castling rights, or more pieces than any table holds
  Malformed,   // the FEN given to probe_fen is not a legal position (error says why)
};

struct ProbeResult {
  ProbeStatus status = ProbeStatus::Ok;
  Value value;               // for the side to move (when Ok)
  Termination over = Termination::None;  // the game is already over (no table needed)
  std::string error;         // what went wrong, naming the file or the reason
  bool ok() const { return status == ProbeStatus::Ok; }
};

struct RankedMove {
  Move move;
  ProbeResult after;  // the position after the move, from its side to move's view
};

struct ProberOptions {
  std::vector<std::filesystem::path> dirs;  // searched in order for DIR/<variant>/<M>.htb
  Variant variant = Variant::Koth;
  std::size_t cache_bytes = std::size_t(64) << 20;
  Layout layout = ring_layout();  // qoth: the layout the tables were made for
};

class Prober {
 public:
  explicit Prober(ProberOptions options);
  ~Prober();

  ProbeResult probe(const Position& pos) const;
  // The same from FEN text: a malformed FEN is a Malformed result, not an exception.
  ProbeResult probe_fen(std::string_view fen) const;
  // Every legal move, best first for the side to move (unknown values last).
  std::vector<RankedMove> rank_moves(const Position& pos) const;
  // The optimal line from pos to the end of the game (at most max_plies moves; stops
  // at a draw, or where a value is unknown).
  std::vector<Move> line(const Position& pos, int max_plies = 1000) const;

  Variant variant() const { return options_.variant; }
  // Tables opened so far (for tests of lazy opening).
  std::size_t open_tables() const;

 private:
  struct Table;
  // The open table of family kinds_[kind] for a canonical material, or an error result.
  std::shared_ptr<Table> table_for(const Material& m, std::size_t kind, ProbeResult& error) const;
  // The code of a position without en-passant right, from its table or, for a side to
  // move its file does not store, from its successors; throws the failure (prober.cpp).
  std::uint16_t stored_code(const Position& pos) const;
  // The code of a position, in the orientation `table` stores, of a side it holds.
  std::uint16_t read_code(const Table& table, const Position& stored) const;

  // Tells this prober's blocks from those of another in a thread's recent-block memo
  // (a later prober may take the address of a destroyed one).
  const std::uint64_t serial_;
  ProberOptions options_;
  std::vector<TableKind> kinds_;  // one for chess and koth, one per target class in qoth
  mutable BlockCache cache_;
  mutable std::shared_mutex tables_mutex_;
  // Per family, by material key.
  mutable std::vector<std::unordered_map<std::uint64_t, std::shared_ptr<Table>>> tables_;
  mutable std::atomic<std::uint32_t> next_table_id_{0};
};

}  // namespace hilltb
