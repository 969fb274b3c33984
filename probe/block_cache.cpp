#include "block_cache.h"

namespace hilltb {

namespace {
std::size_t block_bytes(const BlockCache::Block& b) { return b->size() * sizeof(std::uint16_t) + 64; }
}  // namespace

BlockCache::BlockCache(std::size_t capacity_bytes) : shard_capacity_(capacity_bytes / SHARDS) {}

BlockCache::Block BlockCache::find(std::uint64_t key) {
  Shard& s = shard(key);
  std::lock_guard lock(s.mutex);
  const auto it = s.where.find(key);
  if (it == s.where.end()) return nullptr;
  s.lru.splice(s.lru.begin(), s.lru, it->second);
  return it->second->second;
}

void BlockCache::insert(std::uint64_t key, Block block) {
  Shard& s = shard(key);
  std::lock_guard lock(s.mutex);
  if (s.where.count(key) || block_bytes(block) > shard_capacity_) return;  // another thread was first, or too big
  s.bytes += block_bytes(block);
  s.lru.emplace_front(key, std::move(block));
  s.where[key] = s.lru.begin();
  while (s.bytes > shard_capacity_) {
    s.bytes -= block_bytes(s.lru.back().second);
    s.where.erase(s.lru.back().first);
    s.lru.pop_back();
  }
}

std::size_t BlockCache::bytes() const {
  std::size_t total = 0;
  for (Shard& s : shards_) {
    std::lock_guard lock(s.mutex);
    total += s.bytes;
  }
  return total;
}

}  // namespace hilltb
