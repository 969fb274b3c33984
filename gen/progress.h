// Progress on stderr: a redrawn bar on a terminal, a line per phase otherwise (and a
// line a minute in a long one); with the time left in the phase and, when the caller
// can estimate it, in the whole run.
#pragma once

#include <chrono>
#include <mutex>
#include <string>

#include "gen/phase.h"

namespace hilltb {

class Progress {
 public:
  explicit Progress(bool enabled);
  // A new unit of work (a table), `step` of `steps`. `expected` is about how long it
  // should take and `after` how long the units after it will, in seconds (0: unknown).
  void begin(const std::string& name, int step, int steps, double expected = 0, double after = 0);
  // Thread-safe; redraws at most ten times a second.
  void update(const Phase& phase, double fraction);
  // Ends the unit with a summary line.
  void end(const std::string& summary);
  // Ends the unit without one: erases the bar on a terminal, so that the caller's own
  // line about the unit stands in its place.
  void clear();

 private:
  bool enabled_, tty_;
  std::mutex mutex_;
  std::string name_;
  Phase phase_;
  int step_ = 0, steps_ = 0;
  double expected_ = 0, after_ = 0;
  double run_left(double unit_elapsed) const;
  std::chrono::steady_clock::time_point started_, phase_started_, drawn_;
};

}  // namespace hilltb
