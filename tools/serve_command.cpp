// hilltb serve: the tables over HTTP, lichess-shaped, with the explorer page at `/`
// (server/, docs/server.md). Runs until SIGINT or SIGTERM.
#include <csignal>
#include <iostream>
#include <thread>

#include "commands.h"
#include "common.h"
#include "server/http_server.h"

namespace hilltb::cli {

void add_serve_command(CLI::App& app) {
  struct Options {
    std::string tables, bind = "127.0.0.1", deals, www = HILLTB_WWW_DIR, node_modules = HILLTB_NODE_MODULES;
    int port = 9000, threads = 0;
    std::size_t cache_mb = 64;
    server::DealSolving deal_solving;
    std::vector<std::string> layouts;
  };
  auto opts = std::make_shared<Options>();
  CLI::App* cmd = app.add_subcommand("serve", "answer probes over HTTP (lichess-shaped JSON) with an explorer page");
  cmd->add_option("--tables", opts->tables, "the table directories, separated by ':' (searched in order)")->required();
  cmd->add_option("--bind", opts->bind, "the address to listen on")->capture_default_str();
  cmd->add_option("--port", opts->port, "the port (0: any free one)")->capture_default_str()->check(CLI::Range(0, 65535));
  cmd->add_option("--threads", opts->threads, "connections served at once, a thread each (0: 4 a processor, at least 8)")
      ->capture_default_str()->check(CLI::NonNegativeNumber);
  cmd->add_option("--deals", opts->deals, "a results file of `deal solve --json`, for /qoth/deal")->check(CLI::ExistingFile);
  cmd->add_option("--deal-seconds", opts->deal_solving.seconds,
                  "the deal solver's budget for a set-up --deals does not hold (0: no solving)")
      ->capture_default_str()->check(CLI::NonNegativeNumber);
  cmd->add_option("--deal-nodes", opts->deal_solving.nodes, "and its node budget (0: none)")->capture_default_str();
  cmd->add_option("--cache-mb", opts->cache_mb, "block cache size in MiB, per variant")->capture_default_str();
  cmd->add_option("--layout", opts->layouts, "a qoth layout file to serve besides ring (repeatable)")->check(CLI::ExistingFile);
  cmd->add_option("--www", opts->www, "the explorer page's files")->capture_default_str();
  cmd->add_option("--node-modules", opts->node_modules, "where npm installed the page's board library")
      ->capture_default_str();
  cmd->callback([opts] {
    server::ServerOptions so;
    so.api.dirs = split_table_dirs(opts->tables);
    so.api.cache_bytes = opts->cache_mb << 20;
    for (const std::string& file : opts->layouts) {
      VariantOptions v;
      v.layout = file;
      so.api.layouts.push_back(v.load_layout());
    }
    so.api.deal_solving = opts->deal_solving;
    if (!opts->deals.empty()) so.api.deals = server::DealResults::load(opts->deals);
    so.bind = opts->bind;
    so.port = opts->port;
    so.threads = opts->threads;
    so.www = opts->www;
    so.node_modules = opts->node_modules;

    // SIGINT and SIGTERM are taken by a thread of their own, which stops the server.
    sigset_t signals;
    sigemptyset(&signals);
    sigaddset(&signals, SIGINT);
    sigaddset(&signals, SIGTERM);
    pthread_sigmask(SIG_BLOCK, &signals, nullptr);

    server::HttpServer server(std::move(so));
    const int port = server.bind();
    std::cout << "hilltb serve: listening on http://" << opts->bind << ":" << port << "/" << std::endl;
    std::thread stopper([&] {
      int sig = 0;
      sigwait(&signals, &sig);
      server.stop();
    });
    server.serve();
    // serve() also returns on its own failure: wake the signal thread to finish.
    pthread_kill(stopper.native_handle(), SIGTERM);
    stopper.join();
  });
}

}  // namespace hilltb::cli
