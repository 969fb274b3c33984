#include "check_certificate.h"

#include <unistd.h>

#include <algorithm>
#include <array>
#include <fstream>
#include <random>

#include "formats/material.h"
#include "formats/table_file.h"
#include "probe/prober.h"
#include "rules/fen.h"
#include "rules/notation.h"
#include "rules/outcome.h"

namespace hilltb {

namespace {

std::string player(Color c) { return c == WHITE ? "P1" : "P2"; }

std::string signed_text(int v) { return (v > 0 ? "+" : "") + std::to_string(v); }

// The score of a finished game or a table value for `prover`: result and points are
// for `stm`, the side to move there.
int score_for(Color prover, Color stm, int result, int points) {
  return (stm == prover ? 1 : -1) * result * points;
}

std::uint64_t mix(std::uint64_t x) {
  x ^= x >> 30;
  x *= 0xBF58476D1CE4E5B9ULL;
  x ^= x >> 27;
  x *= 0x94D049BB133111EBULL;
  return x ^ (x >> 31);
}

// What identifies a qoth position in a proof: pieces, side to move and fixed pawns
// (not the move counters, which play() advances).
std::uint64_t position_hash(const Position& p) {
  std::uint64_t h = mix(std::uint64_t(p.side_to_move()) << 8 | std::uint64_t(p.target()));
  for (Color c : {WHITE, BLACK})
    for (PieceType pt : {KNIGHT, BISHOP, ROOK, QUEEN, KING}) h = mix(h ^ p.pieces(c, pt)) + pt;
  return h;
}

std::string dirs_text(const TableDirList& dirs) {
  std::string text;
  for (const auto& d : dirs) text += (text.empty() ? "" : ":") + d.string();
  return text.empty() ? "(no directory)" : text;
}

bool same_position(const Position& a, const Position& b) {
  if (a.side_to_move() != b.side_to_move() || a.target() != b.target() || a.fixed() != b.fixed()) return false;
  for (Color c : {WHITE, BLACK})
    for (PieceType pt : {KNIGHT, BISHOP, ROOK, QUEEN, KING})
      if (a.pieces(c, pt) != b.pieces(c, pt)) return false;
  return true;
}

// The proof's nodes by position: open addressing over 64-bit hashes, each hit
// confirmed by comparing the positions.
class NodeIndex {
 public:
  static constexpr std::uint32_t NONE = ~std::uint32_t(0);

  explicit NodeIndex(const std::vector<ProofNode>& nodes) : nodes_(nodes) {
    std::size_t capacity = 16;
    while (capacity < 2 * nodes.size()) capacity *= 2;
    slots_.assign(capacity, Slot{0, NONE});
    mask_ = capacity - 1;
    for (std::uint32_t i = 0; i < nodes.size(); ++i) {
      const std::uint64_t h = position_hash(nodes[i].position);
      std::size_t s = h & mask_;
      for (; slots_[s].node != NONE; s = (s + 1) & mask_)
        if (slots_[s].hash == h && same_position(nodes[slots_[s].node].position, nodes[i].position)) {
          if (duplicate_ == NONE) duplicate_ = i;
          break;
        }
      if (slots_[s].node == NONE) slots_[s] = {h, i};
    }
  }

  std::uint32_t find(const Position& p) const {
    const std::uint64_t h = position_hash(p);
    for (std::size_t s = h & mask_; slots_[s].node != NONE; s = (s + 1) & mask_)
      if (slots_[s].hash == h && same_position(nodes_[slots_[s].node].position, p)) return slots_[s].node;
    return NONE;
  }
  // The first node whose position an earlier node already holds, or NONE.
  std::uint32_t duplicate() const { return duplicate_; }

 private:
  struct Slot {
    std::uint64_t hash;
    std::uint32_t node;
  };
  const std::vector<ProofNode>& nodes_;
  std::vector<Slot> slots_;
  std::size_t mask_ = 0;
  std::uint32_t duplicate_ = NONE;
};

// Where a proof fails.
struct Failure {
  Position position;
  std::string reason;
};

// The tables a certificate names, each checked against its recorded header checksum
// and linked into a private directory: the prober sees those tables and no other.
class CertifiedTables {
 public:
  CertifiedTables(const Certificate& certificate, const TableDirList& table_dirs) {
    make_private_dir();
    try {
      for (const TableRef& ref : certificate.tables) add(ref, table_dirs);
    } catch (...) {
      remove_private_dir();
      throw;
    }
  }
  ~CertifiedTables() { remove_private_dir(); }
  CertifiedTables(const CertifiedTables&) = delete;
  CertifiedTables& operator=(const CertifiedTables&) = delete;

