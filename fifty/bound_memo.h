// What a zeroing search has proved of each position so far: the fewest plies within
// which the winner is known to force its zeroing move or the game's end, and the most
// within which it is known not to. A position's answer grows with the plies allowed
// (what can be forced within h plies can be forced within h + 1), so two bounds hold
// every (position, plies) answer proved. Slots are the positions' index numbers in
// their table (formats/index.h); storage comes in pages, made on first touch, so a
// search that visits a corner of a large table holds only that corner.
//
// Searches on several threads share one memo: a bound only ever tightens (the fewest
// plies falls, the most rises), each byte is updated atomically, and a pair read while
// another thread writes it still holds two proved facts.
#pragma once

#include <atomic>
#include <cstdint>
#include <memory>
#include <vector>

namespace hilltb {

class BoundMemo {
 public:
  // The largest horizon the bounds can express.
  static constexpr int MAX_PLIES = 253;

  explicit BoundMemo(std::uint64_t slots);
  ~BoundMemo();
  BoundMemo(const BoundMemo&) = delete;
  BoundMemo& operator=(const BoundMemo&) = delete;

  struct Bounds {
    std::uint8_t can = NONE;     // forced within this many plies (NONE: not known)
    std::uint8_t cannot = NONE;  // not forced within this many (NONE: not known)
    static constexpr std::uint8_t NONE = 0xFF;
    // 1: forced within h plies, 0: not, -1: not known.
    int answer(int h) const {
      if (can != NONE && h >= can) return 1;
      if (cannot != NONE && h <= cannot) return 0;
      return -1;
    }
  };

  Bounds get(std::uint64_t slot) const;
  void set_can(std::uint64_t slot, int plies);
  // `plies` above MAX_PLIES: not forced within any horizon the search takes.
  void set_cannot(std::uint64_t slot, int plies);

  std::uint64_t bytes() const { return pages_made_.load() * PAGE * sizeof(Bounds); }

 private:
  static constexpr std::uint64_t PAGE = std::uint64_t(1) << 14;
  Bounds& at(std::uint64_t slot);
  std::vector<std::atomic<Bounds*>> pages_;  // owned; made by whichever thread touches first
  std::atomic<std::uint64_t> pages_made_{0};
};

}  // namespace hilltb
