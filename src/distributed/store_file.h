// FileStore (torch.distributed.FileStore): processes sharing one file rendezvous through it.
// The file is an append-only log of sets and deletes, locked with flock around every access and
// replayed to answer it; get and wait poll it until the store's timeout. Each store adds 1 to the
// key "cleanup/" when destroyed, and the one that brings it to num_workers removes the file, as
// PyTorch's does ("cleanup/" is an ordinary key, so num_keys() then counts it, as PyTorch's does).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "distributed/store.h"

namespace ts::distributed {

class FileStore : public Store {
 public:
  // Creates the file if it is missing; its directory must exist.
  FileStore(std::string path, int64_t num_workers, Millis timeout = kDefaultStoreTimeout);
  ~FileStore() override;

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

  const std::string& path() const { return path_; }

 private:
  class Locked;

  std::string path_;
  int64_t num_workers_;
};

}  // namespace ts::distributed
