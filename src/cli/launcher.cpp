// The launcher (launcher.h): starts the ranks, relays their output line by line, watches them,
// stops or restarts the group. One thread, one poll() loop over the ranks' pipes and a
// self-pipe that the signal handlers (SIGCHLD, SIGINT, SIGTERM) write to.
#include "launcher.h"

#include "distributed/store_tcp.h"
#include "util/error.h"

#include <CLI/CLI.hpp>
#include <arpa/inet.h>
#include <cerrno>
#include <chrono>
#include <csignal>
#include <cstdio>
#include <cstring>
#include <deque>
#include <limits>
#include <memory>
#include <string_view>
#include <fcntl.h>
#include <netinet/in.h>
#include <poll.h>
#include <sys/prctl.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

extern char** environ;

namespace tsrun {
namespace {

// Seconds between SIGTERM and SIGKILL when the group is stopped (README.md, "Launcher").
constexpr int kGraceSeconds = 5;
// The port rank 0 hosts the rendezvous on when several nodes run and --master-port is not given.
constexpr int kDefaultMultiNodePort = 29500;
// Lines of a rank's standard error kept for the failure summary (its traceback).
constexpr size_t kTailLines = 30;
// A line longer than this (no newline yet) is relayed in pieces of this size.
constexpr size_t kMaxLine = 64 * 1024;

struct LauncherOption {
  const char* name;
  const char* help;
};
const LauncherOption kOptions[] = {
    {"--nproc", "run the script in this many processes (ranks) on this node"},
    {"--nnodes", "number of nodes (launchers) taking part (default 1)"},
    {"--node-rank", "this node's rank, 0 to nnodes-1 (default 0)"},
    {"--master-addr", "address of rank 0's node (default 127.0.0.1)"},
    {"--master-port", "port of rank 0's rendezvous (default: a free port on one node, 29500 on several)"},
    {"--max-restarts", "restart the whole group up to this many times when a rank fails (default 0)"},
};

int sig_pipe[2] = {-1, -1};

void on_signal(int sig) {
  int saved = errno;
  unsigned char b = static_cast<unsigned char>(sig);
  ssize_t r = write(sig_pipe[1], &b, 1);  // full pipe: the loop reaps and checks anyway
  (void)r;
  errno = saved;
}

std::string signal_name(int sig) {
  const char* abbrev = sigabbrev_np(sig);
  return abbrev ? std::string("SIG") + abbrev : "signal " + std::to_string(sig);
}

using Clock = std::chrono::steady_clock;

// Writes all of `s` to fd; a reader that went away (EPIPE) turns the stream off, the ranks go on.
void write_all(int fd, const std::string& s) {
  static bool closed[3] = {false, false, false};
  if (fd <= 2 && closed[fd]) return;
  size_t done = 0;
  while (done < s.size()) {
    ssize_t n = write(fd, s.data() + done, s.size() - done);
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) {
      if (fd <= 2) closed[fd] = true;
      return;
    }
    done += size_t(n);
  }
}

struct Stream {
  int fd = -1;
  int to = 1;  // the launcher's fd the lines go to
  std::string partial;
};

struct Rank {
  int rank = 0, local_rank = 0;
  pid_t pid = -1;
  Stream out, err;
  std::deque<std::string> tail;  // last lines of standard error
  bool running = false;
  bool stopped = false;  // the launcher signalled it
  int status = 0;        // from waitpid
};

// Appends one relayed line to `batch` (written by the caller in one go: whole lines only).
void add_line(Rank& r, Stream& s, std::string_view line, std::string& batch) {
  batch += "[rank" + std::to_string(r.rank) + "]: ";
  batch += line;
  batch += '\n';
  if (&s == &r.err) {
    r.tail.emplace_back(line);
    if (r.tail.size() > kTailLines) r.tail.pop_front();
  }
}

// Relays the unfinished last line (at the rank's end) and stops reading the pipe.
void finish(Rank& r, Stream& s) {
  if (s.fd < 0) return;
  if (!s.partial.empty()) {
    std::string batch;
    add_line(r, s, s.partial, batch);
    write_all(s.to, batch);
  }
  s.partial.clear();
  close(s.fd);
  s.fd = -1;
}

// Reads what the pipe holds now and relays its whole lines; at its end, finishes the stream.
void drain(Rank& r, Stream& s) {
  char buf[65536];
  while (s.fd >= 0) {
    ssize_t n = read(s.fd, buf, sizeof buf);
    if (n < 0 && errno == EINTR) continue;
    if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK)) return;
    if (n <= 0) {
      finish(r, s);
      return;
    }
    s.partial.append(buf, size_t(n));
    std::string batch;
    std::string_view rest = s.partial;
    size_t nl;
    while ((nl = rest.find('\n')) != std::string_view::npos) {
      add_line(r, s, rest.substr(0, nl), batch);
      rest.remove_prefix(nl + 1);
    }
    while (rest.size() >= kMaxLine) {
      add_line(r, s, rest.substr(0, kMaxLine), batch);
      rest.remove_prefix(kMaxLine);
    }
    write_all(s.to, batch);
    s.partial.erase(0, s.partial.size() - rest.size());
  }
}

