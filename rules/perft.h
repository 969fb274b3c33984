// Perft: the number of leaf nodes of the legal move tree, the standard move generator test.
#pragma once

#include <cstdint>

#include "position.h"

namespace hilltb {

std::uint64_t perft(const Position& pos, int depth);

}  // namespace hilltb
