// The certificate file (deal/certificate.h): what is written is read back, and every
// damaged file, truncated, flipped or holding a malformed payload under a good
// checksum, is refused with a CertificateError (and never crashes: `make sanitize`).
#include <gtest/gtest.h>
#include <xxhash.h>
#include <zstd.h>

#include <fstream>
#include <iterator>
#include <random>

#include "deal/certificate.h"
#include "proof_search.h"
#include "rules/fen.h"

namespace hilltb {
namespace {

namespace fs = std::filesystem;

constexpr std::size_t HEADER = 8 + 4 + 8;  // magic, version, payload size

// A light-squared bishop against nothing: P1 moves, P2 passes, nobody can ever claim
// the dark e5. Its closed set is a small, real proof with passes in it.
Certificate sample_certificate() {
  Certificate c = test::ring_certificate({{"qoth/ring/Bv-.htb", 0x0123456789ABCDEFULL}, {"qoth/ring/Rv-.htb", 42}});
  c.proofs.push_back(test::closed_set(test::qoth("8/8/2x2x2/4*3/8/2x2x2/4B3/8 w"), BLACK, 0, 1000));
  c.proofs.push_back(test::closed_set(test::qoth("8/8/2x2x2/4*3/8/2x2x2/4B3/8 b"), WHITE, -1, 1000));
  return c;
}

std::string slurp(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

void spill(const fs::path& p, const std::string& bytes) {
  std::ofstream(p, std::ios::binary | std::ios::trunc).write(bytes.data(), std::streamsize(bytes.size()));
}

void put_le(std::string& out, std::uint64_t v, int bytes) {
  for (int i = 0; i < bytes; ++i) out.push_back(char(v >> (8 * i)));
}

// The file's payload, decompressed (the layout certificate.h documents).
std::string payload_of(const std::string& file) {
  const std::string compressed = file.substr(HEADER, file.size() - HEADER - 8);
  std::string out(ZSTD_getFrameContentSize(compressed.data(), compressed.size()), '\0');
  EXPECT_FALSE(ZSTD_isError(ZSTD_decompress(out.data(), out.size(), compressed.data(), compressed.size())));
  return out;
}

// A well-formed file around any payload: good magic, version, size and checksum.
std::string file_around(const std::string& payload) {
  std::string compressed(ZSTD_compressBound(payload.size()), '\0');
  compressed.resize(ZSTD_compress(compressed.data(), compressed.size(), payload.data(), payload.size(), 1));
  std::string file("HTBCERT\x1a", 8);
  put_le(file, 1, 4);
  put_le(file, compressed.size(), 8);
  file += compressed;
  put_le(file, XXH64(compressed.data(), compressed.size(), 0), 8);
  return file;
}

void expect_same(const Certificate& a, const Certificate& b) {
  EXPECT_EQ(a.layout_text, b.layout_text);
  ASSERT_EQ(a.tables.size(), b.tables.size());
  for (std::size_t i = 0; i < a.tables.size(); ++i) {
    EXPECT_EQ(a.tables[i].file, b.tables[i].file);
    EXPECT_EQ(a.tables[i].checksum, b.tables[i].checksum);
  }
  ASSERT_EQ(a.proofs.size(), b.proofs.size());
  for (std::size_t i = 0; i < a.proofs.size(); ++i) {
    EXPECT_EQ(a.proofs[i].root_fen, b.proofs[i].root_fen);
    EXPECT_EQ(a.proofs[i].prover, b.proofs[i].prover);
    EXPECT_EQ(a.proofs[i].threshold, b.proofs[i].threshold);
    ASSERT_EQ(a.proofs[i].nodes.size(), b.proofs[i].nodes.size());
    for (std::size_t n = 0; n < a.proofs[i].nodes.size(); ++n) {
      EXPECT_EQ(to_fen(a.proofs[i].nodes[n].position), to_fen(b.proofs[i].nodes[n].position));
      EXPECT_EQ(a.proofs[i].nodes[n].move, b.proofs[i].nodes[n].move);
    }
  }
}

// The CertificateError message of reading `bytes` as a file, or "" when it reads.
std::string read_error(const fs::path& path, const std::string& bytes) {
  spill(path, bytes);
  try {
    read_certificate(path);
  } catch (const CertificateError& e) {
    return e.what();
  }
  return "";
}

TEST(Certificate, WhatIsWrittenIsReadBack) {
  test::TempDir dir;
  const Certificate c = sample_certificate();
  ASSERT_GT(c.proofs[0].nodes.size(), 20u);
  write_certificate(c, dir.path / "c.cert");
  EXPECT_TRUE(is_certificate_file(dir.path / "c.cert"));
  expect_same(c, read_certificate(dir.path / "c.cert"));
  // Nothing but the certificate is left behind (the temporary file is renamed).
  EXPECT_EQ(std::distance(fs::directory_iterator(dir.path), fs::directory_iterator()), 1);
  // An empty certificate too.
  write_certificate(test::ring_certificate({}), dir.path / "empty.cert");
  expect_same(test::ring_certificate({}), read_certificate(dir.path / "empty.cert"));
}

TEST(Certificate, EveryFlippedByteIsRefused) {
  test::TempDir dir;
  write_certificate(sample_certificate(), dir.path / "c.cert");
  const std::string good = slurp(dir.path / "c.cert");
  for (std::size_t i = 0; i < good.size(); ++i)
    for (int mask : {0x01, 0x80, 0xFF}) {
      std::string bad = good;
      bad[i] = char(bad[i] ^ mask);
      EXPECT_NE(read_error(dir.path / "bad.cert", bad), "") << "byte " << i << " ^ " << mask;
    }
  EXPECT_NE(read_error(dir.path / "bad.cert", good.substr(0, HEADER) + std::string(1, '\0') + good.substr(HEADER))
                .find("payload bytes"),
            std::string::npos);
}

TEST(Certificate, EveryTruncationIsRefused) {
  test::TempDir dir;
  write_certificate(sample_certificate(), dir.path / "c.cert");
  const std::string good = slurp(dir.path / "c.cert");
  for (std::size_t n = 0; n < good.size(); ++n)
    EXPECT_NE(read_error(dir.path / "short.cert", good.substr(0, n)), "") << n << " bytes";
  EXPECT_NE(read_error(dir.path / "long.cert", good + "x"), "");
}

TEST(Certificate, FaultsAreNamed) {
  test::TempDir dir;
  write_certificate(sample_certificate(), dir.path / "c.cert");
  const std::string good = slurp(dir.path / "c.cert");
  EXPECT_NE(read_error(dir.path / "x", "{\"fen\": \"8/8\"}\n").find("wrong magic"), std::string::npos);
  std::string version = good;
  version[8] = 7;
  EXPECT_NE(read_error(dir.path / "x", version).find("format version 7"), std::string::npos);
  std::string flipped = good;
  flipped[HEADER + 3] ^= 0x10;
  EXPECT_NE(read_error(dir.path / "x", flipped).find("checksum"), std::string::npos);
  EXPECT_NE(read_error(dir.path / "x", good.substr(0, good.size() - 9)).find("truncated"), std::string::npos);
  EXPECT_NE(read_error(dir.path / "x", file_around(payload_of(good) + "z")).find("after the last proof"),
            std::string::npos);
  for (std::size_t cut : {std::size_t(3), std::size_t(200), payload_of(good).size() - 1}) {
    const std::string error = read_error(dir.path / "x", file_around(payload_of(good).substr(0, cut)));
    EXPECT_NE(error.find("truncated payload"), std::string::npos) << cut << ": " << error;
  }
  EXPECT_NE(read_error(dir.path / "missing", "").find("missing"), std::string::npos);
  fs::remove(dir.path / "missing");
  try {
    read_certificate(dir.path / "missing");
    ADD_FAILURE() << "a missing file reads";
  } catch (const CertificateError& e) {
    EXPECT_NE(std::string(e.what()).find("cannot open"), std::string::npos);
  }
}

// Payloads damaged under a good checksum: each is refused or reads as some valid
// certificate, and the reader never crashes or reads out of bounds.
TEST(Certificate, MalformedPayloadsNeverCrash) {
  test::TempDir dir;
  write_certificate(sample_certificate(), dir.path / "c.cert");
  const std::string payload = payload_of(slurp(dir.path / "c.cert"));
  std::mt19937_64 rng(36);
  int refused = 0, tries = 0;
  for (int round = 0; round < 3000; ++round) {
    std::string bad = payload;
    switch (round % 4) {
      case 0:  // a few random bytes
        for (int k = 0; k < 1 + int(rng() % 3); ++k) bad[rng() % bad.size()] = char(rng());
        break;
      case 1:  // cut short
        bad.resize(rng() % bad.size());
        break;
      case 2:  // a run of 0xFF (huge varints and counts)
        bad.replace(rng() % bad.size(), 0, std::string(1 + rng() % 12, '\xff'));
        break;
      default:  // bytes inserted
        bad.insert(rng() % bad.size(), std::string(1 + rng() % 4, char(rng())));
    }
    ++tries;
    refused += read_error(dir.path / "bad.cert", file_around(bad)) != "";
  }
  EXPECT_GT(refused, tries / 2);
}

TEST(Certificate, TheWriterRefusesWhatItCannotRepresent) {
  test::TempDir dir;
  Certificate c = sample_certificate();
  c.proofs[0].threshold = 6;
  EXPECT_THROW(write_certificate(c, dir.path / "c.cert"), CertificateError);
  c = sample_certificate();
  c.proofs[0].root_fen = "8/8/8/8/8/8/8/8 w";
  EXPECT_THROW(write_certificate(c, dir.path / "c.cert"), CertificateError);
  c = sample_certificate();
  c.proofs[0].nodes[3].position = test::qoth("8/8/2x2x2/8/4*3/2x2x2/4B3/8 w");  // another target
  EXPECT_THROW(write_certificate(c, dir.path / "c.cert"), CertificateError);
  c = sample_certificate();
  c.layout_text = "blockers c3";
  EXPECT_THROW(write_certificate(c, dir.path / "c.cert"), CertificateError);
  EXPECT_FALSE(fs::exists(dir.path / "c.cert"));
  EXPECT_THROW(write_certificate(sample_certificate(), dir.path / "no" / "such" / "dir.cert"), CertificateError);
  EXPECT_EQ(std::distance(fs::directory_iterator(dir.path), fs::directory_iterator()), 0);
}

}  // namespace
}  // namespace hilltb
