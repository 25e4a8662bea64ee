// Internal to src/runtime: script objects, register code, the interpreter state, builtins.
#pragma once

#include <chrono>
#include <functional>
#include <map>
#include <mutex>
#include <optional>
#include <string>
#include <unordered_map>
#include <unordered_set>
#include <vector>

#include "ir/ir.h"
#include "ops/ivalue.h"
#include "runtime/runtime.h"

namespace ts::ops {
struct OpDef;
}

namespace ts::runtime {

// ---- values beyond IValue's own kinds ----

class Interp;

struct ScriptObject : IValue::Object {
  const ir::ClassType* cls;
  std::vector<IValue> slots;
  bool hooks = false;  // an nn.Module with hooks registered (module_hooks.cpp, Note [Module hooks])
  explicit ScriptObject(const ir::ClassType* c) : cls(c), slots(c->attrs.size()) {}
  ~ScriptObject() override { release_values(slots); }  // a long linked list frees iteratively
  std::string type_name() const override { return cls->name; }
};

struct Closure : IValue::Object {
  ir::Function* fn;
  std::vector<IValue> captures;
  std::string name;  // `__name__` given by functools.wraps; empty: fn's own
  std::optional<IValue> doc;  // `__doc__` given by functools.wraps; unset: fn's own
  Closure(ir::Function* f, std::vector<IValue> c) : fn(f), captures(std::move(c)) {}
  ~Closure() override { release_values(captures); }
  std::string type_name() const override { return "function"; }
};

// functools.partial(fn, *args, **kw): calling it calls fn with these arguments first.
struct Partial : IValue::Object {
  IValue fn;
  std::vector<IValue> args;
  std::vector<std::string> kw;  // keyword names, with their values in kw_values
  std::vector<IValue> kw_values;
  ~Partial() override {
    release_values(args);
    release_values(kw_values);
  }
  std::string type_name() const override { return "functools.partial"; }
};

// An exception value (`ValueError("msg")`) before it is raised.
struct ExceptionValue : IValue::Object {
  std::string cls, msg;
  // Its arguments (a tuple) when the script made it (`ValueError("a", 2)`); None for one the
  // runtime raised, whose `args` are (msg,).
  IValue args;
  IValue cause;  // `raise ... from cause`: its __cause__ (None otherwise)
  // Once caught: the frames it had crossed and where it was raised in the catching frame, so
  // that a bare `raise` shows the original traceback, as Python does.
  std::vector<TraceFrame> trace;
  bool caught = false;
  ExceptionValue(std::string c, std::string m) : cls(std::move(c)), msg(std::move(m)) {}
  std::string type_name() const override { return cls; }
};

// SystemExit's `code`: its one argument, None without any, the tuple of several.
IValue system_exit_code(const ExceptionValue& e);

// An instance of a script's exception class (ir::ClassType::exception_base set): a script
// object whose `args` slot holds its arguments, with what ExceptionValue keeps once caught.
struct ExceptionObject : ScriptObject {
  std::vector<TraceFrame> trace;
  bool caught = false;
  explicit ExceptionObject(const ir::ClassType* c) : ScriptObject(c) {}
};
// A new instance of class `c`: an ExceptionObject for an exception class.
IValue::ObjectPtr new_object(const ir::ClassType* c);
// str(e) or repr(e) of an exception object without its own __str__ / __repr__, as Python's
// BaseException prints: str of its one argument (repr for KeyError), the args tuple for more;
// repr `MyError('msg')`.
std::string exception_text(Interp& I, const ExceptionObject& e, bool repr);

// torch.no_grad() / torch.enable_grad(): sets grad mode on enter, restores it on exit.
// torch.set_grad_enabled(mode) sets it when called (`applied`) and restores it on exit.
// torch.inference_mode(mode) (`inference_mode`) sets grad mode to `not mode` and inference mode
// to `mode` on enter, and restores both on exit.
struct GradContext : IValue::Object {
  bool enable;
  bool prev = true;
  bool applied = false;
  bool inference_mode = false;
  bool prev_inference = false;
  explicit GradContext(bool e) : enable(e) {}
  std::string type_name() const override {
    return inference_mode ? "inference_mode" : applied ? "set_grad_enabled" : enable ? "enable_grad" : "no_grad";
  }
};

// Calling a module whose hooks are set (module_hooks.cpp, Note [Module hooks]): `input` is the
// call's positional arguments; `forward` runs forward with the (possibly replaced) inputs.
using ModuleForward = std::function<IValue(std::vector<IValue>& input)>;
bool module_hooks_set(const IValue& self);
IValue call_module_hooked(Interp& I, const IValue& self, std::vector<IValue> input, const ModuleForward& forward);

// A class as a value: type(x), x.__class__, or `int` / `torch.Tensor` / `Net` named outside a
// call. There is one object per class (type_value), so `is` and `==` compare identity, as they
// do for Python's classes.
struct TypeValue : IValue::Object {
  std::string qualname;  // "int", "torch.Tensor", "__main__.Net"
  explicit TypeValue(std::string q) : qualname(std::move(q)) {}
  std::string type_name() const override { return "type"; }
};
IValue type_value(const std::string& qualname);  // builtins.cpp
// A builtin function used as a value (`key=len`, `map(abs, xs)`): calling it calls the builtin.
struct BuiltinFunction : IValue::Object {
  std::string name;  // "len"
  explicit BuiltinFunction(std::string n) : name(std::move(n)) {}
  std::string type_name() const override { return "builtin_function_or_method"; }
};
std::string class_qualname(const IValue& v);     // the qualified name of type(v)

// ---- register code ----
// Values of IR type int or bool live unboxed in a frame's `nums`; everything else in `regs` as
// IValues (src/runtime/README.md, Note [Register code]).

// The operands named a, b, o, imm and target are the FastInstr's (unboxed registers); in[k]
// and outs[k] are the Instr's operand lists in Code::opnds.
enum class Opc : uint8_t {
  Op,          // registry op: ptr = OpDef
  Scalar,      // scalar aten kind, generic: name
  IAdd, ISub, IMul, IFloorDiv, IMod, ILt, ILe, IGt, IGe, IEq, INe, BNot,  // on nums (a, b -> o)
  JLt, JLe, JGt, JGe, JEq, JNe,  // on nums: jump to target unless `a op b` (a compare fused with an If)
  IFloorDivK, IModK,  // by a constant 0 < imm < 2^31: multiply by `magic` instead of dividing
  Jump,        // target
  JumpIfNot,   // in[0], target (a = in[0] when it is unboxed)
  LoopTest,    // a = trip (num), in[0] = cond, in[1] = max, o = i: if !(cond && trip < max) jump; else i = trip++
  ForTest,     // LoopTest of a loop whose condition is constant true (b = max when it is unboxed)
  SetInt,      // o = imm
  Copy,        // outs[k] = in[k], in order
  Call,        // ptr = Function
  CallMethod,  // name; in[0] = self; imm bit 0: the arguments hold the `*args` tuple already; bit 1:
               // keywords given; imm >> 2: a module call (Note [Module hooks]) giving (imm >> 2) - 1 positional arguments
  CallValue,   // in[0] = closure
  MakeClosure, // ptr = Function
  Builtin,     // ptr = BuiltinFn
  GetAttr,     // imm = slot
  SetAttr,     // imm = slot
  CreateObject,  // ptr = ClassType
  ListConstruct, TupleConstruct, DictConstruct, ListUnpack, TupleUnpack, TupleIndex,
  GetGlobal,   // ptr = module globals vector, imm = slot
  SetGlobal,
  Raise,       // in[0] = exception value or class name
  Uninit,      // outs[0] = None
  Cast,        // outs[0] = in[0]
  Is, IsNot,
  IsInstance,  // name = type spelling
  Enter, Exit,
  Len, GetItem, Contains, Not,
  Kill,        // in: boxed registers whose values are dead here; they are reset to None
};

// Where an operand lives: a boxed register, the constant table, or an unboxed int / bool.
enum class Loc : uint8_t { Box, Const, Int, Bool };
struct Opnd {
  Loc loc = Loc::Box;
  // An Op instruction's argument: 0 passed as is, 1 through ops::convert, 2 as is but checked to
  // be a tensor (an Any or a path's placeholder could be something else). Fills padding.
  uint8_t convert = 0;
  uint32_t idx = 0;
};

// One instruction; `Code::fast` holds its unboxed operands and jump target. Its operand lists
// live in the code's shared `Code::opnds`: `nin` inputs from `args`, then `nout` outputs, then
// `nkill` boxed registers whose values are dead once it has run (reset to None then, as a Kill
// instruction would); its names in `Code::names` and `Code::kws`. No instruction owns heap
// memory (README.md, Note [Lowering large functions]).
struct Instr {
  Opc op;
  uint16_t nkill = 0;
  uint32_t args = 0;
  uint32_t nin = 0, nout = 0;
  uint32_t name = 0;  // Code::names: scalar kind, method name, builtin name (0: none)
  uint32_t kw = 0;    // Code::kws: keyword names of the trailing builtin arguments (0: none)
  int32_t imm = 0;
  const void* ptr = nullptr;
  const ir::Node* node = nullptr;  // for source locations
};

// An instruction's unboxed operands and jump target, packed: the interpreter runs stretches of
// unboxed-int instructions in a tight loop (int_loop.cpp, run_fast) and returns to the general
// one for anything else (op = kSlow).
struct FastInstr {
  static constexpr uint8_t kSlow = 255;
  uint8_t op = kSlow;
  uint32_t a = 0, b = 0, o = 0;  // unboxed registers
  int32_t target = 0;
  int32_t imm = 0;     // SetInt: the value; IFloorDivK, IModK: the divisor
  uint64_t magic = 0;  // IFloorDivK, IModK: the divisor's reciprocal
};

// Their sizes are what a large function's code costs (README.md, Note [Lowering large functions]).
static_assert(sizeof(Instr) == 48 && sizeof(FastInstr) == 32 && sizeof(Opnd) == 8);

// Runs unboxed-int instructions from `pc` until one that is not (or the end), leaving `pc` on it
// (int_loop.cpp); `code` ends with a kSlow sentinel at index n.
void run_fast(const FastInstr* code, size_t n, int64_t* N, size_t& pc);
// Python's // and % on ints (ZeroDivisionError, OverflowError for INT64_MIN // -1).
int64_t floor_div(int64_t a, int64_t b);
int64_t floor_mod(int64_t a, int64_t b);

// A `try` body's instructions [begin, end) and its handlers, innermost regions first.
struct TryRegion {
  int32_t begin = 0, end = 0;
  struct Handler {
    std::vector<std::string> types;  // empty: any
    int32_t pc = 0;
    Opnd exc;  // receives the exception value
  };
  std::vector<Handler> handlers;
};

struct Code {
  std::vector<Instr> instrs;
  std::vector<Opnd> opnds;  // the instructions' operand lists (Instr::args)
  std::vector<std::string> names;  // Instr::name; names[0] is ""
  std::vector<std::vector<std::string>> kws;  // Instr::kw; kws[0] is empty
  std::vector<TryRegion> tries;
  std::vector<FastInstr> fast;  // one per instruction, and a kSlow sentinel at the end
  std::vector<IValue> consts;
  size_t nregs = 0;
  std::vector<int64_t> nums_init;  // initial unboxed registers (int and bool constants)
  std::vector<Opnd> params;
  std::vector<Opnd> results;  // the function's outputs
  std::string name;           // for tracebacks
};

class Interp;
class ValueCopier;

// A thread's own copies of the module globals (a DataLoader worker's), keyed by the module's
// globals vector that running code refers to. See README.md, Note [Values crossing threads].
using GlobalsCopy = std::unordered_map<const std::vector<IValue>*, std::vector<IValue>>;
// While it lives, code running on this thread reads and writes `globals` instead of the
// program's module globals.
class ThreadGlobalsScope {
 public:
  explicit ThreadGlobalsScope(GlobalsCopy* globals);
  ~ThreadGlobalsScope();
  ThreadGlobalsScope(const ThreadGlobalsScope&) = delete;
  ThreadGlobalsScope& operator=(const ThreadGlobalsScope&) = delete;

