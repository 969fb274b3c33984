#include "prober.h"

#include <algorithm>
#include <array>
#include <mutex>

#include "formats/successors.h"
#include "formats/symmetry.h"
#include "rules/fen.h"

namespace hilltb {

struct Prober::Table {
  std::uint32_t id = 0;
  ProbeStatus status = ProbeStatus::Ok;
  std::string error;
  std::unique_ptr<TableReader> reader;
  std::unique_ptr<Index> index;
};

namespace {

// Carries a failed lookup out of code_with_en_passant's callback.
struct LookupFailed {
  ProbeResult result;
};

ProbeResult failure(ProbeStatus status, std::string error) {
  ProbeResult r;
  r.status = status;
  r.error = std::move(error);
  return r;
}

std::atomic<std::uint64_t> probers_made{0};

}  // namespace

Prober::Prober(ProberOptions options)
    : serial_(++probers_made), options_(std::move(options)), kinds_(TableKind::all(options_.variant, options_.layout)),
      cache_(options_.cache_bytes), tables_(kinds_.size()) {}
Prober::~Prober() = default;

std::size_t Prober::open_tables() const {
  std::shared_lock lock(tables_mutex_);
  std::size_t n = 0;
  for (const auto& family : tables_)
    for (const auto& [key, t] : family) n += t->reader != nullptr;
  return n;
}

std::shared_ptr<Prober::Table> Prober::table_for(const Material& m, std::size_t kind, ProbeResult& error) const {
  auto& family = tables_[kind];
  std::shared_ptr<Table> table;
  {
    std::shared_lock lock(tables_mutex_);
    if (const auto it = family.find(m.key()); it != family.end()) table = it->second;
  }
  if (!table) {
    std::unique_lock lock(tables_mutex_);
    auto& slot = family[m.key()];
    if (!slot) {
      auto t = std::make_shared<Table>();
      t->id = next_table_id_++;
      t->status = ProbeStatus::Missing;
      t->error = "no table " + m.name() + " for " + std::string(variant_name(options_.variant)) + " in";
      for (const auto& dir : options_.dirs) {
        t->error.append(" ").append(dir.string());
        const TableKind& k = kinds_[kind];
        const auto path = table_path(dir, k, m.name());
        if (!std::filesystem::exists(path)) continue;
        try {
          t->reader = std::make_unique<TableReader>(path, TableExpectation::of(k, m.name()));
          t->index = std::make_unique<Index>(m, k.variant, k.layout, k.target);
          if (t->reader->header().positions_per_side != t->index->size())
            throw TableError(path.string() + ": index size does not match this hilltb's");
          t->status = ProbeStatus::Ok;
          t->error.clear();
        } catch (const TableError& e) {
          t->reader.reset();
          t->status = ProbeStatus::Corrupt;
          t->error = e.what();
        }
        break;
      }
      slot = std::move(t);
    }
    table = slot;
  }
  if (table->status != ProbeStatus::Ok) error = failure(table->status, table->error);
  return table->status == ProbeStatus::Ok ? table : nullptr;
}

std::uint16_t Prober::stored_code(const Position& pos) const {
  const Material m = Material::of(pos);
  if (m.pieces() > MAX_TABLE_PIECES)
    throw LookupFailed{failure(ProbeStatus::NotCovered, std::to_string(m.pieces()) + " pieces: more than any table holds")};
  const TableOrientation orientation = table_orientation(m, pos, options_.layout);
  std::size_t kind = 0;  // the family of the target's class (chess, koth: the only one)
  if (pos.variant() == Variant::Qoth) {
    const Square representative = target_class(options_.layout, pos.target()).representative;
    while (kinds_[kind].target != representative) ++kind;
  }
  ProbeResult error;
  const auto table = table_for(orientation.flip ? m.flipped() : m, kind, error);
  if (!table) throw LookupFailed{error};
  const Position here = orientation.apply(pos);
  if (table->reader->header().holds(here.side_to_move())) return read_code(*table, here);
  // A side to move the file does not store: one ply of search. Moves that keep the
  // material reach the side it does store, in this table; captures and promotions go
  // through the whole lookup (a child may need the same search: captures end it).
  return code_from_successors(pos, [&](const Position& p) {
    return Material::of(p) == m ? read_code(*table, orientation.apply(p)) : stored_code(p);
  });
}

std::uint16_t Prober::read_code(const Table& table, const Position& stored) const {
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
  const bool memo = options_.cache_bytes > 0;
  if (memo && slot.prober == serial_ && slot.key == key && slot.block) return (*slot.block)[offset];
  BlockCache::Block values = cache_.find(key);
  if (!values) {
    auto fresh = std::make_shared<std::vector<std::uint16_t>>();
    try {
      table.reader->read_block(block, *fresh);
    } catch (const TableError& e) {
      throw LookupFailed{failure(ProbeStatus::Corrupt, e.what())};
    }
    values = fresh;
    cache_.insert(key, values);
  }
  if (memo) slot = {serial_, key, values};
  return (*values)[offset];
}

ProbeResult Prober::probe(const Position& pos) const {
  if (pos.variant() != options_.variant)
    return failure(ProbeStatus::NotCovered, "a " + std::string(variant_name(pos.variant())) +
                                                " position, the tables are " + std::string(variant_name(options_.variant)));
  if (pos.castling()) return failure(ProbeStatus::NotCovered, "castling rights: not in the tables");
  try {
    const std::uint16_t code = code_with_en_passant(pos, [&](const Position& p) { return stored_code(p); });
    ProbeResult r;
    r.value = decode_value(code, pos.variant() == Variant::Qoth);
    return r;
  } catch (const LookupFailed& f) {
    // A finished game needs no table.
    if (const Outcome o = outcome(pos); o.over()) {
      ProbeResult r;
      r.value = {o.result, 0, o.points};
      return r;
    }
    return f.result;
  }
}

ProbeResult Prober::probe_fen(std::string_view fen) const {
  try {
    return probe(parse_fen(fen, options_.variant, options_.layout));
  } catch (const FenError& e) {
    return failure(ProbeStatus::Malformed, e.what());
  }
}

std::vector<RankedMove> Prober::rank_moves(const Position& pos) const {
  MoveList list;
  generate_legal(pos, list);
  std::vector<RankedMove> ranked;
  for (Move m : list) {
    Position next = pos;
    next.play(m);
    ranked.push_back({m, probe(next)});
  }
  const bool qoth = pos.variant() == Variant::Qoth;
  auto score = [&](const RankedMove& r) {
    return r.after.ok() ? preference(move_value(encode_value(r.after.value), qoth), qoth) : -1000000000;
  };
  std::stable_sort(ranked.begin(), ranked.end(),
                   [&](const RankedMove& a, const RankedMove& b) { return score(a) > score(b); });
  return ranked;
}

std::vector<Move> Prober::line(const Position& start, int max_plies) const {
  std::vector<Move> moves;
  Position pos = start;
  while (int(moves.size()) < max_plies) {
    const ProbeResult r = probe(pos);
    if (!r.ok() || r.value.result == 0 || r.value.distance == 0) break;
    const auto ranked = rank_moves(pos);
    if (ranked.empty() || !ranked.front().after.ok()) break;
    moves.push_back(ranked.front().move);
    pos.play(ranked.front().move);
  }
  return moves;
}

}  // namespace hilltb
