// hilltb deal verify: certificates and results files checked without the search code:
// deal/check_certificate.h walks each proof over the rules and the tables it names.
#include <filesystem>
#include <iostream>
#include <memory>

#include "commands.h"
#include "deal/check_certificate.h"
#include "deal/check_results.h"
#include "probe/prober.h"

namespace hilltb::cli {

namespace {

struct DealVerifyOptions {
  std::string tables = "tables";
  std::vector<std::string> files;
};

// Prints one line per proof; true when the certificate checks out.
bool verify_certificate_file(const std::string& file, CertificateChecker& checker) {
  Certificate certificate;
  try {
    certificate = read_certificate(file);
  } catch (const CertificateError& e) {
    std::cout << "FAILED: " << e.what() << "\n";
    return false;
  }
  const CertificateVerdict verdict = checker.check(certificate);
  if (!verdict.error.empty()) {
    std::cout << "FAILED: " << file << ": " << verdict.error << "\n";
    return false;
  }
  if (verdict.proofs.empty()) std::cout << file << ": a certificate without proofs\n";
  for (const ProofVerdict& p : verdict.proofs)
    std::cout << p.describe() << " (" << p.nodes_checked << " nodes, " << p.leaves_probed << " table leaves)\n";
  return verdict.ok();
}

// Prints one line per result line; true when every line checks out.
bool verify_results_file(const std::string& file, const std::string& tables) {
  const ResultsVerdict verdict = check_results_file(file, split_table_dirs(tables));
  for (const ResultLineVerdict& line : verdict.lines)
    std::cout << (line.ok ? "" : "FAILED: " + file + " ") << line.message << "\n";
  if (!verdict.error.empty()) std::cout << "FAILED: " << verdict.error << "\n";
  return verdict.ok();
}

}  // namespace

void add_deal_verify_command(CLI::App& deal) {
  auto opts = std::make_shared<DealVerifyOptions>();
  CLI::App* cmd = deal.add_subcommand(
      "verify", "check certificates and results files of solved deals, without the search");
  cmd->add_option("--tables", opts->tables, "the table directories the certificates' tables are in, separated by ':'")
      ->capture_default_str();
  cmd->add_option("files", opts->files, "certificate files (by their magic) or results files (JSON lines)")
      ->required();
  cmd->callback([opts] {
    int failed = 0;
    CertificateChecker checker(split_table_dirs(opts->tables));  // the tables opened once for all files
    for (const std::string& file : opts->files) {
      if (!std::filesystem::is_regular_file(file)) {
        std::cout << "FAILED: " << file << ": no such file\n";
        ++failed;
        continue;
      }
      const bool ok = is_certificate_file(file) ? verify_certificate_file(file, checker)
                                                : verify_results_file(file, opts->tables);
      failed += !ok;
    }
    if (failed) throw std::runtime_error(std::to_string(failed) + " file(s) failed verification");
  });
}

}  // namespace hilltb::cli
