#include "read_side.h"

#include <tbb/parallel_for.h>

namespace hilltb {

void read_side(const TableReader& reader, Color stm,
               const std::function<void(std::uint64_t, const std::vector<std::uint16_t>&)>& each) {
  const std::uint32_t first = reader.locate(stm, 0).first;
  const TableHeader& h = reader.header();
  tbb::parallel_for(std::uint32_t(0), h.blocks_per_side(), [&](std::uint32_t k) {
    std::vector<std::uint16_t> block;
    reader.read_block(first + k, block);
    each(std::uint64_t(k) * h.block_values, block);
  });
}

}  // namespace hilltb
