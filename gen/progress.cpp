#include "progress.h"

#include <unistd.h>

#include <algorithm>
#include <cstdio>

namespace hilltb {

using Clock = std::chrono::steady_clock;

Progress::Progress(bool enabled) : enabled_(enabled), tty_(isatty(STDERR_FILENO)) {}

void Progress::begin(const std::string& name, int step, int steps) {
  std::lock_guard lock(mutex_);
  name_ = name, step_ = step, steps_ = steps, phase_.clear();
  started_ = phase_started_ = Clock::now();
}

void Progress::update(const std::string& phase, double fraction) {
  if (!enabled_) return;
  std::lock_guard lock(mutex_);
  const auto now = Clock::now();
  const bool new_phase = phase != phase_;
  if (new_phase) phase_ = phase, phase_started_ = now;
  if (!tty_) {
    if (new_phase && phase.rfind("pass", 0) != 0)
      std::fprintf(stderr, "[%d/%d] %s: %s\n", step_, steps_, name_.c_str(), phase.c_str());
    return;
  }
  if (!new_phase && now - drawn_ < std::chrono::milliseconds(100)) return;
  drawn_ = now;
  const double elapsed = std::chrono::duration<double>(now - phase_started_).count();
  const int width = 30, filled = int(fraction * width + 0.5);
  std::string bar(std::size_t(std::clamp(filled, 0, width)), '=');
  bar.resize(width, ' ');
  const double left = fraction > 0.02 ? elapsed * (1 - fraction) / fraction : 0;
  std::fprintf(stderr, "\r\033[K[%d/%d] %-10s %-8s [%s] %3.0f%%  %.0fs left", step_, steps_, name_.c_str(),
               phase.c_str(), bar.c_str(), 100 * fraction, left);
}

void Progress::end(const std::string& summary) {
  if (!enabled_) return;
  std::lock_guard lock(mutex_);
  const double seconds = std::chrono::duration<double>(Clock::now() - started_).count();
  std::fprintf(stderr, "%s[%d/%d] %s: %s (%.2f s)\n", tty_ ? "\r\033[K" : "", step_, steps_, name_.c_str(),
               summary.c_str(), seconds);
}

}  // namespace hilltb
