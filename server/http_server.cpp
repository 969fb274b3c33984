#include "server/http_server.h"

#include <httplib.h>

#include <chrono>
#include <fstream>
#include <optional>
#include <sstream>
#include <stdexcept>
#include <thread>

namespace hilltb::server {

namespace {

using Clock = std::chrono::steady_clock;

// When the request this thread is answering was routed (null when it never was: one
// that cpp-httplib refuses before routing, such as an overlong request line).
thread_local std::optional<Clock::time_point> routed_at;

std::string read_file(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw std::runtime_error("cannot read " + path.string());
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

void send(httplib::Response& res, const Reply& reply) {
  res.status = reply.status;
  res.set_content(reply.body, "application/json");
}

// Why cpp-httplib refused a request it answers itself, for statuses no handler set.
std::string reason(int status) {
  switch (status) {
    case 400: return "malformed request";
    case 404: return "no such path";
    case 414: return "request line too long";
    default: return "HTTP status " + std::to_string(status);
  }
}

}  // namespace

struct HttpServer::Impl {
  ServerOptions options;
  Api api;
  Metrics metrics;
  httplib::Server http;
  std::string page;  // index.html, read once

  explicit Impl(ServerOptions o) : options(std::move(o)), api(std::move(options.api)) {
    page = read_file(options.www / "index.html");
    // A connection holds its thread while it is open (cpp-httplib's model), so there are
    // several threads a processor by default.
    const int threads = options.threads > 0 ? options.threads : int(std::max(8u, 4 * std::thread::hardware_concurrency()));
    http.new_task_queue = [threads] { return new httplib::ThreadPool(threads); };
    // An idle or slow client holds a worker only briefly.
    http.set_read_timeout(2, 0);
    http.set_write_timeout(5, 0);
    http.set_keep_alive_timeout(2);
    http.set_keep_alive_max_count(1000);
    // Headers and body go out in separate writes: without TCP_NODELAY the second waits
    // for the client's delayed acknowledgement (some 40 ms).
    http.set_tcp_nodelay(true);
    http.set_default_headers({{"Access-Control-Allow-Origin", "*"}});

    http.set_pre_routing_handler([](const httplib::Request& req, httplib::Response& res) {
      routed_at = Clock::now();
      if (req.method == "GET" || req.method == "HEAD") return httplib::Server::HandlerResponse::Unhandled;
      res.set_header("Allow", "GET, HEAD");
      send(res, Api::error(405, "method " + req.method + " not allowed: GET only"));
      return httplib::Server::HandlerResponse::Handled;
    });
    http.set_error_handler(httplib::Server::HandlerWithResponse(
        [](const httplib::Request&, httplib::Response& res) {
          if (!res.body.empty()) return httplib::Server::HandlerResponse::Unhandled;
          send(res, Api::error(res.status, reason(res.status)));
          return httplib::Server::HandlerResponse::Handled;
        }));
    http.set_logger([this](const httplib::Request& req, const httplib::Response& res) {
      const double seconds =
          routed_at ? std::chrono::duration<double>(Clock::now() - *routed_at).count() : -1.0;
      routed_at.reset();
      metrics.record(Api::endpoint(req.path), res.status, seconds);
    });

    if (!http.set_mount_point("/static", options.www.string()))
      throw std::runtime_error("the explorer page's directory " + options.www.string() + " cannot be read");
    // Without the board library the page says so; the API serves all the same.
    http.set_mount_point("/vendor/chessground", (options.node_modules / "chessground").string());

    http.Get("/", [this](const httplib::Request&, httplib::Response& res) { res.set_content(page, "text/html"); });
    http.Get("/metrics", [this](const httplib::Request&, httplib::Response& res) {
      res.set_content(metrics.text(api.prober_families()), "text/plain; version=0.0.4");
    });
    http.Get(".*", [this](const httplib::Request& req, httplib::Response& res) {
      const std::size_t query = req.target.size() - std::min(req.target.size(), req.target.find('?'));
      try {
        send(res, api.get(req.path, req.params, query));
      } catch (const std::exception& e) {
        send(res, Api::error(500, std::string("internal error: ") + e.what()));
      }
    });
  }
};

HttpServer::HttpServer(ServerOptions options) : impl_(std::make_unique<Impl>(std::move(options))) {}
HttpServer::~HttpServer() = default;

int HttpServer::bind() {
  const std::string& host = impl_->options.bind;
  const int port = impl_->options.port;
  const int bound = port == 0 ? impl_->http.bind_to_any_port(host) : (impl_->http.bind_to_port(host, port) ? port : -1);
  if (bound <= 0)
    throw std::runtime_error("cannot listen on " + host + ":" + std::to_string(port) +
                             " (address in use, or not an address of this machine)");
  return bound;
}

void HttpServer::serve() { impl_->http.listen_after_bind(); }
void HttpServer::stop() { impl_->http.stop(); }

}  // namespace hilltb::server
