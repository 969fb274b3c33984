// A pawn table solved slice by slice (gen/pawn_slices.h) is the table solved whole, code
// for code; the slices come in an order where every pawn move leads to one solved
// before, and a slice's index is a bijection onto its positions.
#include <gtest/gtest.h>

#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <fstream>
#include <map>

#include "formats/symmetry.h"
#include "gen/generate.h"
#include "gen/pawn_slices.h"
#include "gen/plan.h"
#include "gen/plan_cost.h"
#include "gen/slice_children.h"
#include "gen/verify.h"
#include "test_tables.h"

namespace hilltb {
namespace {

// Every position's code in the slices equals the whole solve's.
void expect_same_codes(Variant v, const std::string& material) {
  SCOPED_TRACE(material);
  const Material m = Material::parse(material, v);
  const TableSet children = test::children_of(v, material);
  const auto whole = solve_table(m, v, children, {});
  SolvedSlices slices(m, v);
  solve_slices(slices, m, v, children, {});
  const Index& index = whole->index;
  Index::Decoder decoder(index);
  std::uint64_t positions = 0, differ = 0;
  for (Color stm : {WHITE, BLACK})
    for (std::uint64_t i = 0; i < index.size(); ++i) {
      const Position* pos = decoder.decode(i, stm);
      if (!pos || !is_position(*pos)) continue;
      ++positions;
      differ += slices.code_of(*pos) != whole->code(stm, i);
    }
  EXPECT_GT(positions, 0u);
  EXPECT_EQ(differ, 0u);
}

TEST(PawnSlices, SolveTheSameKothTables) {
  // KPvKP: pawns of both colours; KRvKP: promotions into 4-piece children; KPPvK: a
  // pair of pawns, slices that are their own mirror images.
  for (const char* m : {"KPvK", "KPvKP", "KRvKP", "KPPvK"}) expect_same_codes(Variant::Koth, m);
}

TEST(PawnSlices, SolveTheSameChessTables) {
  // KPvKP: en passant after a double push from the slice before.
  for (const char* m : {"KPvKP", "KQvKP"}) expect_same_codes(Variant::Chess, m);
}

TEST(PawnSlices, EveryPawnMoveLeadsToASliceSolvedBefore) {
  const Material m = Material::parse("KPPvKP", Variant::Koth);
  const std::vector<PawnSlice> order = pawn_slices(m);
  std::map<std::pair<Bitboard, Bitboard>, std::size_t> place;
  for (std::size_t k = 0; k < order.size(); ++k) place[{order[k].white, order[k].black}] = k;
  // Every placement of two white pawns and a black one on ranks 2-7: C(48,2) * 46, half
  // of them canonical but those that are their own mirror image.
  std::size_t own_mirror = 0;
  for (const PawnSlice& s : order)
    own_mirror += transform(FILE_MIRROR, s.white) == s.white && transform(FILE_MIRROR, s.black) == s.black;
  EXPECT_EQ(2 * order.size() - own_mirror, std::size_t(1128 * 46));
  auto position_of = [&](Bitboard white, Bitboard black) {
    const PawnSlice s{white, black};
    if (canonical_slice(s)) return place.at({white, black});
    return place.at({transform(FILE_MIRROR, white), transform(FILE_MIRROR, black)});
  };
  for (std::size_t k = 0; k < order.size(); ++k) {
    const PawnSlice& s = order[k];
    const Bitboard occupied = s.pawns();
    for (Bitboard b = s.white; b;) {
      const Square p = pop_lsb(b);
      const Square up = Square(p + 8);
      if (rank_of(up) == 7 || (occupied & square_bb(up))) continue;  // a promotion, or blocked
      EXPECT_LT(position_of(s.white ^ square_bb(p) ^ square_bb(up), s.black), k);
    }
    for (Bitboard b = s.black; b;) {
      const Square p = pop_lsb(b);
      const Square down = Square(p - 8);
      if (rank_of(down) == 0 || (occupied & square_bb(down))) continue;
      EXPECT_LT(position_of(s.white, s.black ^ square_bb(p) ^ square_bb(down)), k);
    }
  }
}

TEST(PawnSlices, ASliceIndexIsABijectionOntoItsPositions) {
  const Material m = Material::parse("KRvKP", Variant::Koth);
  const Index slice(m, Variant::Koth, PawnSlice{0, square_bb(make_square(2, 5))});  // a black pawn on c6
  Index::Decoder decoder(slice);
  std::uint64_t positions = 0;
  for (Color stm : {WHITE, BLACK})
    for (std::uint64_t i = 0; i < slice.size(); ++i) {
      const Position* pos = decoder.decode(i, stm);
      if (!pos) continue;
      ++positions;
      ASSERT_EQ(pos->pieces(BLACK, PAWN), square_bb(make_square(2, 5)));
      ASSERT_EQ(pos->pieces(WHITE, PAWN), 0u);
      ASSERT_EQ(slice.encode(*pos), i);
    }
  // Kings on two of the 63 squares the pawn leaves, not side by side, then a rook on one
  // of the 61 left: every placement once per side to move.
  std::uint64_t kings = 0;
  for (Square a = 0; a < 64; ++a)
    for (Square b = 0; b < 64; ++b)
      if (a != b && a != make_square(2, 5) && b != make_square(2, 5) && !(king_attacks(a) & square_bb(b))) ++kings;
  EXPECT_EQ(positions, 2 * kings * 61);
}

}  // namespace
}  // namespace hilltb

