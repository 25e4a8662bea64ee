// The interpreter behind tsrun: runs a compiled ir::Program. Each function's graph is lowered
// once to register code (runtime/code.h) and run by a loop over its instructions.
#pragma once

#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "ir/ir.h"
#include "ops/ivalue.h"

namespace ts::runtime {

// One line of a script traceback.
struct TraceFrame {
  std::string function;  // "fn", "Net.forward", "<module>"
  ir::SourceLoc loc;
};

// An exception raised by a script (or by an op it called), with the frames it crossed,
// innermost first.
struct ScriptError : std::exception {
  std::string cls;  // "RuntimeError", "ValueError", a script class name...
  std::string msg;
  std::vector<TraceFrame> trace;
  bool frame_recorded = false;  // the innermost frame's entry is already in `trace` (a re-raise)
  // An instance of a script's exception class (`raise MyError(...)`): the object itself, which
  // `except` hands to its handler; `cls` is then "MyError" (from __main__) or "mylib.MyError",
  // as Python's tracebacks name it, and `msg` its str(). None for
  // the builtin classes.
  IValue value;
  ScriptError(std::string c, std::string m) : cls(std::move(c)), msg(std::move(m)) {}
  // Whether `except builtin:` takes it ("StopIteration": a script class deriving from it too).
  bool is(std::string_view builtin) const;
  const char* what() const noexcept override { return msg.c_str(); }
};

// A C++ exception from an op or builtin as a script exception: a ts::Error keeps its class and
// message; a value of the wrong kind reaching a builtin (std::bad_variant_access) is a
// TypeError; anything else a RuntimeError with its what().
ScriptError script_error_of(const std::exception& e);

// Python's format: "Traceback (most recent call last):", a File/line/column entry and the
// source line per frame, outermost first, then "Class: message".
std::string format_traceback(const ScriptError& e);

// The exit status of a process that ends on SystemExit `e`, as CPython's: its code None is 0,
// an int is itself, anything else is printed (`message`) and the status is 1.
int exit_status(const ScriptError& e, std::string* message);

struct RunOptions {
  std::vector<std::string> argv;  // sys.argv
  bool profile = false;           // time every op and builtin (Runtime::profile_table)
  // > 0: run the optimization passes at this -O level on each function when it is first called
  // (tsrun; most of the standard library is never called). <= 0: the graphs run as they are.
  int opt_level = 0;
};

// Seeds the `random` module's generator (tsrun --seed); torch's is seeded separately.
void seed_python_random(int64_t seed);

class Runtime {
 public:
  Runtime(ir::Program& prog, RunOptions opts);
  ~Runtime();
  // Runs every module's top-level code in import order. Throws ScriptError.
  void run();
  // Calls a function of the program by value.
  IValue call(ir::Function& fn, std::vector<IValue> args);
  // With RunOptions::profile: a table of ops and builtins by total time, like PyTorch's
  // autograd profiler (name, calls, total, mean, share).
  std::string profile_table() const;

  struct Impl;

 private:
  std::unique_ptr<Impl> impl_;
};

}  // namespace ts::runtime
