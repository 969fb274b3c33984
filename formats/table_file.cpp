#include "table_file.h"

#include <algorithm>
#include <cstring>
#include <xxhash.h>

#include "formats/symmetry.h"
#include "rules/notation.h"

namespace hilltb {

namespace {

constexpr char MAGIC[8] = {'H', 'I', 'L', 'L', 'T', 'B', '\x1a', '\n'};

// Little-endian field writer/reader over the fixed header.
struct Cursor {
  std::uint8_t* out = nullptr;
  const std::uint8_t* in = nullptr;
  std::size_t pos = 0;
  template <typename T>
  void put(T v) {
    for (std::size_t i = 0; i < sizeof(T); ++i) out[pos++] = std::uint8_t(std::uint64_t(v) >> (8 * i));
  }
  template <typename T>
  T get() {
    std::uint64_t v = 0;
    for (std::size_t i = 0; i < sizeof(T); ++i) v |= std::uint64_t(in[pos++]) << (8 * i);
    return T(v);
  }
};

constexpr std::size_t MATERIAL_BYTES = 16;

}  // namespace

std::array<std::uint8_t, TABLE_HEADER_BYTES> TableHeader::serialise() const {
  std::array<std::uint8_t, TABLE_HEADER_BYTES> bytes{};
  std::memcpy(bytes.data(), MAGIC, sizeof MAGIC);
  Cursor c{bytes.data(), nullptr, sizeof MAGIC};
  c.put<std::uint32_t>(TABLE_FORMAT_VERSION);
  c.put<std::uint8_t>(std::uint8_t(variant));
  c.put<std::uint8_t>(index_scheme(variant));
  c.put<std::uint8_t>(std::uint8_t(metric));
  c.put<std::uint8_t>(value_bytes);
  std::memcpy(bytes.data() + c.pos, material.data(), std::min(material.size(), MATERIAL_BYTES - 1));
  c.pos += MATERIAL_BYTES;
  c.put(layout_digest);
  c.put(target);
  c.put(sides);
  c.put(delta_sides);
  c.pos += 5;
  for (std::uint64_t v : {positions_per_side}) c.put(v);
  c.put(block_values);
  c.put(block_count);
  for (std::uint64_t v : {dict_offset, dict_size, index_offset, data_offset, file_size}) c.put(v);
  if (c.pos != CHECKSUM_OFFSET) throw std::logic_error("table header layout changed");
  c.put(checksum);
  for (const SideStats& s : stats) {
    for (std::uint64_t v : {s.legal, s.wins, s.draws, s.losses}) c.put(v);
    c.put(s.longest_win);
    c.put(s.longest_loss);
  }
  for (const SideStats& s : stats) {
    c.put(s.cursed_wins);
    c.put(s.blessed_losses);
  }
  return bytes;
}

TableHeader TableHeader::parse(std::span<const std::uint8_t> bytes, const std::string& path) {
  auto fail = [&](const std::string& what) -> TableError { return TableError(path + ": " + what); };
  if (bytes.size() < TABLE_HEADER_BYTES) throw fail("too short for a table header (truncated?)");
  if (std::memcmp(bytes.data(), MAGIC, sizeof MAGIC) != 0) throw fail("not a hilltb table (wrong magic)");
  TableHeader h;
  Cursor c{nullptr, bytes.data(), sizeof MAGIC};
  const auto version = c.get<std::uint32_t>();
  if (version < OLDEST_FORMAT_VERSION || version > TABLE_FORMAT_VERSION)
    throw fail("format version " + std::to_string(version) + ", this hilltb reads versions " +
               std::to_string(OLDEST_FORMAT_VERSION) + " to " + std::to_string(TABLE_FORMAT_VERSION));
  const auto variant = c.get<std::uint8_t>();
  if (variant > std::uint8_t(Variant::Qoth)) throw fail("unknown variant code " + std::to_string(variant));
  h.variant = Variant(variant);
  const auto scheme = c.get<std::uint8_t>();
  if (scheme != index_scheme(h.variant))
    throw fail("index scheme " + std::to_string(scheme) + ", this hilltb reads " +
               std::string(variant_name(h.variant)) + " tables of index scheme " +
               std::to_string(index_scheme(h.variant)) + " (generate it again)");
  const auto metric = c.get<std::uint8_t>();
  if (metric < 1 || metric > 3) throw fail("unknown metric " + std::to_string(metric));
  h.metric = Metric(metric);
  h.value_bytes = c.get<std::uint8_t>();
  if (h.value_bytes != 1 && h.value_bytes != 2) throw fail("bad value width " + std::to_string(h.value_bytes));
  const char* name = reinterpret_cast<const char*>(bytes.data() + c.pos);
  h.material.assign(name, strnlen(name, MATERIAL_BYTES - 1));
  c.pos += MATERIAL_BYTES;
  h.layout_digest = c.get<std::uint64_t>();
  h.target = c.get<std::uint8_t>();
  h.sides = c.get<std::uint8_t>();
  if (h.sides < 1 || h.sides > 3) throw fail("bad stored-sides mask " + std::to_string(h.sides));
  h.delta_sides = c.get<std::uint8_t>();  // version 2 left it zero
  if (h.delta_sides & ~h.sides)
    throw fail("difference-coded sides " + std::to_string(h.delta_sides) + " not among those stored");
  c.pos += 5;
  h.positions_per_side = c.get<std::uint64_t>();
  h.block_values = c.get<std::uint32_t>();
  h.block_count = c.get<std::uint32_t>();
  for (std::uint64_t* v : {&h.dict_offset, &h.dict_size, &h.index_offset, &h.data_offset, &h.file_size, &h.checksum})
    *v = c.get<std::uint64_t>();
  for (SideStats& s : h.stats) {
    for (std::uint64_t* v : {&s.legal, &s.wins, &s.draws, &s.losses}) *v = c.get<std::uint64_t>();
    s.longest_win = c.get<std::uint32_t>();
    s.longest_loss = c.get<std::uint32_t>();
  }
  for (SideStats& s : h.stats) {
    s.cursed_wins = c.get<std::uint64_t>();
    s.blessed_losses = c.get<std::uint64_t>();
  }
  return h;
}

std::vector<TableKind> TableKind::all(Variant v, const Layout& layout, const std::vector<Measure>& measures) {
  const auto asked = [&](Measure m) { return std::find(measures.begin(), measures.end(), m) != measures.end(); };
  std::vector<TableKind> kinds;
  if (asked(Measure::Dtm)) {
    if (v != Variant::Qoth) kinds.emplace_back(v);
    else
      for (Square rep : target_representatives(layout)) kinds.emplace_back(v, layout, rep);
  }
  if (asked(Measure::Dtz) && v != Variant::Qoth) kinds.emplace_back(v, Measure::Dtz);
  return kinds;
}

std::string TableKind::folder() const {
  std::string f(variant_name(variant));
  if (variant != Variant::Qoth) return f;
  f.append("/").append(layout.name);
  if (target_representatives(layout).size() > 1) f.append("/").append(square_name(target));
  return f;
}

std::filesystem::path table_path(const std::filesystem::path& dir, const TableKind& kind,
                                 const std::string& material) {
  return dir / kind.folder() / (material + (kind.measure == Measure::Dtz ? ".htz" : ".htb"));
}

std::uint64_t layout_digest(const Layout& layout) {
  const std::string text = layout.to_text();
  const std::string squares = text.substr(text.find('\n') + 1);  // past the name line
  return XXH64(squares.data(), squares.size(), 0);
}

}  // namespace hilltb