// Where the ranks meet: rank 0's init_process_group hosts the store at this address (the
// env:// rendezvous). A store hosted by the launcher itself would be started here, and its
// address given to the ranks with TORCHELASTIC_USE_AGENT_STORE=True.
struct Rendezvous {
  std::string addr;
  int port = 0;
};

// Where the ranks rendezvous. The launcher of node 0 hosts the store there for the whole job
// (every attempt), as torchrun's agent does: the ranks connect to it as clients
// (TORCHELASTIC_USE_AGENT_STORE) and each attempt uses keys of its own. A single node without
// --master-port lets the store choose a free port.
Rendezvous prepare_rendezvous(const LaunchOptions& o, std::unique_ptr<ts::distributed::TCPStoreServer>& store) {
  Rendezvous rv{o.master_addr, o.master_port};
  if (rv.port == 0 && o.nnodes > 1) rv.port = kDefaultMultiNodePort;
  if (o.node_rank == 0) {
    store = std::make_unique<ts::distributed::TCPStoreServer>("", rv.port);
    rv.port = store->port();
  }
  return rv;
}

std::vector<std::string> rank_environment(const LaunchOptions& o, const Rendezvous& rv, int local_rank,
                                          int restart_count, bool set_omp) {
  int world = o.nnodes * o.nproc;
  std::vector<std::pair<std::string, std::string>> vars = {
      {"MASTER_ADDR", rv.addr},
      {"MASTER_PORT", std::to_string(rv.port)},
      {"RANK", std::to_string(o.node_rank * o.nproc + local_rank)},
      {"LOCAL_RANK", std::to_string(local_rank)},
      {"WORLD_SIZE", std::to_string(world)},
      {"LOCAL_WORLD_SIZE", std::to_string(o.nproc)},
      {"GROUP_RANK", std::to_string(o.node_rank)},
      {"GROUP_WORLD_SIZE", std::to_string(o.nnodes)},
      {"ROLE_RANK", std::to_string(o.node_rank * o.nproc + local_rank)},
      {"ROLE_WORLD_SIZE", std::to_string(world)},
      {"ROLE_NAME", "default"},
      {"TORCHELASTIC_RESTART_COUNT", std::to_string(restart_count)},
      {"TORCHELASTIC_MAX_RESTARTS", std::to_string(o.max_restarts)},
      {"TORCHELASTIC_RUN_ID", "none"},
      {"TORCHELASTIC_USE_AGENT_STORE", "True"},
  };
  if (set_omp) vars.push_back({"OMP_NUM_THREADS", "1"});
  std::vector<std::string> env;
  for (char** e = environ; *e; ++e) {
    std::string s = *e;
    bool replaced = false;
    for (const auto& [k, v] : vars) replaced = replaced || s.rfind(k + "=", 0) == 0;
    if (!replaced) env.push_back(s);
  }
  for (const auto& [k, v] : vars) env.push_back(k + "=" + v);
  return env;
}

