#include "fifty/bound_memo.h"

#include <algorithm>

namespace hilltb {

BoundMemo::BoundMemo(std::uint64_t slots) : pages_((slots + PAGE - 1) / PAGE) {}

BoundMemo::Bounds BoundMemo::get(std::uint64_t slot) const {
  const auto& page = pages_[slot / PAGE];
  return page ? page[slot % PAGE] : Bounds{};
}

BoundMemo::Bounds& BoundMemo::at(std::uint64_t slot) {
  auto& page = pages_[slot / PAGE];
  if (!page) {
    page = std::make_unique<Bounds[]>(PAGE);
    ++pages_made_;
  }
  return page[slot % PAGE];
}

void BoundMemo::set_can(std::uint64_t slot, int plies) {
  Bounds& b = at(slot);
  if (b.can == Bounds::NONE || plies < b.can) b.can = std::uint8_t(plies);
}

void BoundMemo::set_cannot(std::uint64_t slot, int plies) {
  Bounds& b = at(slot);
  const int p = std::min(plies, MAX_PLIES + 1);
  if (b.cannot == Bounds::NONE || p > b.cannot) b.cannot = std::uint8_t(p);
}

}  // namespace hilltb
