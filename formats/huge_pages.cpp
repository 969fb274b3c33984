#include "huge_pages.h"

#include <sys/mman.h>

#include <cstdint>

namespace hilltb {

void advise_huge_pages(void* data, std::size_t bytes) {
  constexpr std::uintptr_t HUGE_PAGE = std::uintptr_t(1) << 21;
  const std::uintptr_t begin = (reinterpret_cast<std::uintptr_t>(data) + HUGE_PAGE - 1) & ~(HUGE_PAGE - 1);
  const std::uintptr_t end = (reinterpret_cast<std::uintptr_t>(data) + bytes) & ~(HUGE_PAGE - 1);
  if (begin < end) madvise(reinterpret_cast<void*>(begin), end - begin, MADV_HUGEPAGE);
}

}  // namespace hilltb
