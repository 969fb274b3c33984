#include "solver.h"

#include <tbb/blocked_range.h>
#include <tbb/enumerable_thread_specific.h>
#include <tbb/parallel_for.h>
#include <tbb/parallel_reduce.h>

#include <algorithm>
#include <functional>

#include "gen/retrograde.h"
#include "gen/unmove.h"
#include "formats/en_passant.h"
#include "formats/zeroing.h"
#include "rules/outcome.h"

namespace hilltb {

namespace {

// Chess and koth codes count the distance alone.
constexpr Metric METRIC = Metric::WdlDistance;

bool decided(std::uint16_t c) { return is_final(c) && c != DRAW_CODE && c != NO_POSITION_CODE; }
int distance_of(std::uint16_t c) { return decode_value(c, METRIC).distance; }
std::uint16_t win(int d) { return encode_value({1, d, 0}); }
std::uint16_t loss(int d) { return encode_value({-1, d, 0}); }

// The passes track what is due by spans of this many positions (9 bytes a span): late
// passes finalise few positions, spread thin, and a span is what a pass then scans for
// each (a chunk of SCAN_CHUNK is 8 times as many positions).
constexpr std::uint64_t DUE_SPAN = 512;
static_assert(SCAN_CHUNK % DUE_SPAN == 0);

// Whether the stored position of an en-passant node has legal moves of its own: with
// none, the captures are the node's only moves.
enum class StoredMoves : std::uint8_t { Some, None };

// A position whose side to move may capture en passant after the opponent's double
// push: its moves are those of the stored position plus the captures.
struct EpNode {
  std::uint64_t position;      // global index of the stored position (without the right)
  Square pawn;                 // the pawn that just made the double push
  std::uint16_t capture;       // best value of the en-passant captures, for the mover
  StoredMoves stored_moves;
  std::uint16_t code = TENTATIVE;
};

// The value models the solver serves (formats/zeroing.h). Dtm: distance to the end of
// the game; every move but captures and promotions stays in the table. Dtz: distance to
// the next zeroing move or the end under the fifty-move rule; pawn moves leave the
// retrograde too, each valued once at init from the table's values of the round before.
struct DtmModel {
  using Moves = DtmMoves;
  static constexpr Measure measure = Measure::Dtm;
};
struct DtzModel {
  using Moves = DtzMoves;
  static constexpr Measure measure = Measure::Dtz;
};

template <typename Model, typename State>
class Solver : Retrograde<State> {
  static constexpr bool DTZ = Model::measure == Measure::Dtz;
  using Base = Retrograde<State>;
  using Base::can_lose, Base::children_, Base::code_at, Base::count_down, Base::exit_of, Base::exits_,
      Base::finish, Base::global, Base::hooks_, Base::index_, Base::make_final, Base::n_, Base::scan_init,
      Base::side_of, Base::start_final, Base::start_open, Base::state_;

 public:
  // `earlier`: Dtz, the codes of the round before (nullptr in the first: pawn moves
  // count as draws until known).
  Solver(const Material& m, Variant v, const TableSet& children, const SolveHooks& hooks,
         const std::vector<std::uint16_t>* earlier = nullptr)
      : Base(m, TableKind(v, Model::measure), children, hooks), koth_(v == Variant::Koth),
        pawns_(m.has_pawns()), ep_possible_(!DTZ && m.count(WHITE, PAWN) && m.count(BLACK, PAWN)),
        finalised_in_(spans(n_)), exits_due_(spans(n_)), earlier_(earlier) {}
  // A pawn slice: pawn moves are moves out, valued by `slices`.
  Solver(Index slice, Variant v, const TableSet& children, const SolveHooks& hooks, const StoredCode& slices)
      : Base(std::move(slice), children, hooks), koth_(v == Variant::Koth), pawns_(true), ep_possible_(false),
        finalised_in_(spans(n_)), exits_due_(spans(n_)), earlier_(nullptr), slices_(&slices) {
    if (DTZ) throw std::logic_error("pawn slices are solved for DTM");
  }

  std::shared_ptr<SolvedTable> run() {
    initialise();
    for (int level = 1;; ++level) {
      check_cancel(hooks_);
      const std::uint64_t before = finalised_.load();
      pass(level);
      settle_ep_nodes(level);
      if (finalised_.load() == before && level >= pending_until_) break;
    }
    return finish();
  }

