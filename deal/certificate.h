// Certificates: proofs of bounds on the value of a Queen of the Hill position, written
// by the deal solver and checked by `hilltb deal verify` without any search code.
//
// A BoundProof says: from the root, player `prover` can force a score of at least
// `threshold` for itself (its points if it wins, minus the opponent's if it loses, 0 for
// a draw or endless play). Its nodes are the positions of the prover's strategy that are
// neither over nor answered by a table:
//   - at a node where the prover is to move, `move` is the prover's move (the pass when
//     it has no other);
//   - at a node where the opponent is to move, `move` is none and every legal move counts.
// Every position a strategy move or an opponent move leads to must be over with a
// score >= threshold for the prover, or good whatever the play (threshold <= minus the
// opponent's piece count), or hold at most as many pieces as the tables cover and probe
// to a value >= threshold, or be a node of the proof. When threshold > 0 the
// prover must actually win, so the nodes and strategy moves must form no cycle (every
// play ends); when threshold <= 0 endless play is a draw (score 0 >= threshold), so the
// nodes may form cycles: they are a closed set the opponent cannot leave except into a
// position good enough for the prover.
//
// For the root's side to move S, a proof with prover S is the lower bound
// `score >= threshold`; a proof with prover ~S is the upper bound `score <= -threshold`.
//
// File layout (all integers little-endian):
//   magic "HTBCERT\x1a" (8 bytes), format version u32, payload size u64 (compressed),
//   the zstd-compressed payload, then xxHash64 of the compressed payload (u64).
// The payload itself is private to certificate.cpp (its layout is described there):
// read_certificate is the only reader. docs/certificates.md describes both.
#pragma once

#include <cstdint>
#include <filesystem>
#include <stdexcept>
#include <string>
#include <vector>

#include "rules/position.h"

namespace hilltb {

struct CertificateError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

struct ProofNode {
  Position position;  // a qoth position with the root's fixed pawns
  Move move;          // the prover's move where it is to move; none (Move()) otherwise
};

struct BoundProof {
  std::string root_fen;  // qoth FEN of the root position
  Color prover = WHITE;  // the player the strategy is for
  int threshold = 0;     // the prover's score is at least this, -5..5
  std::vector<ProofNode> nodes;
};

// A table a proof relies on: its file under the tables directory and the checksum in
// its header, so that a proof is never checked against other tables than its own.
struct TableRef {
  std::string file;  // relative path, e.g. "qoth/ring/RRvN.htb"
  std::uint64_t checksum = 0;
};

struct Certificate {
  std::string layout_text;  // Layout::to_text() of the layout the positions are played on
  std::vector<TableRef> tables;
  std::vector<BoundProof> proofs;
};

// Writes atomically (a temporary file renamed into place). Throws CertificateError.
void write_certificate(const Certificate& certificate, const std::filesystem::path& path);
// Throws CertificateError naming the fault for anything damaged: wrong magic, version
// or checksum, a truncated or malformed payload, an illegal position or move encoding.
Certificate read_certificate(const std::filesystem::path& path);
// Whether the file starts with a certificate's magic (false when it cannot be read).
bool is_certificate_file(const std::filesystem::path& path);

}  // namespace hilltb
