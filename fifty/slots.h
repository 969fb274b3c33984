// The slots the fifty-move searches number a table's positions by: the index of the
// position with white to move, then the same index past index.size() with black to move.
#pragma once

#include <cstdint>

#include "formats/index.h"

namespace hilltb {

// pos must be of the index's material, without an en-passant right.
inline std::uint64_t slot_of(const Index& index, const Position& pos) {
  const std::uint64_t idx = index.encode(pos);
  return pos.side_to_move() == WHITE ? idx : index.size() + idx;
}

// The position at a slot of a position (not of a hole in the index).
inline Position position_at(Index::Decoder& decoder, const Index& index, std::uint64_t slot) {
  const std::uint64_t n = index.size();
  return *decoder.decode(slot % n, slot < n ? WHITE : BLACK);
}

}  // namespace hilltb
