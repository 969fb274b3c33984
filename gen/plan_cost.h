// What generating a table costs, estimated from rates measured on the reference
// machine: the time and memory a workflow engine asks its scheduler for.
#pragma once

#include <cstdint>

#include "formats/material.h"
#include "formats/table_file.h"

namespace hilltb {

// Where the rounds of a DTZ table with pawns start (gen/solver.h): from the DTM table of
// its material, when the job makes both measures, or from draws.
enum class DtzStart { FromDtm, FromDraws };

// Seconds solving table m of family `kind`, of `index_positions` (both sides to move),
// takes on the reference machine with two threads.
double estimated_solve_seconds(const Material& m, const TableKind& kind, std::uint64_t index_positions,
                               DtzStart start = DtzStart::FromDraws);
// Seconds one `hilltb gen` job takes whose solves (all its families) take `solve_seconds`.
double estimated_job_seconds(double solve_seconds);

// Resident memory of a job whose solve step needs `step_bytes` (plan_memory): the
// step, the process itself, and what the allocator and the compressor hold beside it.
std::uint64_t estimated_job_bytes(std::uint64_t step_bytes);

// What a scheduler is asked for: the estimates with a margin (the host's speed
// varies by up to a third from day to day, a cluster node may be slower), whole MiB
// and whole minutes.
std::uint64_t requested_mem_mb(std::uint64_t job_bytes);
std::uint64_t requested_runtime_minutes(double seconds);

}  // namespace hilltb
