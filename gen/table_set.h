// Solved tables held in memory, whole: the children a table's captures and
// promotions lead into, looked up by position during generation and verification.
#pragma once

#include <filesystem>
#include <memory>
#include <unordered_map>
#include <vector>

#include "formats/index.h"
#include "formats/table_reader.h"
#include "formats/value.h"

namespace hilltb {

struct SolvedTable {
  SolvedTable(const Material& m, const TableKind& kind) : index(m, kind.variant, kind.layout, kind.target) {}
  Index index;
  std::vector<std::uint16_t> codes;  // white to move, then black to move
  std::uint16_t code(Color stm, std::uint64_t idx) const {
    return codes[std::size_t(stm) * index.size() + idx];
  }
};

class TableSet {
 public:
  explicit TableSet(const TableKind& kind) : kind_(kind) {}
  const TableKind& kind() const { return kind_; }

  void add(std::shared_ptr<const SolvedTable> table);
  // Reads a whole table file into memory (throws TableError).
  std::shared_ptr<const SolvedTable> load(const std::filesystem::path& path, const Material& m) const;
  void remove(const Material& m) { tables_.erase(m.canonical().key()); }
  bool contains(const Material& m) const { return tables_.count(m.canonical().key()) > 0; }

  // The stored code of pos, whose material must be one of the set's (either colours).
  std::uint16_t code_of(const Position& pos) const;

 private:
  TableKind kind_;
  std::unordered_map<std::uint64_t, std::shared_ptr<const SolvedTable>> tables_;
};

}  // namespace hilltb
