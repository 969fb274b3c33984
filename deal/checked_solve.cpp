#include "deal/checked_solve.h"

#include <stdexcept>

namespace hilltb {

CheckedSolution solve_checked(ProofSearch& search, const Position& root, const Certificate& tables_used,
                              const TableDirList& dirs) {
  CheckedSolution s{search.solve(root), {}, {}};
  std::vector<BoundProof> proofs = search.proofs(root, s.result);
  if (proofs.empty()) return s;
  const CertificateVerdict verdict = check_certificate({tables_used.layout_text, tables_used.tables, proofs}, dirs);
  if (!verdict.error.empty()) throw std::runtime_error("checking the proofs: " + verdict.error);
  const Bounds unsearched = unsearched_bounds(root);
  for (std::size_t i = 0; i < proofs.size(); ++i) {
    const ProofVerdict& v = verdict.proofs[i];
    if (v.ok) {
      s.proofs.push_back(std::move(proofs[i]));
      continue;
    }
    s.withdrawn.push_back(v.describe());
    (v.lower ? s.result.score.lo : s.result.score.hi) = v.lower ? unsearched.lo : unsearched.hi;
  }
  return s;
}

}  // namespace hilltb
