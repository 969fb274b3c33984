#include "check_results.h"

#include <fstream>
#include <map>
#include <nlohmann/json.hpp>

#include "deal/check_certificate.h"
#include "rules/fen.h"
#include "rules/notation.h"

namespace hilltb {

namespace {

using nlohmann::json;

// A fault of one line.
struct LineFault {
  std::string what;
};

struct CheckedCertificate {
  std::string error;  // unreadable, or unusable as a whole
  Layout layout = ring_layout();
  CertificateVerdict verdict;
};

int bound_field(const json& line, const char* key) {
  if (!line.contains(key) || !line[key].is_number_integer())
    throw LineFault{std::string("\"") + key + "\" is missing or not an integer"};
  const auto v = line[key].get<std::int64_t>();
  if (v < -5 || v > 5) throw LineFault{std::string("\"") + key + "\" " + std::to_string(v) + " is outside -5..5"};
  return int(v);
}

// The outcome the bounds prove: a win when even the lower bound is one, a loss when even
// the upper is, a draw when both are 0; unknown otherwise.
std::string category_of(int lower, int upper) {
  if (lower > 0) return "win";
  if (upper < 0) return "loss";
  return lower == 0 && upper == 0 ? "draw" : "unknown";
}

// The fields that follow from the bounds must say what the bounds say.
void check_consistency(const json& line, int lower, int upper) {
  if (lower > upper)
    throw LineFault{"lower " + std::to_string(lower) + " is above upper " + std::to_string(upper)};
  if (!line.contains("exact") || !line["exact"].is_boolean()) throw LineFault{"\"exact\" is missing or not a boolean"};
  const bool exact = line["exact"].get<bool>();
  if (exact != (lower == upper))
    throw LineFault{std::string("\"exact\" is ") + (exact ? "true" : "false") + " but the bounds are " +
                    std::to_string(lower) + " and " + std::to_string(upper)};
  if (!line.contains("score")) throw LineFault{"\"score\" is missing"};
  const json& score = line["score"];
  if (exact && !(score.is_number_integer() && score.get<std::int64_t>() == lower))
    throw LineFault{"\"score\" " + score.dump() + " is not the exact value " + std::to_string(lower)};
  if (!exact && !score.is_null()) throw LineFault{"\"score\" " + score.dump() + " given for bounds that differ"};
  const std::string category = category_of(lower, upper);
  if (!line.contains("category") || line["category"] != category)
    throw LineFault{"\"category\" should be \"" + category + "\""};
}

// The principal variation must be legal play from the position.
void check_pv(const json& line, Position pos) {
  if (!line.contains("pv")) return;
  if (!line["pv"].is_array()) throw LineFault{"\"pv\" is not a list of moves"};
  for (const json& move : line["pv"]) {
    if (!move.is_string()) throw LineFault{"\"pv\" holds " + move.dump() + ", not a move"};
    const auto m = parse_move(pos, move.get<std::string>());
    if (!m) throw LineFault{"\"pv\" move " + move.get<std::string>() + " is not legal in " + to_fen(pos)};
    pos.play(*m);
  }
}

class ResultsChecker {
 public:
  ResultsChecker(const std::filesystem::path& results, const TableDirList& tables)
      : base_(results.parent_path()), checker_(tables) {}

  ResultLineVerdict check(std::size_t number, const std::string& text) {
    ResultLineVerdict verdict;
    verdict.line = number;
    try {
      verdict.message = check_line(text);
      verdict.ok = true;
    } catch (const LineFault& f) {
      verdict.message = "line " + std::to_string(number) + ": " + f.what;
    }
    return verdict;
  }

