// Retro move generation: the positions one quiet move before a given one (no capture,
// no promotion: those come from bigger tables), for the generator's backward passes.
#pragma once

#include "rules/position.h"

namespace hilltb {

enum class UnmoveKind { Quiet, DoublePush };

// Calls f(const Position& before, UnmoveKind, Square from, Square to) for each legal
// position `before`, with the other side to move, from which that side's move of a
// piece from `from` onto `to` reaches pos. Legal means: the side
// not to move in `before` is not in check (chess, koth). En-passant rights and the
// game's end in `before` are the caller's to judge.
template <typename F>
void for_each_unmove(const Position& pos, F&& f);

// Whether, after a double push that just put a pawn on `pawn`, the side to move of pos
// can capture it en passant legally (so that the position is really pos + ep square).
bool en_passant_follows(const Position& pos, Square pawn);

}  // namespace hilltb

#include "unmove_impl.h"
