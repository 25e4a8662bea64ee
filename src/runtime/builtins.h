// Internal to src/runtime: the builtin tables and helpers they share.
#pragma once

#include <map>
#include <optional>
#include <string>
#include <vector>

#include "runtime/interp.h"

namespace ts::runtime {

using Args = std::vector<IValue>;
using Kw = std::vector<std::string>;

const std::map<std::string, BuiltinFn>& core_builtins();    // builtins.cpp
const std::map<std::string, BuiltinFn>& iteration_builtins();  // builtins_iteration.cpp: iter, next, for's cells
const std::map<std::string, BuiltinFn>& subscript_builtins();  // builtins_subscript.cpp
const std::map<std::string, BuiltinFn>& method_builtins();  // builtins_methods.cpp
const std::map<std::string, BuiltinFn>& module_builtins();  // builtins_modules.cpp
const std::map<std::string, BuiltinFn>& random_builtins();  // builtins_random.cpp
const std::map<std::string, BuiltinFn>& math_builtins();    // builtins_math.cpp
const std::map<std::string, BuiltinFn>& type_builtins();     // builtins_types.cpp
const std::map<std::string, BuiltinFn>& number_builtins();   // builtins_numbers.cpp: int, float, hex, oct, bin
const std::map<std::string, BuiltinFn>& dynamic_builtins();  // builtins_dynamic.cpp
const std::map<std::string, BuiltinFn>& collections_builtins();  // builtins_collections.cpp
const std::map<std::string, BuiltinFn>& set_builtins();          // builtins_sets.cpp
const std::map<std::string, BuiltinFn>& pylib_builtins();  // builtins_pylib.cpp: itertools, functools
const std::map<std::string, BuiltinFn>& json_builtins();   // builtins_json.cpp: stdlib/json's helpers

const std::map<std::string, BuiltinFn>& autograd_builtins();  // builtins_autograd.cpp
const std::map<std::string, BuiltinFn>& module_hook_builtins();  // module_hooks.cpp
const std::map<std::string, BuiltinFn>& data_builtins();    // builtins_data.cpp
const std::map<std::string, BuiltinFn>& distributed_builtins();  // builtins_distributed.cpp
// A tensor's grad_fn as scripts see it (builtins_autograd.cpp): its builtins are "grad_fn.<name>".
bool is_grad_fn(const IValue& v);
// Arguments of a builtin called with keywords: those arrive after the positional ones, named by
// `kw` (builtins_modules.cpp). arg() is positional i or keyword `name` (a TypeError when
// missing); path_arg() also requires a str.
const IValue* kwarg(Args& a, const Kw& kw, const char* name);
const IValue& arg(Args& a, const Kw& kw, size_t i, const char* name, const char* fn);
std::string path_arg(Args& a, const Kw& kw, size_t i, const char* name, const char* fn);
// A Python real number (int, float or bool) as a double; anything else is CPython's TypeError.
double real_arg(const IValue& v);
// The elements Python's iteration yields (lists, tuples, dict keys, characters, tensor rows).
std::vector<IValue> iterate_value(Interp& I, const IValue& v);
// `__next__` and `__iter__` of the native iterator iter() makes of a sequence; nullopt for any
// other value or name.
std::optional<IValue> native_iterator_method(const IValue& it, const std::string& name);
// An object of a class with __iter__ (itertools.count): it may never end, so take at most n of
// its elements; other values are iterated and cut to n.
bool is_iterator_object(const IValue& v);
std::vector<IValue> iterate_prefix(Interp& I, const IValue& v, size_t n);
// format(v, spec) with Python's format mini-language (format.cpp).
std::string format_spec(Interp& I, const IValue& v, const std::string& spec);
// `fmt % args`: Python's printf-style formatting (format.cpp); args is a value, a tuple of
// values, or a dict for `%(name)s`.
std::string percent_format(Interp& I, const std::string& fmt, const IValue& args);

// sys.stdout / sys.stderr as values (print's `file=`). Writing to stderr first flushes stdout,
// and stderr is written at once, so the two keep the order of the writes (builtins_modules.cpp).
struct StreamValue : IValue::Object {
  bool err;
  explicit StreamValue(bool e) : err(e) {}
  std::string type_name() const override { return "_io.TextIOWrapper"; }
};
void write_stream(bool err, const std::string& s);

// While it lives, the `random` module on this thread draws from a state of its own seeded with
// `seed`, as PyTorch seeds each DataLoader worker process's (`random.seed(base_seed + id)`).
class ThreadPythonRandom {
 public:
  explicit ThreadPythonRandom(int64_t seed);
  ~ThreadPythonRandom();
  ThreadPythonRandom(const ThreadPythonRandom&) = delete;
  ThreadPythonRandom& operator=(const ThreadPythonRandom&) = delete;

 private:
  void* state_;  // builtins_random.cpp's generator state
  void* prev_;
};

}  // namespace ts::runtime
