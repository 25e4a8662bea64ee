// Temporary files of atomic writes: names carrying the writer's pid, removal of stale ones, and
// the signal handlers that remove in-flight ones (Note [Temp files] in README.md).
#include "serialize/temp_files.h"

#include <dirent.h>
#include <fcntl.h>
#include <pthread.h>
#include <limits.h>
#include <signal.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <cstring>
#include <mutex>

namespace ts::serialize::detail {

std::string temp_prefix(const std::string& base) { return "." + base + ".tmp-"; }

void remove_stale_temps(const std::string& dir, const std::string& base) {
  DIR* d = ::opendir(dir.c_str());
  if (!d) return;
  const std::string prefix = temp_prefix(base);
  const pid_t self = ::getpid();
  while (dirent* e = ::readdir(d)) {
    std::string_view name = e->d_name;
    if (!name.starts_with(prefix)) continue;
    // "<prefix><pid>-XXXXXX": anything else (another program's file) is left alone.
    std::string_view rest = name.substr(prefix.size());
    size_t dash = rest.find('-');
    if (dash == 0 || dash == std::string_view::npos || dash > 9 || rest.size() != dash + 7) continue;
    pid_t pid = 0;
    bool digits = true;
    for (char c : rest.substr(0, dash)) {
      digits &= c >= '0' && c <= '9';
      pid = pid * 10 + (c - '0');
    }
    if (!digits || pid <= 0 || pid == self) continue;
    if (::kill(pid, 0) != 0 && errno == ESRCH) (void)::unlinkat(::dirfd(d), e->d_name, 0);
  }
  ::closedir(d);
}

namespace {

// Fixed storage the handler can read without allocating: state 0 free, 1 being filled, 2 in
// flight.
constexpr int kSlots = 32;
struct Slot {
  std::atomic<int> state{0};
  char path[PATH_MAX];
};
Slot g_slots[kSlots];

constexpr int kSignals[] = {SIGINT, SIGTERM, SIGHUP, SIGQUIT};
struct sigaction g_previous[std::size(kSignals)];

void on_signal(int sig, siginfo_t* info, void* ctx) {
  int saved_errno = errno;
  size_t k = 0;
  while (k < std::size(kSignals) && kSignals[k] != sig) ++k;
  if (k == std::size(kSignals)) return;
  const struct sigaction& prev = g_previous[k];
  if (prev.sa_handler == SIG_DFL) {
    // The signal terminates the process: remove the files in flight, then die of it as we
    // would have without this handler (same exit status).
    for (Slot& s : g_slots)
      if (s.state.load(std::memory_order_acquire) == 2) (void)::unlink(s.path);
    ::signal(sig, SIG_DFL);
    ::raise(sig);  // delivered when this handler returns
  } else if (prev.sa_flags & SA_SIGINFO) {
    // Someone else handles it (the process may go on): their writers remove their own files.
    prev.sa_sigaction(sig, info, ctx);
  } else if (prev.sa_handler != SIG_IGN) {
    prev.sa_handler(sig);
  }
  errno = saved_errno;
}

void install_handlers() {
  for (size_t k = 0; k < std::size(kSignals); ++k) {
    struct sigaction cur;
    if (::sigaction(kSignals[k], nullptr, &cur) != 0 || cur.sa_handler == SIG_IGN) continue;  // nohup: stay ignored
    struct sigaction sa;
    std::memset(&sa, 0, sizeof sa);
    sa.sa_sigaction = on_signal;
    sa.sa_flags = SA_SIGINFO | SA_RESTART;
    sigemptyset(&sa.sa_mask);
    g_previous[k] = cur;
    (void)::sigaction(kSignals[k], &sa, nullptr);
  }
}

}  // namespace

namespace {

int register_temp(const std::string& path) {
  if (path.size() >= PATH_MAX) return -1;
  for (int i = 0; i < kSlots; ++i) {
    int expected = 0;
    if (!g_slots[i].state.compare_exchange_strong(expected, 1, std::memory_order_acquire)) continue;
    std::memcpy(g_slots[i].path, path.c_str(), path.size() + 1);
    g_slots[i].state.store(2, std::memory_order_release);
    return i;
  }
  return -1;
}

}  // namespace

int create_temp(std::string& tmpl, int* slot) {
  static std::once_flag once;
  std::call_once(once, install_handlers);
  sigset_t held, old;
  sigemptyset(&held);
  for (int s : kSignals) sigaddset(&held, s);
  pthread_sigmask(SIG_BLOCK, &held, &old);
  int fd = ::mkostemp(tmpl.data(), O_CLOEXEC);
  int err = errno;
  *slot = fd >= 0 ? register_temp(tmpl) : -1;
  pthread_sigmask(SIG_SETMASK, &old, nullptr);
  errno = err;
  return fd;
}

void unregister_temp(int slot) {
  if (slot >= 0) g_slots[slot].state.store(0, std::memory_order_release);
}

}  // namespace ts::serialize::detail
