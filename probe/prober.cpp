#include "prober.h"

#include <algorithm>
#include <array>
#include <atomic>
#include <mutex>
#include <set>
#include <shared_mutex>
#include <system_error>
#include <unordered_map>

#include "formats/index.h"
#include "formats/successors.h"
#include "formats/symmetry.h"
#include "formats/table_reader.h"
#include "probe/block_cache.h"
#include "rules/fen.h"
#include "rules/outcome.h"

namespace hilltb {

namespace {

namespace fs = std::filesystem;

ProbeResult failure(ProbeStatus status, std::string error) {
  ProbeResult r;
  r.status = status;
  r.error = std::move(error);
  return r;
}

std::atomic<std::uint64_t> probers_made{0};

}  // namespace

struct Prober::Impl {
  struct Table {
    std::uint32_t id = 0;
    ProbeStatus status = ProbeStatus::Ok;
    std::string error;
    std::unique_ptr<TableReader> reader;
    std::unique_ptr<Index> index;
  };

  // The first failure of a lookup; later lookups of the same probe are skipped.
  struct Lookup {
    ProbeResult failed;
    bool ok() const { return failed.ok(); }
    std::uint16_t fail(ProbeStatus status, std::string error) {
      if (ok()) failed = failure(status, std::move(error));
      return DRAW_CODE;
    }
  };

  explicit Impl(ProberOptions o)
      : serial(++probers_made), options(std::move(o)), kinds(TableKind::all(options.variant, options.layout, {Measure::Dtm, Measure::Dtz})),
        cache(options.cache_bytes), tables(kinds.size()) {}

  // Tells this prober's blocks from those of another in a thread's recent-block memo
  // (a later prober may take the address of a destroyed one).
  const std::uint64_t serial;
  ProberOptions options;
  std::vector<TableKind> kinds;  // DTM: one for chess and koth (then DTZ), one per target class in qoth
  BlockCache cache;
  std::shared_mutex tables_mutex;
  // Per family, by material key.
  std::vector<std::unordered_map<std::uint64_t, std::shared_ptr<Table>>> tables;
  std::atomic<std::uint32_t> next_table_id{0};

