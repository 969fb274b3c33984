#include "fifty/zeroing_search.h"

#include <algorithm>
#include <array>
#include <climits>

#include "fifty/slots.h"
#include "formats/zeroing.h"
#include "rules/fen.h"

namespace hilltb {

ZeroingMemos::Memo::Memo(const Material& m, Variant v) : index(m, v), bounds(2 * index.size()) {}

ZeroingMemos::Memo& ZeroingMemos::of(const Material& m, Variant v, Color winner) {
  std::lock_guard lock(mutex_);
  auto& memo = memos_[{m.key(), winner}];
  if (!memo) memo = std::make_unique<Memo>(m, v);
  return *memo;
}

std::uint64_t ZeroingMemos::bytes() const {
  std::lock_guard lock(mutex_);
  std::uint64_t bytes = 0;
  for (const auto& [key, memo] : memos_) bytes += memo->bounds.bytes();
  return bytes;
}

ZeroingSearch::ZeroingSearch(const Prober& prober, MoveOrder order, std::shared_ptr<ZeroingMemos> memos)
    : prober_(prober), order_(order), memos_(memos ? std::move(memos) : std::make_shared<ZeroingMemos>()) {}

std::uint64_t ZeroingSearch::memo_bytes() const { return memos_->bytes(); }

std::optional<std::uint64_t> ZeroingSearch::slot_of(const Position& pos) const {
  if (pos.en_passant() != SQ_NONE) return std::nullopt;
  return hilltb::slot_of(memo_->index, pos);
}

// The order key of a move that keeps the clock running (lower is tried first): where
// the bounds already decide the child, that first; then the tables' view.
int ZeroingSearch::order_key(const Position& child, bool winner_moves, int h) const {
  if (const auto slot = slot_of(child)) {
    const int known = memo_->bounds.get(*slot).answer(h - 1);
    // The winner wants a child it succeeds from, the other side one it fails from.
    if (known >= 0) return (known == 1) == winner_moves ? INT_MIN : INT_MAX;
  }
  if (order_ == MoveOrder::Generated) return 0;
  const ProbeResult r = prober_.probe_dtz(child);
  if (!r.ok()) return 0;
  // The child's side to move is the other one: its loss is the winner's win.
  const bool winner_wins = r.value.result != 0 && (r.value.result > 0) == (child.side_to_move() == winner_);
  if (winner_moves) return winner_wins ? r.value.distance - 1000 : 1000;
  return winner_wins ? -r.value.distance : -1000;
}

int ZeroingSearch::search(const Position& pos, int h) {
  const auto slot = slot_of(pos);
  if (slot) {
    const BoundMemo::Bounds b = memo_->bounds.get(*slot);
    const int known = b.answer(h);
    if (known >= 0) return known ? b.can : -1;
  }
  ++nodes_;
  MoveList list;
  generate_legal(pos, list);
  const Outcome o = outcome(pos, list);
  if (o.over()) {
    const bool won = won_by(pos, o, winner_);
    if (slot) won ? memo_->bounds.set_can(*slot, 0) : memo_->bounds.set_cannot(*slot, BoundMemo::MAX_PLIES + 1);
    return won ? 0 : -1;
  }
  auto fail = [&](int within) {
    if (slot) memo_->bounds.set_cannot(*slot, within);
    return -1;
  };
  auto succeed = [&](int plies) {
    if (slot) memo_->bounds.set_can(*slot, plies);
    return plies;
  };
  if (h == 0) return fail(0);
  const bool winner_moves = pos.side_to_move() == winner_;
  // Zeroing moves first: each is decided by the tables in one ply. The winner takes a
  // good one; the other side escapes by a bad one (for the winner), whatever the horizon.
  std::array<std::uint8_t, 256> quiet;
  int quiet_count = 0, slowest = 0;
  for (int i = 0; i < list.size; ++i) {
    const Move m = list.moves[i];
    if (!is_zeroing(pos, m)) {
      quiet[quiet_count++] = std::uint8_t(i);
      continue;
    }
    const bool ok = zeroing_succeeds(prober_, pos, m, winner_);
    if (winner_moves && ok) return succeed(1);
    if (!winner_moves && !ok) return fail(BoundMemo::MAX_PLIES + 1);
    slowest = 1;
  }
  if (h > 1 && quiet_count > 0) {
    std::array<int, 256> key{};
    for (int j = 0; j < quiet_count; ++j) {
      Position next = pos;
      next.play(list.moves[quiet[j]]);
      key[quiet[j]] = order_key(next, winner_moves, h);
    }
    std::stable_sort(quiet.begin(), quiet.begin() + quiet_count,
                     [&](std::uint8_t a, std::uint8_t b) { return key[a] < key[b]; });
  }
  for (int j = 0; j < quiet_count; ++j) {
    Position next = pos;
    next.play(list.moves[quiet[j]]);
    const int plies = search(next, h - 1);
    if (winner_moves && plies >= 0) return succeed(plies + 1);
    if (!winner_moves && plies < 0) return fail(h);
    slowest = std::max(slowest, plies + 1);
  }
  // The winner found nothing within h; or every move of the other side leads to the
  // winner's success, the slowest within `slowest` plies.
  return winner_moves ? fail(h) : succeed(slowest);
}

bool ZeroingSearch::can_force(const Position& pos, Color winner, int horizon) {
  if (horizon < 0 || horizon > BoundMemo::MAX_PLIES)
    throw std::invalid_argument("horizon " + std::to_string(horizon) + " is not 0-" +
                                std::to_string(BoundMemo::MAX_PLIES) + " plies");
  if (pos.variant() == Variant::Qoth) throw std::invalid_argument("qoth has no fifty-move rule");
  if (pos.castling()) throw std::invalid_argument(to_fen(pos) + ": castling rights: not in the tables");
  memo_ = &memos_->of(Material::of(pos), pos.variant(), winner);
  winner_ = winner;
  return search(pos, horizon) >= 0;
}

std::optional<int> ZeroingSearch::least_plies(const Position& pos, Color winner, int horizon) {
  for (int h = 0; h <= horizon; ++h)
    if (can_force(pos, winner, h)) return h;
  return std::nullopt;
}

}  // namespace hilltb