  const std::filesystem::path& dir() const { return dir_; }
  int most_pieces() const { return most_pieces_; }

 private:
  void make_private_dir() {
    std::random_device seed;
    const auto base = std::filesystem::temp_directory_path();
    for (int attempt = 0; attempt < 100; ++attempt) {
      dir_ = base / ("hilltb-verify-" + std::to_string(::getpid()) + "-" + std::to_string(seed()));
      if (std::filesystem::create_directory(dir_)) return;
    }
    throw std::runtime_error("cannot make a private directory under " + base.string());
  }

  void remove_private_dir() {
    std::error_code ignored;
    std::filesystem::remove_all(dir_, ignored);
  }

  // The first directory holding the file provides it.
  void add(const TableRef& ref, const TableDirList& table_dirs) {
    const std::filesystem::path rel(ref.file);
    const std::string name = "table " + ref.file;
    bool safe = !ref.file.empty() && rel.is_relative() && rel.extension() == ".htb";
    for (const auto& part : rel) safe = safe && part != ".." && part != ".";
    if (!safe) throw std::runtime_error(name + ": not a relative path to a .htb file inside the tables directory");
    std::filesystem::path source;
    std::ifstream in;
    for (const auto& dir : table_dirs) {
      source = std::filesystem::absolute(dir / rel);
      in.open(source, std::ios::binary);
      if (in) break;
    }
    if (!in.is_open()) throw std::runtime_error(name + ": not found under " + dirs_text(table_dirs));
    std::array<std::uint8_t, TABLE_HEADER_BYTES> bytes{};
    in.read(reinterpret_cast<char*>(bytes.data()), bytes.size());
    const TableHeader header = TableHeader::parse(
        std::span<const std::uint8_t>(bytes.data(), std::size_t(in.gcount())), source.string());
    if (header.checksum != ref.checksum)
      throw std::runtime_error(name + ": its checksum is " + std::to_string(header.checksum) +
                               ", the certificate's table had " + std::to_string(ref.checksum));
    const std::filesystem::path link = dir_ / rel;
    std::filesystem::create_directories(link.parent_path());
    std::error_code exists;
    std::filesystem::create_symlink(source, link, exists);
    if (exists) throw std::runtime_error(name + ": listed twice");
    most_pieces_ = std::max(most_pieces_, Material::parse(header.material, Variant::Qoth).pieces());
  }

  std::filesystem::path dir_;
  int most_pieces_ = 0;
};

// One proof's walk: depth first from the root through the strategy, each node expanded
// once; with a positive threshold a node met again on the current path is a cycle.
class ProofWalk {
 public:
  ProofWalk(const BoundProof& proof, const Position& root, const Prober& prober, int table_pieces,
            std::string private_dir, std::string tables_dir)
      : proof_(proof), root_(root), prober_(prober), table_pieces_(table_pieces),
        private_dir_(std::move(private_dir)), tables_dir_(std::move(tables_dir)), index_(proof.nodes) {}

  // Throws Failure.
  void run(ProofVerdict& verdict) {
    check_nodes();
    const std::uint32_t first = classify(root_, nullptr, Move());
    if (first == NodeIndex::NONE) return;
    std::vector<std::uint8_t> state(proof_.nodes.size(), UNSEEN);
    std::vector<std::uint32_t> pending;                        // children still to visit
    std::vector<std::pair<std::uint32_t, std::size_t>> path;  // node, its children's start
    auto enter = [&](std::uint32_t i) {
      state[i] = ON_PATH;
      path.emplace_back(i, pending.size());
      expand(proof_.nodes[i], pending);
      ++verdict.nodes_checked;
    };
    enter(first);
    while (!path.empty()) {
      const auto [node, start] = path.back();
      if (pending.size() == start) {
        state[node] = DONE;
        path.pop_back();
        continue;
      }
      const std::uint32_t next = pending.back();
      pending.pop_back();
      if (state[next] == UNSEEN) {
        enter(next);
      } else if (state[next] == ON_PATH && proof_.threshold > 0) {
        throw Failure{proof_.nodes[next].position,
                      "the strategy can return to this position, so play need not end: a draw, below "
                      "the threshold " + signed_text(proof_.threshold)};
      }
    }
    verdict.leaves_probed = leaves_probed_;
  }

