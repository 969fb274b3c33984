// hilltb verify --cursed: the DTZ tables' cursed wins and blessed losses (or, with
// another horizon, every claim above it and at it) checked by the separate zeroing
// search (fifty/claim_check.h).
#pragma once

#include "common.h"
#include "gen/progress.h"

namespace hilltb::cli {

// Checks each DTZ table of the options' list, with progress; prints a line per table.
// Returns the number of tables that failed.
int verify_cursed(const TableCommandOptions& opts, int horizon, Progress& progress);

}  // namespace hilltb::cli
