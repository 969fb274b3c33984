#include "certificate.h"

#include <fcntl.h>
#include <unistd.h>
#include <xxhash.h>
#include <zstd.h>

#include <algorithm>
#include <array>
#include <cstring>
#include <fstream>
#include <iterator>

#include "rules/fen.h"
#include "rules/layout.h"

namespace hilltb {

// The payload (zstd-compressed; varints are LEB128, u64 little-endian):
//   string layout_text
//   varint table count, each: string file, u64 checksum
//   varint proof count, each:
//     string root_fen, u8 prover (0 P1, 1 P2), u8 threshold + 5 (0..10),
//     varint node count, each node:
//       u8 side to move | piece count << 1,
//       the pieces in ascending square order: u8 square, u8 piece (colour * 8 + type),
//       u16 the move's raw bits (0: none)
//   strings: varint length, then the bytes.
// A node's fixed pawns are its root's (read from root_fen), so they are not repeated.

namespace {

constexpr char MAGIC[8] = {'H', 'T', 'B', 'C', 'E', 'R', 'T', '\x1a'};
constexpr std::uint32_t FORMAT_VERSION = 1;
constexpr std::size_t HEADER_BYTES = sizeof MAGIC + 4 + 8;
constexpr std::size_t TRAILER_BYTES = 8;
constexpr int COMPRESSION_LEVEL = 9;
// A payload larger than this many times its compressed size is refused as damaged
// rather than allocated: real payloads compress about tenfold.
constexpr std::uint64_t MAX_EXPANSION = 4096;
constexpr int MAX_THRESHOLD = 5;
constexpr int MAX_NODE_PIECES = 10;

[[noreturn]] void fail(const std::string& what) { throw CertificateError(what); }

class Writer {
 public:
  void byte(std::uint8_t b) { out_.push_back(char(b)); }
  void u16(std::uint16_t v) { byte(std::uint8_t(v)), byte(std::uint8_t(v >> 8)); }
  void u64(std::uint64_t v) {
    for (int i = 0; i < 8; ++i) byte(std::uint8_t(v >> (8 * i)));
  }
  void varint(std::uint64_t v) {
    for (; v >= 0x80; v >>= 7) byte(std::uint8_t(v | 0x80));
    byte(std::uint8_t(v));
  }
  void text(const std::string& s) {
    varint(s.size());
    out_ += s;
  }
  const std::string& bytes() const { return out_; }

 private:
  std::string out_;
};

class Reader {
 public:
  explicit Reader(const std::string& in) : in_(in) {}
  std::size_t left() const { return in_.size() - pos_; }
  std::uint8_t byte(const char* what) {
    if (left() < 1) truncated(what);
    return std::uint8_t(in_[pos_++]);
  }
  std::uint16_t u16(const char* what) {
    const std::uint16_t lo = byte(what);
    return std::uint16_t(lo | byte(what) << 8);
  }
  std::uint64_t u64(const char* what) {
    std::uint64_t v = 0;
    for (int i = 0; i < 8; ++i) v |= std::uint64_t(byte(what)) << (8 * i);
    return v;
  }
  std::uint64_t varint(const char* what) {
    std::uint64_t v = 0;
    for (int shift = 0; shift < 64; shift += 7) {
      const std::uint8_t b = byte(what);
      if (shift == 63 && b > 1) break;
      v |= std::uint64_t(b & 0x7F) << shift;
      if (!(b & 0x80)) return v;
    }
    fail(std::string("malformed payload: ") + what + " is not a valid varint");
  }
  // A count of items that take at least `min_bytes` each: never more than the bytes left.
  std::size_t count(const char* what, std::size_t min_bytes) {
    const std::uint64_t n = varint(what);
    if (n > left() / min_bytes)
      fail(std::string("truncated payload: ") + what + " " + std::to_string(n) +
           " needs more bytes than are left (or the count is damaged)");
    return std::size_t(n);
  }
  std::string text(const char* what) {
    const std::size_t n = count(what, 1);
    std::string s = in_.substr(pos_, n);
    pos_ += n;
    return s;
  }
  [[noreturn]] void truncated(const char* what) {
    fail(std::string("truncated payload: it ends inside ") + what);
  }

