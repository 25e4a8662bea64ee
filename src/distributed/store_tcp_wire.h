// Internal to src/distributed, not a public header: the TCPStore wire format shared by the
// client (store_tcp.cpp) and the server (store_tcp_server.cpp); README.md, Note [TCPStore
// protocol].
#pragma once

#include <netinet/in.h>
#include <netinet/tcp.h>
#include <sys/socket.h>

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <string>
#include <vector>

#include "distributed/store.h"
#include "util/error.h"

namespace ts::distributed::tcp_wire {

inline constexpr uint32_t kMagic = 0x54535354;  // the first frame of every connection says who speaks
inline constexpr uint32_t kVersion = 1;
inline constexpr uint32_t kMaxFrame = 1u << 30;
inline constexpr uint32_t kHelloSize = 9;  // op, magic, version
// How much longer than a blocking call's own timeout a client waits for the server's answer
// before it counts the server as gone (the server answers a timed-out waiter itself).
inline constexpr Millis kReplyGrace{5000};
inline constexpr int64_t kMaxTimeoutMs = kMaxStoreWait.count();

enum class Op : uint8_t { Hello = 1, Set, Get, Add, CompareSet, Delete, NumKeys, Check, Wait };
enum class Status : uint8_t { Ok = 0, Timeout = 1, Error = 2 };

inline std::string errno_text(int err) { return std::strerror(err); }

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

inline uint32_t read_u32(const uint8_t* p) {
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

inline int64_t clamp_ms(Millis t) { return std::clamp<int64_t>(t.count(), 0, kMaxTimeoutMs); }
// How long a client waits for the answer to a call whose own timeout is `t`.
inline Millis answer_within(Millis t) { return Millis(clamp_ms(t)) + kReplyGrace; }

inline void set_nodelay(int fd) {
  int one = 1;
  setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
}

inline std::string port_text(int port) { return std::to_string(port); }

}  // namespace ts::distributed::tcp_wire
