// The proof-number search's transposition table: proof and disproof numbers of the
// positions of one or more threshold searches (each keyed apart by its goal).
//
// Resolved entries (proven or disproven) are never replaced: the certificates are read
// back from them. Unresolved entries are a cache: when a position's few slots are full,
// the unresolved entry with the least work below it gives way. The table doubles when
// a position's slots hold only resolved entries, up to its byte limit; past that it
// reports itself full and the search stops.
#pragma once

#include <cstdint>
#include <vector>

#include "rules/types.h"

namespace hilltb {

// Proof and disproof numbers at or above this are infinite.
inline constexpr std::uint32_t PN_INFINITE = 1u << 30;

struct DfpnEntry {
  std::uint64_t key = 0;  // 0 marks an empty slot (a real key 0 is remapped)
  std::uint32_t pn = 1, dn = 1;
  std::uint32_t work = 0;  // expansions spent at and below the position (saturating)
  // A disproof that rests on a repetition of a position on the line it was found on:
  // the ply of that position and the id of its visit (NO_PLY: none; the disproof holds
  // wherever the position is met).
  std::uint32_t dep_id = 0;
  std::uint16_t dep_ply = NO_PLY;
  Move move;               // the proving move (proven, winner to move), the disproving
                           // move (disproven, the other side to move), else the best
  std::uint16_t path_ply = NO_PLY;  // the ply at which it is on the current line, if it is
  static constexpr std::uint16_t NO_PLY = 0xFFFF;
  bool on_path() const { return path_ply != NO_PLY; }
  bool proven() const { return pn == 0; }
  bool disproven() const { return dn == 0; }
  bool resolved() const { return pn == 0 || dn == 0; }
};

class DfpnTable {
 public:
  explicit DfpnTable(std::size_t max_bytes, std::size_t initial_slots = std::size_t(1) << 16);

  // The entry of `key`, or nullptr. The pointer is valid until the next store.
  const DfpnEntry* find(std::uint64_t key) const;
  // The entry of `key`, made (pn = dn = 1) when absent; nullptr when the table is full.
  DfpnEntry* store(std::uint64_t key);
  bool full() const { return full_; }
  std::size_t size() const { return used_; }
  std::size_t bytes() const { return slots_.size() * sizeof(DfpnEntry); }

 private:
  static constexpr std::size_t WINDOW = 8;  // the slots a key may occupy
  static std::uint64_t stored(std::uint64_t key) { return key ? key : 1; }
  std::size_t home(std::uint64_t key) const;
  bool grow();
  DfpnEntry* place(std::uint64_t key);
  std::vector<DfpnEntry> slots_;
  std::size_t used_ = 0, max_bytes_;
  bool full_ = false;
};

}  // namespace hilltb
