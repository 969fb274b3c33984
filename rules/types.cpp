#include "types.h"

namespace hilltb {

std::string_view variant_name(Variant v) {
  switch (v) {
    case Variant::Chess: return "chess";
    case Variant::Koth: return "koth";
    case Variant::Qoth: return "qoth";
  }
  return "";
}

bool parse_variant(std::string_view text, Variant& out) {
  for (Variant v : {Variant::Chess, Variant::Koth, Variant::Qoth})
    if (text == variant_name(v)) return out = v, true;
  return false;
}

}  // namespace hilltb
