// TCPStore and TCPStoreServer (store_tcp.h); the wire format is Note [TCPStore protocol] in
// src/distributed/README.md.
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

#include "util/error.h"

namespace ts::distributed {

namespace {

using Clock = std::chrono::steady_clock;

constexpr uint32_t kMagic = 0x54535354;  // the first frame of every connection says who speaks
constexpr uint32_t kVersion = 1;
constexpr uint32_t kMaxFrame = 1u << 30;
constexpr uint32_t kHelloSize = 9;  // op, magic, version
// How much longer than a blocking call's own timeout a client waits for the server's answer
// before it counts the server as gone (the server answers a timed-out waiter itself).
constexpr Millis kReplyGrace{5000};
constexpr int64_t kMaxTimeoutMs = kMaxStoreWait.count();

enum class Op : uint8_t { Hello = 1, Set, Get, Add, CompareSet, Delete, NumKeys, Check, Wait };
enum class Status : uint8_t { Ok = 0, Timeout = 1, Error = 2 };

std::string errno_text(int err) { return std::strerror(err); }

// A frame under construction: a 4-byte little-endian length, then the payload.
struct Writer {
  std::vector<uint8_t> buf = std::vector<uint8_t>(4);
  void u8(uint8_t v) { buf.push_back(v); }
  void u32(uint32_t v) {
    for (int i = 0; i < 4; ++i) buf.push_back(uint8_t(v >> (8 * i)));
  }
  void i64(int64_t v) {
    for (int i = 0; i < 8; ++i) buf.push_back(uint8_t(uint64_t(v) >> (8 * i)));
  }
  void bytes(const uint8_t* p, size_t n) {
    TS_CHECK(n < kMaxFrame, "store: a value of ", n, " bytes exceeds the TCPStore limit of ", kMaxFrame, " bytes");
    u32(uint32_t(n));
    buf.insert(buf.end(), p, p + n);
  }
  void bytes(const Bytes& b) { bytes(b.data(), b.size()); }
  void str(const std::string& s) { bytes(reinterpret_cast<const uint8_t*>(s.data()), s.size()); }
  void strs(const std::vector<std::string>& v) {
    u32(uint32_t(v.size()));
    for (const auto& s : v) str(s);
  }
  std::vector<uint8_t> done() {
    size_t n = buf.size() - 4;
    TS_CHECK(n <= kMaxFrame, "store: a request of ", n, " bytes exceeds the TCPStore limit of ", kMaxFrame, " bytes");
    for (int i = 0; i < 4; ++i) buf[size_t(i)] = uint8_t(n >> (8 * i));
    return std::move(buf);
  }
};

uint32_t read_u32(const uint8_t* p) {
  return uint32_t(p[0]) | uint32_t(p[1]) << 8 | uint32_t(p[2]) << 16 | uint32_t(p[3]) << 24;
}

// Reads a payload; a short one clears `ok` and yields zeros, so the caller checks once at the end.
struct Reader {
  const uint8_t* p;
  size_t n;
  size_t at = 0;
  bool ok = true;
  bool need(size_t k) {
    if (!ok || n - at < k) ok = false;
    return ok;
  }
  uint8_t u8() { return need(1) ? p[at++] : 0; }
  uint32_t u32() {
    if (!need(4)) return 0;
    at += 4;
    return read_u32(p + at - 4);
  }
  int64_t i64() {
    if (!need(8)) return 0;
    uint64_t v = 0;
    for (int i = 0; i < 8; ++i) v |= uint64_t(p[at + size_t(i)]) << (8 * i);
    at += 8;
    return int64_t(v);
  }
  Bytes bytes() {
    uint32_t len = u32();
    if (!need(len)) return {};
    at += len;
    return Bytes(p + at - len, p + at);
  }
  std::string str() {
    Bytes b = bytes();
    return std::string(b.begin(), b.end());
  }
  std::vector<std::string> strs() {
    uint32_t k = u32();
    std::vector<std::string> v;
    for (uint32_t i = 0; i < k && ok; ++i) v.push_back(str());
    return v;
  }
  bool finished() const { return ok && at == n; }
};

int64_t clamp_ms(Millis t) { return std::clamp<int64_t>(t.count(), 0, kMaxTimeoutMs); }
// How long a client waits for the answer to a call whose own timeout is `t`.
Millis answer_within(Millis t) { return Millis(clamp_ms(t)) + kReplyGrace; }

void set_nodelay(int fd) {
  int one = 1;
  setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
}

std::string port_text(int port) { return std::to_string(port); }

}  // namespace

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
