// The independent checker of certificates (deal/certificate.h): its own walk over the
// rules (move generation, game end) and table probes, sharing no code with the search
// that wrote them. What a proof must satisfy is certificate.h's; docs/certificates.md
// says it for people.
#pragma once

#include <cstdint>
#include <filesystem>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "deal/certificate.h"

namespace hilltb {

// Bounds on the score of the side to move (its points if it wins, minus the
// opponent's if it loses, 0 for a draw).
struct ScoreBounds {
  int lower = 0;
  int upper = 0;
};

// The bounds that need no proof: a finished game's exact score; otherwise at most the
// side's own piece count (claims never outnumber pieces, and pieces are never added)
// and at least minus the opponent's.
ScoreBounds trivial_bounds(const Position& pos);

// The check of one BoundProof.
struct ProofVerdict {
  std::string root_fen;
  bool ok = false;
  // When ok: the bound proved for the root's side to move, `score >= value` (lower) or
  // `score <= value` (upper).
  bool lower = true;
  int value = 0;
  // When not ok: the first failing position, and why it fails.
  std::string failing_fen;
  std::string reason;
  std::uint64_t nodes_checked = 0;  // proof nodes walked
  std::uint64_t leaves_probed = 0;  // table leaves probed
  // "verified: FEN score >= 2", or "FAILED: FEN score >= 2: at FEN: reason".
  std::string describe() const;
  // "score >= 2" or "score <= -1".
  std::string bound_text() const;
};

struct CertificateVerdict {
  // A fault of the whole certificate (its layout, a table it names): then no proof is
  // checked. Empty otherwise.
  std::string error;
  std::vector<ProofVerdict> proofs;
  bool ok() const;
};

// Table directories, searched in order for a certificate's files.
using TableDirList = std::vector<std::filesystem::path>;

// Checks every proof of a certificate against the tables under `table_dirs`: each
// table the certificate names must be there with the recorded header checksum, and
// leaves are probed in those tables only (a leaf needing another table fails). A set of
// tables (the layout, and the files with their checksums) is checked and opened once for
// every certificate that names the same set, as a deal campaign's thousands do.
class CertificateChecker {
 public:
  explicit CertificateChecker(TableDirList table_dirs);
  ~CertificateChecker();
  CertificateChecker(const CertificateChecker&) = delete;
  CertificateChecker& operator=(const CertificateChecker&) = delete;

  CertificateVerdict check(const Certificate& certificate);

 private:
  struct Opened;
  TableDirList table_dirs_;
  std::map<std::string, std::unique_ptr<Opened>> opened_;  // by layout text and table list
};

// One certificate, alone.
CertificateVerdict check_certificate(const Certificate& certificate, const TableDirList& table_dirs);

}  // namespace hilltb
