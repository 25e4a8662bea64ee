// src/distributed's stores (store.h, store_tcp.h, store_file.h, store_prefix.h): every operation
// of each store, with the answers PyTorch 1.13's stores give (torch.distributed.HashStore,
// FileStore, TCPStore, PrefixStore, run on the same calls); several processes (fork) adding to
// one TCPStore server or one file; and the failures: timeouts, a server that dies while a client
// waits, a closed port, a port in use, a host name that does not resolve. Loopback only.
#include <doctest/doctest.h>
#include <signal.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <functional>
#include <memory>
#include <string>
#include <thread>

#include "distributed/store.h"
#include "distributed/store_file.h"
#include "distributed/store_prefix.h"
#include "distributed/store_tcp.h"
#include "test_util.h"

using namespace ts;
using namespace ts::distributed;
using ts::test::error_of;

namespace {

using Clock = std::chrono::steady_clock;

Bytes B(const std::string& s) { return Bytes(s.begin(), s.end()); }
std::string S(const Bytes& b) { return std::string(b.begin(), b.end()); }
double seconds_since(Clock::time_point t) { return std::chrono::duration<double>(Clock::now() - t).count(); }

// Runs `body` in a forked child, which exits 0 when it returns true (and never returns here).
pid_t spawn(const std::function<bool()>& body) {
  std::fflush(nullptr);  // so nothing buffered is written twice
  pid_t pid = ::fork();
  REQUIRE(pid >= 0);
  if (pid == 0) {
    int rc = 3;
    try {
      rc = body() ? 0 : 2;
    } catch (...) {
    }
    ::_exit(rc);
  }
  return pid;
}
int exit_code(pid_t pid) {
  int st = 0;
  ::waitpid(pid, &st, 0);
  return WIFEXITED(st) ? WEXITSTATUS(st) : 128 + WTERMSIG(st);
}

// A fresh directory under the temporary directory, removed with its files at the end.
struct TempDir {
  std::string path;
  TempDir() {
    std::string tmpl = (std::getenv("TMPDIR") ? std::getenv("TMPDIR") : "/tmp") + std::string("/ts_store_XXXXXX");
    REQUIRE(::mkdtemp(tmpl.data()) != nullptr);
    path = tmpl;
  }
  ~TempDir() { std::system(("rm -rf '" + path + "'").c_str()); }
};

// A port nothing listens on (the kernel hands out a free one, which is then closed again).
int closed_port() { return TCPStoreServer("127.0.0.1", 0).port(); }

// The calls of one script run on PyTorch 1.13's four stores; `base` is num_keys() before them
// (1 for a TCPStore with a world_size: its "init/" key); messages name keys as the store that
// holds them does (`shown` + key: a PrefixStore's underlying store holds "pre/key").
void check_semantics(Store& s, int64_t base, const std::string& shown = "") {
  CHECK(s.num_keys() == base);
  // compare_set on an absent key with a non-empty `expected` answers `expected`, sets nothing.
  CHECK(S(s.compare_set("cs1", B("x"), B("y"))) == "x");
  CHECK(s.num_keys() == base);
  CHECK_FALSE(s.check({"cs1"}));
  // ... with an empty `expected` it sets `desired`.
  CHECK(S(s.compare_set("cs2", B(""), B("y"))) == "y");
  CHECK(S(s.compare_set("cs2", B("y"), B("z"))) == "z");  // matching: swapped
  CHECK(S(s.compare_set("cs2", B("q"), B("w"))) == "z");  // not matching: the current value
  // add on a missing key starts from 0.
  CHECK(s.add("cnt", 5) == 5);
  CHECK(s.add("cnt", -2) == 3);
  CHECK(s.get_string("cnt") == "3");
  s.set("k", "v");
  CHECK(s.num_keys() == base + 3);
  CHECK(s.delete_key("k") == true);
  // PyTorch's FileStore answers True here as well (it never looks); every store of ours keeps
  // the contract of store.h, "true if the key existed", as PyTorch's other stores do.
  CHECK(s.delete_key("k") == false);
  CHECK(s.num_keys() == base + 2);
  s.set("t", "abc");
  CHECK(error_of([&] { s.add("t", 1); }) ==
        "store: add() on key '" + shown + "t' whose value is not an integer");
  CHECK(s.get_string("t") == "abc");  // the store is still usable afterwards
  s.set_timeout(Millis(100));
  auto t0 = Clock::now();
  CHECK(error_of([&] { s.get("nope"); }) ==
        "store: timed out after 100 ms waiting for key '" + shown + "nope'");
  CHECK(seconds_since(t0) >= 0.09);
  CHECK(error_of([&] { s.wait({"cnt", "nope", "nope2"}, Millis(50)); }) ==
        "store: timed out after 50 ms waiting for keys '" + shown + "cnt', '" + shown + "nope', '" + shown + "nope2'");
  s.wait({"cnt", "t"}, Millis(50));
  CHECK(s.check({"cnt", "t"}));
  CHECK_FALSE(s.check({"t", "nope"}));
  s.set("empty", "");
  CHECK(s.get_string("empty").empty());
  CHECK(s.num_keys() == base + 4);
  Bytes binary{0, 255, 10, 0};
  s.set("bin", binary);
  CHECK(s.get("bin") == binary);
  // A timeout longer than any deadline (timedelta.max in a script) is clamped, not overflowed.
  s.set_timeout(Millis::max());
  CHECK(s.get("bin") == binary);
  s.wait({"bin"}, Millis::max());
}

}  // namespace

