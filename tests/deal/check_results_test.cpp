// Results files (deal/check_results.h) and `hilltb deal verify` end to end: lines whose
// bounds are trivial or proved pass; a line claiming more than its certificate proves,
// or contradicting itself, fails; a damaged certificate is a message, not a crash.
#include <gtest/gtest.h>

#include <cstdlib>
#include <fstream>
#include <iterator>
#include <sys/wait.h>

#include "deal/check_certificate.h"
#include "deal/check_results.h"
#include "proof_search.h"
#include "rules/fen.h"

namespace hilltb {
namespace {

namespace fs = std::filesystem;
using test::qoth;

// RULES.md's example, lost by 1 for P2 to move: a 3-piece table position, so its
// proofs need no nodes, only the tables.
constexpr const char* LOST_BY_ONE = "8/8/2x2x2/4*3/8/2x2x2/6n1/R3R3 b";
// P1's two claims beat P2's one piece at the start of P1's turn: over, +2.
constexpr const char* OVER = "8/8/2x2x2/R3*2R/8/2x2x2/8/7n w";

// A certificate proving both bounds of LOST_BY_ONE (score -1 for P2) from its table.
Certificate lost_by_one_certificate() {
  Certificate c = test::ring_certificate(test::fixture_table_refs(3));
  c.proofs.push_back({LOST_BY_ONE, BLACK, -1, {}});
  c.proofs.push_back({LOST_BY_ONE, WHITE, 1, {}});
  return c;
}

std::string line(const std::string& fen, int lower, int upper, const std::string& certificate = "") {
  const bool exact = lower == upper;
  std::string out = "{\"fen\": \"" + fen + "\", \"lower\": " + std::to_string(lower) +
                    ", \"upper\": " + std::to_string(upper) + ", \"exact\": " + (exact ? "true" : "false") +
                    ", \"score\": " + (exact ? std::to_string(lower) : "null") + ", \"category\": \"" +
                    (lower > 0 ? "win" : upper < 0 ? "loss" : exact ? "draw" : "unknown") +
                    "\", \"pv\": [], \"nodes\": 1, \"seconds\": 0.0";
  if (!certificate.empty()) out += ", \"certificate\": \"" + certificate + "\"";
  return out + "}";
}

ResultsVerdict check_lines(const fs::path& dir, const std::vector<std::string>& lines) {
  std::ofstream out(dir / "results.jsonl");
  for (const std::string& l : lines) out << l << "\n";
  out.close();
  return check_results_file(dir / "results.jsonl", {test::fixture_tables()});
}

// The one line's verdict.
ResultLineVerdict check_line(const fs::path& dir, const std::string& text) {
  const ResultsVerdict v = check_lines(dir, {text});
  EXPECT_EQ(v.error, "");
  return v.lines.empty() ? ResultLineVerdict{} : v.lines[0];
}

void expect_line_fails(const fs::path& dir, const std::string& text, const std::string& why) {
  const ResultLineVerdict v = check_line(dir, text);
  EXPECT_FALSE(v.ok) << text;
  EXPECT_NE(v.message.find(why), std::string::npos) << v.message;
}

TEST(CheckResults, LinesPassWithTrivialOrProvedBounds) {
  test::TempDir dir;
  fs::create_directories(dir.path / "certs");
  write_certificate(lost_by_one_certificate(), dir.path / "certs" / "lost.cert");
  const std::string fen = to_fen(qoth(LOST_BY_ONE));
  const ResultsVerdict v = check_lines(dir.path, {
      line(LOST_BY_ONE, -1, -1, "certs/lost.cert"),
      "",
      line(LOST_BY_ONE, -1, 1, "certs/lost.cert"),  // the lower bound proved, the upper trivial
      line(LOST_BY_ONE, -2, 1),                      // both trivial: no certificate needed
      line(OVER, 2, 2),                               // over: exact without a proof
  });
  ASSERT_EQ(v.error, "");
  ASSERT_EQ(v.lines.size(), 4u);
  for (const auto& l : v.lines) EXPECT_TRUE(l.ok) << l.message;
  EXPECT_TRUE(v.ok());
  EXPECT_EQ(v.lines[0].message, "verified: " + fen + " score = -1");
  EXPECT_EQ(v.lines[0].line, 1u);
  EXPECT_EQ(v.lines[1].message, "verified: " + fen + " score >= -1 and <= 1");
  EXPECT_EQ(v.lines[1].line, 3u);
  EXPECT_EQ(v.lines[3].message, "verified: " + to_fen(qoth(OVER)) + " score = 2");
}

TEST(CheckResults, ClaimsBeyondTheProofsFail) {
  test::TempDir dir;
  write_certificate(lost_by_one_certificate(), dir.path / "lost.cert");
  Certificate lower_only = lost_by_one_certificate();
  lower_only.proofs.pop_back();
  write_certificate(lower_only, dir.path / "lower.cert");
  expect_line_fails(dir.path, line(LOST_BY_ONE, -1, -1), "names no certificate");
  expect_line_fails(dir.path, line(LOST_BY_ONE, -1, -1, "lower.cert"), "score <= -1 needs a proof");
  expect_line_fails(dir.path, line(LOST_BY_ONE, 0, 0, "lost.cert"), "score >= 0 needs a proof");
  expect_line_fails(dir.path, line(LOST_BY_ONE, -1, -1, "absent.cert"), "cannot open");
  expect_line_fails(dir.path, line(OVER, 1, 1), "needs a proof");
  // A proof that fails names its failing position.
  Certificate wrong = lost_by_one_certificate();
  wrong.proofs[0].threshold = 0;
  write_certificate(wrong, dir.path / "wrong.cert");
  expect_line_fails(dir.path, line(LOST_BY_ONE, 0, 1, "wrong.cert"),
                    "the certificate's proof fails at " + to_fen(qoth(LOST_BY_ONE)));
  // A certificate of other tables.
  Certificate other = lost_by_one_certificate();
  other.tables[0].checksum ^= 1;
  write_certificate(other, dir.path / "other.cert");
  expect_line_fails(dir.path, line(LOST_BY_ONE, -1, -1, "other.cert"), "checksum");
}

TEST(CheckResults, FieldsMustAgreeWithTheBounds) {
  test::TempDir dir;
  write_certificate(lost_by_one_certificate(), dir.path / "lost.cert");
  const std::string good = line(LOST_BY_ONE, -1, -1, "lost.cert");
  ASSERT_TRUE(check_line(dir.path, good).ok) << check_line(dir.path, good).message;
  auto with = [&](const std::string& from, const std::string& to) {
    std::string s = good;
    s.replace(s.find(from), from.size(), to);
    return s;
  };
  expect_line_fails(dir.path, with("\"score\": -1", "\"score\": -2"), "is not the exact value");
  expect_line_fails(dir.path, with("\"exact\": true", "\"exact\": false"), "\"exact\" is false");
  expect_line_fails(dir.path, with("\"category\": \"loss\"", "\"category\": \"win\""), "\"category\"");
  expect_line_fails(dir.path, with("\"lower\": -1", "\"lower\": 9"), "outside -5..5");
  expect_line_fails(dir.path, with("\"upper\": -1", "\"upper\": -2"), "is above upper");
  expect_line_fails(dir.path, with("\"pv\": []", "\"pv\": [\"a1a2\"]"), "not legal");
  expect_line_fails(dir.path, with("\"fen\": \"", "\"fen\": \"x"), "bad FEN");
  expect_line_fails(dir.path, good.substr(1), "not JSON");
  EXPECT_TRUE(check_line(dir.path, with("\"pv\": []", "\"pv\": [\"g2h4\", \"a1a5\"]")).ok);
  EXPECT_NE(check_results_file(dir.path / "none.jsonl", {test::fixture_tables()}).error, "");
}

// The command: its exit status and what it prints.
struct CommandRun {
  int status = -1;
  std::string output;
};

CommandRun hilltb_deal_verify(const fs::path& dir, const std::string& args) {
  const fs::path out = dir / "output.txt";
  const std::string command = std::string(HILLTB_BINARY) + " deal verify --tables " +
                              test::fixture_tables().string() + " " + args + " > " + out.string() + " 2>&1";
  const int raw = std::system(command.c_str());
  std::ifstream in(out);
  return {WIFEXITED(raw) ? WEXITSTATUS(raw) : -1,
          std::string(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>())};
}

TEST(DealVerifyCommand, VerifiesAndRefuses) {
  test::TempDir dir;
  write_certificate(lost_by_one_certificate(), dir.path / "lost.cert");
  {
    std::ofstream(dir.path / "results.jsonl") << line(LOST_BY_ONE, -1, -1, "lost.cert") << "\n";
  }
  const std::string fen = to_fen(qoth(LOST_BY_ONE));
  CommandRun r = hilltb_deal_verify(dir.path, (dir.path / "lost.cert").string() + " " + (dir.path / "results.jsonl").string());
  EXPECT_EQ(r.status, 0) << r.output;
  EXPECT_NE(r.output.find("verified: " + fen + " score <= -1"), std::string::npos) << r.output;
  EXPECT_NE(r.output.find("verified: " + fen + " score >= -1"), std::string::npos) << r.output;
  EXPECT_NE(r.output.find("verified: " + fen + " score = -1"), std::string::npos) << r.output;

  // A flipped byte, a truncated file, a missing file, a failing results line.
  std::ifstream in(dir.path / "lost.cert", std::ios::binary);
  std::string bytes{std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
  bytes[bytes.size() / 2] ^= 0x20;
  std::ofstream(dir.path / "flipped.cert", std::ios::binary) << bytes;
  std::ofstream(dir.path / "short.cert", std::ios::binary) << bytes.substr(0, 30);
  std::ofstream(dir.path / "bad.jsonl") << line(LOST_BY_ONE, 0, 0, "lost.cert") << "\n";
  for (const char* file : {"flipped.cert", "short.cert", "absent.cert", "bad.jsonl"}) {
    r = hilltb_deal_verify(dir.path, (dir.path / file).string());
    EXPECT_EQ(r.status, 1) << file << ": " << r.output;
    EXPECT_NE(r.output.find("FAILED"), std::string::npos) << r.output;
  }
  r = hilltb_deal_verify(dir.path, (dir.path / "flipped.cert").string());
  EXPECT_NE(r.output.find("checksum mismatch"), std::string::npos) << r.output;
}

}  // namespace
}  // namespace hilltb
