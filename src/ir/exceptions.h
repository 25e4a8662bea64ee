// Python's builtin exception classes that Ts scripts name, raise and catch, with their bases:
// the one list the checker (which names exist), the runtime (constructors, `except` matching)
// and the archive sandbox (which names archive code may call) read.
#pragma once

#include <string>
#include <string_view>

namespace ts::ir {

struct ExceptionClass {
  std::string_view name;
  std::string_view base;      // empty for BaseException
  std::string_view alias_of;  // IOError is OSError: same class, second name
};

// In declaration order, each after its base. Names starting with '_' are internal (raised by
// the runtime, caught through a base) and are not builtins scripts can name.
inline constexpr ExceptionClass kExceptionClasses[] = {
    {"BaseException", "", ""},
    {"SystemExit", "BaseException", ""},
    {"KeyboardInterrupt", "BaseException", ""},
    {"Exception", "BaseException", ""},
    {"ArithmeticError", "Exception", ""},
    {"ZeroDivisionError", "ArithmeticError", ""},
    {"OverflowError", "ArithmeticError", ""},
    {"LookupError", "Exception", ""},
    {"IndexError", "LookupError", ""},
    {"KeyError", "LookupError", ""},
    {"OSError", "Exception", ""},
    {"IOError", "Exception", "OSError"},  // `except IOError` is `except OSError`
    {"FileNotFoundError", "OSError", ""},
    {"FileExistsError", "OSError", ""},
    {"PermissionError", "OSError", ""},
    {"IsADirectoryError", "OSError", ""},
    {"NotADirectoryError", "OSError", ""},
    {"RuntimeError", "Exception", ""},
    {"NotImplementedError", "RuntimeError", ""},
    {"RecursionError", "RuntimeError", ""},
    {"_LinAlgError", "RuntimeError", ""},  // torch.linalg's errors (torch._C._LinAlgError)
    {"ValueError", "Exception", ""},
    {"TypeError", "Exception", ""},
    {"AssertionError", "Exception", ""},
    {"AttributeError", "Exception", ""},
    {"NameError", "Exception", ""},
    {"StopIteration", "Exception", ""},
};

// A builtin exception class scripts can name ("ValueError", "IOError"; not "_LinAlgError").
bool is_builtin_exception(std::string_view name);
// Whether `except handler:` takes an exception of class `cls` (builtin names, aliases
// included). A class the table does not know is an Exception: `except Exception` takes it.
bool exception_catches(std::string_view handler, std::string_view cls);

struct ClassType;
// The name of a script's exception class as `except` clauses (prim::Try's handlers) and
// tracebacks give it: its module and name, "__main__.MyError", "mylib.MyError".
std::string exception_name(const ClassType& c);
// Whether `except handler:` takes an exception of the script class `c`: `handler` is `c` or one
// of its bases (exception_name), or a builtin class that takes `c`'s builtin base.
bool exception_catches(std::string_view handler, const ClassType& c);

}  // namespace ts::ir
