// The machinery both solvers share (gen/solver.h for chess and koth, gen/qoth_solver.h
// for qoth; each plugs its own value model into it): the table being solved with its
// index, children and hooks, and the working state kept per position while solving.
//
// The working state per position is `State`'s (gen/working_state.h: 2 or 3 bytes a
// position). At the end the codes become the table's, in place.
#pragma once

#include <tbb/parallel_for.h>

#include <atomic>
#include <memory>
#include <optional>
#include <vector>

#include "gen/exit_tables.h"
#include "gen/scan.h"
#include "gen/table_set.h"
#include "gen/working_state.h"

namespace hilltb {

// Bytes of working state for a table of this index size (per side).
template <typename State>
constexpr std::uint64_t working_bytes(std::uint64_t positions_per_side) {
  return positions_per_side * 2 * State::BYTES;
}

template <typename State>
class Retrograde {
 public:
  Retrograde(const Material& m, const TableKind& kind, const TableSet& children, const SolveHooks& hooks)
      : table_(std::make_shared<SolvedTable>(m, kind)), index_(table_->index), children_(children),
        hooks_(hooks), n_(index_.size()), state_(2 * n_) {}
  // A table whose index is given: a pawn slice (formats/index.h).
  Retrograde(Index index, const TableSet& children, const SolveHooks& hooks)
      : table_(std::make_shared<SolvedTable>(std::move(index))), index_(table_->index), children_(children),
        hooks_(hooks), n_(index_.size()), state_(2 * n_) {}

 protected:
  Color side_of(std::uint64_t g) const { return g < n_ ? WHITE : BLACK; }
  std::uint64_t global(Color stm, std::uint64_t idx) const { return stm * n_ + idx; }

  std::atomic_ref<std::uint16_t> code_at(std::uint64_t g) { return state_.word(g); }

  // Init: position g is final with `code` from the start.
  void start_final(std::uint64_t g, std::uint16_t code) { code_at(g).store(code, std::memory_order_relaxed); }
  // Init: position g is open, with its best move out of the table (NO_EXIT: none) and
  // the count of its moves to resolve.
  void start_open(std::uint64_t g, std::uint16_t best_exit, unsigned moves) { state_.open(g, best_exit, moves); }

  // The best move out of the table of a tentative word, and whether it may yet lose.
  std::uint16_t exit_of(std::uint16_t tentative) const { return state_.exit_of(tentative); }
  bool can_lose(std::uint16_t tentative) const { return exit_can_lose(exit_of(tentative)); }

  // Position g, if not final yet, is final with `code`: whether this call made it so.
  bool make_final(std::uint64_t g, std::uint16_t code) {
    const std::atomic_ref<std::uint16_t> at = code_at(g);
    std::uint16_t c = at.load(std::memory_order_relaxed);
    while (!is_final(c))
      if (at.compare_exchange_weak(c, code, std::memory_order_relaxed)) return true;
    return false;
  }

  // Counts down `weight` of position g's moves: whether they were the last.
  bool count_down(std::uint64_t g, int weight) { return state_.count_down(g, weight); }

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

  // The end of the solve: the codes become the table's, in place (the peak stays at the
  // solve's), and what nothing resolved is a draw.
  std::shared_ptr<SolvedTable> finish() {
    std::vector<std::uint16_t> codes = state_.take_words();
    tbb::parallel_for(std::size_t(0), codes.size(), [&](std::size_t g) {
      if (!is_final(codes[g])) codes[g] = DRAW_CODE;
    });
    table_->codes = std::move(codes);
    return table_;
  }

  std::shared_ptr<SolvedTable> table_;
  const Index& index_;
  const TableSet& children_;
  const SolveHooks& hooks_;
  const std::uint64_t n_;
  std::optional<ExitTables> exits_;     // the moves out of the side the init scan is at
  State state_;                         // the words become the table's codes at the end
};

}  // namespace hilltb
