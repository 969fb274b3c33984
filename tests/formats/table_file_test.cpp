// The .htb file: writer/reader round trip, and every kind of damage reported as an
// error naming the file and the fault, never a crash or a wrong value.
#include <gtest/gtest.h>
#include <sys/resource.h>

#include <csignal>

#include <algorithm>
#include <fstream>
#include <random>

#include "../fuzz_budget.h"
#include "formats/huge_pages.h"
#include "formats/read_side.h"
#include "formats/table_reader.h"
#include "formats/table_writer.h"
#include "formats/value.h"

namespace hilltb {
namespace {

namespace fs = std::filesystem;

struct TempDir {
  fs::path path = fs::temp_directory_path() / ("hilltb-test-" + std::to_string(::getpid()) + "-" +
                                               std::to_string(std::random_device{}()));
  TempDir() { fs::create_directories(path); }
  ~TempDir() { fs::remove_all(path); }
};

// Codes shaped like a real table: long runs of draws and wins with a spread of distances.
std::vector<std::uint16_t> sample_codes(std::uint64_t per_side, int max_distance, unsigned seed) {
  std::mt19937 rng(seed);
  std::vector<std::uint16_t> codes(2 * per_side);
  for (auto& c : codes) {
    const int kind = int(rng() % 10);
    c = kind < 4 ? DRAW_CODE : kind < 5 ? NO_POSITION_CODE
                 : encode_value({kind < 8 ? 1 : -1, int(rng() % (max_distance + 1)), 0});
  }
  return codes;
}

TableHeader header_for(std::uint64_t per_side, const std::string& material = "KQvK") {
  TableHeader h;
  h.variant = Variant::Koth;
  h.material = material;
  h.positions_per_side = per_side;
  return h;
}

std::vector<std::uint8_t> slurp(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), {}};
}
void spit(const fs::path& p, const std::vector<std::uint8_t>& bytes) {
  std::ofstream(p, std::ios::binary | std::ios::trunc).write(reinterpret_cast<const char*>(bytes.data()), std::streamsize(bytes.size()));
}

const TableExpectation KOTH{Variant::Koth, "KQvK"};

// Large arrays (the solvers', a side being cut) come from huge_vector: whatever the
// kernel does with the hint, and however the buffer lies against 2 MiB, they hold n
// zeroed values.
TEST(HugeVector, HoldsZeroedValuesWhateverItsSize) {
  for (std::size_t n : {std::size_t(0), std::size_t(1), std::size_t(4097), (std::size_t(5) << 20) + 3}) {
    const auto v = huge_vector<std::uint16_t>(n);
    ASSERT_EQ(v.size(), n);
    EXPECT_EQ(std::count(v.begin(), v.end(), 0), std::ptrdiff_t(n));
  }
}

TEST(TableFile, RoundTripOneAndTwoByteValuesWithAndWithoutDictionary) {
  TempDir dir;
  for (int max_distance : {60, 400}) {
    for (bool dictionary : {false, true}) {
      const std::uint64_t per_side = 300000;
      const auto codes = sample_codes(per_side, max_distance, 42);
      const fs::path path = dir.path / "koth" / "KQvK.htb";
      WriteOptions options;
      options.dictionary = dictionary;
      options.block_values = 4096;
      options.level = 3;
      const auto bytes = write_table(path, header_for(per_side), codes, options);
      EXPECT_EQ(fs::file_size(path), bytes);
      TableReader reader(path, KOTH);
      EXPECT_EQ(reader.header().value_bytes, max_distance < 100 ? 1 : 2);
      EXPECT_EQ(reader.header().dict_size > 0, dictionary);
      EXPECT_NO_THROW(reader.verify_checksum());
      std::vector<std::uint16_t> block;
      for (Color stm : {WHITE, BLACK})
        for (std::uint64_t idx = 0; idx < per_side; idx += options.block_values) {
          reader.read_block(reader.locate(stm, idx).first, block);
          ASSERT_EQ(block.size(), std::min<std::uint64_t>(options.block_values, per_side - idx));
          for (std::size_t i = 0; i < block.size(); ++i) ASSERT_EQ(block[i], codes[stm * per_side + idx + i]);
        }
      EXPECT_EQ(reader.code(BLACK, 12345), codes[per_side + 12345]);
      for (const auto& entry : fs::directory_iterator(path.parent_path()))
        EXPECT_EQ(entry.path().extension(), ".htb") << "left behind: " << entry.path();
    }
  }
}

