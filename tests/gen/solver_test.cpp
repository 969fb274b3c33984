// The generator's guarantees: same bytes whatever the thread count, a clean stop on
// interruption, a refusal when memory is short, and a verifier that catches damage.
#include <gtest/gtest.h>

#include <map>
#include <mutex>
#include <set>
#include <tbb/global_control.h>

#include <fstream>
#include <iomanip>
#include <sstream>
#include <random>

#include "formats/symmetry.h"
#include "gen/generate.h"
#include "gen/pawn_slices.h"
#include "gen/plan_graph.h"
#include "gen/solver.h"
#include "gen/verify.h"
#include "probe/prober.h"
#include "rules/fen.h"
#include "rules/movegen.h"
#include "rules/notation.h"
#include "test_tables.h"

namespace hilltb {
namespace {

namespace fs = std::filesystem;

struct TempDir {
  fs::path path = fs::temp_directory_path() / ("hilltb-gen-" + std::to_string(std::random_device{}()));
  ~TempDir() { fs::remove_all(path); }
};

std::string bytes_of(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), {}};
}

// A copy of the fixture's tables without `material`, to generate it again.
TempDir copy_without(Variant v, const std::string& material) {
  TempDir dir;
  const fs::path from = table_path(HILLTB_TEST_TABLES, TableKind(v), "x").parent_path();
  const fs::path to = table_path(dir.path, TableKind(v), "x").parent_path();
  fs::create_directories(to);
  for (const auto& e : fs::directory_iterator(from))
    if (e.path().stem() != material) fs::copy_file(e.path(), to / e.path().filename());
  return dir;
}

// Generates `material` again, with one thread and the fixture's write options, into a
// copy of the fixture's tables, and compares the bytes with the fixture's file (of
// `measure`: DTM or DTZ).
void expect_same_bytes_with_one_thread(Variant v, const std::string& material, Measure measure = Measure::Dtm) {
  TempDir dir = copy_without(v, material);
  Progress quiet(false);
  GenerateOptions options;
  options.dir = dir.path;
  options.variant = v;
  options.measures = {measure};
  options.write = WriteOptions::for_variant(v);  // as the fixture's `hilltb gen`
  TableKind kind = TableKind::all(v, ring_layout()).front();
  kind.measure = measure;
  options.one_side = TableReader(table_path(HILLTB_TEST_TABLES, kind, material), TableExpectation::of(kind, material))
                         .header()
                         .sides != 3;
  {
    tbb::global_control one(tbb::global_control::max_allowed_parallelism, 1);
    const auto results = generate_tables({Material::parse(material, v)}, options, quiet, nullptr);
    ASSERT_EQ(results.back().material.name(), material);
    EXPECT_TRUE(results.back().generated);
  }
  EXPECT_EQ(bytes_of(table_path(dir.path, kind, material)), bytes_of(table_path(HILLTB_TEST_TABLES, kind, material)));
}

TEST(Generate, DtzSameBytesWithOneThreadAsWithAll) {
  // Rounds of pawn moves, promotions into the DTZ children; a pawnless table.
  expect_same_bytes_with_one_thread(Variant::Koth, "KPvK", Measure::Dtz);
  expect_same_bytes_with_one_thread(Variant::Chess, "KRvKN", Measure::Dtz);
}

// A DTZ table with pawns solves in rounds from a first guess (gen/solver.h): the rounds
// (`round k` in the progress) of solving `material` from `guess`, after checking that
// they give the fixture's table.
std::set<std::string> dtz_rounds(Variant v, const std::string& material, const std::vector<std::uint16_t>& guess) {
  const auto expected = test::generated_table(v, material, Measure::Dtz);
  const Material& m = expected->index.material();
  TableSet children(TableKind(v, Measure::Dtz));
  for (const Material& c : m.children(v)) children.add(test::generated_table(v, c.name(), Measure::Dtz));
  std::mutex mutex;
  std::set<std::string> rounds;
  SolveHooks hooks;
  hooks.progress = [&](const Phase& phase, double) {
    std::lock_guard lock(mutex);
    rounds.insert(phase.text.substr(0, phase.text.find(',')));
  };
  const auto solved = solve_dtz_table(m, v, children, hooks, guess);
  std::uint64_t differ = 0;
  for (std::size_t i = 0; i < solved->codes.size(); ++i)
    differ += solved->codes[i] != NO_POSITION_CODE && solved->codes[i] != expected->codes[i];
  EXPECT_EQ(differ, 0u) << variant_name(v) << " " << material << " from a guess of " << guess.size() << " codes";
  return rounds;
}

