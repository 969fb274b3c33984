#include "outcome.h"

namespace hilltb {

Outcome outcome(const Position& pos, const MoveList& legal) {
  const Color us = pos.side_to_move();
  switch (pos.variant()) {
    case Variant::Koth:
      if (Bitboard on_hill = pos.pieces(KING) & HILL)
        return {Termination::Hill, (on_hill & pos.pieces(us)) ? 1 : -1, 0};
      [[fallthrough]];
    case Variant::Chess:
      if (legal.size) return {};
      return pos.in_check() ? Outcome{Termination::Checkmate, -1, 0}
                            : Outcome{Termination::Stalemate, 0, 0};
    case Variant::Qoth:
      if (qoth_check_holds(pos, us)) return {Termination::Claims, 1, qoth_claims(pos, us)};
      if (legal.size) return {};
      return {Termination::Stuck, 0, 0};
  }
  return {};
}

Outcome outcome(const Position& pos) {
  MoveList legal;
  generate_legal(pos, legal);
  return outcome(pos, legal);
}

std::string_view termination_name(Termination t) {
  switch (t) {
    case Termination::None: return "";
    case Termination::Checkmate: return "checkmate";
    case Termination::Stalemate: return "stalemate";
    case Termination::Hill: return "hill";
    case Termination::Claims: return "claims";
    case Termination::Stuck: return "stuck";
  }
  return "";
}

std::string describe(const Position& pos, const Outcome& o) {
  const bool qoth = pos.variant() == Variant::Qoth;
  const Color us = pos.side_to_move();
  const Color winner = o.result > 0 ? us : ~us;
  const std::string who = qoth ? (winner == WHITE ? "P1" : "P2")
                               : (winner == WHITE ? "white" : "black");
  switch (o.reason) {
    case Termination::None: return "game goes on";
    case Termination::Checkmate: return who + " wins by checkmate";
    case Termination::Stalemate: return "draw by stalemate";
    case Termination::Hill: return who + " wins: its king stands on the hill";
    case Termination::Claims:
      return who + " wins the hand with " + std::to_string(o.points) + " point" +
             (o.points == 1 ? "" : "s") + ": its check holds at the start of its turn";
    case Termination::Stuck: return "hand drawn: neither side can move";
  }
  return "";
}

}  // namespace hilltb
