// SIGINT as Python's KeyboardInterrupt (README.md, Note [KeyboardInterrupt]): the signal handler
// only sets a flag; the interpreter's main thread raises KeyboardInterrupt at its next safe
// point (a loop's next iteration, a sleep), where a script can catch it.
#pragma once

#include <atomic>

namespace ts::runtime {

namespace detail {
extern std::atomic<int> g_interrupt_pending;
bool on_main_thread();
}  // namespace detail

// Installs the SIGINT handler and makes the calling thread the one that raises (tsrun's script
// thread). An ignored SIGINT (nohup, a shell's background job) stays ignored.
void install_keyboard_interrupt();

// A SIGINT arrived that this thread should raise.
inline bool interrupt_pending() {
  return detail::g_interrupt_pending.load(std::memory_order_relaxed) != 0 && detail::on_main_thread();
}

// Clears the flag and raises KeyboardInterrupt (a ScriptError).
[[noreturn]] void raise_keyboard_interrupt();

// After an uncaught KeyboardInterrupt's traceback: ends the process by SIGINT, as CPython does,
// so the parent sees it died of the signal.
[[noreturn]] void exit_by_sigint();

}  // namespace ts::runtime