 private:
  GlobalsCopy* prev_;
};

// Where the script running on this thread is now: the current line of its innermost frame that
// is not in the standard library (README.md, Note [Script call sites]), or null (no script
// frame runs on this thread). Points into the program's graph, which outlives the run.
const ir::SourceLoc* innermost_script_loc();

using BuiltinFn = IValue (*)(Interp& I, std::vector<IValue>& args, const std::vector<std::string>& kw);
BuiltinFn find_builtin(const std::string& name);  // null when unknown
// Every builtin's name (tests check them against the checker's tables).
std::vector<std::string> builtin_names();
// Adds builtins implemented above the runtime (torch.jit in src/archive registers itself when
// its library loads); `table` must live for the rest of the process.
void add_builtins(const std::map<std::string, BuiltinFn>* table);

// The interpreter: compiled code per function, module globals, sys.argv.
class Interp {
 public:
  Interp(ir::Program& prog, RunOptions opts);
  // Drops the code it lowered into the program's functions (it points at this interpreter's
  // globals), so another Interp over the same program lowers afresh.
  ~Interp();
  IValue call(ir::Function& fn, std::vector<IValue>& args);
  IValue call_value(const IValue& callee, std::vector<IValue>& args);
  // A new instance of script class `c`, initialised by its __init__ with `args`.
  IValue construct(const ir::ClassType& c, std::vector<IValue>& args);
  // Python's len(v) (aten::len, and `len` used as a value).
  int64_t py_len(const IValue& v);
  // `packed`: the caller gathered a `*args` tuple already (a call the checker bound to a method
  // with `*args`); otherwise a method with `*args` gathers the extra arguments here.
  IValue call_method(const IValue& self, const std::string& name, std::vector<IValue>& args, bool packed = false);
  // Calls that bind keyword arguments at run time (`f(**d)`, keywords to a function value), with
  // CPython's rules and TypeErrors: a function value, class, callable object or builtin.
  IValue call_with_keywords(const IValue& callee, std::vector<IValue> pos, std::vector<std::pair<std::string, IValue>> kws);
  IValue call_method_with_keywords(const IValue& self, const std::string& name, std::vector<IValue> pos,
                                   std::vector<std::pair<std::string, IValue>> kws);
  // A module call of a module with hooks (module_hooks.cpp, Note [Module hooks]).
  IValue module_call_hooked(const IValue& self, const std::string& name, std::vector<IValue>& args, bool packed, size_t given,
                            bool keywords);
  const Code& code(ir::Function& fn);
  // Sizes the module globals and gives every function its code slot (before running anything);
  // functions are optimized and lowered when first called.
  void prepare();
  std::vector<IValue>& globals(const std::string& module);
  // Every module's globals copied through `copier` (on the thread that owns them).
  GlobalsCopy copy_globals(ValueCopier& copier);
  // The function's graph as it runs: optimized now (at opts.opt_level) if it was not yet called
  // (model archives store it).
  std::string optimized_ir(ir::Function& fn);

