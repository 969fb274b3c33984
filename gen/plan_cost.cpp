#include "plan_cost.h"

#include <algorithm>
#include <cmath>

namespace hilltb {

namespace {

// Index positions (both sides to move) solved per second with two threads on the
// reference machine (2 cores, `hilltb perft` 340-360 M nodes/s), `make pgo`'s build,
// the children's loading and the file's writing included; bench/RESULTS.md holds the
// runs they come from:
// - koth: the set up to 5 pieces, the 5-piece groups' seconds from the progress lines
//   over their index positions (`gen --plan --pieces 5`): pawnless 10.27 G positions
//   in 895.9 s, with pawns 27.15 G in 2,110.2 s.
// - qoth (ring): the 802 5-piece tables of bench/qoth5_times.tsv, by the queens on
//   the board: none 6.67 M/s, one 5.83 M/s, two or more 4.95 M/s.
// - chess: bench/gen_timings.sh's 4- and 5-piece tables at two threads (KQvKR 6.8 M/s,
//   KBNvK 8.4 M/s, KQPvK 10.3 M/s): 8 M/s.
constexpr double KOTH_PAWNLESS_RATE = 11.47e6;
constexpr double KOTH_PAWNS_RATE = 12.87e6;
// - koth, 6 pieces: KRRvKRR and KBBvKNN (3.76 G index positions each) in 706.6 s and
//   530.6 s with a plain Release build (bench/RESULTS.md "Six pieces"): their children
//   are held a side at a time, and the working state leaves the caches. No 6-piece
//   table with a pawn is measured; they take the same rate.
constexpr double KOTH_SIX_RATE = 6.07e6;
constexpr double QOTH_RATE_BY_QUEENS[3] = {6.67e6, 5.83e6, 4.95e6};
constexpr double CHESS_RATE = 8e6;
// - DTZ tables (chess and koth), each made alone (`gen --measure dtz --only`, plain
//   Release build): the 60 pawnless 5-piece koth tables, 10.27 G index positions in
//   1,263.5 s; with pawns, which solve in rounds (gen/solver.h), KBBPvK and KBBvKP,
//   699 M in 502.1 s from draws, in 90.7 s from their DTM tables (`--measure both`,
//   the DTM file read included).
constexpr double DTZ_PAWNLESS_RATE = 8.13e6;
constexpr double DTZ_PAWNS_RATE = 1.39e6;
constexpr double DTZ_PAWNS_FROM_DTM_RATE = 7.70e6;
// A job's time beside the solve: the process starting, a table's header and
// checksum read per child, a small table's file written (the 2-piece tables).
constexpr double JOB_SECONDS = 0.05;

// The process around a solve step: its code, the thread pool, the compressor's window
// and dictionary (`/usr/bin/time` of single chess tables: KQvK 8 MiB, KQvKR 18 MiB),
// and a quarter more for the allocator's slack over the step's arrays (the 5-piece
// koth set: plan 2.8 GiB at its largest step, 3.29 GiB measured at its peak).
constexpr std::uint64_t PROCESS_BYTES = std::uint64_t(24) << 20;
constexpr double ALLOCATOR_SLACK = 1.25;

// What a scheduler is asked beyond the estimate: half as much again, and never less
// than 128 MiB or 5 minutes (a job's start on a busy cluster node).
constexpr double REQUEST_MARGIN = 1.5;
constexpr std::uint64_t MIN_MEM_MB = 128;
constexpr std::uint64_t MIN_RUNTIME_MINUTES = 5;

double rate(const Material& m, const TableKind& kind, DtzStart start) {
  if (kind.measure == Measure::Dtz) {
    if (!m.has_pawns()) return DTZ_PAWNLESS_RATE;
    return start == DtzStart::FromDtm ? DTZ_PAWNS_FROM_DTM_RATE : DTZ_PAWNS_RATE;
  }
  switch (kind.variant) {
    case Variant::Koth:
      if (m.pieces() >= 6) return KOTH_SIX_RATE;
      return m.has_pawns() ? KOTH_PAWNS_RATE : KOTH_PAWNLESS_RATE;
    case Variant::Qoth:
      return QOTH_RATE_BY_QUEENS[std::min(2, m.count(WHITE, QUEEN) + m.count(BLACK, QUEEN))];
    default:
      return CHESS_RATE;
  }
}

}  // namespace

double estimated_solve_seconds(const Material& m, const TableKind& kind, std::uint64_t index_positions,
                               DtzStart start) {
  return double(index_positions) / rate(m, kind, start);
}

double estimated_job_seconds(double solve_seconds) { return JOB_SECONDS + solve_seconds; }

std::uint64_t estimated_job_bytes(std::uint64_t step_bytes) {
  return PROCESS_BYTES + std::uint64_t(double(step_bytes) * ALLOCATOR_SLACK);
}

std::uint64_t requested_mem_mb(std::uint64_t job_bytes) {
  return std::max(MIN_MEM_MB, std::uint64_t(std::ceil(double(job_bytes) * REQUEST_MARGIN / (1 << 20))));
}

std::uint64_t requested_runtime_minutes(double seconds) {
  return std::max(MIN_RUNTIME_MINUTES, std::uint64_t(std::ceil(seconds * REQUEST_MARGIN / 60)));
}

}  // namespace hilltb
