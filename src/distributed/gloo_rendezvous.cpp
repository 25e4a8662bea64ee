// The rendezvous pieces of ProcessGroupGloo (gloo_rendezvous.h).
#include "distributed/gloo_rendezvous.h"

#include <gloo/transport/tcp/device.h>
#include <netdb.h>
#include <sys/socket.h>
#include <unistd.h>

#include <cstdlib>

#include "distributed/gloo_work.h"
#include "util/error.h"

namespace ts::distributed::gloo_impl {

namespace {

// True if a listening socket can bind to an address `host` resolves to (it names this machine).
bool can_bind(const std::string& host) {
  addrinfo hints{};
  hints.ai_family = AF_UNSPEC;
  hints.ai_socktype = SOCK_STREAM;
  addrinfo* res = nullptr;
  if (getaddrinfo(host.c_str(), nullptr, &hints, &res) != 0) return false;
  bool ok = false;
  for (addrinfo* a = res; a && !ok; a = a->ai_next) {
    int fd = ::socket(a->ai_family, a->ai_socktype, a->ai_protocol);
    if (fd < 0) continue;
    ok = ::bind(fd, a->ai_addr, a->ai_addrlen) == 0;
    ::close(fd);
  }
  freeaddrinfo(res);
  return ok;
}

}  // namespace

std::shared_ptr<gloo::transport::Device> make_device(std::string& where) {
  gloo::transport::tcp::attr attr;
  if (const char* ifname = std::getenv("TS_GLOO_IFNAME"); ifname && *ifname) {
    attr.iface = ifname;
    where = util::str("interface ", ifname);
    try {
      return gloo::transport::tcp::CreateDevice(attr);
    } catch (...) {
      TS_ERROR("ProcessGroupGloo: cannot use network interface '", ifname, "' (from TS_GLOO_IFNAME): ",
               current_reason());
    }
  }
  std::vector<std::string> candidates;
  if (const char* master = std::getenv("MASTER_ADDR"); master && *master) candidates.emplace_back(master);
  char host[256] = {0};
  if (::gethostname(host, sizeof(host) - 1) == 0 && host[0]) candidates.emplace_back(host);
  candidates.emplace_back("127.0.0.1");
  for (const auto& c : candidates) {
    if (!can_bind(c)) continue;
    attr.hostname = c;
    where = c;
    try {
      return gloo::transport::tcp::CreateDevice(attr);
    } catch (...) {
      // The next candidate, loopback last.
    }
  }
  TS_ERROR("ProcessGroupGloo: found no address to listen on (tried MASTER_ADDR, the host name and 127.0.0.1)");
}

}  // namespace ts::distributed::gloo_impl
