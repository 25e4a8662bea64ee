// The symbol table (Note [Symbols] in README.md): entries are never moved or removed, so a
// Symbol's text can be read without a lock; adding one takes a mutex.
#include "ir/symbol.h"

#include <atomic>
#include <memory>
#include <mutex>
#include <ostream>
#include <unordered_map>

#include "ir/scalar_eval.h"
#include "util/error.h"

namespace ts::ir {

namespace {

struct Entry {
  std::string text;
  bool aten = false;
  bool scalar = false;
};

// Entries live in chunks of 4096 that never move: a reader indexes them without a lock.
constexpr size_t kChunkBits = 12, kChunk = size_t(1) << kChunkBits, kMaxChunks = 4096;

class Table {
 public:
  Table() {
    add("");
#define TS_IR_ADD(id, text) add(text);
    TS_IR_KIND_SYMBOLS(TS_IR_ADD)
    TS_IR_ATTR_SYMBOLS(TS_IR_ADD)
#undef TS_IR_ADD
    TS_INTERNAL_ASSERT(size_ == detail::kFirstDynamicSymbol, "symbol table out of order");
  }

  uint32_t intern(std::string_view s) {
    std::lock_guard<std::mutex> lock(mu_);
    auto it = index_.find(s);
    if (it != index_.end()) return it->second;
    return add(s);
  }

  const Entry& at(uint32_t i) const { return chunks_[i >> kChunkBits].load(std::memory_order_acquire)[i & (kChunk - 1)]; }

 private:
  uint32_t add(std::string_view s) {
    size_t c = size_ >> kChunkBits;
    TS_CHECK(c < kMaxChunks, "too many distinct node kinds and attribute names");
    if (!chunks_[c].load(std::memory_order_relaxed)) {
      owned_[c] = std::make_unique<Entry[]>(kChunk);
      chunks_[c].store(owned_[c].get(), std::memory_order_release);
    }
    Entry& e = owned_[c][size_ & (kChunk - 1)];
    e.text = std::string(s);
    e.aten = s.starts_with("aten::");
    e.scalar = e.aten && is_scalar_kind(e.text);
    uint32_t i = uint32_t(size_++);
    index_.emplace(std::string_view(e.text), i);
    return i;
  }

  std::mutex mu_;
  std::unordered_map<std::string_view, uint32_t> index_;
  std::unique_ptr<Entry[]> owned_[kMaxChunks];
  std::atomic<Entry*> chunks_[kMaxChunks] = {};
  size_t size_ = 0;
};

Table& table() {
  static Table* t = new Table();  // never destroyed: symbols may be read during exit
  return *t;
}

}  // namespace

Symbol::Symbol(std::string_view s) : index_(s.empty() ? 0 : table().intern(s)) {}

const std::string& Symbol::str() const { return table().at(index_).text; }
bool Symbol::is_aten() const { return table().at(index_).aten; }
bool Symbol::is_scalar_kind() const { return table().at(index_).scalar; }

std::ostream& operator<<(std::ostream& os, Symbol s) { return os << s.str(); }

}  // namespace ts::ir