TEST_CASE("store: HashStore answers as PyTorch's") {
  HashStore s;
  check_semantics(s, 0);
}

TEST_CASE("store: FileStore answers as PyTorch's") {
  TempDir d;
  FileStore s(d.path + "/store", 1);
  check_semantics(s, 0);
}

TEST_CASE("store: TCPStore answers as PyTorch's, and counts its init/ key") {
  TCPStore s("127.0.0.1", 0, 1, true, Millis(5000));
  CHECK(s.port() > 0);
  // PyTorch 1.13: a master with world_size 1 has num_keys() 1 ("init/", which holds "1").
  CHECK(s.get_string("init/") == "1");
  check_semantics(s, 1);
  // Without a world_size nothing is added: num_keys() 0, as PyTorch's.
  TCPStore bare("127.0.0.1", 0, std::nullopt, true, Millis(5000));
  CHECK(bare.num_keys() == 0);
}

TEST_CASE("store: PrefixStore names keys prefix/key, as PyTorch's") {
  auto h = std::make_shared<HashStore>();
  PrefixStore p("pre", h);
  check_semantics(p, 0, "pre/");
  // PyTorch 1.13: after p.set("a", "1") the underlying store holds "pre/a"; num_keys() of both
  // counts every key of the underlying store.
  auto h2 = std::make_shared<HashStore>();
  auto p2 = std::make_shared<PrefixStore>("pre", h2);
  p2->set("a", "1");
  CHECK(h2->get_string("pre/a") == "1");
  CHECK(h2->num_keys() == 1);
  CHECK(p2->num_keys() == 1);
  h2->set("other", "x");
  CHECK(p2->num_keys() == 2);
  PrefixStore nested("x", p2);
  nested.set("b", "2");
  CHECK(h2->get_string("pre/x/b") == "2");
  CHECK(nested.add("c", 2) == 2);
  CHECK(h2->get_string("pre/x/c") == "2");
  PrefixStore empty("", h2);
  empty.set("q", "1");
  CHECK(h2->get_string("/q") == "1");
  // A timeout names the keys as the underlying store holds them.
  CHECK(error_of([&] { p2->wait({"zz"}, Millis(20)); }) == "store: timed out after 20 ms waiting for key 'pre/zz'");
  CHECK(error_of([] { PrefixStore("p", nullptr); }) == "store: PrefixStore needs an underlying store");
}

TEST_CASE("store: TCPStore clients of a TCPStoreServer; a blocked get does not hold up the others") {
  TCPStoreServer server("127.0.0.1", 0);
  REQUIRE(server.port() > 0);
  TCPStore a("127.0.0.1", server.port(), std::nullopt, false, Millis(5000));
  TCPStore b("127.0.0.1", server.port(), std::nullopt, false, Millis(5000));
  std::string got;
  std::thread waiter([&] { got = a.get_string("late"); });
  std::this_thread::sleep_for(Millis(50));
  b.set("x", "1");  // served while a waits
  CHECK(b.get_string("x") == "1");
  CHECK(b.num_keys() == 1);
  b.set("late", "here");
  waiter.join();
  CHECK(got == "here");
  // wait() answers as soon as the last key appears.
  std::thread setter([&] {
    std::this_thread::sleep_for(Millis(50));
    b.set("w2", "");
  });
  b.set("w1", "");
  auto t0 = Clock::now();
  a.wait({"w1", "w2"}, Millis(5000));
  CHECK(seconds_since(t0) < 2.0);
  setter.join();
}

