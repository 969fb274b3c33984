#include "threshold_search.h"

#include <algorithm>
#include <unordered_set>

#include "deal/leaf_score.h"
#include "deal/position_key.h"
#include "rules/fen.h"

namespace hilltb {

namespace {

constexpr std::uint32_t INF = PN_INFINITE;
constexpr std::uint16_t NO_PLY = DfpnEntry::NO_PLY;

std::uint32_t saturating_add(std::uint32_t a, std::uint64_t b) {
  return std::uint32_t(std::min<std::uint64_t>(a + b, INF));
}

// A little over `n`: the 1+epsilon threshold (epsilon = 1/4), rounded up.
std::uint32_t a_little_over(std::uint32_t n) { return saturating_add(n, (std::uint64_t(n) + 3) / 4); }

// The key offset of a goal's entries, so that goals can share a table.
std::uint64_t goal_salt(ThresholdGoal g) {
  std::uint64_t z = 0x9E3779B97F4A7C15ULL * std::uint64_t(1 + int(g.winner) * 8 + g.points);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
  return z ^ (z >> 31);
}

}  // namespace

ThresholdSearch::ThresholdSearch(const Prober& prober, int table_pieces, DfpnTable& table)
    : prober_(prober), table_pieces_(table_pieces), table_(table) {}

ThresholdSearch::Leaf ThresholdSearch::classify(const Position& pos, ThresholdGoal goal) const {
  if (int s; leaf_score(prober_, table_pieces_, pos, s)) {
    const int mine = pos.side_to_move() == goal.winner ? s : -s;
    return mine >= goal.points ? Leaf::Won : Leaf::NotWon;
  }
  if (popcount(pos.pieces(goal.winner)) < goal.points) return Leaf::NotWon;
  return Leaf::Open;
}

std::uint64_t ThresholdSearch::goal_key(const Position& pos, ThresholdGoal goal) {
  return position_key(pos) ^ goal_salt(goal);
}

bool ThresholdSearch::out_of_budget() const {
  return (max_nodes_ && nodes_ >= max_nodes_) || table_.full() || Clock::now() >= deadline_;
}

void ThresholdSearch::refresh(Child& c) const {
  if (c.settled) return;
  const DfpnEntry* e = table_.find(c.key);
  if (!e) return;
  if (e->on_path()) {  // a repetition: no win on this line, and a disproof only below it
    c.pn = INF, c.dn = 0, c.dep_ply = e->path_ply, c.dep_id = path_ids_[e->path_ply];
    return;
  }
  if (e->disproven() && e->dep_ply != NO_PLY &&
      !(e->dep_ply < path_ids_.size() && path_ids_[e->dep_ply] == e->dep_id)) {
    c.pn = c.dn = 1, c.dep_ply = NO_PLY;  // a disproof of another line: it says nothing here
    return;
  }
  c.pn = e->pn, c.dn = e->dn, c.dep_ply = e->dep_ply, c.dep_id = e->dep_id;
}

// First numbers from cheap features: the claims the winner still lacks to hold its check
// with enough points, and the winner's pieces the other side must take before the
// winner has too few to score them.
void ThresholdSearch::estimate(const Position& pos, Child& c) const {
  const Color w = goal_.winner;
  const int claims = qoth_claims(pos, w), theirs = popcount(pos.pieces(~w)), ours = popcount(pos.pieces(w));
  c.pn = std::uint32_t(std::max({1, theirs + 1 - claims, goal_.points - claims}));
  c.dn = std::uint32_t(std::max(1, ours - goal_.points + 1));
}

ThresholdSearch::Numbers ThresholdSearch::mid(const Position& pos, std::uint64_t key, std::uint32_t pn_th,
                                              std::uint32_t dn_th, std::size_t ply) {
  const std::uint64_t nodes_before = nodes_++;
  if (!stopped_ && ((max_nodes_ && nodes_ >= max_nodes_) || (nodes_ & 1023) == 0)) stopped_ = out_of_budget();
  const bool or_node = pos.side_to_move() == goal_.winner;
  auto store = [&](Numbers n, Move move, std::uint16_t dep_ply, std::uint32_t dep_id) {
    DfpnEntry* e = table_.store(key);
    if (!e) return stopped_ = true, n;
    e->pn = n.pn, e->dn = n.dn, e->move = move, e->path_ply = NO_PLY;
    e->dep_ply = n.dn == 0 && dep_ply < ply ? dep_ply : NO_PLY;
    e->dep_id = e->dep_ply == NO_PLY ? 0 : dep_id;
    e->work = saturating_add(e->work, nodes_ - nodes_before);
    return n;
  };

  MoveList moves;
  generate_legal(pos, moves);
  if (moves.size == 0) return store({INF, 0}, Move(), NO_PLY, 0);  // neither side can move: drawn
  if (frames_.size() <= ply) frames_.emplace_back();
  std::vector<Child>& kids = frames_[ply];
  kids.clear();
  for (Move m : moves) {
    Child c{position_key_after(pos, key, m), m, 1, 1, 0, NO_PLY, false};
    Position next = pos;
    next.play(m);
    ++nodes_;
    switch (classify(next, goal_)) {
      case Leaf::Won: c.pn = 0, c.dn = INF, c.settled = true; break;
      case Leaf::NotWon: c.pn = INF, c.dn = 0, c.settled = true; break;
      case Leaf::Open: estimate(next, c); break;
    }
    // A leaf that decides the position at once: the winner's winning move, or a reply
    // of the other side that ends the winner's hopes.
    if (or_node ? c.pn == 0 : c.dn == 0) return store({c.pn, c.dn}, m, NO_PLY, 0);
    kids.push_back(c);
  }

  DfpnEntry* self = table_.store(key);
  if (!self) return stopped_ = true, Numbers{1, 1};
  self->path_ply = std::uint16_t(ply);
  path_ids_.push_back(next_visit_++);
  Numbers n{1, 1};
  std::size_t best = 0;
  for (;;) {
    std::uint32_t second = INF;
    n = or_node ? Numbers{INF, 0} : Numbers{0, INF};
    for (std::size_t i = 0; i < kids.size(); ++i) {
      Child& c = kids[i];
      refresh(c);
      // The number that is minimised (pn at OR nodes, dn at AND nodes) picks the child.
      const std::uint32_t mine = or_node ? c.pn : c.dn, theirs = or_node ? c.dn : c.pn;
      std::uint32_t& low = or_node ? n.pn : n.dn;
      std::uint32_t& sum = or_node ? n.dn : n.pn;
      sum = saturating_add(sum, theirs);
      if (mine < low) second = low, low = mine, best = i;
      else if (mine < second) second = mine;
    }
    if (n.pn >= pn_th || n.dn >= dn_th || n.pn == 0 || n.dn == 0 || stopped_) break;
    Child& c = kids[best];
    std::uint32_t child_pn_th, child_dn_th;
    if (or_node) {
      child_pn_th = std::min(pn_th, std::max(a_little_over(second), c.pn + 1));
      child_dn_th = dn_th - (n.dn - c.dn);
    } else {
      child_dn_th = std::min(dn_th, std::max(a_little_over(second), c.dn + 1));
      child_pn_th = pn_th - (n.pn - c.pn);
    }
    Position next = pos;
    next.play(c.move);
    const Numbers r = mid(next, c.key, child_pn_th, child_dn_th, ply + 1);
    c.pn = r.pn, c.dn = r.dn;
  }
  path_ids_.pop_back();

  // A disproof rests on the repetitions its children rest on: all of them at an OR node,
  // the disproving child's at an AND node (a child resting on none is preferred).
  std::uint16_t dep_ply = NO_PLY;
  std::uint32_t dep_id = 0;
  if (n.dn == 0) {
    if (or_node) {
      for (const Child& c : kids)
        if (c.dep_ply < dep_ply) dep_ply = c.dep_ply, dep_id = c.dep_id;
    } else {
      for (std::size_t i = 0; i < kids.size(); ++i)
        if (kids[i].dn == 0 && (kids[best].dn != 0 || kids[i].dep_ply > kids[best].dep_ply)) best = i;
      dep_ply = kids[best].dep_ply, dep_id = kids[best].dep_id;
    }
  }
  return store(n, kids[best].move, dep_ply, dep_id);
}

ThresholdVerdict ThresholdSearch::run(const Position& root, ThresholdGoal goal, std::uint64_t max_nodes,
                                      Clock::time_point deadline) {
  goal_ = goal;
  max_nodes_ = max_nodes, deadline_ = deadline, stopped_ = false;
  switch (classify(root, goal)) {
    case Leaf::Won: return ThresholdVerdict::Proven;
    case Leaf::NotWon: return ThresholdVerdict::Disproven;
    case Leaf::Open: break;
  }
  const std::uint64_t key = goal_key(root, goal);
  for (;;) {
    if (const DfpnEntry* e = table_.find(key); e && e->resolved())
      return e->proven() ? ThresholdVerdict::Proven : ThresholdVerdict::Disproven;
    if (stopped_ || out_of_budget()) return ThresholdVerdict::Open;
    path_ids_.clear();
    mid(root, key, INF, INF, 0);
  }
}

std::optional<BoundProof> ThresholdSearch::proof(const Position& root, ThresholdGoal goal) const {
  const Leaf root_leaf = classify(root, goal);
  const DfpnEntry* root_entry = table_.find(goal_key(root, goal));
  const bool proven = root_leaf == Leaf::Won || (root_leaf == Leaf::Open && root_entry && root_entry->proven());
  const Color prover = proven ? goal.winner : ~goal.winner;
  BoundProof out{to_fen(root), prover, proven ? goal.points : 1 - goal.points, {}};
  // What the prover needs of a position: a leaf on its side of the goal, or an entry
  // resolved its way (a drawn position, with no moves, is a failure for the winner).
  const Leaf good = proven ? Leaf::Won : Leaf::NotWon;
  std::unordered_set<std::uint64_t> done;
  auto acceptable = [&](const Position& pos) {
    if (const Leaf l = classify(pos, goal); l != Leaf::Open) return l == good;
    const std::uint64_t key = goal_key(pos, goal);
    if (done.count(key)) return true;
    const DfpnEntry* e = table_.find(key);
    return e && (proven ? e->proven() : e->disproven());
  };
  std::vector<Position> todo{root};
  while (!todo.empty()) {
    const Position pos = todo.back();
    todo.pop_back();
    if (const Leaf l = classify(pos, goal); l != Leaf::Open) {
      if (l != good) return std::nullopt;
      continue;
    }
    const std::uint64_t key = goal_key(pos, goal);
    if (!done.insert(key).second) continue;
    MoveList moves;
    generate_legal(pos, moves);
    if (moves.size == 0) {
      if (proven) return std::nullopt;
      continue;
    }
    const DfpnEntry* e = table_.find(key);
    if (!e || !(proven ? e->proven() : e->disproven())) return std::nullopt;
    if (pos.side_to_move() != prover) {
      out.nodes.push_back({pos, Move()});
      for (Move m : moves) {
        Position next = pos;
        next.play(m);
        todo.push_back(next);
      }
      continue;
    }
    // The stored move, or where it leads nowhere the proof can go (a disproof that
    // rested on a repetition), another move to a position resolved the same way.
    std::optional<Position> chosen;
    Move move;
    for (int i = -1; i < moves.size && !chosen; ++i) {
      const Move m = i < 0 ? e->move : moves.moves[i];
      if (m.is_none() || (i >= 0 && m == e->move)) continue;
      Position next = pos;
      next.play(m);
      if (acceptable(next)) chosen = next, move = m;
    }
    if (!chosen) return std::nullopt;
    out.nodes.push_back({pos, move});
    todo.push_back(*chosen);
  }
  return out;
}

}  // namespace hilltb
