// The state a retrograde solve keeps per position and side to move (gen/retrograde.h),
// in one of two layouts of the same contents: a 16-bit code, final (formats/value.h) or
// tentative, and for a tentative position its best move out of the table (NO_EXIT when
// there is none) and the count of its moves inside the table not yet resolved.
//
// - WideState, 3 bytes: the code word holds TENTATIVE and the best exit's code itself;
//   the count is a byte of its own (up to 255).
// - PackedState, 2 bytes: the tentative word holds the count (7 bits, up to 127) and the
//   slot of the best exit in a dictionary of the exit values met (8 bits, 256 slots).
//   The exit values of a chess or koth table are wins and losses by distance, one a
//   ply (a win's distance odd, a loss's even), so a table whose children's values
//   reach below 250 plies needs fewer than 256. Counting down is then a
//   compare-and-swap on the shared word rather than an add on a byte of its own.
//
// A table that does not fit a layout (more moves or exit values than it holds) throws
// WorkingStateOverflow from open(); the caller solves it again in the wider layout.
// Whatever the layout, the solve and its table are the same, byte for byte.
#pragma once

#include <array>
#include <atomic>
#include <cstdint>
#include <mutex>
#include <stdexcept>
#include <vector>

#include "formats/huge_pages.h"
#include "formats/value.h"

namespace hilltb {

constexpr std::uint16_t TENTATIVE = 0x8000;
constexpr std::uint16_t NO_EXIT = NO_MOVE_CODE;  // tentative with no move out of the table

constexpr bool is_final(std::uint16_t c) { return !(c & TENTATIVE); }

// Whether a tentative position with this best exit may yet lose: not when its best move
// out of the table draws or wins (an even code, formats/value.h), for its count then
// never runs out. Its count decides nothing, so the solvers skip its count-down (their
// costliest instruction).
constexpr bool exit_can_lose(std::uint16_t exit) { return exit == NO_EXIT || (exit & 1); }

struct WorkingStateOverflow : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// The words of tentative positions with one best exit: (word & mask) == value.
struct ExitMatch {
  std::uint16_t mask = 0, value = 1;  // by default, none
  bool matches(std::uint16_t word) const { return (word & mask) == value; }
};

class WideState {
 public:
  static constexpr std::uint64_t BYTES = 3;  // a position and side to move

  explicit WideState(std::uint64_t nodes)
      : words_(huge_vector<std::uint16_t>(nodes)), counts_(huge_vector<std::uint8_t>(nodes)) {}

  std::atomic_ref<std::uint16_t> word(std::uint64_t g) { return std::atomic_ref(words_[g]); }
  std::uint16_t* words() { return words_.data(); }

  void open(std::uint64_t g, std::uint16_t best_exit, unsigned moves) {
    if (moves > 255) throw WorkingStateOverflow("more than 255 moves to count");
    word(g).store(TENTATIVE | best_exit, std::memory_order_relaxed);
    std::atomic_ref(counts_[g]).store(std::uint8_t(moves), std::memory_order_relaxed);
  }
  std::uint16_t exit_of(std::uint16_t tentative) const { return tentative & NO_EXIT; }
  ExitMatch open_with(std::uint16_t exit) const { return {0xFFFF, std::uint16_t(TENTATIVE | exit)}; }
  // Whether the tentative position g (its word `tentative`) has no move left to count.
  bool spent(std::uint64_t g, std::uint16_t) { return std::atomic_ref(counts_[g]).load(std::memory_order_relaxed) == 0; }

  // Counts down `weight` of position g's moves: whether they were the last.
  bool count_down(std::uint64_t g, int weight) {
    return std::atomic_ref(counts_[g]).fetch_sub(std::uint8_t(weight), std::memory_order_relaxed) == weight;
  }
  void prefetch_count(std::uint64_t g) const { __builtin_prefetch(&counts_[g]); }

  // The words, the counts freed first (the peak stays at the solve's).
  std::vector<std::uint16_t> take_words() {
    decltype(counts_)().swap(counts_);
    return std::move(words_);
  }

 private:
  std::vector<std::uint16_t> words_;
  std::vector<std::uint8_t> counts_;
};

class PackedState {
 public:
  static constexpr std::uint64_t BYTES = 2;
  static constexpr unsigned MAX_COUNT = 127, SLOTS = 256;

  explicit PackedState(std::uint64_t nodes) : words_(huge_vector<std::uint16_t>(nodes)) {
    for (auto& s : slot_of_) s.store(NONE, std::memory_order_relaxed);
  }

  std::atomic_ref<std::uint16_t> word(std::uint64_t g) { return std::atomic_ref(words_[g]); }
  std::uint16_t* words() { return words_.data(); }

  void open(std::uint64_t g, std::uint16_t best_exit, unsigned moves) {
    if (moves > MAX_COUNT) throw WorkingStateOverflow("more than 127 moves to count");
    word(g).store(std::uint16_t(TENTATIVE | slot(best_exit) << 7 | moves), std::memory_order_relaxed);
  }
  std::uint16_t exit_of(std::uint16_t tentative) const { return exits_[(tentative >> 7) & 0xFF]; }
  ExitMatch open_with(std::uint16_t exit) const {
    const std::int16_t s = slot_of_[exit].load(std::memory_order_relaxed);
    if (s == NONE) return {};
    return {0xFF80, std::uint16_t(TENTATIVE | s << 7)};
  }
  bool spent(std::uint64_t, std::uint16_t tentative) const { return !(tentative & MAX_COUNT); }

  bool count_down(std::uint64_t g, int weight) {
    const std::atomic_ref<std::uint16_t> at = word(g);
    std::uint16_t c = at.load(std::memory_order_relaxed);
    // A final word is left as it is (no count of it is wanted any more).
    while (!is_final(c))
      if (at.compare_exchange_weak(c, std::uint16_t(c - weight), std::memory_order_relaxed))
        return int(c & MAX_COUNT) == weight;
    return false;
  }
  void prefetch_count(std::uint64_t) const {}

  std::vector<std::uint16_t> take_words() { return std::move(words_); }

 private:
  static constexpr std::int16_t NONE = -1;

  // The dictionary slot of an exit value, given one the first time it is met.
  unsigned slot(std::uint16_t exit) {
    const std::int16_t s = slot_of_[exit].load(std::memory_order_acquire);
    if (s != NONE) return unsigned(s);
    const std::lock_guard lock(mutex_);
    if (slot_of_[exit].load(std::memory_order_relaxed) == NONE) {
      if (used_ == SLOTS) throw WorkingStateOverflow("more than 256 values of moves out of the table");
      exits_[used_] = exit;
      slot_of_[exit].store(std::int16_t(used_++), std::memory_order_release);
    }
    return unsigned(slot_of_[exit].load(std::memory_order_relaxed));
  }

  std::vector<std::uint16_t> words_;
  std::array<std::atomic<std::int16_t>, NO_EXIT + 1> slot_of_;  // exit value -> slot
  std::array<std::uint16_t, SLOTS> exits_{};                     // slot -> exit value
  unsigned used_ = 0;
  std::mutex mutex_;
};

}  // namespace hilltb
