// Retro move generation: the moves that may have led to a given position (no capture,
// no promotion: those come from bigger tables), for the generator's backward passes.
#pragma once

#include "rules/position.h"

namespace hilltb {

enum class UnmoveKind { Quiet, DoublePush };

// Calls f(UnmoveKind, Square from, Square to) for each quiet move of the side not to
// move in pos, a piece from `from` (empty in pos) onto `to`, that may have led to pos.
// The position before it is not built and its legality is not judged: the solver's
// index marks a broken position (the side not to move in check) as no position, and
// kings side by side have no index at all. En-passant rights are the caller's to judge.
template <typename F>
void for_each_unmove(const Position& pos, F&& f);

// Whether, after a double push that just put a pawn on `pawn`, the side to move of pos
// can capture it en passant legally (so that the position is really pos + ep square).
bool en_passant_follows(const Position& pos, Square pawn);

}  // namespace hilltb

#include "unmove_impl.h"
