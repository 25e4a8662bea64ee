// PrefixStore (store_prefix.h).
#include "distributed/store_prefix.h"

#include "util/error.h"

namespace ts::distributed {

PrefixStore::PrefixStore(std::string prefix, std::shared_ptr<Store> store)
    : Store(store ? store->timeout() : kDefaultStoreTimeout), prefix_(std::move(prefix)), store_(std::move(store)) {
  TS_CHECK_VALUE(store_ != nullptr, "store: PrefixStore needs an underlying store");
}

std::vector<std::string> PrefixStore::keys(const std::vector<std::string>& ks) const {
  std::vector<std::string> out;
  out.reserve(ks.size());
  for (const auto& k : ks) out.push_back(key(k));
  return out;
}

void PrefixStore::set(const std::string& k, const Bytes& value) { store_->set(key(k), value); }

// Waits with this store's own timeout, then reads the value.
Bytes PrefixStore::get(const std::string& k) {
  store_->wait({key(k)}, timeout_);
  return store_->get(key(k));
}

int64_t PrefixStore::add(const std::string& k, int64_t delta) { return store_->add(key(k), delta); }

Bytes PrefixStore::compare_set(const std::string& k, const Bytes& expected, const Bytes& desired) {
  return store_->compare_set(key(k), expected, desired);
}

bool PrefixStore::delete_key(const std::string& k) { return store_->delete_key(key(k)); }

int64_t PrefixStore::num_keys() { return store_->num_keys(); }

bool PrefixStore::check(const std::vector<std::string>& ks) { return store_->check(keys(ks)); }

void PrefixStore::wait(const std::vector<std::string>& ks, Millis timeout) { store_->wait(keys(ks), timeout); }

}  // namespace ts::distributed
