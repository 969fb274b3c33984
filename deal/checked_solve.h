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
  // Why a bound the search claimed is withdrawn to what needs no proof (a fault of the
  // search): the checker's verdict on a failing proof, or a bound no verified proof of
  // the root supports.
  std::vector<std::string> withdrawn;
};

// Keeps of `claimed`'s bounds on `root` what the verified `proofs` support (the
// checker's work for solve_checked, apart so that a faulty claim can be put to it).
CheckedSolution check_solution(const Position& root, SearchResult claimed, std::vector<BoundProof> proofs,
                               const Certificate& tables_used, const TableDirList& dirs);

// Solves `root` with `search`, then checks the proofs against the tables `tables_used`
// names (its layout and table references; its proofs are ignored) under `dirs`. Throws
// std::runtime_error when the checker cannot run at all (a table it names is missing or
// changed).
CheckedSolution solve_checked(ProofSearch& search, const Position& root, const Certificate& tables_used,
                              const TableDirList& dirs);

}  // namespace hilltb
