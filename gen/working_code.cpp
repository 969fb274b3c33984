#include "working_code.h"

#include <tbb/parallel_for.h>

#include "formats/value.h"

namespace hilltb {

void settle_draws(std::vector<std::uint16_t>& codes) {
  tbb::parallel_for(std::size_t(0), codes.size(), [&](std::size_t g) {
    if (!is_final(codes[g])) codes[g] = DRAW_CODE;
  });
}

}  // namespace hilltb
