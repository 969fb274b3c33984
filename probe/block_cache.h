// A bounded cache of decompressed blocks shared by threads: sharded LRU lists, each
// behind its own mutex, holding blocks by shared pointer (a block in use by one thread
// stays valid while another evicts it).
#pragma once

#include <cstdint>
#include <list>
#include <memory>
#include <mutex>
#include <unordered_map>
#include <vector>

namespace hilltb {

class BlockCache {
 public:
  using Block = std::shared_ptr<const std::vector<std::uint16_t>>;
  explicit BlockCache(std::size_t capacity_bytes);

  // The cached block for key, or null.
  Block find(std::uint64_t key);
  void insert(std::uint64_t key, Block block);
  std::size_t bytes() const;

 private:
  struct Shard {
    std::mutex mutex;
    std::list<std::pair<std::uint64_t, Block>> lru;  // most recent first
    std::unordered_map<std::uint64_t, decltype(lru)::iterator> where;
    std::size_t bytes = 0;
  };
  static constexpr int SHARDS = 16;
  Shard& shard(std::uint64_t key) { return shards_[(key * 0x9E3779B97F4A7C15ULL) >> 60]; }
  std::size_t shard_capacity_;
  mutable Shard shards_[SHARDS];
};

}  // namespace hilltb