TEST_CASE("store: the TCPStore server answers each waiter at its own deadline") {
  TCPStoreServer server("127.0.0.1", 0);
  std::vector<std::unique_ptr<TCPStore>> clients;
  for (int i = 0; i < 4; ++i)
    clients.push_back(std::make_unique<TCPStore>("127.0.0.1", server.port(), std::nullopt, false, Millis(5000)));
  std::string msgs[3];
  double took[3] = {0, 0, 0};
  std::vector<std::thread> ts;
  auto t0 = Clock::now();
  for (int i = 0; i < 3; ++i)
    ts.emplace_back([&, i] {
      msgs[i] = error_of([&] { clients[size_t(i)]->wait({"k" + std::to_string(i)}, Millis(100 * (3 - i))); });
      took[i] = seconds_since(t0);
    });
  std::this_thread::sleep_for(Millis(30));
  clients[3]->set("k0", "");  // client 0's key appears before its deadline; the other two time out
  for (auto& t : ts) t.join();
  CHECK(msgs[0] == "<no error>");
  CHECK(took[0] < 0.25);
  CHECK(msgs[1] == "store: timed out after 200 ms waiting for key 'k1'");
  CHECK(msgs[2] == "store: timed out after 100 ms waiting for key 'k2'");
  CHECK(took[2] >= 0.09);
  CHECK(took[1] >= 0.19);
  CHECK(took[2] < took[1]);
  // The connections stay in step after a timeout.
  CHECK(clients[1]->add("n", 2) == 2);
  CHECK(clients[2]->add("n", 3) == 5);
}

TEST_CASE("store: threads share one TCPStore client") {
  TCPStore s("127.0.0.1", 0, std::nullopt, true, Millis(5000));
  std::vector<std::thread> ts;
  for (int i = 0; i < 4; ++i)
    ts.emplace_back([&] {
      for (int k = 0; k < 50; ++k) s.add("n", 1);
    });
  for (auto& t : ts) t.join();
  CHECK(s.add("n", 0) == 200);
}

TEST_CASE("store: the TCPStore server drops a connection that does not speak its protocol") {
  TCPStoreServer server("127.0.0.1", 0);
  int fd = ::socket(AF_INET, SOCK_STREAM, 0);
  REQUIRE(fd >= 0);
  sockaddr_in a{};
  a.sin_family = AF_INET;
  a.sin_port = htons(uint16_t(server.port()));
  a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  REQUIRE(::connect(fd, reinterpret_cast<sockaddr*>(&a), sizeof a) == 0);
  std::string junk = "GET / HTTP/1.0\r\n\r\n";
  REQUIRE(::send(fd, junk.data(), junk.size(), MSG_NOSIGNAL) == ssize_t(junk.size()));
  char c;
  CHECK(::recv(fd, &c, 1, 0) == 0);  // closed without an answer
  ::close(fd);
  TCPStore ok("127.0.0.1", server.port(), std::nullopt, false, Millis(5000));
  ok.set("k", "v");
  CHECK(ok.get_string("k") == "v");
}

TEST_CASE("store: a TCPStore client gives up on a listener that never answers its hello") {
  int fd = ::socket(AF_INET, SOCK_STREAM, 0);
  REQUIRE(fd >= 0);
  sockaddr_in a{};
  a.sin_family = AF_INET;
  a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  REQUIRE(::bind(fd, reinterpret_cast<sockaddr*>(&a), sizeof a) == 0);
  REQUIRE(::listen(fd, 4) == 0);  // the kernel completes connections; nobody answers them
  socklen_t len = sizeof a;
  ::getsockname(fd, reinterpret_cast<sockaddr*>(&a), &len);
  int port = ntohs(a.sin_port);
  auto t0 = Clock::now();
  // The hello gets the rest of the timeout, and at least a second.
  CHECK(error_of([&] { TCPStore("127.0.0.1", port, std::nullopt, false, Millis(200)); }) ==
        "store: lost connection to 127.0.0.1:" + std::to_string(port) + " (no answer within 1000 ms)");
  CHECK(seconds_since(t0) < 3.0);
  ::close(fd);
}

