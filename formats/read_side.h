// Reads one side of a table whole, decompressing its blocks on every core (TBB): how
// generation loads the tables a new one depends on. Probing never needs it.
#pragma once

#include <functional>

#include "formats/table_reader.h"

namespace hilltb {

// Every block of side stm (one the file holds): each(first index, codes), called from
// several threads at once for different blocks.
void read_side(const TableReader& reader, Color stm,
               const std::function<void(std::uint64_t, const std::vector<std::uint16_t>&)>& each);
// The same for the blocks of side stm that `blocks` lists (numbers within the side).
void read_blocks(const TableReader& reader, Color stm, const std::vector<std::uint32_t>& blocks,
                 const std::function<void(std::uint64_t, const std::vector<std::uint16_t>&)>& each);

}  // namespace hilltb