// The defaults by size: a small table as small as zstd makes it (with a dictionary), a
// large one fast (none); both read back.
TEST(TableFile, DefaultCompressionBySize) {
  TempDir dir;
  const WriteOptions options = WriteOptions::for_variant(Variant::Koth);
  for (std::uint64_t per_side : {std::uint64_t(300000), options.small_values + 1}) {
    const auto codes = sample_codes(per_side, 60, 7);
    const fs::path path = dir.path / "koth" / "KQvK.htb";
    write_table(path, header_for(per_side), codes, options);
    TableReader reader(path, KOTH);
    EXPECT_EQ(reader.header().dict_size > 0, per_side <= options.small_values) << per_side;
    for (std::uint64_t idx = 0; idx < per_side; idx += 1009) ASSERT_EQ(reader.code(BLACK, idx), codes[per_side + idx]);
  }
  EXPECT_EQ(WriteOptions::for_variant(Variant::Qoth).compression_for(1000).min_match, 5);  // qoth: fast at every size
}

// A file named without a folder goes to the working directory (no folder to make).
TEST(TableFile, WritesAPathWithoutAFolder) {
  TempDir dir;
  const fs::path before = fs::current_path();
  fs::current_path(dir.path);
  const auto codes = sample_codes(1000, 20, 9);
  EXPECT_NO_THROW(write_table("KQvK.htb", header_for(1000), codes));
  fs::current_path(before);
  EXPECT_EQ(TableReader(dir.path / "KQvK.htb", KOTH).code(WHITE, 7), codes[7]);
}

// A write that fails (here the file size limit, as a full disk would) throws, naming
// the file, and leaves nothing behind: no table, no temporary file; a table already
// there stays as it was.
TEST(TableFile, AFailedWriteLeavesNothingHalfWritten) {
  TempDir dir;
  const fs::path path = dir.path / "koth" / "KQvK.htb";
  const auto small = sample_codes(1000, 20, 9), large = sample_codes(400000, 60, 5);
  write_table(path, header_for(1000), small);
  const std::uint64_t before = fs::file_size(path);
  const WriteOptions fast{1, 64, false, 0};  // 12,500 blocks: several batches, as a large table
  rlimit limit{};
  ASSERT_EQ(getrlimit(RLIMIT_FSIZE, &limit), 0);
  const rlimit small_files{64 * 1024, limit.rlim_max};
  const auto old_handler = std::signal(SIGXFSZ, SIG_IGN);  // the write fails rather than the process
  ASSERT_EQ(setrlimit(RLIMIT_FSIZE, &small_files), 0);
  std::string message;
  try {
    write_table(path, header_for(400000), large, fast);
  } catch (const TableError& e) {
    message = e.what();
  }
  setrlimit(RLIMIT_FSIZE, &limit);
  std::signal(SIGXFSZ, old_handler);
  EXPECT_NE(message.find("KQvK.htb"), std::string::npos) << message;
  EXPECT_EQ(std::distance(fs::directory_iterator(path.parent_path()), fs::directory_iterator()), 1);
  EXPECT_EQ(fs::file_size(path), before);
  EXPECT_EQ(TableReader(path, KOTH).code(WHITE, 7), small[7]);
  // Unlimited, the same write succeeds and reads back.
  write_table(path, header_for(400000), large, fast);
  EXPECT_EQ(TableReader(path, KOTH).code(BLACK, 399999), large[799999]);
}

TEST(TableFile, KeepOneSideKeepsTheSideThatTakesFewerBytes) {
  TempDir dir;
  const std::uint64_t per_side = 50000;
  for (Color plain : {WHITE, BLACK}) {
    // One side all draws (a few bytes), the other noise.
    auto codes = sample_codes(per_side, 60, 3);
    std::fill_n(codes.begin() + std::ptrdiff_t(plain * per_side), per_side, DRAW_CODE);
    const fs::path path = dir.path / "koth" / "KQvK.htb";
    const WriteOptions options{3, 4096, false};
    const auto both = write_table(path, header_for(per_side), codes, options);
    const auto one = keep_one_side(path, options);
    EXPECT_LT(one, both / 2);
    EXPECT_EQ(fs::file_size(path), one);
    TableReader reader(path, KOTH);
    EXPECT_NO_THROW(reader.verify_checksum());
    EXPECT_EQ(reader.header().sides, 1 << plain);
    EXPECT_TRUE(reader.header().holds(plain));
    EXPECT_FALSE(reader.header().holds(~plain));
    for (std::uint64_t idx = 0; idx < per_side; idx += 997) ASSERT_EQ(reader.code(plain, idx), DRAW_CODE);
    EXPECT_THROW(reader.code(~plain, 0), std::logic_error);
    EXPECT_EQ(keep_one_side(path, options), one);  // a file of one side is left as it is
  }
  // The noisy side kept when it is the smaller one: its values read back.
  auto codes = sample_codes(per_side, 60, 5);
  std::fill_n(codes.begin(), per_side / 2, NO_POSITION_CODE);  // white's half compresses better
  const fs::path path = dir.path / "koth" / "KQvK.htb";
  write_table(path, header_for(per_side), codes, {1, 4096, false});
  keep_one_side(path, {19, 2048, false});  // compressed again as asked
  TableReader reader(path, KOTH);
  ASSERT_EQ(reader.header().sides, 1);
  EXPECT_EQ(reader.header().block_values, 2048u);
  for (std::uint64_t idx = 0; idx < per_side; ++idx) ASSERT_EQ(reader.code(WHITE, idx), codes[idx]);
}