TEST_CASE("store: processes add to one TCPStore server at once") {
  TCPStoreServer server("127.0.0.1", 0);
  int port = server.port();
  std::vector<pid_t> kids;
  for (int i = 0; i < 4; ++i)
    kids.push_back(spawn([port, i] {
      TCPStore c("127.0.0.1", port, std::nullopt, false, Millis(5000));
      for (int k = 0; k < 25; ++k) c.add("n", 1);
      c.set("done/" + std::to_string(i), "1");
      return true;
    }));
  for (pid_t k : kids) CHECK(exit_code(k) == 0);
  TCPStore c("127.0.0.1", port, std::nullopt, false, Millis(5000));
  CHECK(c.add("n", 0) == 100);
  CHECK(c.check({"done/0", "done/1", "done/2", "done/3"}));
}

TEST_CASE("store: a master with wait_for_workers waits for world_size stores") {
  int port = closed_port();
  std::vector<pid_t> kids;
  for (int i = 0; i < 2; ++i)
    kids.push_back(spawn([port] {
      // Connects with retries: the master may not listen yet.
      TCPStore c("127.0.0.1", port, 3, false, Millis(5000));
      c.wait({"go"});
      return true;
    }));
  TCPStore master("127.0.0.1", port, 3, true, Millis(5000));
  CHECK(master.get_string("init/") == "3");
  CHECK(master.num_keys() == 1);
  master.set("go", "");
  for (pid_t k : kids) CHECK(exit_code(k) == 0);

  // Nobody else joins: the master gives up after its timeout.
  std::string msg;
  int lone_port = 0;
  auto t0 = Clock::now();
  msg = error_of([&] {
    TCPStore lone("127.0.0.1", 0, 2, true, Millis(300));
    lone_port = lone.port();
  });
  CHECK(msg.find("store: timed out after 300 ms waiting for 2 workers to join the TCPStore at 127.0.0.1:") == 0);
  CHECK(msg.find("(1 joined)") != std::string::npos);
  CHECK(seconds_since(t0) < 3.0);
}

TEST_CASE("store: a client waiting in get learns at once that the server died") {
  int fds[2];
  REQUIRE(::pipe(fds) == 0);
  pid_t server_pid = spawn([&] {
    TCPStoreServer server("127.0.0.1", 0);
    int port = server.port();
    if (::write(fds[1], &port, sizeof port) != sizeof port) return false;
    for (;;) ::pause();
  });
  int port = 0;
  REQUIRE(::read(fds[0], &port, sizeof port) == sizeof port);
  ::close(fds[0]);
  ::close(fds[1]);
  TCPStore c("127.0.0.1", port, std::nullopt, false, Millis(30000));
  c.set("a", "1");
  std::thread killer([&] {
    std::this_thread::sleep_for(Millis(200));
    ::kill(server_pid, SIGKILL);
  });
  auto t0 = Clock::now();
  std::string msg = error_of([&] { c.get("never"); });
  double took = seconds_since(t0);
  killer.join();
  CHECK(exit_code(server_pid) == 128 + SIGKILL);
  std::string lost = "store: lost connection to 127.0.0.1:" + std::to_string(port);
  // (A reset instead of an orderly close, were the request still unread, reads alike.)
  CHECK((msg == lost + " (the server closed the connection)" || msg == lost + " (Connection reset by peer)"));
  CHECK(took < 2.0);
  // Every later call fails at once with the same reason.
  CHECK(error_of([&] { c.set("b", "2"); }) == msg);
}

TEST_CASE("store: a TCPStoreServer that stops closes its clients' connections") {
  auto server = std::make_unique<TCPStoreServer>("127.0.0.1", 0);
  int port = server->port();
  TCPStore c("127.0.0.1", port, std::nullopt, false, Millis(30000));
  std::thread stopper([&] {
    std::this_thread::sleep_for(Millis(100));
    server.reset();
  });
  auto t0 = Clock::now();
  std::string msg = error_of([&] { c.wait({"never"}); });
  stopper.join();
  CHECK(msg == "store: lost connection to 127.0.0.1:" + std::to_string(port) + " (the server closed the connection)");
  CHECK(seconds_since(t0) < 2.0);
}

