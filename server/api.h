// What the server answers, apart from HTTP: a GET path and its query parameters in, a
// status and a JSON body out (INTERFACE.md "Serving"). One Prober per variant (and qoth
// layout), shared by every request; each opens its tables on first use.
//
//   /chess?fen=  /koth?fen=  /qoth?fen=&layout=    the answer of `probe --json`
//   /<variant>/mainline?fen=                        the answer of `line --json`
//   /qoth/deal?setup=&layout=                       the set-up's FEN and its value (from
//                                                   the results file, else the solver)
//   /health                                         {"status": "ok", ...}
//
// A FEN may write its spaces as '_' (as lichess takes them). Errors are {"error": why}:
// 400 for a bad or missing parameter, 404 for an unknown path or variant, 414 for an
// overlong query, 503 when the deal solver stays busy. A position the tables don't
// cover is 200 with category "unknown".
#pragma once

#include <filesystem>
#include <map>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "server/metrics.h"
#include "probe/prober.h"
#include "server/deal_results.h"
#include "server/deal_solver.h"

namespace hilltb::server {

// Query parameters, decoded (the shape cpp-httplib gives them).
using Params = std::multimap<std::string, std::string>;

struct Reply {
  int status = 200;
  std::string body;  // JSON
};

struct ApiOptions {
  std::vector<std::filesystem::path> dirs;  // the table directories, searched in order
  std::size_t cache_bytes = std::size_t(64) << 20;  // each variant's block cache
  std::vector<Layout> layouts;  // qoth layouts besides the built-in ring, by name
  DealResults deals;             // empty without a results file
  DealSolving deal_solving;      // the solver's budget for set-ups `deals` does not hold
};

class Api {
 public:
  // The longest query string answered; a longer one is 414.
  static constexpr std::size_t MAX_QUERY = 1024;

  explicit Api(ApiOptions options);
  ~Api();

  Reply get(std::string_view path, const Params& params, std::size_t query_bytes) const;

  // The endpoint a path counts under in the metrics: one of a fixed few, "other" else.
  static std::string_view endpoint(std::string_view path);
  // Tables open and block cache counts per variant (and layout), as metric families.
  std::vector<Family> prober_families() const;

  static Reply error(int status, const std::string& why);

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace hilltb::server
