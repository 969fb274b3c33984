#include "endgame_tables.h"

#include <algorithm>
#include <array>
#include <fstream>
#include <set>

#include "formats/material.h"
#include "formats/table_file.h"
#include "rules/deal.h"

namespace hilltb {

namespace {

constexpr std::string_view LETTERS = "KQRBN";  // DEAL_KINDS' letters

std::string side_letters(const std::array<int, 5>& count) {
  std::string s;
  for (std::size_t k = 0; k < DEAL_KINDS.size(); ++k) s.append(std::size_t(count[k]), LETTERS[k]);
  return s.empty() ? "-" : s;
}

// Every way to keep 0..have[k] pieces of each kind, as counts.
void sub_counts(const std::array<int, 5>& have, std::size_t k, std::array<int, 5>& cur,
                std::vector<std::array<int, 5>>& out) {
  if (k == DEAL_KINDS.size()) return out.push_back(cur);
  for (int n = 0; n <= have[k]; ++n) {
    cur[k] = n;
    sub_counts(have, k + 1, cur, out);
  }
}

int total(const std::array<int, 5>& c) { return c[0] + c[1] + c[2] + c[3] + c[4]; }

}  // namespace

std::vector<std::string> reachable_materials(const Position& pos, int max_pieces) {
  std::array<std::vector<std::array<int, 5>>, 2> subs;
  for (Color c : {WHITE, BLACK}) {
    std::array<int, 5> have{}, cur{};
    for (std::size_t k = 0; k < DEAL_KINDS.size(); ++k) have[k] = popcount(pos.pieces(c, DEAL_KINDS[k]));
    sub_counts(have, 0, cur, subs[c]);
  }
  std::set<std::string> names;
  for (const auto& w : subs[WHITE])
    for (const auto& b : subs[BLACK]) {
      const int n = total(w) + total(b);
      if (n < 1 || n > max_pieces) continue;
      names.insert(Material::parse(side_letters(w) + "v" + side_letters(b), Variant::Qoth).canonical().name());
    }
  return {names.begin(), names.end()};
}

std::vector<std::string> table_files(const Layout& layout, const std::vector<std::string>& materials) {
  std::vector<std::string> files;
  for (const TableKind& kind : TableKind::all(Variant::Qoth, layout))
    for (const auto& m : materials) files.push_back(kind.folder() + "/" + m + ".htb");
  return files;
}

std::vector<std::string> needed_table_files(const std::vector<Position>& positions, const Layout& layout,
                                            int max_pieces) {
  std::set<std::string> materials, seen;
  for (const Position& pos : positions) {
    std::string counts;
    for (Color c : {WHITE, BLACK})
      for (PieceType pt : DEAL_KINDS) counts += char('0' + popcount(pos.pieces(c, pt)));
    if (!seen.insert(counts).second) continue;  // the same material as an earlier position
    for (auto& m : reachable_materials(pos, max_pieces)) materials.insert(m);
  }
  return table_files(layout, {materials.begin(), materials.end()});
}

std::vector<std::string> missing_files(const TableDirs& dirs, const std::vector<std::string>& files) {
  std::vector<std::string> missing;
  for (const auto& f : files)
    if (std::none_of(dirs.begin(), dirs.end(), [&](const auto& d) { return std::filesystem::exists(d / f); }))
      missing.push_back(f);
  return missing;
}

std::vector<TableRef> table_refs(const TableDirs& dirs, const std::vector<std::string>& files) {
  std::vector<TableRef> refs;
  for (const auto& f : files) {
    const auto dir = std::find_if(dirs.begin(), dirs.end(), [&](const auto& d) { return std::filesystem::exists(d / f); });
    if (dir == dirs.end()) throw TableError("no table " + f + " in the table directories");
    const auto path = *dir / f;
    std::array<std::uint8_t, TABLE_HEADER_BYTES> bytes{};
    std::ifstream in(path, std::ios::binary);
    if (!in.read(reinterpret_cast<char*>(bytes.data()), bytes.size()))
      throw TableError(path.string() + ": too short for a table header");
    refs.push_back({f, TableHeader::parse(bytes, path.string()).checksum});
  }
  return refs;
}

}  // namespace hilltb
