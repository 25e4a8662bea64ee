// Key-value stores for rendezvous (src/distributed/README.md): the contract every store keeps,
// and HashStore, the in-process one. TCPStore (store_tcp.h), FileStore (store_file.h) and
// PrefixStore (store_prefix.h) implement the same interface, so process groups take any of them.
#pragma once

#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

namespace ts::distributed {

using Bytes = std::vector<uint8_t>;
using Millis = std::chrono::milliseconds;

// The default timeout of a store's blocking calls, as PyTorch's (300 s for stores; process
// groups default to 30 min in PyTorch, 10 min here, see process_group.h).
inline constexpr Millis kDefaultStoreTimeout{300'000};

// The longest wait a store honours (about three years): longer timeouts are clamped to it, so
// deadlines never overflow.
inline constexpr Millis kMaxStoreWait{100'000'000'000};

// Every blocking call (get, wait) waits at most the store's timeout and then throws ts::Error
// (RuntimeError) naming the keys it waited for; a dead peer never hangs a caller.
class Store {
 public:
  explicit Store(Millis timeout = kDefaultStoreTimeout) : timeout_(timeout) {}
  virtual ~Store() = default;
  Store(const Store&) = delete;
  Store& operator=(const Store&) = delete;

  virtual void set(const std::string& key, const Bytes& value) = 0;
  // Waits for the key (up to the timeout), then returns its value.
  virtual Bytes get(const std::string& key) = 0;
  // Adds `delta` to the integer stored at `key` (decimal text; absent counts as 0) and returns
  // the new value. Atomic across all clients.
  virtual int64_t add(const std::string& key, int64_t delta) = 0;
  // Sets `key` to `desired` if its value is `expected` (or if it is absent and `expected` is
  // empty); returns the value the key holds afterwards.
  virtual Bytes compare_set(const std::string& key, const Bytes& expected, const Bytes& desired) = 0;
  // True if the key existed.
  virtual bool delete_key(const std::string& key) = 0;
  virtual int64_t num_keys() = 0;
  // True if every key is present now (does not wait).
  virtual bool check(const std::vector<std::string>& keys) = 0;
  // Waits until every key is present, up to `timeout` (the store's own when not given).
  virtual void wait(const std::vector<std::string>& keys, Millis timeout) = 0;
  void wait(const std::vector<std::string>& keys) { wait(keys, timeout_); }

  Millis timeout() const { return timeout_; }
  void set_timeout(Millis t) { timeout_ = t; }

  // Convenience for text values.
  void set(const std::string& key, const std::string& value) { set(key, Bytes(value.begin(), value.end())); }
  std::string get_string(const std::string& key) {
    Bytes b = get(key);
    return std::string(b.begin(), b.end());
  }

 protected:
  Millis timeout_;
};

// An in-process store (torch.distributed.HashStore): threads of one process rendezvous through it.
class HashStore : public Store {
 public:
  explicit HashStore(Millis timeout = kDefaultStoreTimeout) : Store(timeout) {}
  void set(const std::string& key, const Bytes& value) override;
  Bytes get(const std::string& key) override;
  int64_t add(const std::string& key, int64_t delta) override;
  Bytes compare_set(const std::string& key, const Bytes& expected, const Bytes& desired) override;
  bool delete_key(const std::string& key) override;
  int64_t num_keys() override;
  bool check(const std::vector<std::string>& keys) override;
  void wait(const std::vector<std::string>& keys, Millis timeout) override;
  using Store::set;
  using Store::wait;

 private:
  std::mutex mu_;
  std::condition_variable cv_;
  std::map<std::string, Bytes> data_;
};

// The message of a store timeout, shared by every store so they read alike.
std::string store_timeout_message(const std::vector<std::string>& keys, Millis timeout);

// The operations of Note [Store semantics] on a plain map, written once for every store that
// keeps its keys in one (HashStore, the TCPStore server, FileStore's replayed log). Not
// synchronised: the caller holds its own lock.
namespace store_map {
using Map = std::map<std::string, Bytes>;
int64_t add(Map& data, const std::string& key, int64_t delta);
// Returns the value the key holds afterwards; `changed` tells whether the map was written.
Bytes compare_set(Map& data, const std::string& key, const Bytes& expected, const Bytes& desired,
                  bool& changed);
bool has_all(const Map& data, const std::vector<std::string>& keys);
}  // namespace store_map

}  // namespace ts::distributed