// Any guess leads to the one table: none, the DTM table's results, those reversed; with
// the DTM table's the first round is the answer (nothing is cursed here).
TEST(Generate, DtzRoundsReachOneTableFromAnyGuess) {
  for (Variant v : {Variant::Chess, Variant::Koth}) {
    std::vector<std::uint16_t> reversed = test::generated_table(v, "KPvK")->codes;
    for (std::uint16_t& c : reversed) {
      if (c == NO_POSITION_CODE || c == DRAW_CODE) continue;
      const Value value = decode_value(c, Metric::WdlDistance);
      c = encode_value({-value.result, value.distance, 0});
    }
    EXPECT_GE(dtz_rounds(v, "KPvK", {}).size(), 2u) << variant_name(v);
    EXPECT_EQ(dtz_rounds(v, "KPvK", test::generated_table(v, "KPvK")->codes), std::set<std::string>{"round 1"})
        << variant_name(v);
    EXPECT_GE(dtz_rounds(v, "KPvK", reversed).size(), 2u) << variant_name(v);
  }
}

TEST(Generate, SameBytesWithOneThreadAsWithAll) {
  // KPvKP in koth: pawns both ways, en passant, promotions into the 4-piece tables.
  expect_same_bytes_with_one_thread(Variant::Koth, "KPvKP");
}

TEST(Generate, QothSameBytesWithOneThreadAsWithAll) {
  // QRvBN: every sweep level, captures into four 3-piece tables, both colourings.
  expect_same_bytes_with_one_thread(Variant::Qoth, "QRvBN");
}

// `material` is generated again into a copy of the fixture's tables, with one side to
// move if the fixture's file has both (qoth) and with both if it has one (chess, koth:
// `gen --one-side`). Every legal position of the side the one-sided file lacks, derived
// by TableSet and answered by the Prober's one-ply search, must equal what the other
// file stores.
void expect_derived_side_as_generated(Variant v, const std::string& material) {
  const TableKind kind = TableKind::all(v, ring_layout()).front();
  const TableReader fixture(table_path(HILLTB_TEST_TABLES, kind, material), TableExpectation::of(kind, material));
  const bool fixture_one_side = fixture.header().sides != 3;
  TempDir dir = copy_without(v, material);
  GenerateOptions options;
  options.dir = dir.path;
  options.variant = v;
  options.one_side = !fixture_one_side;
  Progress quiet(false);
  generate_tables({Material::parse(material, v)}, options, quiet, nullptr);
  const fs::path one_dir = fixture_one_side ? fs::path(HILLTB_TEST_TABLES) : dir.path;
  const fs::path both_dir = fixture_one_side ? dir.path : fs::path(HILLTB_TEST_TABLES);
  const Material m = Material::parse(material, v);
  const TableReader one(table_path(one_dir, kind, material), TableExpectation::of(kind, material));
  ASSERT_NE(one.header().sides, 3);
  const Color derived = one.header().holds(WHITE) ? BLACK : WHITE;
  TableSet loader(kind);
  const auto generated = loader.load(table_path(both_dir, kind, material), m, Width::Codes, derived);
  const auto loaded = loader.load(table_path(one_dir, kind, material), m, Width::Codes, derived);
  const Prober prober({{one_dir}, v});
  Index::Decoder decoder(generated->index);
  std::uint64_t compared = 0, probed = 0;
  for (std::uint64_t i = 0; i < generated->index.size(); ++i) {
    const Position* pos = decoder.decode(i, derived);
    if (!pos || !is_position(*pos)) continue;
    ASSERT_EQ(loaded->code(derived, i), generated->code(derived, i)) << to_fen(*pos);
    ++compared;
    if (i % 13) continue;
    const ProbeResult r = prober.probe(*pos);
    ASSERT_TRUE(r.ok()) << to_fen(*pos) << ": " << r.error;
    ASSERT_EQ(encode_value(r.value), generated->code(derived, i)) << to_fen(*pos);
    ++probed;
  }
  EXPECT_GT(compared, generated->index.size() / 4);
  EXPECT_GT(probed, compared / 20);
}

