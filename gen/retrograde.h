// The machinery both solvers share (gen/solver.h for chess and koth, gen/qoth_solver.h
// for qoth; each plugs its own value model into it): the table being solved with its
// index, children and hooks, and the working state kept per position while solving.
//
// Working memory is 3 bytes a position: a 16-bit code, final (formats/value.h) or
// tentative (top bit set, holding the best value of the moves that leave the table,
// NO_EXIT when there are none), and an 8-bit count of the moves not yet resolved. At
// the end the codes become the table's, in place.
#pragma once

#include <atomic>
#include <memory>
#include <optional>
#include <stdexcept>
#include <vector>

#include "formats/huge_pages.h"
#include "formats/value.h"
#include "gen/exit_tables.h"
#include "gen/scan.h"
#include "gen/table_set.h"

namespace hilltb {

constexpr std::uint16_t TENTATIVE = 0x8000;
constexpr std::uint16_t NO_EXIT = NO_MOVE_CODE;  // tentative with no move out of the table

constexpr bool is_final(std::uint16_t c) { return !(c & TENTATIVE); }

// Whether a tentative position may yet lose: not when its best move out of the table
// draws or wins (an even code, formats/value.h), for its count then never runs out. Its
// count decides nothing, so the solvers skip its locked count-down (their costliest
// instruction).
constexpr bool can_lose(std::uint16_t tentative) {
  const std::uint16_t exit = tentative & NO_EXIT;
  return exit == NO_EXIT || (exit & 1);
}

// Bytes of working codes and counts for a table of this index size (per side).
constexpr std::uint64_t working_bytes(std::uint64_t positions_per_side) { return positions_per_side * 2 * 3; }

class Retrograde {
 public:
  Retrograde(const Material& m, const TableKind& kind, const TableSet& children, const SolveHooks& hooks)
      : table_(std::make_shared<SolvedTable>(m, kind)), index_(table_->index), children_(children),
        hooks_(hooks), n_(index_.size()), codes_(huge_vector<std::uint16_t>(2 * n_)),
        counters_(huge_vector<std::uint8_t>(2 * n_)) {}

 protected:
  Color side_of(std::uint64_t g) const { return g < n_ ? WHITE : BLACK; }
  std::uint64_t global(Color stm, std::uint64_t idx) const { return stm * n_ + idx; }

  std::atomic_ref<std::uint16_t> code_at(std::uint64_t g) { return std::atomic_ref(codes_[g]); }
  std::atomic_ref<std::uint8_t> counter_at(std::uint64_t g) { return std::atomic_ref(counters_[g]); }

  // Init: position g is final with `code` from the start.
  void start_final(std::uint64_t g, std::uint16_t code) { code_at(g).store(code, std::memory_order_relaxed); }
  // Init: position g is open, with its best move out of the table (NO_EXIT: none) and
  // the count of its moves to resolve.
  void start_open(std::uint64_t g, std::uint16_t best_exit, unsigned moves) {
    if (moves > 255) throw std::logic_error("move counter overflow in " + index_.material().name());
    code_at(g).store(TENTATIVE | best_exit, std::memory_order_relaxed);
    counter_at(g).store(std::uint8_t(moves), std::memory_order_relaxed);
  }

  // Position g, if not final yet, is final with `code`: whether this call made it so.
  bool make_final(std::uint64_t g, std::uint16_t code) {
    const std::atomic_ref<std::uint16_t> at = code_at(g);
    std::uint16_t c = at.load(std::memory_order_relaxed);
    while (!is_final(c))
      if (at.compare_exchange_weak(c, code, std::memory_order_relaxed)) return true;
    return false;
  }

  // Counts down `weight` of position g's moves: whether they were the last.
  bool count_down(std::uint64_t g, int weight) {
    return counter_at(g).fetch_sub(std::uint8_t(weight), std::memory_order_relaxed) == weight;
  }

  // The init scan: body(g, pos) for every position (the non-positions are final with
  // NO_POSITION_CODE), each side's after its moves out of the table can be valued
  // (exits_, gone once the scan is).
  template <typename Body>
  void scan_init(Body&& body) {
    auto prepare = [&](Color mover) { exits_.emplace(index_.material(), mover, children_); };
    scan_sides(index_, hooks_, Phase::step("init"), prepare, [&](std::uint64_t g, Index::Decoder& decoder) {
      const Position* decoded = decoder.decode(g % n_, side_of(g));
      if (!decoded || !is_position(*decoded)) start_final(g, NO_POSITION_CODE);
      else body(g, *decoded);
    });
    exits_.reset();  // the children it points into are gone
  }

  // The end of the solve: the codes become the table's, in place once the counts are
  // gone (the peak stays at the solve's 3 bytes a position), and what nothing resolved
  // is a draw.
  std::shared_ptr<SolvedTable> finish();

  std::shared_ptr<SolvedTable> table_;
  const Index& index_;
  const TableSet& children_;
  const SolveHooks& hooks_;
  const std::uint64_t n_;
  std::optional<ExitTables> exits_;     // the moves out of the side the init scan is at
  std::vector<std::uint16_t> codes_;    // atomic_ref while solving; the table's at the end
  std::vector<std::uint8_t> counters_;  // atomic_ref
};

}  // namespace hilltb
