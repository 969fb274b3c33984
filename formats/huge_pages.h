// Large arrays on transparent huge pages: the solvers', and a table's side being cut
// to one side. On virtual machines the first touch of a 4 KiB page can cost about 3 us:
// zeroing 1.8 GB (a 5-piece table's codes and counters) takes some 6 s on one thread
// on 4 KiB pages, under 3 s on 2 MiB pages the first time and a fraction of a second
// once the process has freed such pages before, as a run of a set of tables does
// table after table.
#pragma once

#include <cstddef>
#include <vector>

namespace hilltb {

// Asks the kernel to back the whole 2 MiB pages of [data, data + bytes) with huge
// pages (madvise MADV_HUGEPAGE); only a hint, ignored where unsupported.
void advise_huge_pages(void* data, std::size_t bytes);

// n value-initialised elements in a buffer advised before anything touches it.
template <typename T>
std::vector<T> huge_vector(std::size_t n) {
  std::vector<T> v;
  v.reserve(n);
  advise_huge_pages(v.data(), n * sizeof(T));
  v.resize(n);
  return v;
}

}  // namespace hilltb