TEST(Generate, OneSideStoredGivesTheOtherAsGenerated) {
  // Pawns both ways: the derived side's moves into en-passant positions and promotions.
  expect_derived_side_as_generated(Variant::Koth, "KPvKP");
  expect_derived_side_as_generated(Variant::Chess, "KRvKP");
  // Points and passes.
  expect_derived_side_as_generated(Variant::Qoth, "QRvBN");
}

// Issue 4's size target: chess KQvK and KRvK, both sides to move a file, no larger than
// Gaviota's DTM files of them (9,443 and 10,824 bytes).
TEST(Generate, ChessKQvKAndKRvKNoLargerThanGaviotasFiles) {
  TempDir dir;
  Progress quiet(false);
  GenerateOptions options;
  options.dir = dir.path;
  options.variant = Variant::Chess;
  options.write = WriteOptions::for_variant(Variant::Chess);  // as `hilltb gen` writes
  const auto results = generate_tables({Material::parse("KQvK", Variant::Chess), Material::parse("KRvK", Variant::Chess)},
                                       options, quiet, nullptr);
  std::map<std::string, std::uint64_t> bytes;
  for (const TableResult& r : results) bytes[r.material.name()] = r.file_bytes;
  EXPECT_LE(bytes.at("KQvK"), 9443u);
  EXPECT_LE(bytes.at("KRvK"), 10824u);
}

TEST(Generate, InterruptionLeavesNoFile) {
  TempDir dir = copy_without(Variant::Chess, "KQvKR");
  std::atomic<bool> cancel{false};
  GenerateOptions options;
  options.dir = dir.path;
  options.variant = Variant::Chess;
  Progress quiet(false);
  std::thread stopper([&] {
    std::this_thread::sleep_for(std::chrono::milliseconds(300));
    cancel = true;
  });
  EXPECT_THROW(generate_tables({Material::parse("KQvKR", Variant::Chess)}, options, quiet, &cancel), Interrupted);
  stopper.join();
  for (const auto& e : fs::directory_iterator(table_path(dir.path, TableKind(Variant::Chess), "x").parent_path()))
    EXPECT_EQ(e.path().string().find("KQvKR"), std::string::npos) << "left behind: " << e.path();
}

// A --one-side run cuts each file once no later step reads it, and a resumed run cuts
// the files an earlier one (interrupted, or run without --one-side) left whole.
TEST(Generate, OneSideRunCutsEveryFileOfItsPlan) {
  TempDir dir;
  GenerateOptions options;
  options.dir = dir.path;
  options.variant = Variant::Koth;
  Progress quiet(false);
  const std::vector<Material> targets = {Material::parse("KRvKN", Variant::Koth)};
  auto sides_of = [&](const TableResult& r) {
    const TableKind kind(Variant::Koth);
    return TableReader(table_path(dir.path, kind, r.material.name()), TableExpectation::of(kind, r.material.name()))
        .header()
        .sides;
  };
  for (const TableResult& r : generate_tables(targets, options, quiet, nullptr)) EXPECT_EQ(sides_of(r), 3);
  options.one_side = true;
  const auto resumed = generate_tables(targets, options, quiet, nullptr);
  ASSERT_EQ(resumed.size(), 4u);  // KvK, KRvK, KNvK, KRvKN
  for (const TableResult& r : resumed) {
    EXPECT_FALSE(r.generated);
    EXPECT_NE(sides_of(r), 3) << r.material.name();
    EXPECT_EQ(r.file_bytes, fs::file_size(table_path(dir.path, TableKind(Variant::Koth), r.material.name())));
  }
  fs::remove_all(dir.path);
  for (const TableResult& r : generate_tables(targets, options, quiet, nullptr)) {
    EXPECT_TRUE(r.generated);
    EXPECT_NE(sides_of(r), 3) << r.material.name();
    EXPECT_EQ(r.file_bytes, fs::file_size(table_path(dir.path, TableKind(Variant::Koth), r.material.name())));
  }
}