namespace hilltb {
namespace {

std::string bytes_of(const std::filesystem::path& file) {
  std::ifstream in(file, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), {}};
}

// gen writes the same file by slices as whole, and the slices' folder is gone once the
// file is written; stopped between slices, it keeps those solved and goes on from them
// (shown by one of them emptied while stopped: the file then differs).
TEST(PawnSlices, GenWritesTheSameFileAndResumes) {
  const auto dir = std::filesystem::temp_directory_path() / ("hilltb_slices_" + std::to_string(::getpid()));
  std::filesystem::remove_all(dir);
  const Material kpk = Material::parse("KPvK", Variant::Koth);
  const TableKind kind(Variant::Koth);
  Progress quiet(false);
  // KPvK alone (--only), its children copied from the first run's.
  auto generate = [&](const std::string& folder, bool slices) {
    GenerateOptions options;
    options.dir = dir / folder;
    options.slices = slices;
    options.named_only = folder != "whole";
    for (const Material& c : kpk.children(Variant::Koth))
      if (options.named_only) {
        std::filesystem::create_directories(table_path(options.dir, kind, c.name()).parent_path());
        std::filesystem::copy_file(table_path(dir / "whole", kind, c.name()), table_path(options.dir, kind, c.name()),
                                   std::filesystem::copy_options::overwrite_existing);
      }
    generate_tables({kpk}, options, quiet, nullptr);
    return bytes_of(table_path(options.dir, kind, "KPvK"));
  };
  const std::string whole = generate("whole", false);
  EXPECT_FALSE(whole.empty());
  EXPECT_TRUE(generate("sliced", true) == whole);
  EXPECT_FALSE(std::filesystem::exists(table_path(dir / "sliced", kind, "KPvK").string() + ".slices"));

  // Stopped as the fourth slice starts: three on disk.
  const std::filesystem::path folder = table_path(dir / "resumed", kind, "KPvK").string() + ".slices";
  std::atomic<bool> cancel{false};
  {
    SolvedSlices partial(kpk, Variant::Koth, folder);
    SolveHooks hooks;
    hooks.cancel = &cancel;
    hooks.progress = [&](const Phase& phase, double) { cancel = cancel || phase.text.starts_with("slice 4 of"); };
    TableSet children(kind);
    for (const Material& c : kpk.children(Variant::Koth))
      children.add(children.load(table_path(dir / "whole", kind, c.name()), c));
    EXPECT_THROW(solve_slices(partial, kpk, Variant::Koth, children, hooks), Interrupted);
  }
  std::vector<std::filesystem::path> kept;
  for (const auto& e : std::filesystem::directory_iterator(folder)) kept.push_back(e.path());
  ASSERT_EQ(kept.size(), 3u);
  const auto size = std::filesystem::file_size(kept[0]);
  std::filesystem::resize_file(kept[0], 0);  // the same size, all draws
  std::filesystem::resize_file(kept[0], size);
  EXPECT_FALSE(generate("resumed", true) == whole);
  std::filesystem::remove_all(dir / "resumed");
  EXPECT_TRUE(generate("resumed", true) == whole);
  std::filesystem::remove_all(dir);
}

}  // namespace
}  // namespace hilltb