 private:
  static std::uint64_t spans(std::uint64_t per_side) { return (2 * per_side + DUE_SPAN - 1) / DUE_SPAN; }

  // Position g, not final before, is now final with `code`, of distance `level`.
  void finalise(std::uint64_t g, std::uint16_t code, int level) {
    if (!make_final(g, code)) return;
    ++finalised_local_.local();
    note_final(g, level);
  }

  // The passes scan only the spans of DUE_SPAN positions with something due: a position
  // made final in the pass before (its predecessors to reach) or a move out of the table
  // falling due. Pass `level` reads and clears the bit of level - 1 while it sets the
  // bit of level.
  void note_final(std::uint64_t g, int level) {
    std::atomic<std::uint8_t>& f = finalised_in_[g / DUE_SPAN];
    const std::uint8_t bit = std::uint8_t(1 << (level & 1));
    if (!(f.load(std::memory_order_relaxed) & bit)) f.fetch_or(bit, std::memory_order_relaxed);
  }
  static std::uint64_t due_bit(int level) { return std::uint64_t(1) << std::min(level, 63); }
  bool span_due(std::uint64_t span, int level) {
    std::atomic<std::uint8_t>& f = finalised_in_[span];
    const std::uint8_t bit = std::uint8_t(1 << ((level - 1) & 1));
    const bool reached = f.load(std::memory_order_relaxed) & bit;
    if (reached) f.fetch_and(std::uint8_t(~bit), std::memory_order_relaxed);
    return reached || (exits_due_[span].load(std::memory_order_relaxed) & due_bit(level));
  }

  // The value, for the mover, of move m out of the table, from `before` into `after`.
  std::uint16_t exit_value(const Position& before, Move m, const Position& after) const {
    return Model::Moves::value(before, m, exits_->code_after(before, m, after));
  }

  // Dtz: the value of pawn move m (neither a capture nor a promotion), a zeroing move
  // into this table, from the code the round before gave the position it leads to
  // (with the opponent's en-passant captures, into the children, held whole).
  std::uint16_t pawn_move_value(const Position& pos, Move m) const {
    if (!earlier_) return DRAW_CODE;
    Position next = pos;
    next.play(m);
    const std::uint64_t own = index_.material().key();
    return zeroing_value(code_with_en_passant<DtzMoves>(next, [&](const Position& p) {
      return Material::key_of(p) == own ? (*earlier_)[global(p.side_to_move(), index_.encode(p))]
                                        : children_.code_of(p);
    }));
  }

  // A slice: the value of pawn move m (neither a capture nor a promotion) into the
  // slice it reaches, with the opponent's en-passant captures after a double push.
  std::uint16_t slice_exit_value(const Position& pos, Move m) const {
    Position next = pos;
    next.play(m);
    const std::uint64_t own = index_.material().key();
    return Model::Moves::value(pos, m, code_with_en_passant<typename Model::Moves>(next, [&](const Position& p) {
      return Material::key_of(p) == own ? (*slices_)(p) : children_.code_of(p);
    }));
  }

  void note_pending(int level) {
    int p = pending_until_.load();
    while (level > p && !pending_until_.compare_exchange_weak(p, level)) {}
  }

