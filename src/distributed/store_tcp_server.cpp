// TCPStoreServer (store_tcp.h): the poll loop that serves every client's requests; the wire
// format is Note [TCPStore protocol] in src/distributed/README.md (store_tcp_wire.h).
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
// The server

struct TCPStoreServer::Loop {
  struct Conn {
    std::vector<uint8_t> in;
    std::vector<uint8_t> out;
    bool waiting = false;  // a get or wait of this client is parked in `waiters`
    bool greeted = false;
    bool closing = false;
  };
  struct Waiter {
    int fd;
    Op op;
    std::vector<std::string> keys;
    Clock::time_point deadline;
  };
  store_map::Map data;
  std::map<int, Conn> conns;
  std::vector<Waiter> waiters;

  static void reply_status(Conn& c, Status s) {
    Writer w;
    w.u8(uint8_t(s));
    auto f = w.done();
    c.out.insert(c.out.end(), f.begin(), f.end());
  }
  static void reply(Conn& c, Writer& w) {
    auto f = w.done();
    c.out.insert(c.out.end(), f.begin(), f.end());
  }
  static void reply_error(Conn& c, const std::string& msg) {
    Writer w;
    w.u8(uint8_t(Status::Error));
    w.str(msg);
    reply(c, w);
  }

  void close_conn(int fd) {
    conns.erase(fd);
    std::erase_if(waiters, [&](const Waiter& w) { return w.fd == fd; });
    ::close(fd);
  }

  // Answers a parked waiter whose keys are all present; false if they are not yet.
  bool try_serve(Waiter& w) {
    if (!store_map::has_all(data, w.keys)) return false;
    Conn& c = conns.at(w.fd);
    Writer r;
    r.u8(uint8_t(Status::Ok));
    if (w.op == Op::Get) r.bytes(data.at(w.keys[0]));
    reply(c, r);
    c.waiting = false;
    return true;
  }

  // Handles one request; false when it is malformed (the connection is then dropped).
  bool handle(int fd, Conn& c, const uint8_t* p, size_t n) {
    Reader in{p, n};
    Op op = Op(in.u8());
    if (!c.greeted) {
      uint32_t magic = in.u32(), version = in.u32();
      if (op != Op::Hello || !in.finished() || magic != kMagic) return false;
      if (version != kVersion) {
        reply_error(c, "store: the TCPStore server speaks protocol version " + std::to_string(kVersion) +
                           ", the client " + std::to_string(version));
        c.closing = true;
        return true;
      }
      c.greeted = true;
      reply_status(c, Status::Ok);
      return true;
    }
    Writer r;
    r.u8(uint8_t(Status::Ok));
    switch (op) {
      case Op::Set: {
        std::string key = in.str();
        Bytes value = in.bytes();
        if (!in.finished()) return false;
        data[key] = std::move(value);
        break;
      }
      case Op::Get:
      case Op::Wait: {
        std::vector<std::string> keys;
        if (op == Op::Get) keys.push_back(in.str());
        else keys = in.strs();
        int64_t ms = std::clamp<int64_t>(in.i64(), 0, kMaxTimeoutMs);
        if (!in.finished()) return false;
        waiters.push_back({fd, op, std::move(keys), Clock::now() + Millis(ms)});
        c.waiting = true;
        if (try_serve(waiters.back())) waiters.pop_back();
        return true;
      }
      case Op::Add: {
        std::string key = in.str();
        int64_t delta = in.i64();
        if (!in.finished()) return false;
        try {
          r.i64(store_map::add(data, key, delta));
        } catch (const Error& e) {
          reply_error(c, e.message());
          return true;
        }
        break;
      }
      case Op::CompareSet: {
        std::string key = in.str();
        Bytes expected = in.bytes(), desired = in.bytes();
        if (!in.finished()) return false;
        bool changed;
        r.bytes(store_map::compare_set(data, key, expected, desired, changed));
        break;
      }
      case Op::Delete: {
        std::string key = in.str();
        if (!in.finished()) return false;
        r.u8(data.erase(key) > 0 ? 1 : 0);
        break;
      }
      case Op::NumKeys:
        if (!in.finished()) return false;
        r.i64(int64_t(data.size()));
        break;
      case Op::Check: {
        std::vector<std::string> keys = in.strs();
        if (!in.finished()) return false;
        r.u8(store_map::has_all(data, keys) ? 1 : 0);
        break;
      }
      default:
        return false;
    }
    reply(c, r);
    return true;
  }

