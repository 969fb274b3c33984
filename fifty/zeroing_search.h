// A forward search of the fifty-move rule, separate from the generator: whether a side
// can force, within a number of plies, a zeroing move (a capture or a pawn move,
// promotions included) into a position it still wins under the rule, or the end of the
// game won. It walks the moves of rules/ and reads only the positions after zeroing
// moves from the DTZ tables, through the prober; its own answers over the plies between
// come from nothing but the moves.
//
// The game it solves, for a winner W: the plies go by one at a time; W succeeds when,
// within the horizon, the game ends won by W (checkmate, in koth W's king on the hill)
// or a move by either side zeroes the clock into a position whose DTZ (clock 0) is a
// win for W of at most 100 plies. It fails when the game ends otherwise, a zeroing move
// leads anywhere else (a draw, a loss for W, a win the rule turns into a draw) or the
// horizon passes. W chooses its moves to succeed, the other side to make W fail.
//
// With the horizon at 100 that is the rule itself: a position won without the rule is a
// cursed win exactly when its winner fails (the 100th ply may still zero or end the
// game: DTZ 100 is a win). In general a decisive position of DTZ d (formats/zeroing.h)
// is one whose winner succeeds within h plies exactly when d <= h: the search's least
// plies are the DTZ up to the horizon.
#pragma once

#include <cstdint>
#include <map>
#include <memory>
#include <mutex>
#include <optional>

#include "fifty/bound_memo.h"
#include "fifty/zeroing_step.h"
#include "formats/index.h"
#include "probe/prober.h"

namespace hilltb {

// The order moves are tried in, which changes the work and never the answer: as
// generated, or the DTZ tables' best first (the winner's shortest DTZ, the other
// side's longest), which finds the deciding move at once where the tables are right.
enum class MoveOrder { Generated, TableGuided };

// The bounds the searches have proved, per material and winner, each memo made on first
// use: searches on several threads may share them (check_dtz_claims), for a bound holds
// whichever search proved it.
class ZeroingMemos {
 public:
  struct Memo {
    Index index;
    BoundMemo bounds;
    Memo(const Material& m, Variant v);
  };
  Memo& of(const Material& m, Variant v, Color winner);
  std::uint64_t bytes() const;

 private:
  mutable std::mutex mutex_;
  std::map<std::pair<std::uint64_t, Color>, std::unique_ptr<Memo>> memos_;  // by material key, winner
};

class ZeroingSearch {
 public:
  // `memos`: those shared with other searches, or none (its own).
  explicit ZeroingSearch(const Prober& prober, MoveOrder order = MoveOrder::TableGuided,
                         std::shared_ptr<ZeroingMemos> memos = nullptr);

  // Whether `winner` can force success (above) within `horizon` plies from pos. pos must
  // be a chess or koth position without castling rights; horizon at most
  // BoundMemo::MAX_PLIES. Throws ZeroingSearchError when a table the search reads
  // does not answer.
  bool can_force(const Position& pos, Color winner, int horizon);
  // The least plies within which `winner` can force success from pos, or nullopt when
  // it cannot within `horizon`: iterative deepening over can_force.
  std::optional<int> least_plies(const Position& pos, Color winner, int horizon);

  // Positions expanded (their moves generated) so far, and the bytes the bounds take.
  std::uint64_t nodes() const { return nodes_; }
  std::uint64_t memo_bytes() const;

 private:
  // The least plies proved (at most h), or -1: not within h.
  int search(const Position& pos, int h);
  // The slot of pos in the memo in use (nullopt for a position with an en-passant
  // right, which no index holds).
  std::optional<std::uint64_t> slot_of(const Position& pos) const;
  // Where a move into `child`, by the winner or not, goes in the order of a node with
  // h plies left.
  int order_key(const Position& child, bool winner_moves, int h) const;

  const Prober& prober_;
  MoveOrder order_;
  Color winner_ = WHITE;
  std::shared_ptr<ZeroingMemos> memos_;
  ZeroingMemos::Memo* memo_ = nullptr;  // the root's material and winner (the moves searched keep the material)
  std::uint64_t nodes_ = 0;
};

}  // namespace hilltb