  void initialise() {
    tbb::enumerable_thread_specific<std::vector<EpNode>> nodes;
    scan_init([&](std::uint64_t g, const Position& pos) {
      const Color stm = side_of(g);
      if (koth_ && (pos.pieces(KING) & HILL)) {  // over: no move is worth generating
        start_final(g, pos.pieces(stm, KING) & HILL ? win(0) : loss(0));
        return;  // and no pass unmakes from it (see hill_step_wins)
      }
      if (koth_ && hill_step_wins(pos)) {  // its predecessors count it at init (steps_into_loss)
        // The king's step onto the hill is a move of the stored position.
        if (ep_possible_) find_ep_nodes(g, pos, StoredMoves::Some, nodes.local());
        start_final(g, win(1));
        return;
      }
      // Each move out of the table is valued; the quiet moves are only counted, by
      // destination squares, unless each needs a look of its own: a move that may let
      // the opponent's king onto the hill (steps_into_loss), or a move to a placement a
      // symmetry may fix (its weight, below).
      const Bitboard their_steps = koth_ ? hill_steps(pos, ~stm) : 0;
      const bool weighted = !pawns_ && index_.moves_may_be_fixed(pos);
      MoveList list;
      unsigned quiet = 0;  // the moves not in `list`
      if (their_steps || weighted || (DTZ && pawns_) || slices_) generate_legal(pos, list);
      else quiet = unsigned(generate_legal_counting_quiet(pos, list));
      const bool no_moves = list.size == 0 && quiet == 0;
      if (ep_possible_) find_ep_nodes(g, pos, no_moves ? StoredMoves::None : StoredMoves::Some, nodes.local());
      const Outcome o = no_moves ? outcome(pos, list) : Outcome{};
      if (o.over()) {
        start_final(g, o.result > 0 ? win(0) : o.result < 0 ? loss(0) : DRAW_CODE);
        if (o.result) note_final(g, 0);
        return;
      }
      std::uint16_t best_exit = NO_EXIT;
      auto exit = [&](std::uint16_t v) { best_exit = better_move(best_exit, v, METRIC); };
      unsigned inside = quiet;
      auto count_moves = [&](auto weight) {
        for (Move m : list) {
          if (m.is_promotion() || pos.piece_on(m.to()) != NO_PIECE) {
            Position next = pos;
            next.play(m);
            exit(exit_value(pos, m, next));
          } else if (DTZ && type_of(pos.piece_on(m.from())) == PAWN) {
            exit(pawn_move_value(pos, m));
          } else if (slices_ && type_of(pos.piece_on(m.from())) == PAWN) {
            exit(slice_exit_value(pos, m));
          } else if (their_steps && steps_into_loss(pos, m, their_steps)) {
            exit(move_value(win(1), METRIC));
          } else {
            inside += weight(m);
          }
        }
      };
      // Moves inside the table count by their successor's stabiliser, which is 1 unless
      // the kings stand where a symmetry can fix them (never with pawns). The
      // Neighbourhood (4.7 KB) is made only then: zeroing one for every position would
      // cost about 8% of a pawn table's init.
      if (weighted) {
        const Index::Neighbourhood near(index_, pos);
        count_moves([&](Move m) { return near.moved_stabiliser_size(m.from(), m.to()); });
      } else {
        count_moves([](Move) { return 1; });
      }
      start_open(g, best_exit, inside);
      if (best_exit != NO_EXIT && best_exit != DRAW_CODE) {
        note_pending(distance_of(best_exit));
        exits_due_[g / DUE_SPAN].fetch_or(due_bit(distance_of(best_exit)), std::memory_order_relaxed);
      }
    });
    for (auto& local : nodes) ep_nodes_.insert(ep_nodes_.end(), local.begin(), local.end());
    std::sort(ep_nodes_.begin(), ep_nodes_.end(), [](const EpNode& a, const EpNode& b) {
      return std::pair(a.position, a.pawn) < std::pair(b.position, b.pawn);
    });
    for (const EpNode& n : ep_nodes_)
      if (n.capture != DRAW_CODE) note_pending(distance_of(n.capture));
    finalised_.store(0);
  }

  // koth: whether the side to move's king can step onto the hill (a square of it not
  // attacked once the king has left its own): a win in 1, the best there is, so final
  // at once. These are all the positions one move before a king reached the hill, so the
  // passes never unmake from a finished game.
  static bool hill_step_wins(const Position& pos) {
    const Color us = pos.side_to_move();
    const Bitboard occupied = pos.occupied() ^ square_bb(pos.king_square(us));
    for (Bitboard b = hill_steps(pos, us); b;)
      if (!(pos.attackers_to(pop_lsb(b), occupied) & pos.pieces(~us))) return true;
    return false;
  }

  // koth: the hill squares the king of `side` could step onto, were they not attacked.
  static Bitboard hill_steps(const Position& pos, Color side) {
    return king_attacks(pos.king_square(side)) & HILL & ~pos.pieces(side);
  }