  // Handles the complete frames buffered on a connection, stopping at a parked waiter.
  bool process(int fd) {
    Conn& c = conns.at(fd);
    size_t at = 0;
    bool ok = true;
    while (!c.waiting && !c.closing && c.in.size() - at >= 4) {
      uint32_t len = read_u32(c.in.data() + at);
      // Before the hello only a hello may come, so a stranger is turned away at once.
      if (len == 0 || len > kMaxFrame || (!c.greeted && len != kHelloSize)) {
        ok = false;
        break;
      }
      if (c.in.size() - at - 4 < len) break;
      if (!handle(fd, c, c.in.data() + at + 4, len)) {
        ok = false;
        break;
      }
      at += 4 + len;
    }
    c.in.erase(c.in.begin(), c.in.begin() + long(at));
    return ok;
  }

  // Sends what is buffered; false when the peer is gone.
  bool flush(int fd, Conn& c) {
    size_t sent = 0;
    while (sent < c.out.size()) {
      ssize_t k = ::send(fd, c.out.data() + sent, c.out.size() - sent, MSG_NOSIGNAL | MSG_DONTWAIT);
      if (k > 0) {
        sent += size_t(k);
      } else if (k < 0 && errno == EINTR) {
        continue;
      } else if (k < 0 && (errno == EAGAIN || errno == EWOULDBLOCK)) {
        break;
      } else {
        return false;
      }
    }
    c.out.erase(c.out.begin(), c.out.begin() + long(sent));
    return !(c.closing && c.out.empty());
  }

  // Answers the waiters whose keys appeared or whose deadline passed, then the requests their
  // clients had queued behind them (which may wake further waiters).
  void serve_waiters() {
    bool progress = true;
    while (progress) {
      progress = false;
      auto now = Clock::now();
      std::vector<int> resumed;
      for (size_t i = 0; i < waiters.size();) {
        Waiter& w = waiters[i];
        bool done = try_serve(w);
        if (!done && now >= w.deadline) {
          Conn& c = conns.at(w.fd);
          reply_status(c, Status::Timeout);
          c.waiting = false;
          done = true;
        }
        if (done) {
          resumed.push_back(w.fd);
          waiters.erase(waiters.begin() + long(i));
        } else {
          ++i;
        }
      }
      for (int fd : resumed) {
        if (!conns.count(fd)) continue;
        if (!process(fd)) close_conn(fd);
        else progress = true;
      }
      if (resumed.empty()) progress = false;
    }
  }

