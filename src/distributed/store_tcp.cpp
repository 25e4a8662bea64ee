// TCPStore (store_tcp.h): the client side; the server is store_tcp_server.cpp, the wire format
// Note [TCPStore protocol] in src/distributed/README.md (store_tcp_wire.h).
#include "distributed/store_tcp.h"

#include <fcntl.h>
#include <netdb.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <map>

#include "distributed/store_tcp_wire.h"
#include "util/error.h"

namespace ts::distributed {

using namespace tcp_wire;
using Clock = std::chrono::steady_clock;

// ---------------------------------------------------------------------------------------------
// The client

struct TCPStore::Reply {
  Status status;
  Bytes payload;
  Reader in() const { return Reader{payload.data() + 1, payload.size() - 1}; }
};

TCPStore::TCPStore(std::string host, int port, std::optional<int64_t> world_size, bool is_master, Millis timeout,
                   bool wait_for_workers)
    : Store(timeout), host_(std::move(host)), port_(port) {
  TS_CHECK_VALUE(port >= 0 && port <= 65535, "store: port must be in 0..65535, got ", port);
  TS_CHECK_VALUE(!world_size || *world_size >= 1, "store: world_size must be positive, got ", *world_size);
  TS_CHECK_VALUE(!host_.empty(), "store: TCPStore needs a host name");
  if (is_master) {
    server_ = std::make_unique<TCPStoreServer>("", port);
    port_ = server_->port();
  } else {
    TS_CHECK_VALUE(port != 0, "store: a TCPStore client needs the server's port (port 0 is for the master only)");
  }
  connect();
  if (world_size && wait_for_workers) this->wait_for_workers(*world_size);
}

TCPStore::~TCPStore() {
  if (fd_ >= 0) ::close(fd_);
}

void TCPStore::connect() {
  auto deadline = Clock::now() + Millis(clamp_ms(timeout_));
  std::string last = "no answer";
  Millis backoff{10};
  for (;;) {
    addrinfo hints{};
    hints.ai_family = AF_UNSPEC;
    hints.ai_socktype = SOCK_STREAM;
    addrinfo* res = nullptr;
    int rc = ::getaddrinfo(host_.c_str(), port_text(port_).c_str(), &hints, &res);
    if (rc == EAI_AGAIN) {
      last = gai_strerror(rc);
    } else if (rc != 0) {
      TS_ERROR("store: cannot resolve the host name '", host_, "' (", gai_strerror(rc), ")");
    } else {
      for (addrinfo* ai = res; ai && fd_ < 0; ai = ai->ai_next) {
        int fd = ::socket(ai->ai_family, SOCK_STREAM | SOCK_CLOEXEC | SOCK_NONBLOCK, 0);
        if (fd < 0) {
          last = errno_text(errno);
          continue;
        }
        int err = 0;
        if (::connect(fd, ai->ai_addr, ai->ai_addrlen) != 0) {
          err = errno;
          if (err == EINPROGRESS) {
            pollfd p{fd, POLLOUT, 0};
            auto left = std::chrono::ceil<Millis>(deadline - Clock::now()).count();
            int n = ::poll(&p, 1, int(std::clamp<int64_t>(left, 0, 60'000)));
            socklen_t len = sizeof err;
            if (n == 1) ::getsockopt(fd, SOL_SOCKET, SO_ERROR, &err, &len);
            else err = ETIMEDOUT;
          }
        }
        if (err == 0) {
          fd_ = fd;
        } else {
          last = errno_text(err);
          ::close(fd);
        }
      }
      ::freeaddrinfo(res);
    }
    if (fd_ >= 0) break;
    auto now = Clock::now();
    if (now >= deadline)
      TS_ERROR("store: could not connect to ", host_, ":", port_, " within ", timeout_.count(), " ms (", last, ")");
    std::this_thread::sleep_for(std::min<Clock::duration>(backoff, deadline - now));
    backoff = std::min(backoff * 2, Millis(200));
  }
  set_nodelay(fd_);
  Writer w;
  w.u8(uint8_t(Op::Hello));
  w.u32(kMagic);
  w.u32(kVersion);
  auto left = std::max(std::chrono::ceil<Millis>(deadline - Clock::now()), Millis(1000));
  Reply r = call(w.done(), left);  // an Error answer (another protocol version) throws there
  TS_CHECK(r.status == Status::Ok, "store: ", host_, ":", port_, " does not answer as a TCPStore server");
}

void TCPStore::wait_for_workers(int64_t world_size) {
  add("init/", 1);
  if (!server_) return;
  auto deadline = Clock::now() + Millis(clamp_ms(timeout_));
  for (;;) {
    int64_t joined = add("init/", 0);
    if (joined >= world_size) return;
    if (Clock::now() >= deadline)
      TS_ERROR("store: timed out after ", timeout_.count(), " ms waiting for ", world_size,
               " workers to join the TCPStore at ", host_, ":", port_, " (", joined, " joined)");
    std::this_thread::sleep_for(Millis(10));
  }
}

void TCPStore::lost(const std::string& why) {
  broken_ = why;
  ::close(fd_);
  fd_ = -1;
  TS_ERROR("store: lost connection to ", host_, ":", port_, " (", why, ")");
}

TCPStore::Reply TCPStore::call(const std::vector<uint8_t>& request, Millis reply_within) {
  std::lock_guard<std::mutex> g(mu_);
  if (!broken_.empty()) TS_ERROR("store: lost connection to ", host_, ":", port_, " (", broken_, ")");
  auto deadline = Clock::now() + reply_within;
  // Waits until the socket is ready for `events`, or the deadline passes.
  auto ready = [&](short events) {
    for (;;) {
      auto left = std::chrono::ceil<Millis>(deadline - Clock::now()).count();
      if (left <= 0) lost("no answer within " + std::to_string(reply_within.count()) + " ms");
      pollfd p{fd_, events, 0};
      int n = ::poll(&p, 1, int(std::min<int64_t>(left, 60'000)));
      if (n > 0) return;
      if (n < 0 && errno != EINTR) lost(errno_text(errno));
    }
  };
  size_t sent = 0;
  while (sent < request.size()) {
    ssize_t k = ::send(fd_, request.data() + sent, request.size() - sent, MSG_NOSIGNAL);
    if (k > 0) sent += size_t(k);
    else if (k < 0 && (errno == EAGAIN || errno == EWOULDBLOCK)) ready(POLLOUT);
    else if (k < 0 && errno != EINTR) lost(errno_text(errno));
  }
  auto read_exact = [&](uint8_t* p, size_t n) {
    size_t got = 0;
    while (got < n) {
      ssize_t k = ::recv(fd_, p + got, n - got, 0);
      if (k > 0) got += size_t(k);
      else if (k == 0) lost("the server closed the connection");
      else if (errno == EAGAIN || errno == EWOULDBLOCK) ready(POLLIN);
      else if (errno != EINTR) lost(errno_text(errno));
    }
  };
  uint8_t head[4];
  read_exact(head, 4);
  uint32_t len = read_u32(head);
  if (len == 0 || len > kMaxFrame) lost("a malformed answer");
  Reply r;
  r.payload.resize(len);
  read_exact(r.payload.data(), len);
  r.status = Status(r.payload[0]);
  if (r.status == Status::Error) TS_ERROR(r.in().str());
  if (r.status != Status::Ok && r.status != Status::Timeout) lost("a malformed answer");
  return r;
}

void TCPStore::malformed() const { TS_ERROR("store: ", host_, ":", port_, " sent a malformed answer"); }

void TCPStore::set(const std::string& key, const Bytes& value) {
  Writer w;
  w.u8(uint8_t(Op::Set));
  w.str(key);
  w.bytes(value);
  if (call(w.done(), answer_within(timeout_)).status != Status::Ok) malformed();
}

Bytes TCPStore::get(const std::string& key) {
  Writer w;
  w.u8(uint8_t(Op::Get));
  w.str(key);
  w.i64(clamp_ms(timeout_));
  Reply r = call(w.done(), answer_within(timeout_));
  if (r.status == Status::Timeout) TS_ERROR(store_timeout_message({key}, timeout_));
  Reader in = r.in();
  Bytes v = in.bytes();
  if (r.status != Status::Ok || !in.finished()) malformed();
  return v;
}

int64_t TCPStore::add(const std::string& key, int64_t delta) {
  Writer w;
  w.u8(uint8_t(Op::Add));
  w.str(key);
  w.i64(delta);
  Reply r = call(w.done(), answer_within(timeout_));
  Reader in = r.in();
  int64_t v = in.i64();
  if (r.status != Status::Ok || !in.finished()) malformed();
  return v;
}

Bytes TCPStore::compare_set(const std::string& key, const Bytes& expected, const Bytes& desired) {
  Writer w;
  w.u8(uint8_t(Op::CompareSet));
  w.str(key);
  w.bytes(expected);
  w.bytes(desired);
  Reply r = call(w.done(), answer_within(timeout_));
  Reader in = r.in();
  Bytes v = in.bytes();
  if (r.status != Status::Ok || !in.finished()) malformed();
  return v;
}

bool TCPStore::delete_key(const std::string& key) {
  Writer w;
  w.u8(uint8_t(Op::Delete));
  w.str(key);
  Reply r = call(w.done(), answer_within(timeout_));
  Reader in = r.in();
  bool v = in.u8() != 0;
  if (r.status != Status::Ok || !in.finished()) malformed();
  return v;
}

int64_t TCPStore::num_keys() {
  Writer w;
  w.u8(uint8_t(Op::NumKeys));
  Reply r = call(w.done(), answer_within(timeout_));
  Reader in = r.in();
  int64_t v = in.i64();
  if (r.status != Status::Ok || !in.finished()) malformed();
  return v;
}

bool TCPStore::check(const std::vector<std::string>& keys) {
  Writer w;
  w.u8(uint8_t(Op::Check));
  w.strs(keys);
  Reply r = call(w.done(), answer_within(timeout_));
  Reader in = r.in();
  bool v = in.u8() != 0;
  if (r.status != Status::Ok || !in.finished()) malformed();
  return v;
}

void TCPStore::wait(const std::vector<std::string>& keys, Millis timeout) {
  Writer w;
  w.u8(uint8_t(Op::Wait));
  w.strs(keys);
  w.i64(clamp_ms(timeout));
  Reply r = call(w.done(), answer_within(timeout));
  if (r.status == Status::Timeout) TS_ERROR(store_timeout_message(keys, timeout));
}

}  // namespace ts::distributed