  // koth: whether quiet move m lets the opponent's king step onto the hill (one of
  // `steps` then unattacked: a win in 1 for them, final at init), judged without
  // playing it. Such moves are counted here as lost in 2 rather than counted down in
  // pass 2, which never unmakes from those positions (propagate); a double push that
  // allows en passant leads to an en-passant node instead, and is counted down.
  static bool steps_into_loss(const Position& pos, Move m, Bitboard steps) {
    const Color us = pos.side_to_move();
    const Square from = m.from(), to = m.to();
    const PieceType pt = type_of(pos.piece_on(from));
    // As hill_step_wins sees it: the opponent's king off the board, our piece on `to`.
    const Bitboard occupied = pos.occupied() ^ square_bb(from) ^ square_bb(to) ^ square_bb(pos.king_square(~us));
    const Bitboard others = pos.pieces(us) ^ square_bb(from);
    const Bitboard moved_attacks = pt == PAWN ? pawn_attacks(us, to) : piece_attacks(pt, to, occupied);
    while (steps) {
      const Square s = pop_lsb(steps);
      if ((moved_attacks & square_bb(s)) || (pos.attackers_to(s, occupied) & others)) continue;
      if (pt != PAWN || (from ^ to) != 16) return true;
      Position next = pos;
      next.play(m);
      return !en_passant_follows(next, to);
    }
    return false;
  }

  // The opponent's pawns that may just have made a double push capturable en passant.
  void find_ep_nodes(std::uint64_t g, const Position& pos, StoredMoves stored_moves, std::vector<EpNode>& out) const {
    const Color us = pos.side_to_move(), them = ~us;
    const int up = them == WHITE ? 8 : -8;
    for (Bitboard b = pos.pieces(them, PAWN); b;) {
      const Square pawn = pop_lsb(b);
      if (relative_rank(them, pawn) != 3 || (pos.occupied() & (square_bb(pawn - up) | square_bb(pawn - 2 * up))))
        continue;
      if (!en_passant_follows(pos, pawn)) continue;
      Position with_ep = pos;
      with_ep.set_en_passant(pawn - up);
      MoveList list;
      generate_legal(with_ep, list);
      std::uint16_t best = NO_EXIT;
      for (Move m : list) {
        if (m.kind() != Move::EN_PASSANT) continue;
        Position next = with_ep;
        next.play(m);
        best = better_move(best, exit_value(with_ep, m, next), METRIC);
      }
      out.push_back({g, pawn, best, stored_moves});
    }
  }

  // A successor of position q (in the table) is now final with `code` for its side to move.
  void successor_final(std::uint64_t q, std::uint16_t code, int level, int weight) {
    const std::uint16_t c = code_at(q).load(std::memory_order_relaxed);
    if (is_final(c)) return;
    if (decode_value(code, METRIC).result < 0) {
      finalise(q, win(level), level);
      return;
    }
    if (!can_lose(c) || !count_down(q, weight)) return;
    // Every move inside the table loses; so does the best move out, if any: it decides
    // now when it loses no later than `level`, else it falls due in its pass.
    const std::uint16_t exit = exit_of(c);
    if (exit == NO_EXIT || distance_of(exit) <= level) finalise(q, loss(level), level);
  }

  // Not inlined into the scan: its registers would crowd out the scan loop's.
  [[gnu::noinline]] void propagate(std::uint64_t g, std::uint16_t code, int level, Index::Decoder& decoder) {
    const Color stm = side_of(g);
    const Position& pos = *decoder.decode(g % n_, stm);
    // koth: a finished game's predecessors were over too, or won in 1 by the king's step
    // (final since init); a king's step's predecessors counted it at init.
    if (koth_ && ((pos.pieces(KING) & HILL) || (level == 2 && hill_step_wins(pos)))) return;
    const Index::Neighbourhood near(index_, pos);
    for_each_unmove(pos, [&](UnmoveKind kind, Square from, Square to) {
      // Dtz: zeroing, valued at init; a slice: from another slice, which values it.
      if ((DTZ || slices_) && type_of(pos.piece_on(to)) == PAWN) return;
      if (kind == UnmoveKind::DoublePush && en_passant_follows(pos, to)) return;  // an EpNode
      // A broken predecessor is final (no position) and skipped; side-by-side kings have
      // no index. A move counts by its successor's stabiliser (init).
      int weight;
      const std::uint64_t idx = near.moved(to, from, &weight);
      if (idx != Index::Neighbourhood::NONE) successor_final(global(~stm, idx), code, level, weight);
    });
  }

