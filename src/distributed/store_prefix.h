// PrefixStore (torch.distributed.PrefixStore): a view of another store in which every key is
// prefix + "/" + key, so several groups share one store without their keys meeting. num_keys()
// counts every key of the underlying store, as PyTorch's does.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "distributed/store.h"

namespace ts::distributed {

class PrefixStore : public Store {
 public:
  PrefixStore(std::string prefix, std::shared_ptr<Store> store);

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

  const std::shared_ptr<Store>& underlying() const { return store_; }

 private:
  std::string key(const std::string& k) const { return prefix_ + "/" + k; }
  std::vector<std::string> keys(const std::vector<std::string>& ks) const;

  std::string prefix_;
  std::shared_ptr<Store> store_;
};

}  // namespace ts::distributed
