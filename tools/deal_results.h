// The results file of `deal solve --all` (INTERFACE.md, "Deals"): which set-ups it holds.
#pragma once

#include <set>
#include <string>

namespace hilltb::cli {

// The set-ups a results file already holds. A last line cut short (the run was killed
// while writing it) is removed from the file, so that appending goes on cleanly.
std::set<std::string> setups_done(const std::string& results_path);

}  // namespace hilltb::cli
