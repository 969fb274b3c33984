// The deal solver's transposition table: proven bounds on positions' scores, never
// evicted, so that every bound the search reports can be traced back into a proof.
//
// Bounds only tighten. The move that proves an entry's lower bound changes only when
// that bound strictly rises; with bounds that only tighten this keeps the proofs read
// back from the table free of cycles (each entry's current bound was proved from
// children's bounds that held before it).
#pragma once

#include <cstdint>
#include <vector>

#include "rules/types.h"

namespace hilltb {

struct ProofEntry {
  std::uint64_t key = 0;  // position_key; 0 marks an empty slot (a real key 0 is remapped)
  std::int8_t lo = 0, hi = 0;  // the side to move's score lies in [lo, hi]
  std::uint8_t depth = 0;      // the deepest full-width search that completed here
  std::uint8_t used = 0;
  Move lo_move;                // the side to move's move that achieves `lo`
};

class ProofTable {
 public:
  explicit ProofTable(std::size_t initial_slots = std::size_t(1) << 16);

  // The entry of `key`, or nullptr. The pointer is valid until the next insert.
  const ProofEntry* find(std::uint64_t key) const;
  // The entry of `key`, made with bounds [lo, hi] when absent.
  ProofEntry& insert(std::uint64_t key, int lo, int hi);
  std::size_t size() const { return used_; }
  std::size_t bytes() const { return slots_.size() * sizeof(ProofEntry); }

 private:
  static std::uint64_t stored(std::uint64_t key) { return key ? key : 1; }
  std::size_t slot_of(std::uint64_t key) const;
  void grow();
  std::vector<ProofEntry> slots_;
  std::size_t used_ = 0;
};

}  // namespace hilltb
