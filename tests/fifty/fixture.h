// The test tables' prober, for the checks of the fifty-move rule.
#pragma once

#include "probe/prober.h"

namespace hilltb {

inline Prober fixture_prober(Variant v) {
  ProberOptions o;
  o.dirs = {HILLTB_TEST_TABLES};
  o.variant = v;
  return Prober(o);
}

}  // namespace hilltb