TEST_CASE("store: TCPStore connection failures name host, port and the cause") {
  // A closed port: retries until the timeout, then names it.
  int port = closed_port();
  auto t0 = Clock::now();
  std::string msg = error_of([&] { TCPStore("127.0.0.1", port, std::nullopt, false, Millis(300)); });
  double took = seconds_since(t0);
  CHECK(msg == "store: could not connect to 127.0.0.1:" + std::to_string(port) +
                   " within 300 ms (Connection refused)");
  CHECK(took >= 0.29);
  CHECK(took < 3.0);

  // A server that starts after the client: the client's retries find it.
  int later = closed_port();
  std::unique_ptr<TCPStoreServer> server;
  std::thread starter([&] {
    std::this_thread::sleep_for(Millis(150));
    server = std::make_unique<TCPStoreServer>("127.0.0.1", later);
  });
  {
    TCPStore c("127.0.0.1", later, std::nullopt, false, Millis(5000));
    starter.join();
    c.set("k", "v");
    CHECK(c.get_string("k") == "v");
  }

  // A port in use.
  std::string p = std::to_string(server->port());
  CHECK(error_of([&] { TCPStoreServer("127.0.0.1", server->port()); }) ==
        "store: cannot listen on 127.0.0.1:" + p + ": port " + p + " is already in use");
  CHECK(error_of([&] { TCPStore("127.0.0.1", server->port(), 1, true, Millis(300)); }) ==
        "store: cannot listen on *:" + p + ": port " + p + " is already in use");

  // A host name that does not resolve (without a name server the lookup may only fail for the
  // time being; the client then retries until the timeout, and the message still names the host).
  msg = error_of([] { TCPStore("no-such-host.invalid", 29500, std::nullopt, false, Millis(200)); });
  CHECK(msg.find("no-such-host.invalid") != std::string::npos);
  CHECK(msg.find("store: ") == 0);
  msg = error_of([] { TCPStoreServer("no-such-host.invalid", 0); });
  CHECK(msg.find("store: cannot resolve the host name 'no-such-host.invalid'") == 0);

  // Arguments out of range.
  CHECK(error_of([] { TCPStore("127.0.0.1", 70000); }) == "store: port must be in 0..65535, got 70000");
  CHECK(error_of([] { TCPStore("127.0.0.1", 0); }) ==
        "store: a TCPStore client needs the server's port (port 0 is for the master only)");
  CHECK(error_of([] { TCPStore("127.0.0.1", 0, 0, true); }) == "store: world_size must be positive, got 0");
}

TEST_CASE("store: processes add to one FileStore; the last one removes the file") {
  TempDir d;
  std::string path = d.path + "/store";
  auto parent = std::make_unique<FileStore>(path, 5, Millis(5000));
  std::vector<pid_t> kids;
  for (int i = 0; i < 4; ++i)
    kids.push_back(spawn([path] {
      FileStore s(path, 5, Millis(5000));
      for (int k = 0; k < 25; ++k) s.add("n", 1);
      return s.get_string("go") == "yes";  // blocks until the parent says so
    }));
  std::this_thread::sleep_for(Millis(50));
  parent->set("go", "yes");
  for (pid_t k : kids) CHECK(exit_code(k) == 0);
  CHECK(parent->add("n", 0) == 100);
  // PyTorch 1.13: each destroyed FileStore adds 1 to the key "cleanup/", which num_keys() counts;
  // the store that brings it to num_workers removes the file.
  CHECK(parent->get_string("cleanup/") == "4");
  CHECK(parent->num_keys() == 3);
  struct stat st{};
  CHECK(::stat(path.c_str(), &st) == 0);
  parent.reset();
  CHECK(::stat(path.c_str(), &st) != 0);
}

TEST_CASE("store: FileStore failures") {
  CHECK(error_of([] { FileStore("/nonexistent-dir-of-ts/sub/store", 1); }) ==
        "store: cannot open the FileStore file '/nonexistent-dir-of-ts/sub/store': its directory "
        "'/nonexistent-dir-of-ts/sub' does not exist");
  CHECK(error_of([] { FileStore("", 1); }) == "store: FileStore needs a file path");
  TempDir d;
  CHECK(error_of([&] { FileStore(d.path + "/s", 0); }) == "store: FileStore needs num_workers >= 1, got 0");
  std::string junk = d.path + "/junk";
  std::system(("printf 'hello world' > '" + junk + "'").c_str());
  CHECK(error_of([&] { FileStore(junk, 1); }) ==
        "store: the FileStore file '" + junk + "' is not a store log (bad record at byte 0)");
}
