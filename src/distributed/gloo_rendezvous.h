// Internal to src/distributed, not a public header: what ProcessGroupGloo's rendezvous stands
// on, our Store as gloo's and the TCP device of this rank (README, Note [Process groups],
// Rendezvous and Addresses).
#pragma once

#include <gloo/rendezvous/store.h>
#include <gloo/transport/device.h>

#include <chrono>
#include <memory>
#include <string>
#include <vector>

#include "distributed/process_group.h"
#include "distributed/store.h"

namespace ts::distributed::gloo_impl {

// Our Store as gloo's, keys under the group's prefix.
class StoreAdapter : public gloo::rendezvous::Store {
 public:
  StoreAdapter(std::shared_ptr<distributed::Store> store, std::string prefix, Millis timeout)
      : store_(std::move(store)), prefix_(std::move(prefix)), timeout_(timeout) {}
  void set(const std::string& key, const std::vector<char>& data) override {
    store_->set(prefix_ + key, Bytes(data.begin(), data.end()));
  }
  std::vector<char> get(const std::string& key) override {
    store_->wait({prefix_ + key}, timeout_);
    Bytes b = store_->get(prefix_ + key);
    return std::vector<char>(b.begin(), b.end());
  }
  void wait(const std::vector<std::string>& keys) override { wait(keys, timeout_); }
  void wait(const std::vector<std::string>& keys, const std::chrono::milliseconds& timeout) override {
    std::vector<std::string> full;
    for (const auto& k : keys) full.push_back(prefix_ + k);
    store_->wait(full, timeout.count() > 0 ? timeout : timeout_);
  }

 private:
  std::shared_ptr<distributed::Store> store_;
  std::string prefix_;
  Millis timeout_;
};

// The TCP device of this rank (README, Note [Process groups], Addresses); `where` gets the
// interface or address it listens on.
std::shared_ptr<gloo::transport::Device> make_device(std::string& where);

}  // namespace ts::distributed::gloo_impl
