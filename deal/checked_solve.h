// A search whose every claim is checked: the proof search's bounds, each kept only once
// the independent checker (deal/check_certificate.h) has verified its proof. The deal
// commands and the server answer through it.
#pragma once

#include <string>
#include <vector>

#include "deal/check_certificate.h"
#include "deal/proof_search.h"

namespace hilltb {

struct CheckedSolution {
  SearchResult result;            // bounds that every kept proof supports
  std::vector<BoundProof> proofs;  // the proofs of the bounds that are not trivial
  // The checker's verdicts on proofs that failed (a fault of the search); their bounds are
  // withdrawn to what needs no proof.
  std::vector<std::string> withdrawn;
};

// Solves `root` with `search`, then checks the proofs against the tables `tables_used`
// names (its layout and table references; its proofs are ignored) under `dirs`. Throws
// std::runtime_error when the checker cannot run at all (a table it names is missing or
// changed).
CheckedSolution solve_checked(ProofSearch& search, const Position& root, const Certificate& tables_used,
                              const TableDirList& dirs);

}  // namespace hilltb