std::vector<char*> c_strings(std::vector<std::string>& v) {
  std::vector<char*> out;
  for (auto& s : v) out.push_back(s.data());
  out.push_back(nullptr);
  return out;
}

// Starts one rank: its own process group, killed with the launcher (PR_SET_PDEATHSIG), standard
// input from /dev/null (the ranks cannot share the launcher's), output into two pipes.
bool start_rank(Rank& r, std::vector<std::string> args, std::vector<std::string> env, std::string* why) {
  int out[2], err[2];
  if (pipe2(out, O_CLOEXEC) != 0) {
    *why = std::strerror(errno);
    return false;
  }
  if (pipe2(err, O_CLOEXEC) != 0) {
    *why = std::strerror(errno);
    close(out[0]);
    close(out[1]);
    return false;
  }
  std::vector<char*> argv = c_strings(args), envp = c_strings(env);
  pid_t parent = getpid();
  // The child must not run the launcher's handlers (they write to its self-pipe): the signals
  // wait, blocked, until the child has put back the default actions.
  sigset_t handled, before;
  sigemptyset(&handled);
  for (int s : {SIGINT, SIGTERM, SIGCHLD}) sigaddset(&handled, s);
  sigprocmask(SIG_BLOCK, &handled, &before);
  pid_t pid = fork();
  if (pid < 0) {
    *why = std::strerror(errno);
    sigprocmask(SIG_SETMASK, &before, nullptr);
    for (int fd : {out[0], out[1], err[0], err[1]}) close(fd);
    return false;
  }
  if (pid == 0) {
    for (int s : {SIGINT, SIGTERM, SIGCHLD, SIGPIPE}) signal(s, SIG_DFL);
    sigprocmask(SIG_SETMASK, &before, nullptr);
    setpgid(0, 0);
    prctl(PR_SET_PDEATHSIG, SIGKILL);
    if (getppid() != parent) _exit(1);  // the launcher died before prctl
    int devnull = open("/dev/null", O_RDONLY | O_CLOEXEC);
    if (devnull >= 0) dup2(devnull, 0);
    dup2(out[1], 1);
    dup2(err[1], 2);
    execve("/proc/self/exe", argv.data(), envp.data());
    dprintf(2, "tsrun: cannot start rank %d: %s\n", r.rank, std::strerror(errno));
    _exit(127);
  }
  sigprocmask(SIG_SETMASK, &before, nullptr);
  setpgid(pid, pid);
  close(out[1]);
  close(err[1]);
  fcntl(out[0], F_SETFL, O_NONBLOCK);
  fcntl(err[0], F_SETFL, O_NONBLOCK);
  r.pid = pid;
  r.running = true;
  r.stopped = false;
  r.status = 0;
  r.out = Stream{out[0], 1, {}};
  r.err = Stream{err[0], 2, {}};
  r.tail.clear();
  return true;
}

bool failed(const Rank& r) { return !(WIFEXITED(r.status) && WEXITSTATUS(r.status) == 0); }

std::string how_it_ended(const Rank& r) {
  std::string s;
  if (r.pid < 0) return failed(r) ? "could not be started" : "not started";
  if (WIFSIGNALED(r.status)) {
    int sig = WTERMSIG(r.status);
    s = "killed by " + signal_name(sig);
  } else {
    s = "exited with code " + std::to_string(WEXITSTATUS(r.status));
  }
  if (r.stopped) s += " (stopped by the launcher)";
  return s;
}

enum class Outcome { kSuccess, kFailure, kInterrupted };

struct Group {
  std::vector<Rank> ranks;
  int first_failure = -1;  // index into ranks
  int interrupt = 0;       // the signal the launcher received
};

void stop_all(Group& g, int sig) {
  for (Rank& r : g.ranks) {
    if (!r.running) continue;
    if (kill(-r.pid, sig) != 0) kill(r.pid, sig);
    r.stopped = true;
  }
}

