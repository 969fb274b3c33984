#include "block_cache.h"

#include "formats/table_reader.h"

namespace hilltb {

namespace {
// The values and the bookkeeping of a cached block (list node, map entry, control block).
std::size_t block_bytes(const BlockCache::Block& b) { return b->bytes() + 128; }
}  // namespace

std::shared_ptr<const CachedBlock> CachedBlock::read(const TableReader& reader, std::uint32_t b) {
  auto block = std::make_shared<CachedBlock>();
  block->wide = reader.header().value_bytes != 1;
  if (block->wide) reader.read_block(b, block->wide_);
  else reader.read_block(b, block->narrow_);
  return block;
}

BlockCache::BlockCache(std::size_t capacity_bytes) : shard_capacity_(capacity_bytes / SHARDS) {}

BlockCache::Block BlockCache::find(std::uint64_t key) {
  Shard& s = shard(key);
  std::lock_guard lock(s.mutex);
  const auto it = s.where.find(key);
  if (it == s.where.end()) {
    ++s.misses;
    return nullptr;
  }
  ++s.hits;
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

template <typename Field>
std::uint64_t BlockCache::sum(Field field) const {
  std::uint64_t total = 0;
  for (Shard& s : shards_) {
    std::lock_guard lock(s.mutex);
    total += s.*field;
  }
  return total;
}

std::size_t BlockCache::bytes() const { return sum(&Shard::bytes); }
std::uint64_t BlockCache::hits() const { return sum(&Shard::hits); }
std::uint64_t BlockCache::misses() const { return sum(&Shard::misses); }

}  // namespace hilltb
