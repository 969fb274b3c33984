#include "fifty/bound_memo.h"

#include <algorithm>

namespace hilltb {

namespace {

// Sets the byte at `b` to `value` when `better(value, current)`, against other threads.
template <typename Better>
void tighten(std::uint8_t& b, std::uint8_t value, Better better) {
  std::atomic_ref<std::uint8_t> at(b);
  std::uint8_t current = at.load(std::memory_order_relaxed);
  while (better(value, current) && !at.compare_exchange_weak(current, value, std::memory_order_relaxed)) {}
}

}  // namespace

BoundMemo::BoundMemo(std::uint64_t slots) : pages_((slots + PAGE - 1) / PAGE) {}

BoundMemo::~BoundMemo() {
  for (auto& page : pages_) delete[] page.load();
}

BoundMemo::Bounds BoundMemo::get(std::uint64_t slot) const {
  Bounds* page = pages_[slot / PAGE].load(std::memory_order_acquire);
  if (!page) return {};
  Bounds& b = page[slot % PAGE];
  return {std::atomic_ref(b.can).load(std::memory_order_relaxed),
          std::atomic_ref(b.cannot).load(std::memory_order_relaxed)};
}

BoundMemo::Bounds& BoundMemo::at(std::uint64_t slot) {
  std::atomic<Bounds*>& page = pages_[slot / PAGE];
  Bounds* p = page.load(std::memory_order_acquire);
  if (!p) {
    auto* made = new Bounds[PAGE];
    if (page.compare_exchange_strong(p, made, std::memory_order_acq_rel)) p = made, ++pages_made_;
    else delete[] made;  // another thread's page came first: p is it
  }
  return p[slot % PAGE];
}

void BoundMemo::set_can(std::uint64_t slot, int plies) {
  tighten(at(slot).can, std::uint8_t(plies),
          [](std::uint8_t v, std::uint8_t c) { return c == Bounds::NONE || v < c; });
}

void BoundMemo::set_cannot(std::uint64_t slot, int plies) {
  tighten(at(slot).cannot, std::uint8_t(std::min(plies, MAX_PLIES + 1)),
          [](std::uint8_t v, std::uint8_t c) { return c == Bounds::NONE || v > c; });
}

}  // namespace hilltb