// Runs one attempt of the whole group to its end.
Outcome run_group(const LaunchOptions& o, const Rendezvous& rv, const std::vector<std::string>& args, int restart_count,
                  bool set_omp, Group& g) {
  g.ranks.assign(size_t(o.nproc), Rank{});
  g.first_failure = -1;
  bool stopping = false;
  Clock::time_point kill_at{};
  bool killed = false;
  for (int i = 0; i < o.nproc; ++i) {
    g.ranks[size_t(i)].local_rank = i;
    g.ranks[size_t(i)].rank = o.node_rank * o.nproc + i;
  }
  for (int i = 0; i < o.nproc; ++i) {
    Rank& r = g.ranks[size_t(i)];
    std::string why;
    if (!start_rank(r, args, rank_environment(o, rv, i, restart_count, set_omp), &why)) {
      r.tail.push_back("tsrun: cannot start rank " + std::to_string(r.rank) + ": " + why);
      write_all(2, r.tail.back() + "\n");
      r.status = 1 << 8;  // as an exit code of 1
      g.first_failure = i;
      stop_all(g, SIGTERM);
      stopping = true;
      kill_at = Clock::now() + std::chrono::seconds(kGraceSeconds);
      break;
    }
  }
  auto any_running = [&] {
    for (const Rank& r : g.ranks)
      if (r.running) return true;
    return false;
  };
  while (any_running()) {
    std::vector<pollfd> fds{{sig_pipe[0], POLLIN, 0}};
    std::vector<std::pair<Rank*, Stream*>> owners{{nullptr, nullptr}};
    for (Rank& r : g.ranks)
      for (Stream* s : {&r.out, &r.err})
        if (s->fd >= 0) {
          fds.push_back({s->fd, POLLIN, 0});
          owners.push_back({&r, s});
        }
    int timeout = -1;
    if (stopping && !killed) {
      auto left = std::chrono::duration_cast<std::chrono::milliseconds>(kill_at - Clock::now()).count();
      timeout = int(std::max<int64_t>(0, left));
    }
    int n = poll(fds.data(), fds.size(), timeout);
    if (n < 0 && errno != EINTR) {
      std::fprintf(stderr, "tsrun: poll: %s\n", std::strerror(errno));
      stop_all(g, SIGKILL);
      killed = stopping = true;
    }
    if (n > 0) {
      if (fds[0].revents & POLLIN) {
        unsigned char sigs[64];
        ssize_t k;
        while ((k = read(sig_pipe[0], sigs, sizeof sigs)) > 0)
          for (ssize_t i = 0; i < k; ++i) {
            int sig = sigs[i];
            if (sig != SIGINT && sig != SIGTERM) continue;
            if (g.interrupt) {  // a second one: no more waiting
              stop_all(g, SIGKILL);
              killed = true;
            } else {
              g.interrupt = sig;
              stop_all(g, sig);
              if (!stopping) kill_at = Clock::now() + std::chrono::seconds(kGraceSeconds);
              stopping = true;
            }
          }
      }
      for (size_t i = 1; i < fds.size(); ++i)
        if (fds[i].revents & (POLLIN | POLLHUP | POLLERR)) drain(*owners[i].first, *owners[i].second);
    }
    // Reap the ranks that ended; what they wrote before is all in their pipes now.
    int status;
    pid_t pid;
    while ((pid = waitpid(-1, &status, WNOHANG)) > 0) {
      for (size_t i = 0; i < g.ranks.size(); ++i) {
        Rank& r = g.ranks[i];
        if (r.pid != pid || !r.running) continue;
        r.running = false;
        r.status = status;
        drain(r, r.out);
        drain(r, r.err);
        // The pipe stays open while a process the rank started holds it: stop reading it.
        finish(r, r.out);
        finish(r, r.err);
        if (failed(r) && !r.stopped && g.first_failure < 0 && !g.interrupt) {
          g.first_failure = int(i);
          stop_all(g, SIGTERM);
          stopping = true;
          kill_at = Clock::now() + std::chrono::seconds(kGraceSeconds);
        }
      }
    }
    if (stopping && !killed && Clock::now() >= kill_at) {
      stop_all(g, SIGKILL);
      killed = true;
    }
  }
  if (g.interrupt) return Outcome::kInterrupted;
  for (const Rank& r : g.ranks)
    if (failed(r)) {
      if (g.first_failure < 0) g.first_failure = int(&r - g.ranks.data());
      return Outcome::kFailure;
    }
  return Outcome::kSuccess;
}