  std::shared_ptr<Table> open(const Material& m, std::size_t kind);
  std::shared_ptr<Table> table_for(const Material& m, std::size_t kind, Lookup& lookup);
  std::uint16_t stored_code(const Position& pos, Lookup& lookup, Measure measure);
  std::uint16_t read_code(const Table& table, const Position& stored, Lookup& lookup);
  ProbeResult probe(const Position& pos, Measure measure);
};

// Looks for the table in each directory in turn; the first file found is the table.
std::shared_ptr<Prober::Impl::Table> Prober::Impl::open(const Material& m, std::size_t kind) {
  auto t = std::make_shared<Table>();
  t->id = next_table_id++;
  t->status = ProbeStatus::Missing;
  t->error = "no table " + m.name() + " for " + std::string(variant_name(options.variant)) + " in";
  for (const auto& dir : options.dirs) {
    t->error.append(" ").append(dir.string());
    const TableKind& k = kinds[kind];
    const fs::path path = table_path(dir, k, m.name());
    std::error_code ec;
    const fs::file_status st = fs::status(path, ec);
    if (ec && ec != std::errc::no_such_file_or_directory && ec != std::errc::not_a_directory) {
      t->status = ProbeStatus::Io;
      t->error = path.string() + ": " + ec.message();
      return t;
    }
    if (!fs::exists(st)) continue;
    try {
      t->reader = std::make_unique<TableReader>(path, TableExpectation::of(k, m.name()));
      t->index = std::make_unique<Index>(m, k.variant, k.layout, k.target);
      if (t->reader->header().positions_per_side != t->index->size())
        throw TableError(path.string() + ": index size does not match this hilltb's");
      t->status = ProbeStatus::Ok;
      t->error.clear();
    } catch (const TableIoError& e) {
      t->reader.reset();
      t->status = ProbeStatus::Io;
      t->error = e.what();
    } catch (const TableError& e) {
      t->reader.reset();
      t->status = ProbeStatus::Corrupt;
      t->error = e.what();
    }
    break;
  }
  return t;
}

std::shared_ptr<Prober::Impl::Table> Prober::Impl::table_for(const Material& m, std::size_t kind, Lookup& lookup) {
  auto& family = tables[kind];
  std::shared_ptr<Table> table;
  {
    std::shared_lock lock(tables_mutex);
    if (const auto it = family.find(m.key()); it != family.end()) table = it->second;
  }
  if (!table) {
    std::unique_lock lock(tables_mutex);
    auto& slot = family[m.key()];
    if (!slot) slot = open(m, kind);
    table = slot;
    // A file that could not be read is tried again on the next probe.
    if (table->status == ProbeStatus::Io) family.erase(m.key());
  }
  if (table->status != ProbeStatus::Ok) {
    lookup.fail(table->status, table->error);
    return nullptr;
  }
  return table;
}

std::uint16_t Prober::Impl::stored_code(const Position& pos, Lookup& lookup, Measure measure) {
  if (!lookup.ok()) return DRAW_CODE;
  const Material m = Material::of(pos);
  if (m.pieces() > MAX_TABLE_PIECES)
    return lookup.fail(ProbeStatus::NotCovered, std::to_string(m.pieces()) + " pieces: more than any table holds");
  const TableOrientation orientation = table_orientation(m, pos, options.layout);
  std::size_t kind = 0;  // the family of the target's class (chess, koth: the only one)
  if (measure == Measure::Dtz) kind = kinds.size() - 1;
  else if (pos.variant() == Variant::Qoth) {
    const Square representative = target_class(options.layout, pos.target()).representative;
    while (kinds[kind].target != representative) ++kind;
  }
  const auto table = table_for(orientation.flip ? m.flipped() : m, kind, lookup);
  if (!table) return DRAW_CODE;
  const Position here = orientation.apply(pos);
  if (table->reader->header().holds(here.side_to_move())) return read_code(*table, here, lookup);
  // A side to move the file does not store: one ply of search. Moves that keep the
  // material reach the side it does store, in this table; captures and promotions go
  // through the whole lookup (a child may need the same search: captures end it).
  const std::uint64_t key = m.key();
  return code_from_successors(measure, pos, [&](const Position& p) {
    return Material::key_of(p) == key ? read_code(*table, orientation.apply(p), lookup)
                                      : stored_code(p, lookup, measure);
  });
}

std::uint16_t Prober::Impl::read_code(const Table& table, const Position& stored, Lookup& lookup) {
  if (!lookup.ok()) return DRAW_CODE;
  const auto [block, offset] = table.reader->locate(stored.side_to_move(), table.index->encode(stored));
  const std::uint64_t key = std::uint64_t(table.id) << 32 | block;
  // The blocks this thread read last, before the shared cache and its lock: a search
  // reads the same few blocks again and again. (None with no cache: every read then
  // goes to the file, as asked.)
  struct Recent {
    std::uint64_t prober = 0, key = 0;
    BlockCache::Block block;
  };
  thread_local std::array<Recent, 16> recent;
  Recent& slot = recent[(key * 0x9E3779B97F4A7C15ULL) >> 60];
  const bool memo = options.cache_bytes > 0;
  if (memo && slot.prober == serial && slot.key == key && slot.block) return slot.block->code(offset);
  BlockCache::Block values = cache.find(key);
  if (!values) {
    try {
      values = BlockCache::read(*table.reader, block);
    } catch (const TableError& e) {
      return lookup.fail(ProbeStatus::Corrupt, e.what());
    }
    cache.insert(key, values);
  }
  if (memo) slot = {serial, key, values};
  return values->code(offset);
}

ProbeResult Prober::Impl::probe(const Position& pos, Measure measure) {
  if (pos.variant() != options.variant)
    return failure(ProbeStatus::NotCovered, "a " + std::string(variant_name(pos.variant())) +
                                                " position, the tables are " + std::string(variant_name(options.variant)));
  if (pos.castling()) return failure(ProbeStatus::NotCovered, "castling rights: not in the tables");
  if (pos.variant() == Variant::Qoth && pos.fixed() != (options.layout.blocker_bb() | square_bb(pos.target())))
    return failure(ProbeStatus::NotCovered, "the fixed pawns are not those of layout '" + options.layout.name + "'");
  if (measure == Measure::Dtz && pos.variant() == Variant::Qoth)
    return failure(ProbeStatus::NotCovered, "qoth has no fifty-move rule: no DTZ tables");
  Lookup lookup;
  const std::uint16_t code =
      code_with_en_passant(measure, pos, [&](const Position& p) { return stored_code(p, lookup, measure); });
  ProbeResult r;
  if (lookup.ok()) {
    r.value = decode_value(code, measure == Measure::Dtz ? Metric::ZeroingDistance : metric_of(pos.variant()));
    return r;
  }
  // A finished game needs no table.
  const Outcome o = outcome(pos);
  if (!o.over()) return lookup.failed;
  r.value = {o.result, 0, o.points};
  return r;
}

std::vector<fs::path> split_table_dirs(std::string_view list) {
  std::vector<fs::path> dirs;
  while (!list.empty()) {
    const std::size_t colon = std::min(list.find(':'), list.size());
    if (colon > 0) dirs.emplace_back(list.substr(0, colon));
    list.remove_prefix(std::min(colon + 1, list.size()));
  }
  return dirs;
}

Prober::Prober(ProberOptions options) : impl_(std::make_unique<Impl>(std::move(options))) {}
Prober::~Prober() = default;
Prober::Prober(Prober&&) noexcept = default;
Prober& Prober::operator=(Prober&&) noexcept = default;

Variant Prober::variant() const { return impl_->options.variant; }
const Layout& Prober::layout() const { return impl_->options.layout; }

std::size_t Prober::open_tables() const {
  std::shared_lock lock(impl_->tables_mutex);
  std::size_t n = 0;
  for (const auto& family : impl_->tables)
    for (const auto& [key, t] : family) n += t->reader != nullptr;
  return n;
}

CacheStats Prober::cache_stats() const {
  return {impl_->cache.hits(), impl_->cache.misses(), impl_->cache.bytes()};
}

TableCensus Prober::census() const {
  TableCensus census;
  std::set<std::pair<std::size_t, std::uint64_t>> seen;
  for (const auto& dir : impl_->options.dirs) {
    std::error_code ec;
    if (!fs::is_directory(dir, ec)) {
      census.unreadable.push_back(dir.string() + ": " + (ec ? ec.message() : "not a directory"));
      continue;
    }
    for (std::size_t kind = 0; kind < impl_->kinds.size(); ++kind) {
      // A DTZ file is a second measure of a table the DTM family counts.
      if (impl_->kinds[kind].measure == Measure::Dtz) continue;
      const fs::path folder = dir / impl_->kinds[kind].folder();
      if (!fs::exists(folder, ec)) continue;
      fs::directory_iterator it(folder, ec), end;
      if (ec) census.unreadable.push_back(folder.string() + ": " + ec.message());
      for (; !ec && it != end; it.increment(ec)) {
        const fs::path& file = it->path();
        if (file.extension() != ".htb") continue;
        try {
          const Material m = Material::parse(file.stem().string(), impl_->options.variant);
          if (m.name() != file.stem().string() || !seen.insert({kind, m.key()}).second) continue;
          ++census.tables;
          census.largest = std::max(census.largest, m.pieces());
        } catch (const MaterialError&) {
          // Another file beside the tables: not a table.
        }
      }
    }
  }
  return census;
}

ProbeResult Prober::probe(const Position& pos) const {
  try {
    return impl_->probe(pos, Measure::Dtm);
  } catch (const std::bad_alloc&) {
    throw;  // out of memory is the host's to handle
  } catch (const std::system_error& e) {
    return failure(ProbeStatus::Io, e.what());
  } catch (const std::exception& e) {
    return failure(ProbeStatus::Corrupt, e.what());
  }
}

ProbeResult Prober::probe_dtz(const Position& pos) const {
  try {
    return impl_->probe(pos, Measure::Dtz);
  } catch (const std::bad_alloc&) {
    throw;
  } catch (const std::system_error& e) {
    return failure(ProbeStatus::Io, e.what());
  } catch (const std::exception& e) {
    return failure(ProbeStatus::Corrupt, e.what());
  }
}

ProbeResult Prober::probe_fen(std::string_view fen) const {
  Position pos;
  try {
    pos = parse_fen(fen, impl_->options.variant, impl_->options.layout);
  } catch (const FenError& e) {
    return failure(ProbeStatus::Malformed, e.what());
  }
  return probe(pos);
}

std::vector<RankedMove> Prober::rank_moves(const Position& pos, Rule rule) const {
  MoveList list;
  generate_legal(pos, list);
  std::vector<RankedMove> ranked;
  const bool fifty = rule == Rule::FiftyMoves;
  for (Move m : list) {
    Position next = pos;
    next.play(m);
    ranked.push_back({m, fifty ? probe_dtz(next) : probe(next), is_zeroing(pos, m)});
  }
  const Metric metric = metric_of(pos.variant());
  auto score = [&](const RankedMove& r) {
    if (!r.after.ok()) return -1000000000;
    const std::uint16_t after = encode_value(r.after.value);
    return preference(fifty ? (r.zeroing ? zeroing_value(after) : move_value(after, Metric::ZeroingDistance))
                            : move_value(after, metric),
                      metric);
  };
  std::stable_sort(ranked.begin(), ranked.end(),
                   [&](const RankedMove& a, const RankedMove& b) { return score(a) > score(b); });
  return ranked;
}

std::vector<Move> Prober::line(const Position& start, int max_plies, Rule rule) const {
  std::vector<Move> moves;
  Position pos = start;
  const bool fifty = rule == Rule::FiftyMoves;
  while (int(moves.size()) < max_plies) {
    const ProbeResult r = fifty ? probe_dtz(pos) : probe(pos);
    if (!r.ok() || r.value.result == 0 || r.value.distance == 0) break;
    if (fifty) {
      const Category c = category_of(r.value, pos.rule50());
      if (c != Category::Win && c != Category::Loss) break;  // drawn by the rule
    }
    const auto ranked = rank_moves(pos, rule);
    if (ranked.empty() || !ranked.front().after.ok()) break;
    moves.push_back(ranked.front().move);
    pos.play(ranked.front().move);
  }
  return moves;
}

}  // namespace hilltb