 private:
  enum : std::uint8_t { UNSEEN, ON_PATH, DONE };

  void check_nodes() const {
    for (const ProofNode& node : proof_.nodes)
      if (node.position.variant() != Variant::Qoth || node.position.fixed() != root_.fixed() ||
          node.position.target() != root_.target())
        throw Failure{node.position, "a node with other fixed pawns than its root"};
    if (index_.duplicate() != NodeIndex::NONE)
      throw Failure{proof_.nodes[index_.duplicate()].position, "the position is a node of the proof twice"};
  }

  std::string from_text(const Position* parent, Move m) const {
    return parent ? " (after " + to_uci(m) + " from " + to_fen(*parent) + ")" : " (the root)";
  }

  void check_over(const Position& pos, const Outcome& o, const Position* parent, Move m) const {
    const int score = score_for(proof_.prover, pos.side_to_move(), o.result, o.points);
    if (score < proof_.threshold)
      throw Failure{pos, describe(pos, o) + ": " + signed_text(score) + " for the prover " + player(proof_.prover) +
                             ", below the threshold " + signed_text(proof_.threshold) + from_text(parent, m)};
  }

  // A position the strategy reaches: the node holding it, or NONE for a good leaf.
  std::uint32_t classify(const Position& pos, const Position* parent, Move m) {
    if (const std::uint32_t i = index_.find(pos); i != NodeIndex::NONE) return i;
    if (const Outcome o = outcome(pos); o.over()) {
      check_over(pos, o, parent, m);
      return NodeIndex::NONE;
    }
    // The prover loses at most the opponent's claims, never more than its pieces: a
    // threshold that low holds whatever the play.
    if (-popcount(pos.pieces(~proof_.prover)) >= proof_.threshold) return NodeIndex::NONE;
    const int pieces = popcount(pos.pieces());
    if (pieces > table_pieces_)
      throw Failure{pos, "neither over nor a node of the proof, and its " + std::to_string(pieces) +
                             " pieces are more than the certificate's tables hold (" +
                             std::to_string(table_pieces_) + ")" + from_text(parent, m)};
    ++leaves_probed_;
    const ProbeResult r = prober_.probe(pos);
    if (!r.ok()) {
      std::string error = r.error;
      for (std::size_t at; (at = error.find(private_dir_)) != std::string::npos;)
        error.replace(at, private_dir_.size(), tables_dir_);
      throw Failure{pos, "no table value among the certificate's tables: " + error + from_text(parent, m)};
    }
    const int score = score_for(proof_.prover, pos.side_to_move(), r.value.result, r.value.points);
    if (score < proof_.threshold)
      throw Failure{pos, "the tables give " + signed_text(score) + " for the prover " + player(proof_.prover) +
                             ", below the threshold " + signed_text(proof_.threshold) + from_text(parent, m)};
    return NodeIndex::NONE;
  }

  // Checks a node's moves and adds the nodes they lead to.
  void expand(const ProofNode& node, std::vector<std::uint32_t>& pending) {
    const Position& pos = node.position;
    MoveList legal;
    generate_legal(pos, legal);
    if (const Outcome o = outcome(pos, legal); o.over()) return check_over(pos, o, nullptr, Move());
    auto follow = [&](Move m) {
      Position next = pos;
      next.play(m);
      if (const std::uint32_t i = classify(next, &pos, m); i != NodeIndex::NONE) pending.push_back(i);
    };
    if (pos.side_to_move() == proof_.prover) {
      if (node.move.is_none())
        throw Failure{pos, "the prover " + player(proof_.prover) + " is to move and the proof gives no move"};
      if (std::find(legal.begin(), legal.end(), node.move) == legal.end())
        throw Failure{pos, "the proof's move " + to_uci(node.move) + " is not legal here"};
      follow(node.move);
    } else {
      if (!node.move.is_none())
        throw Failure{pos, "the proof gives a move (" + to_uci(node.move) + ") where the opponent is to move"};
      for (Move m : legal) follow(m);
    }
  }