// The failure summary: the rank that failed first with its last lines of standard error (its
// traceback), then the others in rank order.
void print_summary(const Group& g, const std::string& what) {
  int failures = 0;
  for (const Rank& r : g.ranks) failures += failed(r) && !r.stopped;
  std::string s = "tsrun: " + what + " failed: " + std::to_string(failures) + " of " +
                  std::to_string(g.ranks.size()) + " ranks on this node failed\n";
  auto line = [&](const Rank& r) {
    s += "  rank " + std::to_string(r.rank) + " (local rank " + std::to_string(r.local_rank) +
         (r.pid > 0 ? ", pid " + std::to_string(r.pid) : std::string()) + "): " + how_it_ended(r) + "\n";
  };
  const Rank& first = g.ranks[size_t(g.first_failure)];
  s += "first failure:\n";
  line(first);
  if (first.tail.empty()) {
    s += "    (nothing on standard error)\n";
  } else {
    s += "    last lines of its standard error:\n";
    for (const auto& l : first.tail) s += "    | " + l + "\n";
  }
  if (g.ranks.size() > 1) s += "other ranks:\n";
  for (const Rank& r : g.ranks) {
    if (&r == &first) continue;
    line(r);
    if (failed(r) && !r.stopped && !r.tail.empty()) s += "    | " + r.tail.back() + "\n";
  }
  write_all(2, s);
}

bool check_options(const LaunchOptions& o, const std::string& script, bool with_code) {
  auto usage = [](const std::string& m) {
    std::fprintf(stderr, "tsrun: %s\n", m.c_str());
    return false;
  };
  if (o.nproc < 1) return usage("--nnodes, --node-rank, --master-addr, --master-port and --max-restarts need --nproc N");
  if (o.node_rank >= o.nnodes)
    return usage("--node-rank " + std::to_string(o.node_rank) + " is out of range: with --nnodes " +
                 std::to_string(o.nnodes) + " it must be 0 to " + std::to_string(o.nnodes - 1));
  if (int64_t(o.nnodes) * o.nproc > std::numeric_limits<int>::max())
    return usage("--nnodes times --nproc is too many ranks");
  if (o.max_restarts > 0 && o.nnodes > 1)
    return usage("--max-restarts needs --nnodes 1: restarting the ranks of several nodes together needs the "
                 "launchers to agree through a store of their own, which they do not host yet");
  if (o.master_addr.empty()) return usage("--master-addr is empty");
  if (!with_code) {
    struct stat st {};
    if (script == "-" || (stat(script.c_str(), &st) == 0 && !S_ISREG(st.st_mode)))
      return usage("--nproc runs the script in every rank, so it must be a regular file or -c CODE; `" + script +
                   "` is not");
  }
  return true;
}

// A whole number in [lo, hi]; CLI11 prefixes the message with the option's name.
CLI::Validator whole_number(int lo, int hi) {
  return CLI::Validator(
      [lo, hi](std::string& s) -> std::string {
        size_t end = 0;
        long long v = 0;
        try {
          v = std::stoll(s, &end);
        } catch (const std::exception&) {
          end = 0;
        }
        if (s.empty() || end != s.size() || v < lo || v > hi)
          return "wants a whole number from " + std::to_string(lo) + " to " + std::to_string(hi) + ", got '" + s + "'";
        return "";
      },
      "");
}

}  // namespace