  ir::Program& prog;
  RunOptions opts;
  // tsrun --profile: per op and builtin, calls and total seconds.
  struct ProfileEntry {
    int64_t calls = 0;
    double seconds = 0;
  };
  std::map<std::string, ProfileEntry> profile;
  std::mutex profile_mu;
  void record(const std::string& name, std::chrono::steady_clock::time_point t0);

 private:
  IValue run(const Code& c, std::vector<IValue>& regs, std::vector<int64_t>& nums);
  const Code& compile(ir::Function& fn);  // optimizes and lowers fn once, under mu_
  std::mutex mu_;
  bool prepared_ = false;  // every Function::code holds a slot; read without the lock
  std::unordered_set<const ir::Function*> own_;  // prog's functions, filled by prepare()
  bool holds(const ir::Function& fn) const;
  size_t nglobals_ = 0;    // module global slots sized by prepare()
  std::map<std::string, std::vector<IValue>> globals_;
};

// Lowers a graph to register code (code.cpp).
std::unique_ptr<Code> lower(ir::Function& fn, Interp& I);

// Python's str() and repr() of a value (format.cpp); objects with __str__/__repr__ call them.
std::string py_str(Interp& I, const IValue& v);
// The exception this thread's `except` handlers caught last (None before any): the one
// logging's `exception()` reports (_ts.caught_traceback, builtins_modules.cpp).
IValue& last_caught_exception();
std::string py_repr(Interp& I, const IValue& v);
// Truth value: bool(v) as Python computes it.
bool truthy(Interp& I, const IValue& v);
// Python's `a < b` for numbers, strings, and (lexicographically) lists and tuples.
bool py_less(Interp& I, const IValue& a, const IValue& b);
// Whether `v` can be a value of the IR type spelled `t` (casts out of Any, isinstance, a
// dunder's parameter; containers are checked by kind only).
bool value_has_type(const IValue& v, const std::string& t, bool isinstance = false);
// Python's `==` on any two values: a class's __eq__ where it has one (an element of a list or
// tuple, a dict's value, at any depth), otherwise ivalue_equal.
bool py_equal(Interp& I, const IValue& a, const IValue& b);
[[noreturn]] void raise(const std::string& cls, const std::string& msg);
// The value of a module global that was never assigned (reading it is a NameError).
const IValue& unset_global();

}  // namespace ts::runtime
