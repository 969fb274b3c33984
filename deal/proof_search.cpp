#include "proof_search.h"

#include <algorithm>
#include <cstdlib>
#include <functional>
#include <stdexcept>
#include <unordered_map>
#include <unordered_set>

#include "deal/leaf_score.h"
#include "deal/position_key.h"
#include "deal/threshold_search.h"
#include "rules/fen.h"
#include "rules/outcome.h"

namespace hilltb {

namespace {

constexpr int BELOW_ANY = -6, ABOVE_ANY = 6;  // outside every score (-5..5)

int piece_value(PieceType pt) {
  constexpr int values[PIECE_TYPE_NB] = {0, 1, 3, 3, 5, 9, 3};
  return values[pt];
}

// The score for `who` of a position whose side to move scores `score`.
int score_for(Color who, const Position& pos, int score) {
  return pos.side_to_move() == who ? score : -score;
}

}  // namespace

Bounds unsearched_bounds(const Position& pos) {
  const Color us = pos.side_to_move();
  return {-popcount(pos.pieces(~us)), popcount(pos.pieces(us))};
}

ProofSearch::ProofSearch(const Prober& prober, int table_pieces, SearchBudget budget, SearchMethod method)
    : prober_(prober), table_pieces_(table_pieces), budget_(budget), method_(method) {}

bool ProofSearch::leaf_score(const Position& pos, int& score) const {
  return hilltb::leaf_score(prober_, table_pieces_, pos, score);
}

Bounds ProofSearch::known(const Position& pos, std::uint64_t key) const {
  if (const ProofEntry* e = table_.find(key)) return {e->lo, e->hi};
  return unsearched_bounds(pos);
}

bool ProofSearch::out_of_budget() {
  if (budget_.nodes && nodes_ >= budget_.nodes) return true;
  if (budget_.seconds <= 0) return false;
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count() >= budget_.seconds;
}

void ProofSearch::order_moves(const Position& pos, MoveList& moves, Move first) const {
  int keys[256];
  const Bitboard target = square_bb(pos.target());
  for (int i = 0; i < moves.size; ++i) {
    const Move m = moves.moves[i];
    int k = 0;
    if (m == first) k = 1 << 20;
    else if (m.kind() != Move::PASS) {
      const PieceType mover = type_of(pos.piece_on(m.from()));
      if (const Piece victim = pos.piece_on(m.to()); victim != NO_PIECE)
        k = 1000 + 10 * piece_value(type_of(victim)) - piece_value(mover);
      else if (piece_attacks(mover, m.to(), pos.occupied() ^ square_bb(m.from())) & target)
        k = 100;  // a new claim
    }
    keys[i] = k;
  }
  // Insertion sort, best first: lists are short.
  for (int i = 1; i < moves.size; ++i) {
    const Move m = moves.moves[i];
    const int k = keys[i];
    int j = i;
    for (; j > 0 && keys[j - 1] < k; --j) moves.moves[j] = moves.moves[j - 1], keys[j] = keys[j - 1];
    moves.moves[j] = m, keys[j] = k;
  }
}

Bounds ProofSearch::search(const Position& pos, int depth, int alpha, int beta) {
  if ((++nodes_ & 1023) == 0 && !stopped_) stopped_ = out_of_budget();
  if (int s; leaf_score(pos, s)) return {s, s};
  const std::uint64_t key = position_key(pos);
  const ProofEntry* entry = table_.find(key);
  const Bounds b = entry ? Bounds{entry->lo, entry->hi} : unsearched_bounds(pos);
  if (b.exact() || b.lo >= beta || b.hi <= alpha || depth == 0 || stopped_) return b;
  if (entry && entry->depth >= depth) return b;
  if (std::find(path_.begin(), path_.end(), key) != path_.end()) return b;

  MoveList moves;
  generate_legal(pos, moves);
  if (moves.size == 0) {  // neither side can move (a holding check was a leaf): drawn
    ProofEntry& e = table_.insert(key, 0, 0);
    e.lo = e.hi = 0;
    return {0, 0};
  }
  order_moves(pos, moves, entry ? entry->lo_move : Move());

  path_.push_back(key);
  int lo = BELOW_ANY, hi = BELOW_ANY;
  Move best;
  int searched = 0;
  for (int a = std::max(alpha, b.lo); searched < moves.size;) {
    const Move m = moves.moves[searched++];
    Position child = pos;
    child.play(m);
    const Bounds c = search(child, depth - 1, -beta, -a);
    if (-c.hi > lo) lo = -c.hi, best = m;
    hi = std::max(hi, -c.lo);
    a = std::max(a, lo);
    if (lo >= beta || stopped_) break;
  }
  path_.pop_back();

  ProofEntry& e = table_.insert(key, b.lo, b.hi);
  if (lo > e.lo) e.lo = std::int8_t(lo), e.lo_move = best;
  const bool complete = searched == moves.size;
  if (complete && hi < e.hi) e.hi = std::int8_t(hi);
  if (complete && !stopped_) e.depth = std::uint8_t(std::max<int>(e.depth, depth));
  if (e.lo > e.hi) throw std::logic_error("deal search: bounds crossed at " + to_fen(pos));
  return {e.lo, e.hi};
}

SearchResult ProofSearch::solve(const Position& root) {
  start_ = std::chrono::steady_clock::now();
  nodes_ = 0;
  stopped_ = false;
  SearchResult result;
  if (int s; leaf_score(root, s)) {
    result.score = {s, s};
  } else if (method_ == SearchMethod::ProofNumber) {
    result.score = solve_by_thresholds(root);
  } else {
    for (int depth = 1; depth <= 250 && !stopped_; ++depth) {
      const Bounds b = search(root, depth, BELOW_ANY, ABOVE_ANY);
      if (!stopped_) result.depth = depth;
      if (b.exact()) break;
    }
    result.score = known(root, position_key(root));
  }
  result.pv = method_ == SearchMethod::ProofNumber ? proofs_line(root) : principal_variation(root);
  result.nodes = nodes_;
  result.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
  return result;
}

Bounds ProofSearch::solve_by_thresholds(const Position& root) {
  const Color us = root.side_to_move();
  Bounds b = unsearched_bounds(root);
  dfpn_table_ = std::make_unique<DfpnTable>(budget_.table_bytes);
  lower_proof_.reset(), upper_proof_.reset();
  ThresholdSearch search(prober_, table_pieces_, *dfpn_table_);
  const auto deadline = budget_.seconds > 0
                            ? start_ + std::chrono::duration_cast<std::chrono::steady_clock::duration>(
                                           std::chrono::duration<double>(budget_.seconds))
                            : std::chrono::steady_clock::time_point::max();
  // "us scores at least v" is "us wins with v" for v >= 1, else "them not winning with 1 - v".
  auto goal_of = [&](int v) { return v >= 1 ? ThresholdGoal{us, v} : ThresholdGoal{~us, 1 - v}; };
  std::vector<int> failed;  // thresholds whose resolution read back as no proof
  std::uint64_t slice = 2048;
  while (b.lo < b.hi) {
    std::vector<int> open;
    for (int v = b.lo + 1; v <= b.hi; ++v)
      if (std::find(failed.begin(), failed.end(), v) == failed.end()) open.push_back(v);
    std::stable_sort(open.begin(), open.end(), [](int x, int y) { return std::abs(2 * x - 1) < std::abs(2 * y - 1); });
    if (open.empty()) break;
    bool tightened = false;
    for (int v : open) {
      std::uint64_t limit = search.nodes() + slice;
      if (budget_.nodes) limit = std::min(limit, budget_.nodes);
      const ThresholdVerdict verdict = search.run(root, goal_of(v), limit, deadline);
      nodes_ = search.nodes();
      if (verdict == ThresholdVerdict::Open) {
        if (std::chrono::steady_clock::now() >= deadline || (budget_.nodes && nodes_ >= budget_.nodes) ||
            dfpn_table_->full())
          return stopped_ = true, b;
        continue;
      }
      std::optional<BoundProof> proof = search.proof(root, goal_of(v));
      if (!proof) {
        failed.push_back(v);
        continue;
      }
      // A proof for `us` is a lower bound, one for the opponent an upper bound.
      if (proof->prover == us) b.lo = v, lower_proof_ = std::move(proof);
      else b.hi = v - 1, upper_proof_ = std::move(proof);
      tightened = true;
      break;
    }
    if (!tightened) slice *= 2;
  }
  return b;
}

std::vector<Move> ProofSearch::follow_line(const Position& root,
                                           const std::function<Move(std::uint64_t key)>& move_at) const {
  std::vector<Move> pv;
  std::unordered_set<std::uint64_t> seen;
  Position pos = root;
  for (int ply = 0; ply < 200; ++ply) {
    if (int s; leaf_score(pos, s)) {
      if (popcount(pos.pieces()) <= table_pieces_)
        for (Move m : prober_.line(pos, 200 - ply)) pv.push_back(m);
      break;
    }
    const std::uint64_t key = position_key(pos);
    const Move m = move_at(key);
    if (m.is_none() || !seen.insert(key).second) break;
    pv.push_back(m);
    pos.play(m);
  }
  return pv;
}

// The line the proofs follow from the root: the side to move's moves from the lower
// bound's proof, the opponent's from the upper bound's, then the tables' line.
std::vector<Move> ProofSearch::proofs_line(const Position& root) const {
  std::unordered_map<std::uint64_t, Move> moves;
  for (const auto* proof : {&lower_proof_, &upper_proof_})
    if (*proof)
      for (const ProofNode& n : (*proof)->nodes)
        if (n.position.side_to_move() == (*proof)->prover) moves.emplace(position_key(n.position), n.move);
  return follow_line(root, [&](std::uint64_t key) {
    const auto it = moves.find(key);
    return it == moves.end() ? Move() : it->second;
  });
}

std::vector<Move> ProofSearch::principal_variation(const Position& root) const {
  return follow_line(root, [&](std::uint64_t key) {
    const ProofEntry* e = table_.find(key);
    return e ? e->lo_move : Move();
  });
}

BoundProof ProofSearch::proof_for(const Position& root, Color prover, int threshold) const {
  BoundProof proof{to_fen(root), prover, threshold, {}};
  std::unordered_set<std::uint64_t> done;
  std::vector<Position> todo{root};
  auto fail = [&](const Position& pos, const char* why) {
    throw std::logic_error(std::string("deal search: no proof of ") + std::to_string(threshold) + " at " +
                           to_fen(pos) + ": " + why);
  };
  while (!todo.empty()) {
    const Position pos = todo.back();
    todo.pop_back();
    if (int s; leaf_score(pos, s)) {
      if (score_for(prover, pos, s) < threshold) fail(pos, "a leaf below the bound");
      continue;
    }
    if (-popcount(pos.pieces(~prover)) >= threshold) continue;  // holds whatever the play
    const std::uint64_t key = position_key(pos);
    if (!done.insert(key).second) continue;
    MoveList moves;
    generate_legal(pos, moves);
    if (moves.size == 0) {  // drawn: neither side can move
      if (0 < threshold) fail(pos, "a drawn position below the bound");
      continue;
    }
    const ProofEntry* e = table_.find(key);
    if (!e) fail(pos, "no entry");
    if (pos.side_to_move() == prover) {
      if (e->lo < threshold || e->lo_move.is_none()) fail(pos, "the prover's bound is lower");
      proof.nodes.push_back({pos, e->lo_move});
      Position child = pos;
      child.play(e->lo_move);
      todo.push_back(child);
    } else {
      if (-e->hi < threshold) fail(pos, "the opponent's bound is higher");
      proof.nodes.push_back({pos, Move()});
      for (Move m : moves) {
        Position child = pos;
        child.play(m);
        todo.push_back(child);
      }
    }
  }
  return proof;
}

std::vector<BoundProof> ProofSearch::proofs(const Position& root, const SearchResult& result) const {
  const Color us = root.side_to_move();
  const Bounds trivial = unsearched_bounds(root);
  std::vector<BoundProof> out;
  // A table root or finished game is its own proof (a proof without nodes), whatever the
  // method.
  const bool leaf_root = [&] { int s; return leaf_score(root, s); }();
  if (method_ == SearchMethod::ProofNumber && !leaf_root) {
    auto take = [&](const std::optional<BoundProof>& p, const char* which) {
      if (!p) throw std::logic_error(std::string("deal search: no proof of the ") + which + " bound at " + to_fen(root));
      out.push_back(*p);
    };
    if (result.score.lo > trivial.lo) take(lower_proof_, "lower");
    if (result.score.hi < trivial.hi) take(upper_proof_, "upper");
    return out;
  }
  if (result.score.lo > trivial.lo) out.push_back(proof_for(root, us, result.score.lo));
  if (result.score.hi < trivial.hi) out.push_back(proof_for(root, ~us, -result.score.hi));
  return out;
}

}  // namespace hilltb
