// TCPStore (torch.distributed.TCPStore): a store served by one process over TCP, and
// TCPStoreServer, the server alone, which a launcher that is not a rank can host. The protocol
// and the failure behaviour: src/distributed/README.md, Note [TCPStore protocol].
#pragma once

#include <cstdint>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include "distributed/store.h"

namespace ts::distributed {

// Listens on `host` (empty: every interface) at `port` (0: a free port, see port()) and answers
// every client from one thread that polls all connections, so a client blocked in get or wait
// never delays the others. Stops (closing every connection) when destroyed.
class TCPStoreServer {
 public:
  explicit TCPStoreServer(const std::string& host = "", int port = 0);
  ~TCPStoreServer();
  TCPStoreServer(const TCPStoreServer&) = delete;
  TCPStoreServer& operator=(const TCPStoreServer&) = delete;

  int port() const { return port_; }

 private:
  struct Loop;
  void run();

  int port_ = 0;
  int listen_fd_ = -1;
  int wake_fd_[2] = {-1, -1};  // a pipe: writing to it wakes the loop to stop
  std::unique_ptr<Loop> loop_;
  std::thread thread_;
};

// torch.distributed.TCPStore(host, port, world_size, is_master, timeout, wait_for_workers).
// The master also runs a TCPStoreServer on every interface at `port`. Every store connects as a
// client to host:port, retrying until `timeout` passes (the server may start later). With a
// world_size and wait_for_workers, each store adds 1 to the key "init/" once connected, and the
// master then waits (up to `timeout`) until world_size stores have done so, as PyTorch's does;
// "init/" is an ordinary key, so num_keys() counts it, as PyTorch's does.
class TCPStore : public Store {
 public:
  TCPStore(std::string host, int port, std::optional<int64_t> world_size = std::nullopt,
           bool is_master = false, Millis timeout = kDefaultStoreTimeout, bool wait_for_workers = true);
  ~TCPStore() override;

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

  const std::string& host() const { return host_; }
  int port() const { return port_; }

 private:
  struct Reply;
  void connect();
  void wait_for_workers(int64_t world_size);
  // Sends one request and reads its reply, waiting at most `reply_within` for it.
  Reply call(const std::vector<uint8_t>& request, Millis reply_within);
  // Closes the connection for good (every later call fails at once) and throws.
  [[noreturn]] void lost(const std::string& why);
  [[noreturn]] void malformed() const;

  std::string host_;
  int port_;
  std::unique_ptr<TCPStoreServer> server_;
  std::mutex mu_;  // one request at a time on the connection
  int fd_ = -1;
  std::string broken_;  // why the connection was lost; then every call fails at once
};

}  // namespace ts::distributed
