// What a solve or a generation step is doing, for the progress display: its words, and
// whether it is one of a solve's passes (many short phases that a log shows as one).
#pragma once

#include <string>

namespace hilltb {

struct Phase {
  enum class Kind { Step, Pass };
  Kind kind = Kind::Step;
  std::string text;

  static Phase step(std::string text) { return {Kind::Step, std::move(text)}; }
  static Phase pass(std::string text) { return {Kind::Pass, std::move(text)}; }
};

}  // namespace hilltb