// A side whose neighbouring codes differ little (a walk of distances, as a won side's
// often do) is stored as differences, noise as codes; both read back exactly, at one or
// two bytes a value, from one block a side or several, and when cut to one side.
TEST(TableFile, SidesStoredAsDifferencesWhereSmaller) {
  TempDir dir;
  const std::uint64_t per_side = 20000;
  for (int most : {100, 400}) {  // distances: codes of one byte, then two
    auto codes = sample_codes(per_side, 30, 11);  // black: noise
    std::mt19937 rng(most);
    int distance = most / 2;
    for (std::uint64_t i = 0; i < per_side; ++i) {  // white: a walk
      distance = std::clamp(distance + int(rng() % 3) - 1, 0, most);
      codes[i] = encode_value({1, distance, 0});
    }
    for (std::uint32_t block_values : {0u, 8192u}) {  // 8,192: three blocks a side, no dictionary
      const fs::path path = dir.path / "koth" / "KQvK.htb";
      WriteOptions options;
      options.block_values = block_values;
      const auto size = write_table(path, header_for(per_side), codes, options);
      {
        TableReader reader(path, KOTH);
        EXPECT_EQ(reader.header().delta_sides, 1) << most << " " << block_values;
        EXPECT_EQ(reader.header().value_bytes, most < 120 ? 1 : 2);
        for (Color stm : {WHITE, BLACK})
          read_side(reader, stm, [&](std::uint64_t first, const std::vector<std::uint16_t>& block) {
            for (std::size_t i = 0; i < block.size(); ++i) ASSERT_EQ(block[i], codes[stm * per_side + first + i]);
          });
      }
      // Not tried for tables above small_values: the same codes then take more bytes.
      options.level = 19;
      options.small_values = 0;
      EXPECT_LT(size, write_table(dir.path / "plain.htb", header_for(per_side), codes, options));
      EXPECT_EQ(TableReader(dir.path / "plain.htb", KOTH).header().delta_sides, 0);

      keep_one_side(path);  // white: the walk, as differences, takes fewer bytes
      TableReader reader(path, KOTH);
      EXPECT_EQ(reader.header().sides, 1);
      EXPECT_EQ(reader.header().delta_sides, 1);
      for (std::uint64_t idx = 0; idx < per_side; ++idx) ASSERT_EQ(reader.code(WHITE, idx), codes[idx]);
    }
  }
}

// Files of format version 2 (no side stored as differences) still read.
TEST(TableFile, ReadsVersionTwoFiles) {
  TempDir dir;
  const fs::path path = dir.path / "KQvK.htb";
  const auto codes = sample_codes(5000, 30, 4);
  WriteOptions options;
  options.small_values = 0;  // no differences, as version 2 wrote
  write_table(path, header_for(5000), codes, options);
  auto bytes = slurp(path);
  ASSERT_EQ(bytes[8], TABLE_FORMAT_VERSION);
  bytes[8] = 2;
  spit(path, bytes);
  TableReader reader(path, KOTH);
  for (std::uint64_t idx = 0; idx < 5000; ++idx) ASSERT_EQ(reader.code(BLACK, idx), codes[5000 + idx]);
}

TEST(TableFile, SameBytesWhateverTheThreadCount) {
  TempDir dir;
  const auto codes = sample_codes(100000, 50, 7);
  write_table(dir.path / "a.htb", header_for(100000), codes, {3, 4096, true});
  write_table(dir.path / "b.htb", header_for(100000), codes, {3, 4096, true});
  EXPECT_EQ(slurp(dir.path / "a.htb"), slurp(dir.path / "b.htb"));
}

