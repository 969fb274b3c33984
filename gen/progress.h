// Progress on stderr: a redrawn bar on a terminal, a line per phase otherwise.
#pragma once

#include <chrono>
#include <mutex>
#include <string>

namespace hilltb {

class Progress {
 public:
  explicit Progress(bool enabled);
  // A new unit of work (a table), `step` of `steps`.
  void begin(const std::string& name, int step, int steps);
  // Thread-safe; redraws at most ten times a second.
  void update(const std::string& phase, double fraction);
  // Ends the unit with a summary line.
  void end(const std::string& summary);

 private:
  bool enabled_, tty_;
  std::mutex mutex_;
  std::string name_, phase_;
  int step_ = 0, steps_ = 0;
  std::chrono::steady_clock::time_point started_, phase_started_, drawn_;
};

}  // namespace hilltb
