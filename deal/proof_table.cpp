#include "proof_table.h"

#include <bit>

namespace hilltb {

ProofTable::ProofTable(std::size_t initial_slots) : slots_(std::bit_ceil(initial_slots)) {}

std::size_t ProofTable::slot_of(std::uint64_t key) const {
  const std::size_t mask = slots_.size() - 1;
  std::size_t i = std::size_t(key * 0x9E3779B97F4A7C15ULL >> 20) & mask;
  while (slots_[i].used && slots_[i].key != key) i = (i + 1) & mask;
  return i;
}

const ProofEntry* ProofTable::find(std::uint64_t key) const {
  const ProofEntry& e = slots_[slot_of(stored(key))];
  return e.used ? &e : nullptr;
}

ProofEntry& ProofTable::insert(std::uint64_t key, int lo, int hi) {
  key = stored(key);
  if ((used_ + 1) * 10 > slots_.size() * 7) grow();
  ProofEntry& e = slots_[slot_of(key)];
  if (!e.used) {
    e = ProofEntry{key, std::int8_t(lo), std::int8_t(hi), 0, 1, Move()};
    ++used_;
  }
  return e;
}

void ProofTable::grow() {
  std::vector<ProofEntry> old(slots_.size() * 2);
  old.swap(slots_);
  for (const ProofEntry& e : old)
    if (e.used) slots_[slot_of(e.key)] = e;
}

}  // namespace hilltb
