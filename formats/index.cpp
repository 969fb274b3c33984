#include "index.h"

#include <algorithm>
#include <limits>
#include <stdexcept>

#include "formats/symmetry.h"

#if defined(__BMI2__)
#include <immintrin.h>
#endif

namespace hilltb {

namespace {

// Binomial coefficients C(n, k) for n < 65, k < 8.
struct Binomials {
  std::uint64_t c[65][8] = {};
  constexpr Binomials() {
    for (int n = 0; n <= 64; ++n) {
      c[n][0] = 1;
      for (int k = 1; k < 8; ++k) c[n][k] = n == 0 ? 0 : c[n - 1][k - 1] + c[n - 1][k];
    }
  }
};
constexpr Binomials BINOMIAL;

constexpr Bitboard PAWN_SQUARES = ~(RANK_1 | RANK_8);


Square nth_set_bit(Bitboard b, int n) {
#if defined(__BMI2__)
  return lsb(_pdep_u64(Bitboard(1) << n, b));
#else
  while (n--) b &= b - 1;
  return lsb(b);
#endif
}

// Colex rank of the squares of `squares` among the set bits of `free` (all of which
// must be in `free`).
std::uint64_t rank_combination(Bitboard squares, Bitboard free) {
  if (!more_than_one(squares)) return popcount(free & (squares - 1));  // C(p, 1) = p; 0 for none
  std::uint64_t r = 0;
  for (int i = 1; squares; ++i) {
    const Square s = pop_lsb(squares);
    r += BINOMIAL.c[popcount(free & (square_bb(s) - 1))][i];
  }
  return r;
}

// The inverse: the k squares among `free` whose colex rank is r.
Bitboard unrank_combination(std::uint64_t r, int k, Bitboard free) {
  Bitboard out = 0;
  int c = popcount(free);
  for (int i = k; i >= 1; --i) {
    if (i == 1) {
      c = int(r);  // C(c, 1) = c
    } else {  // the largest c < previous c with C(c, i) <= r, by bisection
      int lo = i - 1, hi = c - 1;
      while (lo < hi) {
        const int mid = (lo + hi + 1) / 2;
        if (BINOMIAL.c[mid][i] <= r) lo = mid;
        else hi = mid - 1;
      }
      c = lo;
    }
    r -= BINOMIAL.c[c][i];
    out |= square_bb(nth_set_bit(free, c));
  }
  return out;
}

}  // namespace

Index::Index(const Material& material, Variant variant, const Layout& layout, Square target)
    : material_(material), variant_(variant) {
  const bool qoth = variant == Variant::Qoth;
  Bitboard board = ~Bitboard(0);
  if (qoth) {
    target_ = target;
    fixed_ = layout.blocker_bb() | square_bb(target);
    board &= ~fixed_;
    symmetries_ = qoth_symmetries(layout, target);
  } else {
    symmetries_ = chess_symmetries(material.has_pawns());
  }
  // chess, koth: the groups after the kings rank among their whole domain (a piece on
  // another's square is a hole), so that a move changes its own group's rank only;
  // qoth and the black king: among the squares the groups before it leave.
  auto add = [&](Color c, PieceType pt, Bitboard domain) {
    if (material.count(c, pt))
      groups_.push_back({make_piece(c, pt), material.count(c, pt), domain, qoth || pt == KING, 0, 0});
  };
  constexpr PieceType PIECES[] = {QUEEN, ROOK, BISHOP, KNIGHT};
  if (!qoth) {
    add(WHITE, KING, board);
    add(BLACK, KING, board);
    lead_groups_ = 2;
    for (Color c : {WHITE, BLACK}) add(c, PAWN, PAWN_SQUARES);
    for (Color c : {WHITE, BLACK})
      for (PieceType pt : PIECES) add(c, pt, board);
  } else {
    // The pieces with the fewest moves first, the queens last, both colours' pieces of
    // a kind together: the files compress about 5% smaller (5-piece tables about 9%)
    // than with the long-range pieces first by colour, at the same speed.
    for (PieceType pt : {KNIGHT, KING, BISHOP, ROOK, QUEEN})
      for (Color c : {WHITE, BLACK}) add(c, pt, board);
    // The smallest group leads (fewest placements to reduce), the first of equals: a
    // move of a leading piece re-ranks every other group in the retrograde passes
    // (Neighbourhood), and the pieces listed first have the fewest moves.
    auto smallest = groups_.begin();
    for (auto g = groups_.begin(); g != groups_.end(); ++g)
      if (g->count < smallest->count) smallest = g;
    std::rotate(groups_.begin(), smallest, smallest + 1);
    lead_groups_ = 1;
  }
  lay_out();
}

Index::Index(const Material& material, Variant variant, PawnSlice slice)
    : material_(material), variant_(variant), slice_(slice), symmetries_{0} {
  if (variant == Variant::Qoth || !material.has_pawns())
    throw std::invalid_argument("a pawn slice is of a chess or koth material with pawns");
  const Bitboard board = ~slice.pawns();
  for (Color c : {WHITE, BLACK})
    groups_.push_back({make_piece(c, KING), 1, board, true, 0, 0});
  lead_groups_ = 2;
  for (Color c : {WHITE, BLACK})
    for (PieceType pt : {QUEEN, ROOK, BISHOP, KNIGHT})
      if (material.count(c, pt)) groups_.push_back({make_piece(c, pt), material.count(c, pt), board, false, 0, 0});
  lay_out();
}

void Index::lay_out() {
  // Radices: the domain less the squares of the blocking groups placed before.
  for (std::size_t g = 0; g < groups_.size(); ++g) {
    int taken = 0;
    for (std::size_t b = 0; b < g; ++b)
      if (groups_[g].avoids_earlier) taken += groups_[b].count;
    groups_[g].radix = BINOMIAL.c[popcount(groups_[g].domain) - taken][groups_[g].count];
  }
  sparse_ = std::none_of(groups_.begin() + lead_groups_, groups_.end(), [](const Group& g) { return g.avoids_earlier; });
  lead_keys_ = 1;
  for (int g = 0; g < lead_groups_; ++g) lead_keys_ *= groups_[g].radix;
  // A symmetry other than the identity fixes a leading placement only with each leading
  // piece on a square it fixes, unless a leading group has two pieces to swap.
  for (int t : symmetries_)
    for (Square s = 0; t && s < 64; ++s)
      if (transform(t, s) == s) lead_fixable_ |= square_bb(s);
  for (int g = 0; g < lead_groups_; ++g)
    if (groups_[g].count > 1) lead_fixable_ = ~Bitboard(0);
  build_lead_tables();
  std::uint64_t stride = 1;
  for (std::size_t g = groups_.size(); g-- > std::size_t(lead_groups_);) {
    groups_[g].stride = stride;
    stride *= groups_[g].radix;
  }
  for (int g = 0; g < lead_groups_; ++g) groups_[g].stride = stride;  // of the class
  size_ = stride * lead_raw_.size();
}

std::uint64_t Index::pawn_offset(const PawnSlice& slice) const {
  std::uint64_t offset = 0;
  std::size_t g = std::size_t(lead_groups_);
  for (; g < groups_.size() && type_of(groups_[g].piece) == PAWN; ++g) {
    const Bitboard pawns = color_of(groups_[g].piece) == WHITE ? slice.white : slice.black;
    if (popcount(pawns) != groups_[g].count || (pawns & ~groups_[g].domain))
      throw std::invalid_argument("a pawn slice that does not fit the material " + material_.name());
    offset += rank_combination(pawns, groups_[g].domain) * groups_[g].stride;
  }
  if (g == std::size_t(lead_groups_)) throw std::logic_error(material_.name() + ": an index without pawn groups");
  if (popcount(slice.pawns()) != material_.count(WHITE, PAWN) + material_.count(BLACK, PAWN))
    throw std::invalid_argument("a pawn slice that does not fit the material " + material_.name());
  return offset;
}

std::vector<std::uint64_t> Index::pawn_offsets(const std::vector<PawnSlice>& slices) const {
  std::vector<std::uint64_t> out;
  for (const PawnSlice& s : slices)
    for (int t : {0, FILE_MIRROR}) out.push_back(pawn_offset({transform(t, s.white), transform(t, s.black)}));
  std::sort(out.begin(), out.end());
  out.erase(std::unique(out.begin(), out.end()), out.end());
  return out;
}

std::uint64_t Index::pawn_run() const {
  std::size_t g = std::size_t(lead_groups_);
  while (g < groups_.size() && type_of(groups_[g].piece) == PAWN) ++g;
  if (g == std::size_t(lead_groups_)) throw std::logic_error(material_.name() + ": an index without pawn groups");
  return groups_[g - 1].stride;
}

Index::Placement Index::placement_of(const Position& pos) const {
  Placement p{};
  for (std::size_t g = 0; g < groups_.size(); ++g)
    p[g] = pos.pieces(color_of(groups_[g].piece), type_of(groups_[g].piece));
  return p;
}

Index::Placement Index::flipped_placement_of(const Position& pos) const {
  // colour_flipped: colours swapped and, but in qoth, the ranks mirrored.
  const int mirror = variant_ == Variant::Qoth ? 0 : 2;
  Placement p{};
  for (std::size_t g = 0; g < groups_.size(); ++g)
    p[g] = transform(mirror, pos.pieces(~color_of(groups_[g].piece), type_of(groups_[g].piece)));
  return p;
}

Index::Placement Index::transformed(int t, const Placement& p) const {
  if (t == 0) return p;
  Placement out{};
  for (std::size_t g = 0; g < groups_.size(); ++g) out[g] = transform(t, p[g]);
  return out;
}

// Mixed-radix key of the leading groups' ranks (UINT64_MAX if they collide).
std::uint64_t Index::lead_key(const Placement& p) const {
  std::uint64_t key = 0;
  Bitboard occupied = 0;
  for (int g = 0; g < lead_groups_; ++g) {
    const Bitboard squares = p[g];
    if (squares & occupied) return std::numeric_limits<std::uint64_t>::max();
    key = key * groups_[g].radix + rank_combination(squares, groups_[g].domain & ~occupied);
    occupied |= squares;
  }
  return key;
}

void Index::build_lead_tables() {
  lead_class_.assign(lead_keys_, -1);
  lead_transform_.assign(lead_keys_, 0xFF);
  // Every leading placement, decoded from its key.
  auto placement_at = [&](std::uint64_t key) {
    Placement p{};
    Bitboard occupied = 0;
    std::uint64_t divisor = lead_keys_;
    for (int g = 0; g < lead_groups_; ++g) {
      divisor /= groups_[g].radix;
      const std::uint64_t r = key / divisor % groups_[g].radix;
      const Bitboard squares = unrank_combination(r, groups_[g].count, groups_[g].domain & ~occupied);
      p[g] = squares;
      occupied |= squares;
    }
    return p;
  };
  const bool kings = variant_ != Variant::Qoth;
  for (std::uint64_t key = 0; key < lead_keys_; ++key) {
    const Placement p = placement_at(key);
    if (kings && (king_attacks(lsb(p[0])) & p[1]))  // the white king leads, then the black
      continue;  // adjacent kings: never legal
    // The canonical image is the one with the smallest key.
    std::uint64_t best = key;
    for (int t : symmetries_) best = std::min(best, lead_key(transformed(t, p)));
    for (int t : symmetries_)
      if (lead_key(transformed(t, p)) == best) {
        lead_transform_[key] = std::uint8_t(t);
        break;
      }
    if (best != key) {
      lead_class_[key] = lead_class_[best];  // the canonical image came first: smallest key
      continue;
    }
    std::uint8_t stabiliser = 0;
    for (int t : symmetries_)
      if (lead_key(transformed(t, p)) == key) stabiliser |= std::uint8_t(1 << t);
    lead_class_[key] = std::int32_t(lead_raw_.size());
    lead_raw_.push_back(key);
    lead_stabiliser_.push_back(stabiliser);
  }
}

template <typename SquaresOf, typename Visit>
void Index::walk_from(std::size_t h, Bitboard placed, SquaresOf squares_of, Visit visit) const {
  // The count read once: visit's stores would have it read again each time.
  for (const std::size_t n = groups_.size(); h < n; ++h) {
    const Group& gr = groups_[h];
    const Bitboard squares = squares_of(h);
    visit(h, squares, gr.free(placed), placed);
    placed |= squares;
  }
}

template <typename SquaresOf>
std::uint64_t Index::rank_from(std::size_t h, Bitboard placed, SquaresOf squares_of) const {
  std::uint64_t idx = 0;
  walk_from(h, placed, squares_of, [&](std::size_t g, Bitboard squares, Bitboard free, Bitboard) {
    idx += rank_combination(squares, free) * groups_[g].stride;
  });
  return idx;
}

std::uint64_t Index::index_of(const Placement& p, std::int32_t cls) const {
  Bitboard placed = 0;
  for (int g = 0; g < lead_groups_; ++g) placed |= p[g];
  return std::uint64_t(cls) * groups_[0].stride +
         rank_from(lead_groups_, placed, [&](std::size_t g) { return p[g]; });
}

std::uint64_t Index::encode(const Position& pos) const { return encode(placement_of(pos)); }

std::uint64_t Index::encode_flipped(const Position& pos) const { return encode(flipped_placement_of(pos)); }

std::uint64_t Index::encode_transformed(int t, const Position& pos) const {
  return encode(transformed(t, placement_of(pos)));
}

std::uint64_t Index::encode(Placement p, int* stabiliser_size) const {
  const std::uint64_t key = lead_key(p);
  if (key >= lead_keys_ || lead_transform_[key] == 0xFF) return Neighbourhood::NONE;
  const std::int32_t cls = lead_class_[key];
  if (const int t = lead_transform_[key]) p = transformed(t, p);
  const std::uint8_t stabiliser = lead_stabiliser_[cls];
  if (stabiliser_size) *stabiliser_size = 1;
  if (!more_than_one(stabiliser)) return index_of(p, cls);
  std::uint64_t best = Neighbourhood::NONE;
  int fixing = 0;  // the symmetries that map p onto itself, the identity among them
  for (int s : symmetries_)
    if (stabiliser & (1 << s)) {
      const Placement image = transformed(s, p);
      best = std::min(best, index_of(image, cls));
      fixing += image == p;
    }
  if (stabiliser_size) *stabiliser_size = fixing;
  return best;
}

int Index::stabiliser_size(const Position& pos) const { return stabiliser_size(placement_of(pos)); }

int Index::stabiliser_size(const Placement& p) const {
  const std::uint64_t key = lead_key(p);
  if (key >= lead_keys_ || lead_transform_[key] == 0xFF || !more_than_one(lead_stabiliser_[lead_class_[key]]))
    return 1;
  int n;
  encode(p, &n);
  return n;
}

bool Index::moves_may_be_fixed(const Position& pos) const {
  Bitboard lead = 0;
  for (int g = 0; g < lead_groups_; ++g) lead |= pos.pieces(color_of(groups_[g].piece), type_of(groups_[g].piece));
  return !more_than_one(lead & ~lead_fixable_);
}

Index::Neighbourhood::Neighbourhood(const Index& index, const Position& pos)
    : index_(index), placement_(index.placement_of(pos)) {
  group_of_.fill(-1);
  const auto& groups = index.groups_;
  std::uint8_t slot = 0;
  for (std::size_t g = 0, n = groups.size(); g < n; ++g)
    for (Bitboard b = placement_[g]; b; ++slot) {
      const Square s = pop_lsb(b);
      group_of_[s] = std::int8_t(g), slot_of_[s] = slot;
    }
  const std::uint64_t key = index.lead_key(placement_);
  if (key >= index.lead_keys_ || index.lead_transform_[key] != 0) return;  // not a decoded position
  const std::int32_t cls = cls_ = index.lead_class_[key];
  fast_ = !more_than_one(index.lead_stabiliser_[cls]);
  // The running sums and unions of index_of, kept at each group.
  std::uint64_t idx = std::uint64_t(cls) * groups[0].stride;
  Bitboard lead = 0;
  for (int g = 0; g < index.lead_groups_; ++g) lead |= placement_[g];
  index.walk_from(
      std::size_t(index.lead_groups_), lead, [&](std::size_t g) { return placement_[g]; },
      [&](std::size_t g, Bitboard squares, Bitboard free, Bitboard placed) {
        prefix_[g] = idx, placed_[g] = placed;
        rank_[g] = rank_combination(squares, free);
        idx += rank_[g] * groups[g].stride;
        if (fast_) fast_groups_ |= 1u << g;
      });
  self_ = idx;
}

// With sparse_ (every later group ranks among its whole domain): only the moved
// piece's own group's rank changes.
std::uint64_t Index::Neighbourhood::delta_moved(std::size_t g, Square from, Square to) const {
  const Group& gr = index_.groups_[g];
  return self_ + (rank_combination(placement_[g] ^ square_bb(from) ^ square_bb(to), gr.domain) - rank_[g]) * gr.stride;
}

std::uint64_t Index::Neighbourhood::other_moved(std::size_t g, Square from, Square to, int* stabiliser_size) const {
  if (g < std::size_t(index_.lead_groups_)) return lead_moved(g, from, to, stabiliser_size);
  // A later group's move without a fast way: a symmetry fixes the leading placement.
  return cls_ < 0 ? encoded(g, square_bb(from) | square_bb(to), stabiliser_size)
                  : stabilised_moved(g, from, to, stabiliser_size);
}

// Colex ranks are sums of C(p_i, i), p_i the free squares below a group's i-th square;
// the moved piece's new square t, when below that square (and so among its free
// squares: t is empty and in every domain that sees the piece), takes one off p_i, and
// C(p, i) - C(p - 1, i) = C(p - 1, i - 1). In the moved piece's own group the p_i of
// the pieces that stay do not change (the group ranks among its own squares too); t
// only shifts the i of those above it by one. Made only without sparse_ (qoth), where
// every later group ranks among the squares the groups before it leave.
const Index::Neighbourhood::Shift& Index::Neighbourhood::make_shift(Square from) const {
  const std::size_t g = std::size_t(group_of_[from]);
  Shift& s = shifts_[slot_of_[from]];
  const Group& moving = index_.groups_[g];
  s.free = moving.free(placed_[g]);
  s.staying = placement_[g] & ~square_bb(from);
  s.stride = moving.stride;
  s.base = prefix_[g];
  s.thresholds = 0;
  std::array<std::uint64_t, 64> drop;  // by threshold square, written for those only
  // own[j] = sum over the staying pieces s_i (ascending) of C(p_i, i + 1) for i < j,
  // C(p_i, i + 2) for i >= j.
  int i = 0;
  s.own.fill(0);
  for (Bitboard b = s.staying; b; ++i) {
    const int p = popcount(s.free & (square_bb(pop_lsb(b)) - 1));
    for (int j = 0; j < moving.count; ++j) s.own[j] += BINOMIAL.c[p][i < j ? i + 1 : i + 2];
  }
  // The groups after g, with the moving piece off the board.
  index_.walk_from(g + 1, placed_[g] | s.staying, [&](std::size_t h) { return placement_[h]; },
                   [&](std::size_t h, Bitboard squares, Bitboard free, Bitboard) {
    const Group& gr = index_.groups_[h];
    s.base += rank_combination(squares, free) * gr.stride;
    int i = 1;
    for (Bitboard b = squares; b; ++i) {
      const Square sq = pop_lsb(b);
      const int p = popcount(free & (square_bb(sq) - 1));
      s.thresholds |= square_bb(sq);
      drop[sq] = p ? BINOMIAL.c[p - 1][i - 1] * gr.stride : 0;
    }
  });
  // The sums from the highest threshold down.
  std::size_t k = std::size_t(popcount(s.thresholds));
  std::uint64_t sum = 0;
  s.drop_above[k] = 0;
  for (Bitboard b = s.thresholds; b;) {
    const Square sq = Square(63 - std::countl_zero(b));
    b ^= square_bb(sq);
    s.drop_above[--k] = sum += drop[sq];
  }
  shifted_ |= 1u << slot_of_[from];
  return s;
}

std::uint64_t Index::Neighbourhood::Shift::group_rank(Square t) const {
  const Bitboard below = square_bb(t) - 1;
  const int j = popcount(staying & below);
  return own[std::size_t(j)] + BINOMIAL.c[popcount(free & below)][j + 1];
}

std::uint64_t Index::Neighbourhood::encoded(std::size_t g, Bitboard change, int* stabiliser_size) const {
  Placement p = placement_;
  p[g] ^= change;
  return index_.encode(p, stabiliser_size);
}

std::uint64_t Index::Neighbourhood::lead_moved(std::size_t g, Square from, Square to, int* stabiliser_size) const {
  const Index& x = index_;
  const Bitboard change = square_bb(from) | square_bb(to);
  // The new leading key, as lead_key makes it (the piece moves to an empty square).
  std::uint64_t key = 0;
  Bitboard occupied = 0;
  for (std::size_t h = 0; h < std::size_t(x.lead_groups_); ++h) {
    const Group& gr = x.groups_[h];
    const Bitboard squares = placement_[h] ^ (h == g ? change : 0);
    key = key * gr.radix + rank_combination(squares, gr.domain & ~occupied);
    occupied |= squares;
  }
  const int t = x.lead_transform_[key];
  if (t == 0xFF) return NONE;
  const std::int32_t cls = x.lead_class_[key];
  if (more_than_one(x.lead_stabiliser_[cls])) return encoded(g, change, stabiliser_size);
  if (stabiliser_size) *stabiliser_size = 1;
  // The other groups have not moved; when they rank among their whole domains and no
  // symmetry turns them, their share of the index stays.
  if (t == 0 && cls_ >= 0 && x.sparse_)
    return std::uint64_t(cls) * x.groups_[0].stride + self_ - std::uint64_t(cls_) * x.groups_[0].stride;
  // Else their images under t serve every leading move.
  const auto& image = image_under(t);
  return std::uint64_t(cls) * x.groups_[0].stride +
         x.rank_from(x.lead_groups_, transform(t, occupied), [&](std::size_t h) { return image[h]; });
}

// A move of a later group when symmetries fix the leading placement: as encode does,
// the smallest index of the position's images under them, counting those it equals
// (when asked). The identity's is the Shift's, or delta_moved's.
std::uint64_t Index::Neighbourhood::stabilised_moved(std::size_t g, Square from, Square to,
                                                     int* stabiliser_size) const {
  const Index& x = index_;
  const std::size_t lead = std::size_t(x.lead_groups_);
  const std::uint8_t stabiliser = x.lead_stabiliser_[cls_];
  const Bitboard change = square_bb(from) | square_bb(to);
  auto squares = [&](std::size_t h) { return placement_[h] ^ (h == g ? change : 0); };
  std::uint64_t best = x.sparse_ ? delta_moved(g, from, to) : shift(from).at(to);
  int fixing = 1;
  for (int s : x.symmetries_) {
    if (!s || !(stabiliser & (1 << s))) continue;
    const auto& image = image_under(s);
    const Bitboard moved = transform(s, change);
    auto image_squares = [&](std::size_t h) { return image[h] ^ (h == g ? moved : 0); };
    // s keeps the leading groups, so they lead the image too.
    best = std::min(best, std::uint64_t(cls_) * x.groups_[0].stride + x.rank_from(lead, placed_[lead], image_squares));
    if (!stabiliser_size) continue;
    bool same = true;
    for (std::size_t h = lead; h < x.groups_.size() && same; ++h) same = image_squares(h) == squares(h);
    fixing += same;
  }
  if (stabiliser_size) *stabiliser_size = fixing;
  return best;
}

const Index::Placement& Index::Neighbourhood::image_under(int t) const {
  auto& image = images_[t];
  if (!(imaged_ & (1 << t))) {
    for (std::size_t h = index_.lead_groups_, n = index_.groups_.size(); h < n; ++h)
      image[h] = transform(t, placement_[h]);
    imaged_ |= std::uint8_t(1 << t);
  }
  return image;
}

int Index::Neighbourhood::moved_stabiliser_size(Square from, Square to) const {
  const std::size_t g = std::size_t(group_of_[from]);
  if (g >= std::size_t(index_.lead_groups_) ? fast_ : !(square_bb(to) & index_.lead_fixable_))
    return 1;  // the leading placement stays, or becomes, one no symmetry fixes
  Placement p = placement_;
  p[g] ^= square_bb(from) | square_bb(to);
  return index_.stabiliser_size(p);
}

bool Index::decode(std::uint64_t idx, Color stm, Position& out) const {
  Decoder decoder(*this);
  const Position* pos = decoder.decode(idx, stm);
  if (pos) out = *pos;
  return pos;
}

Index::Decoder::Decoder(const Index& index) : index_(index), pos_(index.variant_) {}

const Position* Index::Decoder::decode(std::uint64_t idx, Color stm) {
  const Index& x = index_;
  const auto& groups = x.groups_;
  if (idx >= x.size_) return nullptr;
  const std::size_t lead = std::size_t(x.lead_groups_), last = groups.size() - 1;
  // The first group to place again. A step within the last group's ranks (most steps
  // of a scan) needs no division.
  std::size_t first;
  if (cls_ != Neighbourhood::NONE && last >= lead && idx > idx_ && idx - idx_ < groups[last].radix - rank_[last]) {
    rank_[last] += idx - idx_;
    first = last;
  } else {
    first = full_ranks(idx);
  }
  first = std::min(first, unplaced_);
  idx_ = idx;
  const std::size_t n = groups.size();  // read once: the stores below would have it read again
  for (std::size_t g = first; g < n; ++g)
    for (Bitboard b = squares_[g]; b;) pos_.remove(pop_lsb(b));
  for (std::size_t g = first; g < n; ++g) {
    const Group& gr = groups[g];
    squares_[g] = unrank_combination(rank_[g], gr.count, gr.free(placed_[g]));
    if (squares_[g] & placed_[g]) {  // a piece on another's square: a hole
      for (std::size_t h = g; h < n; ++h) squares_[h] = 0;  // not on the board
      unplaced_ = g;
      return nullptr;
    }
    for (Bitboard b = squares_[g]; b;) pos_.put(gr.piece, pop_lsb(b));
    placed_[g + 1] = placed_[g] | squares_[g];
  }
  unplaced_ = n;
  pos_.set_side_to_move(stm);
  // Under a symmetry fixing the leading placement, only the smaller image is canonical.
  if (more_than_one(x.lead_stabiliser_[cls_]) && x.encode(pos_) != idx) return nullptr;
  return &pos_;
}

// The ranks of idx's groups, the leading placement placed when its class is new;
// returns the first group whose rank changed (to place again).
std::size_t Index::Decoder::full_ranks(std::uint64_t idx) {
  const Index& x = index_;
  const auto& groups = x.groups_;
  const std::size_t lead = std::size_t(x.lead_groups_);
  const std::uint64_t cls = idx / groups[0].stride;
  std::uint64_t rest = idx % groups[0].stride;
  std::size_t first = groups.size();
  if (cls != cls_) {
    // A new leading placement: everything is placed again, from the class's key.
    pos_ = Position(x.variant_);
    if (x.variant_ == Variant::Qoth) pos_.set_fixed(x.fixed_ & ~square_bb(x.target_), x.target_);
    for (Color c : {WHITE, BLACK})
      for (Bitboard b = c == WHITE ? x.slice_.white : x.slice_.black; b;) pos_.put(make_piece(c, PAWN), pop_lsb(b));
    std::uint64_t key = x.lead_raw_[cls], divisor = x.lead_keys_;
    Bitboard placed = 0;
    for (std::size_t g = 0; g < lead; ++g) {
      divisor /= groups[g].radix;
      squares_[g] = unrank_combination(key / divisor % groups[g].radix, groups[g].count, groups[g].domain & ~placed);
      placed |= squares_[g];
      for (Bitboard b = squares_[g]; b;) pos_.put(groups[g].piece, pop_lsb(b));
    }
    for (std::size_t g = lead; g < groups.size(); ++g) squares_[g] = 0;  // none on the board
    placed_[lead] = placed, unplaced_ = groups.size();
    cls_ = cls, first = lead;
  }
  for (std::size_t g = lead; g < groups.size(); ++g) {
    const std::uint64_t r = rest / groups[g].stride;
    rest %= groups[g].stride;
    if (r != rank_[g] && g < first) first = g;
    rank_[g] = r;
  }
  return first;
}

}  // namespace hilltb
