// HashStore and what every store shares (store.h).
#include "distributed/store.h"

#include <algorithm>

#include "util/error.h"

namespace ts::distributed {

std::string store_timeout_message(const std::vector<std::string>& keys, Millis timeout) {
  std::string names;
  for (const auto& k : keys) names += (names.empty() ? "'" : ", '") + k + "'";
  return "store: timed out after " + std::to_string(timeout.count()) + " ms waiting for key" +
         (keys.size() == 1 ? " " : "s ") + names;
}

namespace {
int64_t parse_counter(const std::string& key, const Bytes& b) {
  std::string s(b.begin(), b.end());
  try {
    size_t used = 0;
    int64_t v = std::stoll(s, &used);
    if (used == s.size()) return v;
  } catch (const std::exception&) {
  }
  TS_ERROR("store: add() on key '", key, "' whose value is not an integer");
}
}  // namespace

namespace store_map {

int64_t add(Map& data, const std::string& key, int64_t delta) {
  int64_t v = delta;
  auto it = data.find(key);
  if (it != data.end()) v += parse_counter(key, it->second);
  std::string s = std::to_string(v);
  data[key] = Bytes(s.begin(), s.end());
  return v;
}

Bytes compare_set(Map& data, const std::string& key, const Bytes& expected, const Bytes& desired,
                  bool& changed) {
  changed = false;
  auto it = data.find(key);
  if (it == data.end()) {
    if (!expected.empty()) return expected;  // as PyTorch: an absent key answers `expected`
    data[key] = desired;
    changed = true;
    return desired;
  }
  if (it->second == expected) {
    it->second = desired;
    changed = true;
  }
  return it->second;
}

bool has_all(const Map& data, const std::vector<std::string>& keys) {
  for (const auto& k : keys)
    if (!data.count(k)) return false;
  return true;
}

}  // namespace store_map

void HashStore::set(const std::string& key, const Bytes& value) {
  {
    std::lock_guard<std::mutex> g(mu_);
    data_[key] = value;
  }
  cv_.notify_all();
}

Bytes HashStore::get(const std::string& key) {
  wait({key});
  std::lock_guard<std::mutex> g(mu_);
  auto it = data_.find(key);
  TS_CHECK(it != data_.end(), "store: key '", key, "' was deleted while get() waited for it");
  return it->second;
}

int64_t HashStore::add(const std::string& key, int64_t delta) {
  int64_t v;
  {
    std::lock_guard<std::mutex> g(mu_);
    v = store_map::add(data_, key, delta);
  }
  cv_.notify_all();
  return v;
}

Bytes HashStore::compare_set(const std::string& key, const Bytes& expected, const Bytes& desired) {
  Bytes now;
  bool changed;
  {
    std::lock_guard<std::mutex> g(mu_);
    now = store_map::compare_set(data_, key, expected, desired, changed);
  }
  if (changed) cv_.notify_all();
  return now;
}

bool HashStore::delete_key(const std::string& key) {
  std::lock_guard<std::mutex> g(mu_);
  return data_.erase(key) > 0;
}

int64_t HashStore::num_keys() {
  std::lock_guard<std::mutex> g(mu_);
  return int64_t(data_.size());
}

bool HashStore::check(const std::vector<std::string>& keys) {
  std::lock_guard<std::mutex> g(mu_);
  return store_map::has_all(data_, keys);
}

void HashStore::wait(const std::vector<std::string>& keys, Millis timeout) {
  std::unique_lock<std::mutex> lk(mu_);
  if (!cv_.wait_for(lk, std::clamp(timeout, Millis(0), kMaxStoreWait), [&] { return store_map::has_all(data_, keys); })) TS_ERROR(store_timeout_message(keys, timeout));
}

}  // namespace ts::distributed
