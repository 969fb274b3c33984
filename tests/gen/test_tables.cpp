#include "test_tables.h"

#include <map>
#include <mutex>

namespace hilltb::test {

namespace {
std::mutex mutex;
std::map<std::string, std::shared_ptr<const SolvedTable>> loaded;
}  // namespace

std::shared_ptr<const SolvedTable> generated_table(Variant v, const std::string& material) {
  std::lock_guard lock(mutex);
  const std::string key = std::string(variant_name(v)) + "/" + material;
  auto& slot = loaded[key];
  if (!slot) {
    const Material m = Material::parse(material, v);
    const TableKind kind = TableKind::all(v, ring_layout()).front();
    TableSet loader{kind};
    slot = loader.load(table_path(HILLTB_TEST_TABLES, kind, m.name()), m);
  }
  return slot;
}

const TableSet& generated_tables(Variant v) {
  static std::map<Variant, std::unique_ptr<TableSet>> sets;
  static std::once_flag once[3];
  std::call_once(once[int(v)], [&] {
    auto set = std::make_unique<TableSet>(TableKind::all(v, ring_layout()).front());
    for (const Material& m : all_materials(v, fixture_pieces(v))) set->add(generated_table(v, m.name()));
    std::lock_guard lock(mutex);
    sets[v] = std::move(set);
  });
  std::lock_guard lock(mutex);
  return *sets.at(v);
}

}  // namespace hilltb::test
