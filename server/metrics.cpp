#include "server/metrics.h"

#include <algorithm>
#include <charconv>
#include <sstream>

namespace hilltb::server {

namespace {

// The shortest text that reads back as the same double ("0.00025", not 0.000250...01).
std::string number(double v) {
  char text[32];
  const auto end = std::to_chars(text, text + sizeof text, v).ptr;
  return std::string(text, end);
}

void header(std::ostringstream& out, const std::string& name, const std::string& help, const std::string& type) {
  out << "# HELP " << name << " " << help << "\n# TYPE " << name << " " << type << "\n";
}

}  // namespace

void Metrics::record(std::string_view endpoint, int status, double seconds) {
  std::lock_guard lock(mutex_);
  ++requests_[{std::string(endpoint), status}];
  if (seconds < 0) return;
  Latency& l = latency_[std::string(endpoint)];
  const auto bucket = std::lower_bound(BUCKETS.begin(), BUCKETS.end(), seconds) - BUCKETS.begin();
  ++l.buckets[bucket];
  l.sum += seconds;
  ++l.count;
}

std::string Metrics::text(const std::vector<Family>& extra) const {
  std::ostringstream out;
  {
    std::lock_guard lock(mutex_);
    header(out, "hilltb_http_requests_total", "HTTP requests answered, by endpoint and status.", "counter");
    for (const auto& [key, n] : requests_)
      out << "hilltb_http_requests_total{endpoint=\"" << key.first << "\",status=\"" << key.second << "\"} " << n
          << "\n";
    header(out, "hilltb_http_request_duration_seconds",
           "Time from routing a request to its answer being ready, by endpoint.", "histogram");
    for (const auto& [endpoint, l] : latency_) {
      const std::string name = "hilltb_http_request_duration_seconds";
      std::uint64_t cumulative = 0;
      for (std::size_t b = 0; b < BUCKETS.size(); ++b) {
        cumulative += l.buckets[b];
        out << name << "_bucket{endpoint=\"" << endpoint << "\",le=\"" << number(BUCKETS[b]) << "\"} " << cumulative
            << "\n";
      }
      out << name << "_bucket{endpoint=\"" << endpoint << "\",le=\"+Inf\"} " << l.count << "\n";
      out << name << "_sum{endpoint=\"" << endpoint << "\"} " << number(l.sum) << "\n";
      out << name << "_count{endpoint=\"" << endpoint << "\"} " << l.count << "\n";
    }
  }
  for (const Family& f : extra) {
    header(out, f.name, f.help, f.type);
    for (const Sample& s : f.samples)
      out << s.name << (s.labels.empty() ? "" : "{" + s.labels + "}") << " " << number(s.value) << "\n";
  }
  return out.str();
}

}  // namespace hilltb::server