  const BoundProof& proof_;
  const Position& root_;
  const Prober& prober_;
  const int table_pieces_;
  const std::string private_dir_, tables_dir_;
  NodeIndex index_;
  std::uint64_t leaves_probed_ = 0;
};

ProofVerdict check_proof(const BoundProof& proof, const Layout& layout, const Prober& prober,
                         const CertifiedTables& tables, const std::string& tables_text) {
  ProofVerdict verdict;
  verdict.root_fen = proof.root_fen;
  Position root;
  try {
    root = parse_fen(proof.root_fen, Variant::Qoth, layout);
  } catch (const FenError& e) {
    verdict.failing_fen = proof.root_fen;
    verdict.reason = e.what();
    return verdict;
  }
  verdict.root_fen = to_fen(root);
  verdict.lower = proof.prover == root.side_to_move();
  verdict.value = verdict.lower ? proof.threshold : -proof.threshold;
  if (proof.prover != WHITE && proof.prover != BLACK) {
    verdict.failing_fen = verdict.root_fen;
    verdict.reason = "the prover is neither player";
    return verdict;
  }
  if (proof.threshold < -5 || proof.threshold > 5) {
    verdict.failing_fen = verdict.root_fen;
    verdict.reason = "threshold " + std::to_string(proof.threshold) + " outside -5..5";
    return verdict;
  }
  try {
    ProofWalk(proof, root, prober, tables.most_pieces(), tables.dir().string(), tables_text).run(verdict);
    verdict.ok = true;
  } catch (const Failure& f) {
    verdict.failing_fen = to_fen(f.position);
    verdict.reason = f.reason;
  }
  return verdict;
}

}  // namespace

ScoreBounds trivial_bounds(const Position& pos) {
  if (const Outcome o = outcome(pos); o.over()) return {o.result * o.points, o.result * o.points};
  const Color us = pos.side_to_move();
  return {-popcount(pos.pieces(~us)), popcount(pos.pieces(us))};
}

std::string ProofVerdict::bound_text() const {
  return std::string("score ") + (lower ? ">= " : "<= ") + std::to_string(value);
}

std::string ProofVerdict::describe() const {
  if (ok) return "verified: " + root_fen + " " + bound_text();
  return "FAILED: " + root_fen + " " + bound_text() + ": at " + failing_fen + ": " + reason;
}

bool CertificateVerdict::ok() const {
  return error.empty() && std::all_of(proofs.begin(), proofs.end(), [](const ProofVerdict& p) { return p.ok; });
}

struct CertificateChecker::Opened {
  Layout layout;
  CertifiedTables tables;
  Prober prober;
  Opened(const Certificate& certificate, const TableDirList& table_dirs)
      : layout(parse_layout(certificate.layout_text, "certificate")), tables(certificate, table_dirs),
        prober(options(tables, layout)) {}
  static ProberOptions options(const CertifiedTables& tables, const Layout& layout) {
    ProberOptions o;
    o.dirs = {tables.dir()};
    o.variant = Variant::Qoth;
    o.layout = layout;
    return o;
  }
};

CertificateChecker::CertificateChecker(TableDirList table_dirs) : table_dirs_(std::move(table_dirs)) {}
CertificateChecker::~CertificateChecker() = default;

CertificateVerdict CertificateChecker::check(const Certificate& certificate) {
  CertificateVerdict verdict;
  try {
    std::string key = certificate.layout_text;
    for (const TableRef& ref : certificate.tables) key += "\n" + ref.file + " " + std::to_string(ref.checksum);
    std::unique_ptr<Opened>& opened = opened_[key];
    if (!opened) {
      try {
        opened = std::make_unique<Opened>(certificate, table_dirs_);
      } catch (...) {
        opened_.erase(key);  // a set that fails is not kept
        throw;
      }
    }
    for (const BoundProof& proof : certificate.proofs)
      verdict.proofs.push_back(
          check_proof(proof, opened->layout, opened->prober, opened->tables, dirs_text(table_dirs_)));
  } catch (const std::exception& e) {
    verdict.error = e.what();
    verdict.proofs.clear();
  }
  return verdict;
}

CertificateVerdict check_certificate(const Certificate& certificate, const TableDirList& table_dirs) {
  return CertificateChecker(table_dirs).check(certificate);
}

}  // namespace hilltb
