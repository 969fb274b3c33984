// The server's counts in the Prometheus text format: requests by endpoint and status,
// a latency histogram by endpoint, and gauges the caller supplies (tables open, block
// cache hits and misses). Thread-safe.
#pragma once

#include <array>
#include <atomic>
#include <cstdint>
#include <map>
#include <mutex>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace hilltb::server {

// One sample of a metric the caller owns: its name, its labels as `key="value",...`
// (may be empty), and its value.
struct Sample {
  std::string name;
  std::string labels;
  double value = 0;
};

// A metric family: the samples under one name, with its help text and type.
struct Family {
  std::string name, help, type;  // type: "counter" or "gauge"
  std::vector<Sample> samples;
};

class Metrics {
 public:
  // The latency buckets' upper bounds in seconds (the last, +Inf, is implied).
  static constexpr std::array<double, 11> BUCKETS = {0.0001, 0.00025, 0.0005, 0.001, 0.0025, 0.005,
                                                     0.01,   0.025,   0.05,   0.1,   1.0};

  // One answered request. `endpoint` is one of a few fixed names (never raw paths, so
  // the label set stays small); seconds < 0 records the count without a latency.
  void record(std::string_view endpoint, int status, double seconds);

  // All of it as the Prometheus text exposition format, the caller's families after
  // the server's own.
  std::string text(const std::vector<Family>& extra) const;

 private:
  struct Latency {
    std::array<std::uint64_t, BUCKETS.size() + 1> buckets{};  // per bucket, not cumulative
    double sum = 0;
    std::uint64_t count = 0;
  };
  mutable std::mutex mutex_;
  std::map<std::pair<std::string, int>, std::uint64_t> requests_;
  std::map<std::string, Latency> latency_;
};

}  // namespace hilltb::server