// With both measures, a DTM file with pawns stays whole until its DTZ twin has read it
// (the guess of its rounds), and is cut then: every file ends with one side.
TEST(Generate, OneSideRunOfBothMeasuresCutsEveryFile) {
  TempDir dir;
  GenerateOptions options;
  options.dir = dir.path;
  options.variant = Variant::Koth;
  options.measures = {Measure::Dtm, Measure::Dtz};
  options.one_side = true;
  Progress quiet(false);
  const auto results = generate_tables({Material::parse("KPvK", Variant::Koth)}, options, quiet, nullptr);
  ASSERT_EQ(results.size(), 12u);  // KvK, KNvK, KBvK, KRvK, KQvK, KPvK; DTM and DTZ
  for (const TableResult& r : results) {
    const TableKind kind(Variant::Koth, r.measure);
    const fs::path file = table_path(dir.path, kind, r.material.name());
    EXPECT_NE(TableReader(file, TableExpectation::of(kind, r.material.name())).header().sides, 3)
        << file.filename();
    EXPECT_EQ(r.file_bytes, fs::file_size(file)) << file.filename();
  }
}

TEST(Generate, RefusesWhatMemoryCannotHold) {
  TempDir dir;
  GenerateOptions options;
  options.dir = dir.path;
  options.variant = Variant::Koth;
  options.max_memory = 1 << 20;
  Progress quiet(false);
  try {
    generate_tables({Material::parse("KQvKR", Variant::Koth)}, options, quiet, nullptr);
    ADD_FAILURE() << "no refusal";
  } catch (const std::runtime_error& e) {
    EXPECT_NE(std::string(e.what()).find("--max-memory"), std::string::npos) << e.what();
  }
  EXPECT_FALSE(fs::exists(dir.path / "koth"));  // refused before anything was written
}

// The plan's verdict is gen's: with the limit at KQvKR's job estimate, the plan says it
// fits and gen makes it; a byte less, the plan says it does not, and gen refuses it
// before writing anything, naming the memory needed and allowed.
TEST(Generate, RefusesWhatThePlanSaysDoesNotFit) {
  const std::vector<Material> targets = {Material::parse("KQvKR", Variant::Koth)};
  GenerateOptions options;
  options.variant = Variant::Koth;
  options.max_memory = std::uint64_t(1) << 40;
  const std::uint64_t need = plan_graph(targets, options, false).back().job_bytes;
  Progress quiet(false);
  {
    TempDir dir;
    options.dir = dir.path;
    options.max_memory = need - 1;
    const auto graph = plan_graph(targets, options, false);
    EXPECT_FALSE(graph.back().fits);
    EXPECT_TRUE(graph.front().fits);  // KvK
    try {
      generate_tables(targets, options, quiet, nullptr);
      ADD_FAILURE() << "no refusal";
    } catch (const std::runtime_error& e) {
      const std::string said = e.what();
      std::ostringstream amount;
      amount << std::fixed << std::setprecision(1) << double(need) / (1 << 20) << " MiB";
      EXPECT_NE(said.find("KQvKR needs about " + amount.str()), std::string::npos) << said;
      EXPECT_NE(said.find("allowed by --max-memory"), std::string::npos) << said;
    }
    EXPECT_FALSE(fs::exists(dir.path / "koth"));
  }
  TempDir dir;
  options.dir = dir.path;
  options.max_memory = need;
  EXPECT_TRUE(plan_graph(targets, options, false).back().fits);
  const auto made = generate_tables(targets, options, quiet, nullptr);
  EXPECT_EQ(made.back().material.name(), "KQvKR");
  EXPECT_TRUE(made.back().generated);
}

// Children as a generator holds them: one side to move only, one byte a value where
// the codes fit; the same codes as the whole table, and a lookup for the side not held
// refused.
TEST(TableSet, HoldsOneSideToMoveAtOneByteAValue) {
  const auto whole = test::generated_table(Variant::Koth, "KRvKN");
  const Material m = whole->index.material();
  const TableKind kind(Variant::Koth);
  TableSet set(kind);
  const auto black = set.load(table_path(HILLTB_TEST_TABLES, kind, m.name()), m, Width::NarrowWhereFits, BLACK);
  EXPECT_EQ(black->narrow.size(), whole->index.size());
  EXPECT_TRUE(black->codes.empty());
  Position pos;
  std::uint64_t compared = 0;
  for (std::uint64_t i = 0; i < whole->index.size(); ++i)
    if (whole->index.decode(i, BLACK, pos)) {
      ASSERT_EQ(black->code(BLACK, i), whole->code(BLACK, i)) << i;
      ++compared;
    }
  EXPECT_GT(compared, whole->index.size() / 2);
  set.add(black);
  EXPECT_EQ(set.bytes(), whole->index.size());
  std::uint64_t named = 12345;
  while (!whole->index.decode(named, BLACK, pos)) ++named;  // past any hole
  EXPECT_EQ(set.code_of(pos), whole->code(BLACK, named));
  pos.set_side_to_move(WHITE);
  EXPECT_THROW(set.code_of(pos), std::logic_error);
  // KNvKR, black to move, is KRvKN with white to move: not held.
  EXPECT_THROW(set.code_of(colour_flipped(pos)), std::logic_error);
}

