#include "rules/outcome.h"
#include "proof_search.h"

#include <algorithm>
#include <cstdlib>
#include <deque>
#include <fstream>
#include <random>
#include <stdexcept>

#include "formats/material.h"
#include "formats/table_file.h"
#include "rules/fen.h"

namespace hilltb::test {

std::filesystem::path fixture_tables() {
  const char* env = std::getenv("HILLTB_TEST_TABLES");
  return env ? env : HILLTB_TEST_TABLES;
}

std::vector<TableRef> fixture_table_refs(int max_pieces) {
  std::vector<TableRef> refs;
  for (const auto& entry : std::filesystem::directory_iterator(fixture_tables() / "qoth" / "ring")) {
    if (entry.path().extension() != ".htb") continue;
    std::ifstream in(entry.path(), std::ios::binary);
    std::vector<std::uint8_t> head(TABLE_HEADER_BYTES);
    in.read(reinterpret_cast<char*>(head.data()), std::streamsize(head.size()));
    const TableHeader header = TableHeader::parse(head, entry.path().string());
    if (Material::parse(header.material, Variant::Qoth).pieces() <= max_pieces)
      refs.push_back({"qoth/ring/" + entry.path().filename().string(), header.checksum});
  }
  std::sort(refs.begin(), refs.end(), [](const TableRef& a, const TableRef& b) { return a.file < b.file; });
  return refs;
}

Certificate ring_certificate(std::vector<TableRef> tables) {
  Certificate c;
  c.layout_text = ring_layout().to_text();
  c.tables = std::move(tables);
  return c;
}

Position qoth(const std::string& fen) { return parse_fen(fen, Variant::Qoth); }

TempDir::TempDir() {
  path = std::filesystem::temp_directory_path() / ("hilltb-deal-test-" + std::to_string(std::random_device{}()));
  std::filesystem::create_directories(path);
}

TempDir::~TempDir() { std::filesystem::remove_all(path); }

std::optional<int> ProofSearch::leaf_score(const Position& pos) const {
  const int sign = pos.side_to_move() == prover_ ? 1 : -1;
  if (const Outcome o = outcome(pos); o.over()) return sign * o.result * o.points;
  if (popcount(pos.pieces()) > table_pieces_) return std::nullopt;
  const ProbeResult r = prober_.probe(pos);
  if (!r.ok()) throw std::runtime_error("the test's tables lack " + to_fen(pos) + ": " + r.error);
  return sign * r.value.result * r.value.points;
}

bool ProofSearch::search(const Position& pos, int depth) {
  if (const auto score = leaf_score(pos)) return *score >= threshold_;
  const std::string fen = to_fen(pos);
  if (proven_.count(fen)) return true;
  if (std::find(path_.begin(), path_.end(), fen) != path_.end()) return threshold_ <= 0;
  if (depth == 0) return false;
  const std::size_t mark = added_.size();
  auto rollback = [&] {
    while (added_.size() > mark) {
      proven_.erase(added_.back());
      added_.pop_back();
    }
  };
  path_.push_back(fen);
  MoveList legal;
  generate_legal(pos, legal);
  const bool ours = pos.side_to_move() == prover_;
  bool ok = !ours;
  Move chosen;
  for (Move m : legal) {
    Position next = pos;
    next.play(m);
    const bool child = search(next, depth - 1);
    if (ours && child) {
      ok = true, chosen = m;
      break;
    }
    if (ours) rollback();
    if (!ours && !child) {
      ok = false;
      break;
    }
  }
  path_.pop_back();
  if (!ok) {
    rollback();
    return false;
  }
  proven_[fen] = {pos, chosen};
  added_.push_back(fen);
  return true;
}

std::optional<BoundProof> ProofSearch::prove(const Position& root, Color prover, int threshold, int depth) {
  prover_ = prover, threshold_ = threshold;
  proven_.clear(), added_.clear(), path_.clear();
  if (!search(root, depth)) return std::nullopt;
  BoundProof proof{to_fen(root), prover, threshold, {}};
  for (const auto& [fen, node] : proven_) proof.nodes.push_back(node);
  return proof;
}

std::optional<int> ProofSearch::solve(const Position& root, int depth, std::vector<BoundProof>& out) {
  const Color us = root.side_to_move();
  const int own = popcount(root.pieces(us)), theirs = popcount(root.pieces(~us));
  int lower = -theirs, upper = own;
  std::optional<BoundProof> lower_proof, upper_proof;
  for (int t = own; t > -theirs && !lower_proof; --t)
    if ((lower_proof = prove(root, us, t, depth))) lower = t;
  for (int u = -theirs; u < own && !upper_proof; ++u)
    if ((upper_proof = prove(root, ~us, -u, depth))) upper = u;
  if (lower != upper) return std::nullopt;
  if (lower_proof) out.push_back(*lower_proof);
  if (upper_proof) out.push_back(*upper_proof);
  return lower;
}

BoundProof closed_set(const Position& root, Color prover, int threshold, std::size_t limit) {
  BoundProof proof{to_fen(root), prover, threshold, {}};
  std::map<std::string, bool> seen{{to_fen(root), true}};
  std::deque<Position> queue{root};
  while (!queue.empty()) {
    const Position pos = queue.front();
    queue.pop_front();
    MoveList legal;
    generate_legal(pos, legal);
    if (outcome(pos, legal).over()) throw std::logic_error("closed_set: play ends at " + to_fen(pos));
    const bool ours = pos.side_to_move() == prover;
    proof.nodes.push_back({pos, ours ? legal.moves[0] : Move()});
    for (int i = 0; i < (ours ? 1 : legal.size); ++i) {
      Position next = pos;
      next.play(legal.moves[i]);
      if (seen.emplace(to_fen(next), true).second) queue.push_back(next);
    }
    if (seen.size() > limit) throw std::logic_error("closed_set: more than the limit of positions");
  }
  return proof;
}

}  // namespace hilltb::test