  int poll_timeout_ms() const {
    if (waiters.empty()) return -1;
    auto next = waiters.front().deadline;
    for (const auto& w : waiters) next = std::min(next, w.deadline);
    auto ms = std::chrono::ceil<Millis>(next - Clock::now()).count();
    return int(std::clamp<int64_t>(ms, 0, 60'000));
  }
};

TCPStoreServer::TCPStoreServer(const std::string& host, int port) : loop_(std::make_unique<Loop>()) {
  TS_CHECK_VALUE(port >= 0 && port <= 65535, "store: port must be in 0..65535, got ", port);
  std::string where = (host.empty() ? std::string("*") : host) + ":" + port_text(port);
  auto bind_fail = [&](int err) {
    if (err == EADDRINUSE) TS_ERROR("store: cannot listen on ", where, ": port ", port, " is already in use");
    TS_ERROR("store: cannot listen on ", where, " (", errno_text(err), ")");
  };
  auto try_bind = [&](int family, const sockaddr* addr, socklen_t len) -> int {
    int fd = ::socket(family, SOCK_STREAM | SOCK_CLOEXEC | SOCK_NONBLOCK, 0);
    if (fd < 0) return errno;
    int one = 1, zero = 0;
    setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, sizeof one);
    if (family == AF_INET6 && host.empty()) setsockopt(fd, IPPROTO_IPV6, IPV6_V6ONLY, &zero, sizeof zero);
    if (::bind(fd, addr, len) != 0 || ::listen(fd, 1024) != 0) {
      int err = errno;
      ::close(fd);
      return err;
    }
    listen_fd_ = fd;
    return 0;
  };
  int err = 0;
  if (host.empty()) {
    sockaddr_in6 a6{};
    a6.sin6_family = AF_INET6;
    a6.sin6_addr = in6addr_any;
    a6.sin6_port = htons(uint16_t(port));
    err = try_bind(AF_INET6, reinterpret_cast<sockaddr*>(&a6), sizeof a6);
    if (err != 0 && err != EADDRINUSE && err != EACCES) {  // no IPv6 here: IPv4 alone
      sockaddr_in a4{};
      a4.sin_family = AF_INET;
      a4.sin_addr.s_addr = htonl(INADDR_ANY);
      a4.sin_port = htons(uint16_t(port));
      err = try_bind(AF_INET, reinterpret_cast<sockaddr*>(&a4), sizeof a4);
    }
  } else {
    addrinfo hints{};
    hints.ai_family = AF_UNSPEC;
    hints.ai_socktype = SOCK_STREAM;
    hints.ai_flags = AI_PASSIVE;
    addrinfo* res = nullptr;
    int rc = ::getaddrinfo(host.c_str(), port_text(port).c_str(), &hints, &res);
    if (rc != 0) TS_ERROR("store: cannot resolve the host name '", host, "' (", gai_strerror(rc), ")");
    err = EADDRNOTAVAIL;
    for (addrinfo* ai = res; ai && listen_fd_ < 0; ai = ai->ai_next) err = try_bind(ai->ai_family, ai->ai_addr, ai->ai_addrlen);
    ::freeaddrinfo(res);
  }
  if (listen_fd_ < 0) bind_fail(err);
  sockaddr_storage bound{};
  socklen_t len = sizeof bound;
  ::getsockname(listen_fd_, reinterpret_cast<sockaddr*>(&bound), &len);
  port_ = ntohs(bound.ss_family == AF_INET6 ? reinterpret_cast<sockaddr_in6*>(&bound)->sin6_port
                                            : reinterpret_cast<sockaddr_in*>(&bound)->sin_port);
  if (::pipe2(wake_fd_, O_CLOEXEC | O_NONBLOCK) != 0) {
    int e = errno;
    ::close(listen_fd_);
    TS_ERROR("store: cannot start the TCPStore server (", errno_text(e), ")");
  }
  thread_ = std::thread([this] { run(); });
}

TCPStoreServer::~TCPStoreServer() {
  char b = 1;
  ssize_t k;
  do k = ::write(wake_fd_[1], &b, 1);
  while (k < 0 && errno == EINTR);
  if (thread_.joinable()) thread_.join();
  for (auto& [fd, c] : loop_->conns) ::close(fd);
  ::close(listen_fd_);
  ::close(wake_fd_[0]);
  ::close(wake_fd_[1]);
}

void TCPStoreServer::run() {
  Loop& L = *loop_;
  std::vector<pollfd> fds;
  std::vector<uint8_t> chunk(1 << 16);
  try {
    for (;;) {
      fds.clear();
      fds.push_back({wake_fd_[0], POLLIN, 0});
      fds.push_back({listen_fd_, POLLIN, 0});
      for (auto& [fd, c] : L.conns) fds.push_back({fd, short(POLLIN | (c.out.empty() ? 0 : POLLOUT)), 0});
      int rc = ::poll(fds.data(), fds.size(), L.poll_timeout_ms());
      if (rc < 0 && errno != EINTR) return;
      if (fds[0].revents) return;
      if (fds[1].revents & POLLIN) {
        for (;;) {
          int fd = ::accept4(listen_fd_, nullptr, nullptr, SOCK_CLOEXEC | SOCK_NONBLOCK);
          if (fd < 0) break;  // EAGAIN, or a connection that went away before it was taken
          set_nodelay(fd);
          L.conns[fd];
        }
      }
      for (size_t i = 2; i < fds.size(); ++i) {
        int fd = fds[i].fd;
        auto it = L.conns.find(fd);
        if (it == L.conns.end() || !fds[i].revents) continue;
        bool alive = true;
        if (fds[i].revents & (POLLIN | POLLHUP | POLLERR)) {
          for (;;) {
            ssize_t k = ::recv(fd, chunk.data(), chunk.size(), MSG_DONTWAIT);
            if (k > 0) {
              it->second.in.insert(it->second.in.end(), chunk.begin(), chunk.begin() + k);
            } else if (k < 0 && errno == EINTR) {
              continue;
            } else {
              if (k == 0 || (errno != EAGAIN && errno != EWOULDBLOCK)) alive = false;
              break;
            }
          }
          if (alive) alive = L.process(fd);
        }
        if (!alive) L.close_conn(fd);
      }
      L.serve_waiters();
      std::vector<int> gone;
      for (auto& [fd, c] : L.conns)
        if (!c.out.empty() && !L.flush(fd, c)) gone.push_back(fd);
      for (int fd : gone) L.close_conn(fd);
    }
  } catch (const std::exception&) {
    // Out of memory or the like: stop serving; the clients see their connections close.
  }
  for (auto& [fd, c] : L.conns) ::close(fd);
  L.conns.clear();
  L.waiters.clear();
}

}  // namespace ts::distributed
