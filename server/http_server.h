// hilltb's HTTP server: cpp-httplib around the Api, the explorer page's files, the
// metrics, CORS as lichess sends it (Access-Control-Allow-Origin: *), JSON errors with
// their status for everything that goes wrong.
#pragma once

#include <filesystem>
#include <memory>
#include <string>

#include "server/api.h"

namespace hilltb::server {

struct ServerOptions {
  ApiOptions api;
  std::string bind = "127.0.0.1";
  int port = 9000;  // 0: a free port, chosen by the system
  int threads = 0;  // connections served at once, a thread each; 0: 4 a processor, at least 8
  // The explorer page's own files (index.html, explorer.js, explorer.css), and the
  // directory where npm installed its board library (holding chessground/).
  std::filesystem::path www;
  std::filesystem::path node_modules;
};

class HttpServer {
 public:
  explicit HttpServer(ServerOptions options);
  ~HttpServer();
  // Binds the address; returns the port. Throws std::runtime_error naming the address
  // when it cannot.
  int bind();
  // Answers requests until stop() (from another thread); returns then.
  void serve();
  void stop();

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace hilltb::server
