#include "retrograde.h"

#include <tbb/parallel_for.h>

namespace hilltb {

std::shared_ptr<SolvedTable> Retrograde::finish() {
  decltype(counters_)().swap(counters_);
  tbb::parallel_for(std::size_t(0), codes_.size(), [&](std::size_t g) {
    if (!is_final(codes_[g])) codes_[g] = DRAW_CODE;
  });
  table_->codes = std::move(codes_);
  return table_;
}

}  // namespace hilltb
