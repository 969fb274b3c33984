#include "test_tables.h"

#include <map>
#include <mutex>

namespace hilltb::test {

namespace {
std::mutex mutex;
std::map<std::string, std::shared_ptr<const SolvedTable>> loaded;
// Per variant, every table loaded so far: a side a file does not store is derived with
// the children held here, each read once.
std::map<std::pair<Variant, Measure>, TableSet> sets;
TableKind kind_of(Variant v, Measure measure) {
  TableKind kind = TableKind::all(v, ring_layout()).front();
  kind.measure = measure;
  return kind;
}
TableSet& set_of(Variant v, Measure measure = Measure::Dtm) {
  return sets.try_emplace({v, measure}, kind_of(v, measure)).first->second;
}
}  // namespace

std::shared_ptr<const SolvedTable> generated_table(Variant v, const std::string& material, Measure measure) {
  std::lock_guard lock(mutex);
  const std::string key =
      std::string(variant_name(v)) + "/" + material + (measure == Measure::Dtz ? ".dtz" : "");
  auto& slot = loaded[key];
  if (!slot) {
    const Material m = Material::parse(material, v);
    TableSet& set = set_of(v, measure);
    slot = set.load(table_path(HILLTB_TEST_TABLES, set.kind(), m.name()), m);
    set.add(slot);
  }
  return slot;
}

TableSet children_of(Variant v, const std::string& material, Measure measure) {
  TableSet children(kind_of(v, measure));
  for (const Material& c : Material::parse(material, v).children(v))
    children.add(generated_table(v, c.name(), measure));
  return children;
}

const TableSet& generated_tables(Variant v) {
  // Children first (all_materials' order), so that each derivation finds them held.
  for (const Material& m : all_materials(v, fixture_pieces(v))) generated_table(v, m.name());
  std::lock_guard lock(mutex);
  return set_of(v);
}

}  // namespace hilltb::test