// A table of one side to move read at two bytes a value and added whole-width is held
// at one byte, still for that side alone.
TEST(TableSet, NarrowsATableOfOneSideForThatSide) {
  const auto whole = test::generated_table(Variant::Koth, "KRvKN");
  const TableKind kind(Variant::Koth);
  TableSet set(kind);
  const Material m = whole->index.material();
  set.add(set.load(table_path(HILLTB_TEST_TABLES, kind, m.name()), m, Width::Codes, BLACK));
  EXPECT_EQ(set.bytes(), whole->index.size());
  Position pos;
  std::uint64_t named = 12345;
  while (!whole->index.decode(named, BLACK, pos)) ++named;
  EXPECT_EQ(set.code_of(pos), whole->code(BLACK, named));
  pos.set_side_to_move(WHITE);
  EXPECT_THROW(set.code_of(pos), std::logic_error);
}

// A table with pawns read for some placements of its pawns: every position with its
// pawns there, or mirrored, has the whole table's code; a lookup of others is refused.
TEST(TableSet, HoldsATableWithPawnsAtThePawnSlicesAsked) {
  const TableKind kind(Variant::Koth);
  const Material m = Material::parse("KPvKP", kind.variant);
  // Both sides to move in the file (the fixture's holds one: the other would be derived whole).
  TempDir dir;
  GenerateOptions options;
  options.variant = kind.variant;
  options.dir = dir.path;
  Progress quiet(false);
  generate_tables({m}, options, quiet, nullptr);
  const auto whole = TableSet(kind).load(table_path(dir.path, kind, m.name()), m);
  const Bitboard e4 = square_bb(parse_square("e4")), c5 = square_bb(parse_square("c5"));
  const Bitboard e6 = square_bb(parse_square("e6")), f3 = square_bb(parse_square("f3"));
  const std::vector<PawnSlice> asked{{e4, c5}, {f3, e6}};
  for (Color side : {WHITE, COLOR_NB}) {
    TableSet set(kind);
    set.add(set.load_rows(table_path(dir.path, kind, m.name()), m, asked, Width::NarrowWhereFits, side));
    EXPECT_EQ(set.bytes(), (side == COLOR_NB ? 2 : 1) * whole->index.leading_classes() * 4);
    std::uint64_t held = 0, refused = 0, answered = 0;
    Index::Decoder decoder(whole->index);
    for (Color stm : {WHITE, BLACK})
      for (std::uint64_t i = 0; i < whole->index.size(); ++i) {
        const Position* pos = decoder.decode(i, stm);
        if (!pos || !is_position(*pos)) continue;
        const Bitboard w = pos->pieces(WHITE, PAWN), b = pos->pieces(BLACK, PAWN);
        bool there = false;
        for (const PawnSlice& s : asked)
          for (int t : {0, FILE_MIRROR}) there |= w == transform(t, s.white) && b == transform(t, s.black);
        if (there && (side == COLOR_NB || stm == side)) {
          ASSERT_EQ(set.code_of(*pos), whole->code(stm, i)) << i;
          ++held;
        } else if (i % 61 == 0) {  // a sample: a refusal throws, which is slow
          try {
            set.code_of(*pos);
            ++answered;
          } catch (const std::logic_error&) {
            ++refused;
          }
        }
      }
    EXPECT_GT(held, 1000u);
    EXPECT_GT(refused, held);
    EXPECT_EQ(answered, 0u);
  }
}

