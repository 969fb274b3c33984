// How long a random-input test runs: its fixed number of rounds, or, when
// HILLTB_FUZZ_SECONDS is set, at least that many seconds (for a longer fuzzing run:
// `HILLTB_FUZZ_SECONDS=60 build/tests/rules_test --gtest_filter='Fuzz.*'`).
#pragma once

#include <chrono>
#include <cstdlib>

namespace hilltb::test {

class FuzzBudget {
 public:
  explicit FuzzBudget(long rounds) : rounds_(rounds) {
    if (const char* s = std::getenv("HILLTB_FUZZ_SECONDS")) seconds_ = std::atof(s);
  }
  // True while another round should run.
  bool next() {
    ++done_;
    if (seconds_ <= 0) return done_ <= rounds_;
    return done_ <= rounds_ ||
           std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count() < seconds_;
  }
  long done() const { return done_ - 1; }

 private:
  long rounds_, done_ = 0;
  double seconds_ = 0;
  std::chrono::steady_clock::time_point start_ = std::chrono::steady_clock::now();
};

}  // namespace hilltb::test