// Opening (and, for data damage, verifying) must throw TableError whose message holds
// the path and `fault`.
void expect_fault(const fs::path& path, const std::string& fault, const TableExpectation& expect = KOTH) {
  try {
    TableReader reader(path, expect);
    reader.verify_checksum();
    ADD_FAILURE() << "no error for " << fault;
  } catch (const TableError& e) {
    const std::string what = e.what();
    EXPECT_NE(what.find(path.string()), std::string::npos) << what;
    EXPECT_NE(what.find(fault), std::string::npos) << what << " (expected '" << fault << "')";
  }
}

TEST(TableFile, DamageIsNamed) {
  TempDir dir;
  const fs::path good = dir.path / "KQvK.htb";
  write_table(good, header_for(50000), sample_codes(50000, 30, 1), {3, 4096, false});
  const auto bytes = slurp(good);
  const fs::path bad = dir.path / "bad.htb";

  auto flipped = bytes;
  flipped[bytes.size() - 100] ^= 0x20;
  spit(bad, flipped);
  expect_fault(bad, "checksum mismatch");
  {
    // Without the whole-file check, reading the damaged block fails on its own.
    TableReader reader(bad, KOTH);
    std::vector<std::uint16_t> block;
    EXPECT_THROW(reader.read_block(reader.header().block_count - 1, block), TableError);
  }

  spit(bad, {bytes.begin(), bytes.end() - 17});
  expect_fault(bad, "truncated");
  spit(bad, {bytes.begin(), bytes.begin() + 100});
  expect_fault(bad, "too short");

  auto magic = bytes;
  magic[0] = 'X';
  spit(bad, magic);
  expect_fault(bad, "wrong magic");

  auto version = bytes;
  version[8] = 99;
  spit(bad, version);
  expect_fault(bad, "format version 99");

  // A file in another index order (as koth's and qoth's before index scheme 2) is
  // refused, not misread.
  auto scheme = bytes;
  scheme[13] = 1;  // after the variant
  spit(bad, scheme);
  expect_fault(bad, "index scheme 1, this hilltb reads koth tables of index scheme 2");

  auto delta = bytes;
  delta[42] = 4;  // the difference-coded sides, after the stored sides
  spit(bad, delta);
  expect_fault(bad, "difference-coded sides 4 not among those stored");

  auto sides = bytes;
  sides[41] = 0;  // the stored-sides mask, after the target square
  spit(bad, sides);
  expect_fault(bad, "bad stored-sides mask 0");
  sides[41] = 1;  // one side claimed, two sides' blocks indexed
  spit(bad, sides);
  expect_fault(bad, "block geometry");

  expect_fault(good, "a koth table, not chess", {Variant::Chess, "KQvK"});
  expect_fault(good, "holds KQvK, not KRvK", {Variant::Koth, "KRvK"});
  expect_fault(dir.path / "missing.htb", "cannot open");
}

// Random damage anywhere: an error or correct-length values, never a crash.
TEST(TableFile, FuzzedFilesNeverCrashTheReader) {
  TempDir dir;
  const fs::path good = dir.path / "KQvK.htb";
  const auto codes = sample_codes(20000, 30, 3);
  write_table(good, header_for(20000), codes, {3, 2048, true});
  const auto bytes = slurp(good);
  std::mt19937_64 rng(99);
  const fs::path bad = dir.path / "fuzz.htb";
  long opened = 0, caught = 0, unchanged = 0;
  test::FuzzBudget budget(3000);
  while (budget.next()) {
    auto damaged = bytes;
    for (int e = 1 + int(rng() % 4); e > 0; --e) {
      const std::size_t at = rng() % damaged.size();
      switch (rng() % 3) {
        case 0: damaged[at] ^= std::uint8_t(1 + rng() % 255); break;
        case 1: damaged.resize(at); break;
        case 2: damaged[std::min<std::size_t>(at, 200)] = std::uint8_t(rng()); break;  // the header
      }
      if (damaged.empty()) damaged.push_back(0);
    }
    if (damaged == bytes) {  // a byte overwritten with its own value: no damage
      ++unchanged;
      continue;
    }
    spit(bad, damaged);
    try {
      TableReader reader(bad, KOTH);
      ++opened;
      std::vector<std::uint16_t> block;
      for (std::uint32_t b = 0; b < reader.header().block_count; ++b) reader.read_block(b, block);
      reader.verify_checksum();
      ADD_FAILURE() << "damage went unnoticed";
    } catch (const TableError&) {
      ++caught;
    }
  }
  EXPECT_EQ(caught + unchanged, budget.done());
  EXPECT_GT(opened, 100);  // some damage only shows when blocks are read or checked
}

}  // namespace
}  // namespace hilltb