 private:
  std::string check_line(const std::string& text) {
    json line;
    try {
      line = json::parse(text);
    } catch (const json::exception& e) {
      throw LineFault{std::string("not JSON: ") + e.what()};
    }
    if (!line.is_object()) throw LineFault{"not a JSON object"};
    const CheckedCertificate* cert = nullptr;
    if (line.contains("certificate")) {
      if (!line["certificate"].is_string()) throw LineFault{"\"certificate\" is not a file name"};
      cert = &certificate(line["certificate"].get<std::string>());
    }
    if (!line.contains("fen") || !line["fen"].is_string()) throw LineFault{"\"fen\" is missing or not text"};
    Position root;
    try {
      root = parse_fen(line["fen"].get<std::string>(), Variant::Qoth, cert ? cert->layout : ring_layout());
    } catch (const FenError& e) {
      throw LineFault{e.what()};
    }
    const std::string fen = to_fen(root);
    const int lower = bound_field(line, "lower"), upper = bound_field(line, "upper");
    check_consistency(line, lower, upper);
    check_pv(line, root);
    const ScoreBounds trivial = trivial_bounds(root);
    if (lower > trivial.lower) check_proved(cert, fen, true, lower);
    if (upper < trivial.upper) check_proved(cert, fen, false, upper);
    if (lower == upper) return "verified: " + fen + " score = " + std::to_string(lower);
    return "verified: " + fen + " score >= " + std::to_string(lower) + " and <= " + std::to_string(upper);
  }

  // A proof of `score >= value` (lower) or `score <= value` for the position `fen`.
  static void check_proved(const CheckedCertificate* cert, const std::string& fen, bool lower, int value) {
    const std::string bound = std::string("score ") + (lower ? ">= " : "<= ") + std::to_string(value);
    if (!cert) throw LineFault{bound + " needs a proof, and the line names no certificate"};
    if (!cert->error.empty()) throw LineFault{bound + ": " + cert->error};
    const ProofVerdict* failed = nullptr;
    for (const ProofVerdict& p : cert->verdict.proofs) {
      if (p.root_fen != fen || p.lower != lower || (lower ? p.value < value : p.value > value)) continue;
      if (p.ok) return;
      failed = &p;
    }
    if (failed) throw LineFault{bound + ": the certificate's proof fails at " + failed->failing_fen + ": " + failed->reason};
    throw LineFault{bound + " needs a proof, and the certificate holds none for " + fen};
  }

  const CheckedCertificate& certificate(const std::string& relative) {
    const std::filesystem::path path = (base_ / relative).lexically_normal();
    auto [it, fresh] = certificates_.try_emplace(path.string());
    CheckedCertificate& c = it->second;
    if (!fresh) return c;
    try {
      const Certificate certificate = read_certificate(path);
      c.layout = parse_layout(certificate.layout_text, "certificate");
      c.verdict = checker_.check(certificate);
      if (!c.verdict.error.empty()) c.error = "certificate " + path.string() + ": " + c.verdict.error;
    } catch (const std::exception& e) {
      c.error = e.what();
    }
    return c;
  }

  const std::filesystem::path base_;
  CertificateChecker checker_;
  std::map<std::string, CheckedCertificate> certificates_;
};

}  // namespace

bool ResultsVerdict::ok() const {
  if (!error.empty()) return false;
  for (const ResultLineVerdict& l : lines)
    if (!l.ok) return false;
  return true;
}

ResultsVerdict check_results_file(const std::filesystem::path& path, const TableDirList& table_dirs) {
  ResultsVerdict verdict;
  std::ifstream in(path);
  if (!in) {
    verdict.error = path.string() + ": cannot open the file";
    return verdict;
  }
  ResultsChecker checker(path, table_dirs);
  std::string text;
  for (std::size_t number = 1; std::getline(in, text); ++number)
    if (text.find_first_not_of(" \t\r") != std::string::npos) verdict.lines.push_back(checker.check(number, text));
  if (in.bad()) verdict.error = path.string() + ": cannot read the file";
  else if (verdict.lines.empty()) verdict.error = path.string() + ": no results in the file";
  return verdict;
}

}  // namespace hilltb
