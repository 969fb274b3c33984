#include "read_side.h"

#include <tbb/parallel_for.h>

#include <numeric>

namespace hilltb {

void read_side(const TableReader& reader, Color stm,
               const std::function<void(std::uint64_t, const std::vector<std::uint16_t>&)>& each) {
  std::vector<std::uint32_t> all(reader.header().blocks_per_side());
  std::iota(all.begin(), all.end(), 0u);
  read_blocks(reader, stm, all, each);
}

void read_blocks(const TableReader& reader, Color stm, const std::vector<std::uint32_t>& blocks,
                 const std::function<void(std::uint64_t, const std::vector<std::uint16_t>&)>& each) {
  const std::uint32_t first = reader.locate(stm, 0).first;
  const std::uint64_t values = reader.header().block_values;
  tbb::parallel_for(std::size_t(0), blocks.size(), [&](std::size_t k) {
    std::vector<std::uint16_t> block;
    reader.read_block(first + blocks[k], block);
    each(std::uint64_t(blocks[k]) * values, block);
  });
}

}  // namespace hilltb