namespace hilltb {
namespace {

// verify by slices checks what verify checks: as many positions, none wrong in a good
// file, and as many wrong in a file with one win lengthened; a file of one side to move
// has the other derived from it (white, the side that wins KPPvK).
TEST(PawnSlices, VerifyBySlicesChecksWhatVerifyChecks) {
  const auto dir = std::filesystem::temp_directory_path() / ("hilltb_verify_" + std::to_string(::getpid()));
  std::filesystem::create_directories(dir);
  // KPPvK: slices that are their own mirror images; KPvKP: en passant.
  const std::pair<Variant, const char*> tables[] = {{Variant::Koth, "KPPvK"}, {Variant::Koth, "KPvKP"}};
  for (const auto& [v, name] : tables) {
    SCOPED_TRACE(std::string(variant_name(v)) + " " + name);
    auto table = std::make_shared<SolvedTable>(*test::generated_table(v, name));
    const TableSet children = test::children_of(v, name);
    const Material& m = table->index.material();
    const std::uint64_t n = table->index.size();
    TableHeader header;
    header.variant = v;
    header.material = m.name();
    header.metric = children.kind().metric();
    header.positions_per_side = n;
    const std::filesystem::path file = dir / (m.name() + ".htb");
    auto by_slices = [&] {
      const TableReader reader(file, TableExpectation::of(children.kind(), m.name()));
      std::filesystem::remove_all(dir / "slices");
      std::filesystem::create_directories(dir / "slices");
      return verify_by_slices(reader, m, children, {}, dir / "slices");
    };
    WriteOptions fast;
    fast.level = 1;
    const std::span<const std::uint16_t> codes(table->codes);
    for (Color only : {COLOR_NB, BLACK}) {
      if (only != COLOR_NB && m.name() != "KPPvK") continue;  // one table is enough
      write_table(file, header, only == COLOR_NB ? codes : codes.subspan(only * n, n), fast, only);
      const VerifyReport sliced = by_slices();
      EXPECT_TRUE(sliced.ok()) << (sliced.examples.empty() ? "" : sliced.examples[0]);
      EXPECT_EQ(sliced.checked, verify_table(*table, children, {}, only == COLOR_NB ? 3 : 1 << only).checked);
    }
    Position pos;
    for (std::uint64_t i = 0; i < n; ++i) {
      std::uint16_t& c = table->codes[i];
      const Value value = decode_value(c, header.metric);
      if (value.result > 0 && value.distance > 3 && table->index.decode(i, WHITE, pos) && is_position(pos)) {
        c = encode_value({1, value.distance + 2, value.points});
        break;
      }
    }
    write_table(file, header, codes, fast);
    const VerifyReport whole = verify_table(*table, children, {}), sliced = by_slices();
    EXPECT_GE(whole.mismatches, 1u);
    EXPECT_EQ(sliced.mismatches, whole.mismatches);
    EXPECT_EQ(sliced.checked, whole.checked);
    ASSERT_FALSE(sliced.examples.empty());
    EXPECT_NE(sliced.examples[0].find(": stored win"), std::string::npos) << sliced.examples[0];
  }
  std::filesystem::remove_all(dir);
}

}  // namespace
}  // namespace hilltb

namespace hilltb {
namespace {

// A slice values its double pushes with the opponent's en-passant captures, so the
// children it reads for white's moves include black's capture of a white pawn.
TEST(PawnSlices, ADoublePushReadsTheOpponentsEnPassantCapture) {
  const Variant v = Variant::Koth;
  const Material m = Material::parse("KRPvKP", v);
  auto holds = [](const std::vector<std::pair<Material, Color>>& children, const char* name, Color side) {
    for (const auto& [c, s] : children)
      if (c.name() == name) return s == side || s == COLOR_NB;
    return false;
  };
  EXPECT_FALSE(holds(m.children_after(WHITE, v), "KRvKP", WHITE));
  EXPECT_TRUE(holds(slice_children_after(m, WHITE, v), "KRvKP", WHITE));
  EXPECT_TRUE(holds(slice_children_after(m, BLACK, v), "KRPvK", BLACK));
  // No pawn to take en passant: the children of the moves alone.
  const Material alone = Material::parse("KRPvKR", v);
  EXPECT_EQ(slice_children_after(alone, WHITE, v), alone.children_after(WHITE, v));
}

}  // namespace
}  // namespace hilltb

