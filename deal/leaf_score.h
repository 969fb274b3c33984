// The positions a deal search needs not search: finished games and table positions.
#pragma once

#include <stdexcept>

#include "probe/prober.h"
#include "rules/movegen.h"

namespace hilltb {

// A finished game (the side to move's check holds) or a position of at most
// table_pieces pieces: its exact score for the side to move; otherwise false.
// Throws std::runtime_error when the tables cannot answer.
inline bool leaf_score(const Prober& prober, int table_pieces, const Position& pos, int& score) {
  const Color us = pos.side_to_move();
  if (qoth_check_holds(pos, us)) {
    score = qoth_claims(pos, us);
    return true;
  }
  if (popcount(pos.pieces()) > table_pieces) return false;
  const ProbeResult r = prober.probe(pos);
  if (!r.ok()) throw std::runtime_error(r.error);
  score = r.value.result * r.value.points;
  return true;
}

}  // namespace hilltb
