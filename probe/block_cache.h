// A bounded cache of decompressed blocks shared by threads: sharded LRU lists, each
// behind its own mutex, holding blocks by shared pointer (a block in use by one thread
// stays valid while another evicts it). A block keeps its values at the width its file
// stores them: one byte each where every code of the table fits a byte, else two.
#pragma once

#include <cstdint>
#include <list>
#include <memory>
#include <mutex>
#include <unordered_map>
#include <vector>

namespace hilltb {

class TableReader;

// The value codes of one block, at the file's width.
class CachedBlock {
 public:
  std::uint16_t code(std::size_t i) const { return wide ? wide_[i] : narrow_[i]; }
  std::size_t bytes() const { return narrow_.size() + 2 * wide_.size(); }
  // Decompresses block b of the table; throws TableError for a damaged block.
  static std::shared_ptr<const CachedBlock> read(const TableReader& reader, std::uint32_t b);

 private:
  bool wide = false;
  std::vector<std::uint8_t> narrow_;
  std::vector<std::uint16_t> wide_;
};

class BlockCache {
 public:
  using Block = std::shared_ptr<const CachedBlock>;
  explicit BlockCache(std::size_t capacity_bytes);

  // The cached block for key, or null.
  Block find(std::uint64_t key);
  void insert(std::uint64_t key, Block block);
  std::size_t bytes() const;
  // Finds that found their block, and those that did not, since the cache was made.
  std::uint64_t hits() const;
  std::uint64_t misses() const;
  static Block read(const TableReader& reader, std::uint32_t b) { return CachedBlock::read(reader, b); }

 private:
  struct Shard {
    std::mutex mutex;
    std::list<std::pair<std::uint64_t, Block>> lru;  // most recent first
    std::unordered_map<std::uint64_t, decltype(lru)::iterator> where;
    std::size_t bytes = 0;
    std::uint64_t hits = 0, misses = 0;  // counted under the mutex the find holds anyway
  };
  template <typename Field>
  std::uint64_t sum(Field field) const;
  static constexpr int SHARDS = 16;
  Shard& shard(std::uint64_t key) { return shards_[(key * 0x9E3779B97F4A7C15ULL) >> 60]; }
  std::size_t shard_capacity_;
  mutable Shard shards_[SHARDS];
};

}  // namespace hilltb