 private:
  const std::string& in_;
  std::size_t pos_ = 0;
};

std::string node_name(std::size_t proof, std::size_t node) {
  return "proof " + std::to_string(proof + 1) + ", node " + std::to_string(node + 1);
}

// The root of a proof, read from its FEN on the certificate's layout.
Position root_position(const BoundProof& proof, const Layout& layout, std::size_t index) {
  try {
    return parse_fen(proof.root_fen, Variant::Qoth, layout);
  } catch (const FenError& e) {
    fail("proof " + std::to_string(index + 1) + ": root '" + proof.root_fen + "': " + e.what());
  }
}

Layout certificate_layout(const std::string& text) {
  try {
    return parse_layout(text, "certificate");
  } catch (const LayoutError& e) {
    fail(std::string("the certificate's layout: ") + e.what());
  }
}

bool encodable_move(Move m) {
  if (m.is_none() || m == Move::pass()) return true;
  return m.kind() == Move::NORMAL && m.from() != m.to();
}

void write_node(Writer& w, const ProofNode& node, const Position& root, const std::string& name) {
  const Position& pos = node.position;
  if (pos.variant() != Variant::Qoth || pos.fixed() != root.fixed() || pos.target() != root.target())
    fail(name + ": not a Queen of the Hill position with its root's fixed pawns");
  if (!encodable_move(node.move))
    fail(name + ": move bits " + std::to_string(node.move.raw()) + " are no Queen of the Hill move");
  const int count = popcount(pos.pieces());
  if (count > MAX_NODE_PIECES) fail(name + ": more than " + std::to_string(MAX_NODE_PIECES) + " pieces");
  w.byte(std::uint8_t(pos.side_to_move() | count << 1));
  for (Bitboard b = pos.pieces(); b; b &= b - 1) {
    const Square s = lsb(b);
    w.byte(std::uint8_t(s));
    w.byte(std::uint8_t(pos.piece_on(s)));
  }
  w.u16(node.move.raw());
}

std::string encode_payload(const Certificate& c) {
  const Layout layout = certificate_layout(c.layout_text);
  Writer w;
  w.text(c.layout_text);
  w.varint(c.tables.size());
  for (const TableRef& t : c.tables) {
    w.text(t.file);
    w.u64(t.checksum);
  }
  w.varint(c.proofs.size());
  for (std::size_t i = 0; i < c.proofs.size(); ++i) {
    const BoundProof& proof = c.proofs[i];
    const Position root = root_position(proof, layout, i);
    if (proof.prover != WHITE && proof.prover != BLACK)
      fail("proof " + std::to_string(i + 1) + ": the prover is neither player");
    if (proof.threshold < -MAX_THRESHOLD || proof.threshold > MAX_THRESHOLD)
      fail("proof " + std::to_string(i + 1) + ": threshold " + std::to_string(proof.threshold) +
           " outside -5..5");
    w.text(proof.root_fen);
    w.byte(std::uint8_t(proof.prover));
    w.byte(std::uint8_t(proof.threshold + MAX_THRESHOLD));
    w.varint(proof.nodes.size());
    for (std::size_t n = 0; n < proof.nodes.size(); ++n) write_node(w, proof.nodes[n], root, node_name(i, n));
  }
  return w.bytes();
}

// A node's position from its pieces, checked as the FEN reader checks a qoth position.
ProofNode read_node(Reader& r, const Position& root, const std::string& name) {
  const std::uint8_t head = r.byte("a node");
  const int count = head >> 1;
  if (count > MAX_NODE_PIECES) fail(name + ": " + std::to_string(count) + " pieces, at most 10");
  Position pos(Variant::Qoth);
  pos.set_fixed(root.fixed() & ~square_bb(root.target()), root.target());
  pos.set_side_to_move(Color(head & 1));
  constexpr int DECK[PIECE_TYPE_NB] = {0, 0, 4, 4, 4, 2, 2};
  int kinds[PIECE_TYPE_NB] = {}, sides[2] = {};
  int last = -1;
  for (int i = 0; i < count; ++i) {
    const int s = r.byte("a node's pieces");
    const std::uint8_t p = r.byte("a node's pieces");
    if (s <= last || s >= 64)
      fail(name + ": square " + std::to_string(s) + " out of order or off the board");
    last = s;
    if (pos.fixed() & square_bb(s)) fail(name + ": a piece on a fixed pawn's square");
    const PieceType pt = type_of(Piece(p));
    if (p >> 3 > 1 || pt < KNIGHT || pt > KING) fail(name + ": piece code " + std::to_string(p) + " is no piece");
    if (++kinds[pt] > DECK[pt]) fail(name + ": more pieces of a kind than the deck holds");
    if (++sides[color_of(Piece(p))] > 5) fail(name + ": a player with more than 5 pieces");
    pos.put(Piece(p), s);
  }
  const std::uint16_t raw = r.u16("a node's move");
  const Move m(raw & 63, raw >> 6 & 63, Move::Kind(raw >> 12));
  if (!encodable_move(m)) fail(name + ": move bits " + std::to_string(raw) + " are no Queen of the Hill move");
  return {pos, m};
}

Certificate decode_payload(const std::string& payload) {
  Reader r(payload);
  Certificate c;
  c.layout_text = r.text("the layout");
  const Layout layout = certificate_layout(c.layout_text);
  c.tables.resize(r.count("the table count", 9));
  for (TableRef& t : c.tables) {
    t.file = r.text("a table's file name");
    t.checksum = r.u64("a table's checksum");
  }
  c.proofs.resize(r.count("the proof count", 4));
  for (std::size_t i = 0; i < c.proofs.size(); ++i) {
    BoundProof& proof = c.proofs[i];
    proof.root_fen = r.text("a proof's root");
    const Position root = root_position(proof, layout, i);
    const std::uint8_t prover = r.byte("a proof's prover");
    if (prover > 1) fail("proof " + std::to_string(i + 1) + ": prover code " + std::to_string(prover));
    proof.prover = Color(prover);
    const std::uint8_t threshold = r.byte("a proof's threshold");
    if (threshold > 2 * MAX_THRESHOLD)
      fail("proof " + std::to_string(i + 1) + ": threshold " + std::to_string(threshold - MAX_THRESHOLD) +
           " outside -5..5");
    proof.threshold = threshold - MAX_THRESHOLD;
    proof.nodes.resize(r.count("a proof's node count", 3));
    for (std::size_t n = 0; n < proof.nodes.size(); ++n) proof.nodes[n] = read_node(r, root, node_name(i, n));
  }
  if (r.left()) fail("malformed payload: " + std::to_string(r.left()) + " bytes after the last proof");
  return c;
}

void put_le(std::string& out, std::uint64_t v, int bytes) {
  for (int i = 0; i < bytes; ++i) out.push_back(char(v >> (8 * i)));
}

std::uint64_t get_le(const std::string& in, std::size_t at, int bytes) {
  std::uint64_t v = 0;
  for (int i = 0; i < bytes; ++i) v |= std::uint64_t(std::uint8_t(in[at + i])) << (8 * i);
  return v;
}

// Writes all of `data` to a fresh file beside `path`, then renames it into place.
void write_atomically(const std::filesystem::path& path, const std::string& data) {
  std::string temp = path.string() + ".tmp-XXXXXX";
  const int fd = mkstemp(temp.data());
  if (fd < 0) fail("cannot create a temporary file beside " + path.string() + ": " + std::strerror(errno));
  bool ok = true;
  for (std::size_t done = 0; ok && done < data.size();) {
    const ssize_t n = ::write(fd, data.data() + done, data.size() - done);
    if (n < 0 && errno == EINTR) continue;
    ok = n > 0;
    if (ok) done += std::size_t(n);
  }
  const int saved = errno;
  ok = ok && ::fsync(fd) == 0;
  ok = (::close(fd) == 0) && ok;
  if (ok && std::rename(temp.c_str(), path.c_str()) == 0) return;
  const std::string reason = std::strerror(errno ? errno : saved);
  std::remove(temp.c_str());
  fail("cannot write certificate " + path.string() + ": " + reason);
}

}  // namespace

void write_certificate(const Certificate& certificate, const std::filesystem::path& path) {
  const std::string payload = encode_payload(certificate);
  std::string compressed(ZSTD_compressBound(payload.size()), '\0');
  const std::size_t size =
      ZSTD_compress(compressed.data(), compressed.size(), payload.data(), payload.size(), COMPRESSION_LEVEL);
  if (ZSTD_isError(size)) fail(std::string("cannot compress the certificate: ") + ZSTD_getErrorName(size));
  compressed.resize(size);
  std::string file(MAGIC, sizeof MAGIC);
  put_le(file, FORMAT_VERSION, 4);
  put_le(file, compressed.size(), 8);
  file += compressed;
  put_le(file, XXH64(compressed.data(), compressed.size(), 0), 8);
  write_atomically(path, file);
}

bool is_certificate_file(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  char magic[sizeof MAGIC] = {};
  return in.read(magic, sizeof magic) && std::memcmp(magic, MAGIC, sizeof MAGIC) == 0;
}

Certificate read_certificate(const std::filesystem::path& path) {
  const std::string name = path.string();
  std::ifstream in(path, std::ios::binary);
  if (!in) fail(name + ": cannot open the file");
  const std::string file{std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
  if (in.bad()) fail(name + ": cannot read the file");
  try {
    if (file.size() < sizeof MAGIC || std::memcmp(file.data(), MAGIC, sizeof MAGIC) != 0)
      fail("not a hilltb certificate (wrong magic)");
    if (file.size() < HEADER_BYTES + TRAILER_BYTES) fail("truncated: too short for a certificate");
    const auto version = get_le(file, sizeof MAGIC, 4);
    if (version != FORMAT_VERSION)
      fail("format version " + std::to_string(version) + ", this hilltb reads version " +
           std::to_string(FORMAT_VERSION));
    const std::uint64_t size = get_le(file, sizeof MAGIC + 4, 8);
    const std::uint64_t present = file.size() - HEADER_BYTES - TRAILER_BYTES;
    if (size != present)
      fail("the header says " + std::to_string(size) + " payload bytes, the file holds " +
           std::to_string(present) + (size > present ? " (truncated?)" : ""));
    const char* compressed = file.data() + HEADER_BYTES;
    if (XXH64(compressed, size, 0) != get_le(file, HEADER_BYTES + size, 8))
      fail("checksum mismatch: the payload is damaged");
    if (ZSTD_findFrameCompressedSize(compressed, size) != size)
      fail("the payload is not one zstd frame");
    const unsigned long long content = ZSTD_getFrameContentSize(compressed, size);
    if (content == ZSTD_CONTENTSIZE_UNKNOWN || content == ZSTD_CONTENTSIZE_ERROR)
      fail("the payload's zstd frame does not give its size");
    if (content > size * MAX_EXPANSION + (1u << 20))
      fail("the payload claims " + std::to_string(content) + " bytes uncompressed: damaged");
    std::string payload(content, '\0');
    const std::size_t got = ZSTD_decompress(payload.data(), payload.size(), compressed, size);
    if (ZSTD_isError(got)) fail(std::string("cannot decompress the payload: ") + ZSTD_getErrorName(got));
    if (got != content) fail("the payload decompresses to fewer bytes than its frame says");
    return decode_payload(payload);
  } catch (const CertificateError& e) {
    throw CertificateError(name + ": " + e.what());
  }
}

}  // namespace hilltb