// A pawnless child held at the positions that one slice's push leads to: each has the
// whole table's code; a position that another slice's push leads to is refused.
TEST(TableSet, HoldsAPawnlessChildAtTheSlicesPush) {
  const TableKind kind(Variant::Koth);
  const Material m = Material::parse("KRvKP", kind.variant);
  const PawnSlice a2{0, square_bb(parse_square("a2"))}, d2{0, square_bb(parse_square("d2"))};
  int children = 0;
  for (const auto& child : slice_children_after(m, a2, BLACK, kind.variant)) {
    if (!push_only(m, BLACK, child)) continue;
    ++children;
    SCOPED_TRACE(child.first.name());
    const auto path = table_path(HILLTB_TEST_TABLES, kind, child.first.name());
    TableSet whole(kind);
    whole.add(whole.load(path, child.first));
    std::map<Square, TableSet> held;  // by the square pushed from
    for (const PawnSlice& slice : {a2, d2}) {
      TableSet& set = held.emplace(lsb(slice.black), kind).first->second;
      set.add(set.load_pushes(path, child.first, m, slice, Width::NarrowWhereFits, child.second));
      EXPECT_EQ(set.bytes(), Index(m, kind.variant, slice).size());
    }
    std::uint64_t checked = 0, refused = 0;
    for (const PawnSlice& slice : {a2, d2}) {
      const Index index(m, kind.variant, slice);
      const TableSet& mine = held.at(lsb(slice.black));
      const TableSet& other = held.at(lsb((slice.black == a2.black ? d2 : a2).black));
      Index::Decoder decoder(index);
      for (std::uint64_t i = 0; i < index.size(); ++i) {
        const Position* pos = decoder.decode(i, BLACK);
        if (!pos || !is_position(*pos)) continue;
        MoveList list;
        generate_legal(*pos, list);
        for (Move move : list) {
          Position next = *pos;
          next.play(move);
          const std::uint64_t key = Material::key_of(next);
          if (!move.is_promotion() || (key != child.first.key() && key != child.first.flipped().key())) continue;
          ASSERT_EQ(mine.code_of(next), whole.code_of(next)) << to_fen(next);
          ++checked;
          if (i % 97) continue;  // a sample: a refusal throws, which is slow
          EXPECT_THROW(other.code_of(next), std::logic_error);
          ++refused;
        }
      }
    }
    EXPECT_GT(checked, 10000u);
    EXPECT_GT(refused, 100u);
  }
  EXPECT_EQ(children, 4);  // queen, rook, bishop, knight
}

TEST(Verify, CatchesAWrongValue) {
  for (Variant v : {Variant::Chess, Variant::Koth}) {
    auto table = std::make_shared<SolvedTable>(*test::generated_table(v, "KRvK"));
    const TableSet children = test::children_of(v, "KRvK");
    ASSERT_TRUE(verify_table(*table, children, {}).ok());
    // Lengthen the win of one legal position by two plies: still a win, but no longer
    // what its moves give.
    const Index& index = table->index;
    Position pos;
    for (std::uint64_t i = 0; i < index.size(); ++i) {
      auto& c = table->codes[i];
      const Value v = decode_value(c, Metric::WdlDistance);
      if (v.result > 0 && v.distance > 3 && index.decode(i, WHITE, pos) && is_position(pos)) {
        c = encode_value({1, v.distance + 2, 0});
        break;
      }
    }
    const VerifyReport report = verify_table(*table, children, {});
    EXPECT_FALSE(report.ok());
    EXPECT_GE(report.mismatches, 1u);
    ASSERT_FALSE(report.examples.empty());
    EXPECT_NE(report.examples[0].find(": stored "), std::string::npos) << report.examples[0];
  }
}

// The same for DTZ tables: a win one ply longer than its moves give, in a table with
// pawns (its pawn moves valued across rounds), and a win turned cursed.
TEST(Verify, CatchesAWrongDtzValue) {
  for (Variant v : {Variant::Chess, Variant::Koth})
    for (int added : {1, 100}) {
      auto table = std::make_shared<SolvedTable>(*test::generated_table(v, "KPvK", Measure::Dtz));
      const TableSet children = test::children_of(v, "KPvK", Measure::Dtz);
      ASSERT_TRUE(verify_table(*table, children, {}).ok());
      const Index& index = table->index;
      Position pos;
      for (std::uint64_t i = 0; i < index.size(); ++i) {
        auto& c = table->codes[i];
        const Value value = decode_value(c, Metric::ZeroingDistance);
        if (value.result > 0 && value.distance > 3 && index.decode(i, WHITE, pos) && is_position(pos)) {
          c = encode_value({1, value.distance + added, 0});
          break;
        }
      }
      const VerifyReport report = verify_table(*table, children, {});
      EXPECT_GE(report.mismatches, 1u) << variant_name(v) << " +" << added;
      ASSERT_FALSE(report.examples.empty());
      EXPECT_NE(report.examples[0].find(": stored win in "), std::string::npos) << report.examples[0];
    }
}

}  // namespace
}  // namespace hilltb