namespace hilltb {
namespace {

Bitboard at(const char* square) { return square_bb(make_square(square[0] - 'a', square[1] - '1')); }

bool reads(const std::vector<std::pair<Material, Color>>& children, const char* name) {
  return std::any_of(children.begin(), children.end(), [&](const auto& c) { return c.first.name() == name; });
}

// A slice reads the promotions of a side's moves only with one of its pawns on its
// seventh rank, and the opponent's en-passant capture only after a double push beside
// one of their pawns; over all slices, what the table reads.
TEST(PawnSlices, ASliceReadsOnlyTheChildrenItsMovesReach) {
  const Variant v = Variant::Koth;
  const Material krpkr = Material::parse("KRPvKR", v);
  EXPECT_TRUE(reads(slice_children_after(krpkr, {at("e7"), 0}, WHITE, v), "KQRvKR"));
  EXPECT_TRUE(reads(slice_children_after(krpkr, {at("e7"), 0}, WHITE, v), "KRRvK"));
  EXPECT_FALSE(reads(slice_children_after(krpkr, {at("e6"), 0}, WHITE, v), "KQRvKR"));
  EXPECT_TRUE(reads(slice_children_after(krpkr, {at("e6"), 0}, WHITE, v), "KRPvK"));
  // Black takes e2-e4 en passant from d4, not from a4; white takes d7-d5 from e5, not from e6.
  const Material krpkp = Material::parse("KRPvKP", v);
  EXPECT_TRUE(reads(slice_children_after(krpkp, {at("e2"), at("d4")}, WHITE, v), "KRvKP"));
  EXPECT_FALSE(reads(slice_children_after(krpkp, {at("e2"), at("a4")}, WHITE, v), "KRvKP"));
  EXPECT_TRUE(reads(slice_children_after(krpkp, {at("e5"), at("d7")}, BLACK, v), "KRPvK"));
  EXPECT_FALSE(reads(slice_children_after(krpkp, {at("e6"), at("d7")}, BLACK, v), "KRPvK"));

  // A child with pawns that promotions alone lead into is read at the slices they reach,
  // in its stored colours: KPPvKQ is stored as KQvKPP, the ranks mirrored.
  const Material kppkp = Material::parse("KPPvKP", v);
  auto child = [&](Color mover, const char* name) {
    for (const auto& e : slice_children_after(kppkp, mover, v))
      if (e.first.name() == name) return e;
    ADD_FAILURE() << name;
    return std::pair(Material(), COLOR_NB);
  };
  EXPECT_TRUE(promotion_only(kppkp, WHITE, child(WHITE, "KQPvKP"), v));
  EXPECT_FALSE(promotion_only(kppkp, WHITE, child(WHITE, "KPPvK"), v));  // a capture
  EXPECT_TRUE(promotion_only(kppkp, BLACK, child(BLACK, "KQvKPP"), v));
  const auto white = promotion_slices({at("e7") | at("a3"), at("d5")}, WHITE, child(WHITE, "KQPvKP"));
  ASSERT_EQ(white.size(), 1u);
  EXPECT_EQ(white[0].white, at("a3"));
  EXPECT_EQ(white[0].black, at("d5"));
  const auto black = promotion_slices({at("e4") | at("a3"), at("d2")}, BLACK, child(BLACK, "KQvKPP"));
  ASSERT_EQ(black.size(), 1u);
  EXPECT_EQ(black[0].white, 0u);
  EXPECT_EQ(black[0].black, at("e5") | at("a6"));
  EXPECT_EQ(promotion_slices({at("e7") | at("a7"), at("d5")}, WHITE, child(WHITE, "KQPvKP")).size(), 2u);

  for (const char* name : {"KRPvKP", "KPPvKP", "KRPvKR"})
    for (Color mover : {WHITE, BLACK}) {
      SCOPED_TRACE(std::string(name) + (mover == WHITE ? " white" : " black"));
      const Material m = Material::parse(name, v);
      std::map<std::string, int> sides;  // bit per side to move read
      for (const PawnSlice& slice : pawn_slices(m))
        for (const auto& [c, side] : slice_children_after(m, slice, mover, v))
          sides[c.name()] |= side == COLOR_NB ? 3 : 1 << side;
      std::map<std::string, int> table;
      for (const auto& [c, side] : slice_children_after(m, mover, v)) table[c.name()] = side == COLOR_NB ? 3 : 1 << side;
      EXPECT_EQ(sides, table);
    }
}

// gen by slices reads each slice's children as it needs them, and writes the file a
// whole solve writes: with every child kept, and under a memory limit that holds one
// side's children but not both's, so that the other side's are dropped and read again.
TEST(PawnSlices, GenReadsEachSlicesChildrenAndWritesTheSameFile) {
  const auto dir = std::filesystem::temp_directory_path() / ("hilltb_slice_children_" + std::to_string(::getpid()));
  for (const auto& [v, name] : {std::pair(Variant::Chess, "KPvKP"), std::pair(Variant::Koth, "KRvKP")}) {
    SCOPED_TRACE(name);
    std::filesystem::remove_all(dir);
    const Material m = Material::parse(name, v);
    const TableKind kind(v);
    // The first run makes the children too (both sides to move a file: one side would
    // be derived at each read); the others make m alone, with copies of them.
    auto generate = [&](const std::string& folder, bool slices, std::uint64_t max_memory) {
      GenerateOptions options;
      options.variant = v;
      options.dir = dir / folder;
      options.slices = slices;
      options.named_only = folder != "whole";
      options.max_memory = max_memory;
      for (const Material& c : m.children(v))
        if (options.named_only) {
          std::filesystem::create_directories(table_path(options.dir, kind, c.name()).parent_path());
          std::filesystem::copy_file(table_path(dir / "whole", kind, c.name()), table_path(options.dir, kind, c.name()));
        }
      Progress quiet(false);
      generate_tables({m}, options, quiet, nullptr);
      return bytes_of(table_path(options.dir, kind, name));
    };
    const std::string whole = generate("whole", false, 0);
    EXPECT_FALSE(whole.empty());
    EXPECT_TRUE(generate("sliced", true, 0) == whole);
    const PlanStep step = plan_memory({m}, kind, dir / "whole", {.slice_all = true}).front();
    std::uint64_t both = 0;
    for (Color mover : {WHITE, BLACK})
      for (const auto& [c, side] : slice_children_after(m, mover, v)) both += child_bytes(c, side, kind, dir / "whole");
    ASSERT_GT(both, step.children_bytes);
    // The children do not fit whole, so KPvKP's promotion children (with pawns) are read
    // at the slices reached, KRvKP's (pawnless) at the positions a slice's push reaches.
    EXPECT_GT(both, step.memory());
    EXPECT_TRUE(generate("one side", true, estimated_job_bytes(step.memory())) == whole);
    // verify by slices under that limit reads its children so too.
    const MemoryLimit limit(estimated_job_bytes(step.memory()));
    SliceChildren reads(m, kind, dir / "one side", limit, 0);
    TableSet read(kind);
    SolveHooks hooks;
    hooks.slice_children_for = [&](const PawnSlice& slice, Color mover) {
      read.clear();
      if (mover != COLOR_NB) read = reads.read(slice, mover);
    };
    std::filesystem::create_directories(dir / "verify");
    const TableReader reader(table_path(dir / "one side", kind, name), TableExpectation::of(kind, name));
    const VerifyReport report = verify_by_slices(reader, m, read, hooks, dir / "verify");
    EXPECT_TRUE(report.ok());
    EXPECT_GT(report.checked, 0u);
  }
  std::filesystem::remove_all(dir);
}

}  // namespace
}  // namespace hilltb
