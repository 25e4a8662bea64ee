// SIGINT as KeyboardInterrupt: README.md, Note [KeyboardInterrupt].
#include "runtime/interrupt.h"

#include <csignal>
#include <cstring>
#include <thread>

#include "runtime/interp.h"

namespace ts::runtime {

namespace detail {
std::atomic<int> g_interrupt_pending{0};
namespace {
std::thread::id g_main;
}  // namespace
bool on_main_thread() { return std::this_thread::get_id() == g_main; }
}  // namespace detail

namespace {
void on_sigint(int, siginfo_t*, void*) { detail::g_interrupt_pending.store(1, std::memory_order_relaxed); }
}  // namespace

void install_keyboard_interrupt() {
  detail::g_main = std::this_thread::get_id();
  struct sigaction cur;
  if (::sigaction(SIGINT, nullptr, &cur) != 0 || cur.sa_handler == SIG_IGN) return;
  struct sigaction sa;
  std::memset(&sa, 0, sizeof sa);
  sa.sa_sigaction = on_sigint;
  sa.sa_flags = SA_SIGINFO | SA_RESTART;
  sigemptyset(&sa.sa_mask);
  (void)::sigaction(SIGINT, &sa, nullptr);
}

void raise_keyboard_interrupt() {
  detail::g_interrupt_pending.store(0, std::memory_order_relaxed);
  raise("KeyboardInterrupt", "");
}

void exit_by_sigint() {
  std::fflush(nullptr);
  ::signal(SIGINT, SIG_DFL);
  ::raise(SIGINT);
  std::_Exit(130);  // SIGINT blocked: the shell's code for it
}

}  // namespace ts::runtime