  void pass(int level) {
    scan_chunks(index_, hooks_, Phase::pass("pass " + std::to_string(level)),
                [this, level](std::uint64_t first, std::uint64_t last, Index::Decoder& decoder) {
      // The scan is the inner loop: what it compares with and reads through are locals
      // (kept in registers; members would be loaded again for every position).
      const std::uint16_t won_before = win(level - 1), lost_before = loss(level - 1);
      const ExitMatch exit_win = state_.open_with(win(level)), exit_loss = state_.open_with(loss(level));
      std::uint16_t* const codes = state_.words();
      for (std::uint64_t span = first / DUE_SPAN; span * DUE_SPAN < last; ++span) {
        if (!span_due(span, level)) continue;
        for (std::uint64_t g = span * DUE_SPAN, end = std::min(last, g + DUE_SPAN); g < end; ++g) {
          const std::uint16_t c = std::atomic_ref(codes[g]).load(std::memory_order_relaxed);
          if (c == won_before || c == lost_before) propagate(g, c, level, decoder);
          else if (exit_win.matches(c)) finalise(g, win(level), level);
          else if (exit_loss.matches(c) && state_.spent(g, c)) finalise(g, loss(level), level);
        }
      }
    });
    // En-passant nodes decided in the last pass reach their double-push predecessors.
    for (const EpNode& n : ep_nodes_) {
      if (!decided(n.code) || distance_of(n.code) != level - 1) continue;
      const Color stm = side_of(n.position);
      Position pos;
      index_.decode(n.position % n_, stm, pos);
      const int up = stm == WHITE ? -8 : 8;  // the opponent's pawn direction
      const Piece pawn = pos.piece_on(n.pawn);
      pos.remove(n.pawn);
      pos.put(pawn, n.pawn - 2 * up);
      pos.set_side_to_move(~stm);
      successor_final(global(~stm, index_.encode(pos)), n.code, level, 1);
    }
    std::uint64_t total = 0;
    for (auto& c : finalised_local_) total += c, c = 0;
    finalised_ += total;
  }

  // Values the en-passant nodes whose distance is `level`, now that every stored
  // position up to that distance is final. A node is worth the better of its stored
  // position and its captures (only the captures when the stored position has no move).
  void settle_ep_nodes(int level) {
    for (EpNode& n : ep_nodes_) {
      if (is_final(n.code)) continue;
      const std::uint16_t stored = code_at(n.position).load(std::memory_order_relaxed);
      std::uint16_t value = n.capture;
      if (n.stored_moves == StoredMoves::Some) {
        if (is_final(stored)) value = better_code(stored, n.capture, METRIC);
        // Undecided: its distance is beyond `level`, so only a winning capture is due.
        else if (decode_value(n.capture, METRIC).result <= 0) continue;
      }
      if (value == DRAW_CODE) n.code = DRAW_CODE;
      else if (distance_of(value) == level) n.code = value, ++finalised_;
    }
  }

