// How a solve talks to the one running it: progress, cancellation, and when it reads
// the children of each side's moves.
#pragma once

#include <atomic>
#include <functional>
#include <stdexcept>

#include "formats/index.h"
#include "gen/phase.h"
#include "rules/types.h"

namespace hilltb {

struct SolveHooks {
  // Called now and then with the phase and the fraction of it done.
  std::function<void(const Phase& phase, double fraction)> progress;
  // Polled between and inside passes; when it turns true the solve throws Interrupted.
  const std::atomic<bool>* cancel = nullptr;
  // Called before the children are read for the moves of `mover`'s positions (white's
  // first; they are read in the first phase only), and with COLOR_NB when they are no
  // longer read: a generator may hold only the halves of the children each side's moves
  // reach (Material::children_after).
  std::function<void(Color mover)> children_for;
  // Solving by pawn slices (gen/pawn_slices.h), in place of children_for when set: the
  // same call with the slice being solved, whose moves reach fewer children.
  std::function<void(const PawnSlice& slice, Color mover)> slice_children_for;
  // Solving by pawn slices: called before each slice's solve takes its working state.
  std::function<void(const PawnSlice& slice)> before_slice;
};

struct Interrupted : std::runtime_error {
  Interrupted() : std::runtime_error("interrupted") {}
};

// Throws Interrupted once `cancel` is set.
inline void check_cancel(const std::atomic<bool>* cancel) {
  if (cancel && cancel->load()) throw Interrupted();
}
inline void check_cancel(const SolveHooks& hooks) { check_cancel(hooks.cancel); }

inline void report(const SolveHooks& hooks, const Phase& phase, double fraction) {
  if (hooks.progress) hooks.progress(phase, fraction);
}

}  // namespace hilltb
