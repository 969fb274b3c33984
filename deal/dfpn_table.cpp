#include "dfpn_table.h"

#include <algorithm>
#include <bit>

namespace hilltb {

DfpnTable::DfpnTable(std::size_t max_bytes, std::size_t initial_slots)
    : slots_(std::bit_ceil(std::max(initial_slots, WINDOW))), max_bytes_(max_bytes) {
  for (auto& e : slots_) e.key = 0;
}

std::size_t DfpnTable::home(std::uint64_t key) const {
  return std::size_t(key * 0x9E3779B97F4A7C15ULL >> 24) & (slots_.size() - 1);
}

const DfpnEntry* DfpnTable::find(std::uint64_t key) const {
  key = stored(key);
  const std::size_t mask = slots_.size() - 1;
  for (std::size_t i = home(key), n = 0; n < WINDOW; ++n, i = (i + 1) & mask)
    if (slots_[i].key == key) return &slots_[i];
  return nullptr;
}

// The slot for a key that is absent: an empty one, else the unresolved one with the
// least work that is not on the current line; nullptr when every slot is taken.
DfpnEntry* DfpnTable::place(std::uint64_t key) {
  const std::size_t mask = slots_.size() - 1;
  DfpnEntry* victim = nullptr;
  for (std::size_t i = home(key), n = 0; n < WINDOW; ++n, i = (i + 1) & mask) {
    DfpnEntry& e = slots_[i];
    if (e.key == 0) {
      ++used_;
      return &e;
    }
    if (!e.resolved() && !e.on_path() && (!victim || e.work < victim->work)) victim = &e;
  }
  return victim;
}

DfpnEntry* DfpnTable::store(std::uint64_t key) {
  key = stored(key);
  if (const DfpnEntry* e = find(key)) return const_cast<DfpnEntry*>(e);
  if ((used_ + 1) * 4 > slots_.size() * 3) grow();
  DfpnEntry* slot = place(key);
  while (!slot) {
    if (!grow()) {
      full_ = true;
      return nullptr;
    }
    slot = place(key);
  }
  *slot = DfpnEntry{};
  slot->key = key;
  return slot;
}

// Doubles the table, keeping every entry that finds a slot (resolved ones and those on
// the current line first, so that only other unresolved ones can be lost). False when
// the byte limit forbids it.
bool DfpnTable::grow() {
  if (slots_.size() * 2 * sizeof(DfpnEntry) > max_bytes_) return false;
  std::vector<DfpnEntry> old(slots_.size() * 2);
  old.swap(slots_);
  used_ = 0;
  for (int pass = 0; pass < 2; ++pass)
    for (const DfpnEntry& e : old)
      if (e.key && (e.resolved() || e.on_path()) == (pass == 0))
        if (DfpnEntry* slot = place(e.key)) {
          if (slot->key) continue;  // an unresolved entry found no free slot: dropped
          *slot = e;
        }
  return true;
}

}  // namespace hilltb
