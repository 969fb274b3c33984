// Results files of `deal solve` checked line by line: each line's bounds must need no
// proof (check_certificate.h's trivial_bounds) or be proved by a proof of the line's
// certificate for that very position, and its other fields must agree with them.
//
// A results file holds one JSON object a line (INTERFACE.md, "Deals"): "setup"
// (optional), "fen", "exact", "score", "lower", "upper", "category", "pv", "nodes",
// "seconds", and "certificate" (optional): the path of a certificate file, relative to
// the results file's directory, holding the proofs of the line's bounds. Positions are
// read on the certificate's layout, or on the default layout for a line without one.
#pragma once

#include <cstddef>
#include <filesystem>
#include <string>
#include <vector>

#include "deal/check_certificate.h"

namespace hilltb {

struct ResultLineVerdict {
  std::size_t line = 0;  // 1-based
  bool ok = false;
  // "verified: FEN score = 2", "verified: FEN score >= -1 and <= 3", or the fault
  // ("line 4: ..."), naming the first failing position of a failed proof.
  std::string message;
};

struct ResultsVerdict {
  std::string error;  // the file cannot be read; empty otherwise
  std::vector<ResultLineVerdict> lines;
  bool ok() const;
};

// Certificates a file names are checked once each, against the tables in table_dirs.
ResultsVerdict check_results_file(const std::filesystem::path& path, const TableDirList& table_dirs);

}  // namespace hilltb
