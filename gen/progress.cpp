#include "progress.h"

#include <unistd.h>

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace hilltb {

using Clock = std::chrono::steady_clock;

namespace {

// "45 s", "3 min 20 s", "1 h 12 min".
std::string duration(double seconds) {
  const long s = std::lround(std::max(0.0, seconds));
  char text[32];
  if (s < 60) std::snprintf(text, sizeof text, "%ld s", s);
  else if (s < 3600) std::snprintf(text, sizeof text, "%ld min %ld s", s / 60, s % 60);
  else std::snprintf(text, sizeof text, "%ld h %ld min", s / 3600, s / 60 % 60);
  return text;
}

}  // namespace

Progress::Progress(bool enabled) : enabled_(enabled), tty_(isatty(STDERR_FILENO)) {}

void Progress::begin(const std::string& name, int step, int steps, double expected, double after) {
  std::lock_guard lock(mutex_);
  name_ = name, step_ = step, steps_ = steps, phase_ = {};
  expected_ = expected, after_ = after;
  started_ = phase_started_ = Clock::now();
}

void Progress::update(const Phase& phase, double fraction) {
  if (!enabled_) return;
  std::lock_guard lock(mutex_);
  const auto now = Clock::now();
  const bool new_phase = phase.text != phase_.text;
  // A log gets a line per phase, the passes sharing the first one's.
  const bool passes_go_on = phase.kind == Phase::Kind::Pass && phase_.kind == Phase::Kind::Pass;
  if (!tty_ && new_phase && !passes_go_on) {
    std::fprintf(stderr, "[%d/%d] %s: %s\n", step_, steps_, name_.c_str(), phase.text.c_str());
    drawn_ = now;
  }
  if (new_phase) phase_ = phase, phase_started_ = now;
  const double elapsed = std::chrono::duration<double>(now - phase_started_).count();
  if (!tty_) {
    // A long phase (a 6-piece table's, a cursed-win check's) a line a minute.
    if (now - drawn_ < std::chrono::minutes(1)) return;
    drawn_ = now;
    const double left = fraction > 0.02 ? elapsed * (1 - fraction) / fraction : 0;
    std::fprintf(stderr, "[%d/%d] %s: %s %.0f%%%s\n", step_, steps_, name_.c_str(), phase.text.c_str(),
                 100 * fraction, left > 0 ? (", " + duration(left) + " left").c_str() : "");
    return;
  }
  if (!new_phase && now - drawn_ < std::chrono::milliseconds(100)) return;
  drawn_ = now;
  const int width = 30, filled = int(fraction * width + 0.5);
  std::string bar(std::size_t(std::clamp(filled, 0, width)), '=');
  bar.resize(width, ' ');
  const double left = fraction > 0.02 ? elapsed * (1 - fraction) / fraction : 0;
  const double all = run_left(std::chrono::duration<double>(now - started_).count());
  std::fprintf(stderr, "\r\033[K[%d/%d] %-10s %-8s [%s] %3.0f%%  %.0fs left%s", step_, steps_, name_.c_str(),
               phase.text.c_str(), bar.c_str(), 100 * fraction, left,
               all > 0 ? (", all about " + duration(all) + " left").c_str() : "");
}

void Progress::clear() {
  if (!enabled_ || !tty_) return;
  std::lock_guard lock(mutex_);
  std::fputs("\r\033[K", stderr);
}

// The unit's expected time not yet spent (none once overrun), and the units after it.
double Progress::run_left(double unit_elapsed) const {
  return std::max(0.0, expected_ - unit_elapsed) + after_;
}

void Progress::end(const std::string& summary) {
  if (!enabled_) return;
  std::lock_guard lock(mutex_);
  const double seconds = std::chrono::duration<double>(Clock::now() - started_).count();
  const std::string all = after_ > 0 ? "; all about " + duration(after_) + " left" : "";
  std::fprintf(stderr, "%s[%d/%d] %s: %s (%.2f s%s)\n", tty_ ? "\r\033[K" : "", step_, steps_, name_.c_str(),
               summary.c_str(), seconds, all.c_str());
}

}  // namespace hilltb
