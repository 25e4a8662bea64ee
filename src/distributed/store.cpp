// HashStore and what every store shares (store.h).
#include "distributed/store.h"

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
  int64_t v = delta;
  {
    std::lock_guard<std::mutex> g(mu_);
    auto it = data_.find(key);
    if (it != data_.end()) v += parse_counter(key, it->second);
    std::string s = std::to_string(v);
    data_[key] = Bytes(s.begin(), s.end());
  }
  cv_.notify_all();
  return v;
}

Bytes HashStore::compare_set(const std::string& key, const Bytes& expected, const Bytes& desired) {
  Bytes now;
  {
    std::lock_guard<std::mutex> g(mu_);
    auto it = data_.find(key);
    if (it == data_.end()) {
      if (!expected.empty()) return expected;  // as PyTorch: an absent key answers `expected`
      data_[key] = desired;
      now = desired;
    } else {
      if (it->second == expected) it->second = desired;
      now = it->second;
    }
  }
  cv_.notify_all();
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
  for (const auto& k : keys)
    if (!data_.count(k)) return false;
  return true;
}

void HashStore::wait(const std::vector<std::string>& keys, Millis timeout) {
  std::unique_lock<std::mutex> lk(mu_);
  auto all = [&] {
    for (const auto& k : keys)
      if (!data_.count(k)) return false;
    return true;
  };
  if (!cv_.wait_for(lk, timeout, all)) TS_ERROR(store_timeout_message(keys, timeout));
}

}  // namespace ts::distributed
