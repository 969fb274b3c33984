#include "deal/checked_solve.h"

#include <algorithm>
#include <stdexcept>

#include "rules/fen.h"

namespace hilltb {

CheckedSolution check_solution(const Position& root, SearchResult claimed_result, std::vector<BoundProof> proofs,
                               const Certificate& tables_used, const TableDirList& dirs) {
  CheckedSolution s{std::move(claimed_result), {}, {}};
  // What holds without proof; every bound beyond it stands only on a verified proof of
  // this root.
  const Bounds unsearched = unsearched_bounds(root);
  const std::string root_fen = to_fen(root);
  Bounds supported = unsearched;
  bool failed_lo = false, failed_hi = false;  // a failing proof already says why
  if (!proofs.empty()) {
    const CertificateVerdict verdict = check_certificate({tables_used.layout_text, tables_used.tables, proofs}, dirs);
    if (!verdict.error.empty()) throw std::runtime_error("checking the proofs: " + verdict.error);
    for (std::size_t i = 0; i < proofs.size(); ++i) {
      const ProofVerdict& v = verdict.proofs[i];
      if (!v.ok) {
        s.withdrawn.push_back(v.describe());
        (v.lower ? failed_lo : failed_hi) = true;
        continue;
      }
      if (v.root_fen != root_fen) {
        s.withdrawn.push_back("a proof of another position: " + v.describe());
        continue;
      }
      if (v.lower) supported.lo = std::max(supported.lo, v.value);
      else supported.hi = std::min(supported.hi, v.value);
      s.proofs.push_back(std::move(proofs[i]));
    }
  }
  Bounds& claimed = s.result.score;
  if (claimed.lo > supported.lo) {
    if (!failed_lo) s.withdrawn.push_back("no verified proof of score >= " + std::to_string(claimed.lo) + " at " + root_fen);
    claimed.lo = supported.lo;
  }
  if (claimed.hi < supported.hi) {
    if (!failed_hi) s.withdrawn.push_back("no verified proof of score <= " + std::to_string(claimed.hi) + " at " + root_fen);
    claimed.hi = supported.hi;
  }
  return s;
}

CheckedSolution solve_checked(ProofSearch& search, const Position& root, const Certificate& tables_used,
                              const TableDirList& dirs) {
  SearchResult result = search.solve(root);
  std::vector<BoundProof> proofs = search.proofs(root, result);
  return check_solution(root, std::move(result), std::move(proofs), tables_used, dirs);
}

}  // namespace hilltb
