#include "server/api.h"

#include <algorithm>

#include "answers/probe_json.h"
#include "rules/deal.h"
#include "rules/fen.h"

namespace hilltb::server {

namespace {

const std::vector<std::string_view> VARIANTS = {"chess", "koth", "qoth"};

Reply json_reply(const nlohmann::json& j) { return {200, j.dump()}; }

// The first value of a parameter, or null.
const std::string* param(const Params& params, const std::string& name) {
  const auto it = params.find(name);
  return it == params.end() ? nullptr : &it->second;
}

// Splits "/koth/mainline" into "koth" and "mainline" ("" when there is no second part).
std::pair<std::string_view, std::string_view> split_path(std::string_view path) {
  if (!path.empty() && path.front() == '/') path.remove_prefix(1);
  const std::size_t slash = path.find('/');
  if (slash == std::string_view::npos) return {path, ""};
  return {path.substr(0, slash), path.substr(slash + 1)};
}

}  // namespace

struct Api::Impl {
  ApiOptions options;
  std::map<std::string, Prober, std::less<>> probers;  // "chess", "koth", "qoth/<layout>"
  mutable DealSolver solver;

  explicit Impl(ApiOptions o) : options(std::move(o)), solver(options.deal_solving, options.dirs) {
    auto make = [&](Variant v, const Layout& layout) {
      return Prober({options.dirs, v, options.cache_bytes, layout});
    };
    probers.emplace("chess", make(Variant::Chess, ring_layout()));
    probers.emplace("koth", make(Variant::Koth, ring_layout()));
    probers.emplace("qoth/" + ring_layout().name, make(Variant::Qoth, ring_layout()));
    for (const Layout& l : options.layouts) probers.emplace("qoth/" + l.name, make(Variant::Qoth, l));
  }

  // The prober for a variant's request (qoth: its layout parameter), or the error reply.
  const Prober* prober(std::string_view variant, const Params& params, Reply& error) const {
    std::string key(variant);
    if (variant == "qoth") {
      const std::string* layout = param(params, "layout");
      key += "/" + (layout && !layout->empty() ? *layout : ring_layout().name);
    }
    const auto it = probers.find(key);
    if (it != probers.end()) return &it->second;
    std::string known;
    for (const auto& [name, p] : probers)
      if (name.starts_with("qoth/")) known += (known.empty() ? "" : ", ") + name.substr(5);
    error = Api::error(400, "unknown layout '" + key.substr(5) + "' (this server has: " + known + ")");
    return nullptr;
  }

  // The position of the request's "fen" parameter ('_' for spaces), or the error reply.
  static bool position(const Prober& prober, const Params& params, Position& pos, Reply& error) {
    const std::string* fen = param(params, "fen");
    if (!fen || fen->empty()) {
      error = Api::error(400, "missing parameter 'fen'");
      return false;
    }
    std::string text = *fen;
    std::replace(text.begin(), text.end(), '_', ' ');
    try {
      pos = parse_fen(text, prober.variant(), prober.layout());
      return true;
    } catch (const FenError& e) {
      error = {400, answers::error_json(text, e.what()).dump()};
      return false;
    }
  }

  Reply deal(const Params& params) const {
    Reply error;
    const Prober* p = prober("qoth", params, error);
    if (!p) return error;
    const std::string* text = param(params, "setup");
    if (!text || text->empty()) return Api::error(400, "missing parameter 'setup' (e.g. 1:QRBNK:RRNBB)");
    Setup setup;
    try {
      setup = parse_setup(*text);
    } catch (const DealError& e) {
      return Api::error(400, e.what());
    }
    const Position pos = setup_position(setup, p->layout());
    const std::string fen = to_fen(pos);
    const std::string name = setup_name(setup);
    nlohmann::json j{{"setup", name}, {"deal", deal_name(deal_of(setup))}, {"layout", p->layout().name}, {"fen", fen}};
    if (const nlohmann::json* line = options.deals.find(fen, name)) {
      for (const char* key : {"exact", "score", "lower", "upper", "category", "pv", "nodes", "seconds", "depth"})
        if (line->contains(key)) j[key] = (*line)[key];
      j["source"] = "results";
    } else if (solver.enabled()) {
      const auto solved = solver.solve(*p, pos);
      if (!solved) return {503, nlohmann::json{{"error", "the deal solver is busy with other set-ups: retry"}}.dump()};
      j.update(*solved);
    } else {
      j["category"] = "unknown";
      j["source"] = nullptr;
    }
    return json_reply(j);
  }
};

Api::Api(ApiOptions options) : impl_(std::make_unique<Impl>(std::move(options))) {}
Api::~Api() = default;

Reply Api::error(int status, const std::string& why) { return {status, nlohmann::json{{"error", why}}.dump()}; }

Reply Api::get(std::string_view path, const Params& params, std::size_t query_bytes) const {
  if (query_bytes > MAX_QUERY)
    return error(414, "query of " + std::to_string(query_bytes) + " bytes: the limit is " + std::to_string(MAX_QUERY));
  if (path == "/health") {
    std::size_t open = 0;
    for (const auto& [name, p] : impl_->probers) open += p.open_tables();
    return json_reply({{"status", "ok"}, {"tables_open", open}, {"deal_results", impl_->options.deals.size()}});
  }
  const auto [variant, action] = split_path(path);
  if (std::find(VARIANTS.begin(), VARIANTS.end(), variant) == VARIANTS.end()) {
    return error(404, "no such path or variant: " + std::string(path) + " (variants: chess, koth, qoth)");
  }
  if (variant == "qoth" && action == "deal") return impl_->deal(params);
  if (!action.empty() && action != "mainline") return error(404, "no such path: " + std::string(path));
  Reply reply;
  const Prober* prober = impl_->prober(variant, params, reply);
  if (!prober) return reply;
  Position pos;
  if (!Impl::position(*prober, params, pos, reply)) return reply;
  return json_reply(action.empty() ? answers::probe_json(*prober, pos) : answers::line_json(*prober, pos));
}

std::string_view Api::endpoint(std::string_view path) {
  static const std::vector<std::string_view> known = {
      "/",           "/health",        "/metrics",       "/chess",          "/koth",       "/qoth",
      "/qoth/deal",  "/chess/mainline", "/koth/mainline", "/qoth/mainline"};
  for (std::string_view k : known)
    if (path == k) return k;
  if (path.starts_with("/static/") || path.starts_with("/vendor/")) return "static";
  return "other";
}

std::vector<Family> Api::prober_families() const {
  Family open{"hilltb_tables_open", "Table files open, by variant (qoth: and layout).", "gauge", {}};
  Family hits{"hilltb_block_cache_hits_total", "Block cache finds that found the block.", "counter", {}};
  Family misses{"hilltb_block_cache_misses_total", "Block cache finds that read the block from its file.",
                "counter", {}};
  Family bytes{"hilltb_block_cache_bytes", "Decompressed blocks held in the cache.", "gauge", {}};
  for (const auto& [name, p] : impl_->probers) {
    const std::string labels = "tables=\"" + name + "\"";
    const CacheStats s = p.cache_stats();
    open.samples.push_back({open.name, labels, double(p.open_tables())});
    hits.samples.push_back({hits.name, labels, double(s.hits)});
    misses.samples.push_back({misses.name, labels, double(s.misses)});
    bytes.samples.push_back({bytes.name, labels, double(s.bytes)});
  }
  return {open, hits, misses, bytes};
}

}  // namespace hilltb::server