  const bool koth_, pawns_, ep_possible_;
  std::vector<std::atomic<std::uint8_t>> finalised_in_;  // per span: bit (level & 1) per level
  std::vector<std::atomic<std::uint64_t>> exits_due_;    // per span: due_bit of each exit's distance
  std::vector<EpNode> ep_nodes_;
  std::atomic<std::uint64_t> finalised_{0};
  tbb::enumerable_thread_specific<std::uint64_t> finalised_local_{0};
  std::atomic<int> pending_until_{0};
  const std::vector<std::uint16_t>* earlier_;
  const StoredCode* slices_ = nullptr;  // a pawn slice's: the slices solved before
};

}  // namespace

namespace {

// One solve of `Model` in the layout asked for: Packed, or Wide where the table does not
// fit Packed (found at init), or Wide alone.
template <typename Model>
std::shared_ptr<SolvedTable> solve_in(StateLayout layout, const Material& m, Variant v, const TableSet& children,
                                      const SolveHooks& hooks, const std::vector<std::uint16_t>* earlier = nullptr) {
  if (layout == StateLayout::Packed) {
    try {
      return Solver<Model, PackedState>(m, v, children, hooks, earlier).run();
    } catch (const WorkingStateOverflow& e) {
      report(hooks, Phase::step(std::string(WIDE_AGAIN) + e.what()), 0);
    }
  }
  return Solver<Model, WideState>(m, v, children, hooks, earlier).run();
}

}  // namespace

std::shared_ptr<SolvedTable> solve_table(const Material& material, Variant variant, const TableSet& children,
                                         const SolveHooks& hooks, StateLayout layout) {
  return solve_in<DtmModel>(layout, material, variant, children, hooks);
}

std::shared_ptr<SolvedTable> solve_slice(Index slice, const StoredCode& solved, const TableSet& children,
                                         const SolveHooks& hooks, StateLayout layout) {
  const Variant v = slice.variant();
  if (layout == StateLayout::Packed) {
    try {
      return Solver<DtmModel, PackedState>(slice, v, children, hooks, solved).run();
    } catch (const WorkingStateOverflow& e) {
      report(hooks, Phase::step(std::string(WIDE_AGAIN) + e.what()), 0);
    }
  }
  return Solver<DtmModel, WideState>(std::move(slice), v, children, hooks, solved).run();
}

namespace {

// The codes of `dtm` (the same table's DTM values) reduced to their results: a win or a
// loss at 1 ply, a draw. Under the rule they differ only where a result is cursed.
std::vector<std::uint16_t> results_of(std::vector<std::uint16_t> dtm) {
  tbb::parallel_for(std::size_t(0), dtm.size(), [&](std::size_t i) {
    const std::uint16_t c = dtm[i];
    if (c == NO_POSITION_CODE || c == DRAW_CODE) return;
    dtm[i] = decode_value(c, METRIC).result > 0 ? win(1) : loss(1);
  });
  return dtm;
}

// Whether each position of `round` has the category (at clock 0) it has in `earlier`:
// all that a pawn move's value takes from the position it leads to (zeroing_value).
bool same_categories(const std::vector<std::uint16_t>& round, const std::vector<std::uint16_t>& earlier) {
  return tbb::parallel_reduce(
      tbb::blocked_range<std::size_t>(0, round.size(), 1 << 16), true,
      [&](const auto& r, bool same) {
        for (std::size_t i = r.begin(); same && i < r.end(); ++i)
          same = round[i] == NO_POSITION_CODE || zeroing_value(round[i]) == zeroing_value(earlier[i]);
        return same;
      },
      std::logical_and<>());
}

}  // namespace

std::shared_ptr<SolvedTable> solve_dtz_table(const Material& material, Variant variant, const TableSet& children,
                                             const SolveHooks& hooks, std::vector<std::uint16_t> dtm,
                                             StateLayout layout) {
  if (!material.has_pawns()) return solve_in<DtzModel>(layout, material, variant, children, hooks);
  // Pawn moves only advance: after round k every position with fewer than k pawn moves
  // left in any line is right, whatever the first round took pawn moves to be worth. A
  // round values each pawn move by the category of the position it leads to in the
  // round before, so a round that keeps every category it was given is the answer.
  std::vector<std::uint16_t> earlier = dtm.empty() ? dtm : results_of(std::move(dtm));
  for (int k = 1;; ++k) {
    SolveHooks round_hooks = hooks;  // the progress says which round
    round_hooks.progress = [&hooks, k](const Phase& phase, double fraction) {
      report(hooks, {phase.kind, "round " + std::to_string(k) + ", " + phase.text}, fraction);
    };
    auto round =
        solve_in<DtzModel>(layout, material, variant, children, round_hooks, earlier.empty() ? nullptr : &earlier);
    if (!earlier.empty() && same_categories(round->codes, earlier)) return round;
    earlier = std::move(round->codes);
  }
}

std::uint64_t solve_memory(std::uint64_t positions_per_side) { return working_bytes<PackedState>(positions_per_side); }

std::uint64_t solve_dtz_memory(std::uint64_t positions_per_side, bool pawns) {
  const std::uint64_t previous_round = pawns ? positions_per_side * 2 * sizeof(std::uint16_t) : 0;
  return working_bytes<PackedState>(positions_per_side) + previous_round;
}

}  // namespace hilltb