void add_launcher_options(CLI::App& app, LaunchOptions& o) {
  const char* group = "Launcher (run the script in several processes)";
  const int most = std::numeric_limits<int>::max();
  app.add_option(kOptions[0].name, o.nproc, kOptions[0].help)->check(whole_number(1, most))->group(group);
  app.add_option(kOptions[1].name, o.nnodes, kOptions[1].help)->check(whole_number(1, most))->group(group);
  app.add_option(kOptions[2].name, o.node_rank, kOptions[2].help)->check(whole_number(0, most))->group(group);
  app.add_option(kOptions[3].name, o.master_addr, kOptions[3].help)->group(group);
  app.add_option(kOptions[4].name, o.master_port, kOptions[4].help)->check(whole_number(1, 65535))->group(group);
  app.add_option(kOptions[5].name, o.max_restarts, kOptions[5].help)->check(whole_number(0, most))->group(group);
}

bool is_launcher_option(const std::string& arg, bool* value_follows) {
  for (const auto& opt : kOptions) {
    std::string name = opt.name;
    if (arg == name) {
      *value_follows = true;
      return true;
    }
    if (arg.rfind(name + "=", 0) == 0) {
      *value_follows = false;
      return true;
    }
  }
  return false;
}

int launch(const LaunchOptions& o, int argc, char** argv, int own, const std::string& script) {
  bool with_code = script.empty();
  if (!check_options(o, script, with_code)) return 2;
  if (!with_code && access(script.c_str(), R_OK) != 0) {
    std::fprintf(stderr, "tsrun: cannot read `%s`: %s\n", script.c_str(), std::strerror(errno));
    return 1;
  }
  // Each rank: tsrun with the same options but the launcher's, unbuffered output (-u) so that
  // lines reach the launcher when printed, the same script and arguments.
  std::vector<std::string> args{argv[0]};
  bool unbuffered = false;
  for (int i = 1; i < own; ++i) unbuffered = unbuffered || std::string(argv[i]) == "-u";
  if (!unbuffered) args.push_back("-u");
  for (int i = 1; i < argc; ++i) {
    bool value_follows = false;
    if (i < own && is_launcher_option(argv[i], &value_follows)) {
      i += value_follows;
      continue;
    }
    args.push_back(argv[i]);
  }
  bool set_omp = !std::getenv("OMP_NUM_THREADS") && o.nproc > 1;
  if (set_omp)
    std::fprintf(stderr, "tsrun: each rank runs with OMP_NUM_THREADS=1 so that %d ranks do not overload the "
                         "cores; set OMP_NUM_THREADS to choose another number\n", o.nproc);

  if (pipe2(sig_pipe, O_CLOEXEC | O_NONBLOCK) != 0) {
    std::fprintf(stderr, "tsrun: cannot create a pipe: %s\n", std::strerror(errno));
    return 1;
  }
  struct sigaction sa {};
  sa.sa_handler = on_signal;
  sigemptyset(&sa.sa_mask);
  sa.sa_flags = SA_RESTART;
  for (int s : {SIGCHLD, SIGINT, SIGTERM}) sigaction(s, &sa, nullptr);
  signal(SIGPIPE, SIG_IGN);

  std::unique_ptr<ts::distributed::TCPStoreServer> store;
  Rendezvous rv;
  try {
    rv = prepare_rendezvous(o, store);
  } catch (const ts::Error& e) {
    std::fprintf(stderr, "tsrun: cannot host the rendezvous store: %s\n", e.what());
    return 1;
  }
  std::string what = with_code ? std::string("-c CODE") : script;
  for (int restart = 0;; ++restart) {
    Group g;
    Outcome out = run_group(o, rv, args, restart, set_omp, g);
    if (out == Outcome::kSuccess) return 0;
    if (out == Outcome::kInterrupted) {
      std::fprintf(stderr, "tsrun: interrupted by %s; the ranks were stopped\n", signal_name(g.interrupt).c_str());
      return 128 + g.interrupt;
    }
    if (restart < o.max_restarts) {
      const Rank& r = g.ranks[size_t(g.first_failure)];
      std::fprintf(stderr, "tsrun: rank %d %s; restarting all %d ranks (restart %d of %d)\n", r.rank,
                   how_it_ended(r).c_str(), o.nproc, restart + 1, o.max_restarts);
      continue;
    }
    print_summary(g, what);
    return 1;
  }
}

}  // namespace tsrun
