// The builtin modules: time, os, os.path, os.environ, sys, and the _ts helpers of the standard
// library (random: builtins_random.cpp).
#include <pwd.h>
#include <unistd.h>

#include <chrono>
#include <cerrno>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <filesystem>
#include <numeric>
#include <thread>

#include "autograd/autograd.h"
#include "ir/exceptions.h"
#include "ops/api_sort.h"
#include "ops/registry.h"
#include "runtime/builtins.h"
#include "runtime/interrupt.h"
#include "runtime/collections.h"
#include "runtime/scalar_ops.h"
#include "runtime/value_copy.h"
#include "serialize/serialize.h"
#include "util/utf8_code_points.h"

namespace ts::runtime {

// Keyword arguments arrive after the positional ones, named by `kw`.
const IValue* kwarg(Args& a, const Kw& kw, const char* name) {
  for (size_t k = 0; k < kw.size(); ++k)
    if (kw[k] == name) return &a[a.size() - kw.size() + k];
  return nullptr;
}
const IValue& arg(Args& a, const Kw& kw, size_t i, const char* name, const char* fn) {
  if (i < a.size() - kw.size()) return a[i];
  if (const IValue* v = kwarg(a, kw, name)) return *v;
  raise("TypeError", std::string(fn) + "() missing required argument: '" + name + "'");
}
std::string path_arg(Args& a, const Kw& kw, size_t i, const char* name, const char* fn) {
  const IValue& v = arg(a, kw, i, name, fn);
  if (!v.is_string()) raise("TypeError", std::string(fn) + "(): " + name + " must be a str path, not " + v.type_name());
  return v.to_string();
}

double real_arg(const IValue& v) {
  if (!v.is_number()) raise("TypeError", "must be real number, not " + v.type_name());
  return v.is_bool() ? double(v.to_bool()) : v.to_double();
}

namespace {

IValue none() { return IValue(); }

// ---- time ----
double seconds(std::chrono::steady_clock::time_point t) {
  return std::chrono::duration<double>(t.time_since_epoch()).count();
}
IValue t_perf(Interp&, Args&, const Kw&) { return IValue(seconds(std::chrono::steady_clock::now())); }
IValue t_time(Interp&, Args&, const Kw&) {
  return IValue(std::chrono::duration<double>(std::chrono::system_clock::now().time_since_epoch()).count());
}
int64_t nanoseconds(auto t) { return std::chrono::duration_cast<std::chrono::nanoseconds>(t.time_since_epoch()).count(); }
IValue t_perf_ns(Interp&, Args&, const Kw&) { return IValue(nanoseconds(std::chrono::steady_clock::now())); }
IValue t_time_ns(Interp&, Args&, const Kw&) { return IValue(nanoseconds(std::chrono::system_clock::now())); }
// time.process_time(): the CPU time of the process (all its threads), as CPython reads it.
IValue t_process_time(Interp&, Args&, const Kw&) {
  timespec ts{};
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
  return IValue(double(ts.tv_sec) + double(ts.tv_nsec) * 1e-9);
}
IValue t_sleep(Interp&, Args& a, const Kw&) {
  double s = real_arg(a[0]);
  if (s < 0) raise("ValueError", "sleep length must be non-negative");
  // nanosleep returns early on a signal: a SIGINT ends the sleep as KeyboardInterrupt.
  if (interrupt_pending()) raise_keyboard_interrupt();  // one that came before the sleep
  double whole = std::floor(s);
  struct timespec left = {static_cast<time_t>(whole), static_cast<long>((s - whole) * 1e9)};
  while (::nanosleep(&left, &left) != 0 && errno == EINTR)
    if (interrupt_pending()) raise_keyboard_interrupt();
  if (interrupt_pending()) raise_keyboard_interrupt();
  return none();
}

// ---- os, sys ----
namespace fs = std::filesystem;
IValue o_exists(Interp&, Args& a, const Kw&) {
  std::error_code ec;
  return IValue(fs::exists(a[0].to_string(), ec));
}
IValue o_isfile(Interp&, Args& a, const Kw&) {
  std::error_code ec;
  return IValue(fs::is_regular_file(a[0].to_string(), ec));
}
IValue o_isdir(Interp&, Args& a, const Kw&) {
  std::error_code ec;
  return IValue(fs::is_directory(a[0].to_string(), ec));
}
IValue o_join(Interp&, Args& a, const Kw&) {
  std::string r;
  for (const auto& p : a) {
    const std::string& s = p.to_string();
    if (!s.empty() && s[0] == '/') r = s;
    else if (r.empty() || r.back() == '/') r += s;
    else r += "/" + s;
  }
  return IValue(r);
}
IValue o_basename(Interp&, Args& a, const Kw&) {
  const std::string& s = a[0].to_string();
  size_t p = s.rfind('/');
  return IValue(p == std::string::npos ? s : s.substr(p + 1));
}
IValue o_dirname(Interp&, Args& a, const Kw&) {
  const std::string& s = a[0].to_string();
  size_t p = s.rfind('/');
  if (p == std::string::npos) return IValue(std::string());
  std::string d = s.substr(0, p);
  while (d.size() > 1 && d.back() == '/') d.pop_back();
  return IValue(d.empty() ? std::string("/") : d);
}
// ---- os.environ: the process's environment itself, so what a script sets is seen by getenv()
// in the runtime (the distributed backend's MASTER_ADDR) as CPython's putenv makes it seen.
// Arguments are checked here: the checker types only the results of module functions.
void positional(Args& a, const Kw& kw, size_t lo, size_t hi, const char* fn) {
  if (!kw.empty()) raise("TypeError", std::string(fn) + "() takes no keyword arguments");
  if (a.size() >= lo && a.size() <= hi) return;
  std::string want = lo == hi ? (lo == 0 ? std::string("no arguments") : "exactly " + std::to_string(lo) + " argument" + (lo == 1 ? "" : "s"))
                              : "from " + std::to_string(lo) + " to " + std::to_string(hi) + " arguments";
  raise("TypeError", std::string(fn) + "() takes " + want + " (" + std::to_string(a.size()) + " given)");
}
const std::string& env_str(const IValue& v) {
  if (!v.is_string()) raise("TypeError", "str expected, not " + v.type_name());
  return v.to_string();
}
const std::string& env_name(const IValue& v) {
  const std::string& k = env_str(v);
  if (k.empty() || k.find('=') != std::string::npos) raise("ValueError", "illegal environment variable name");
  if (k.find('\0') != std::string::npos) raise("ValueError", "embedded null byte");
  return k;
}
void env_set(const IValue& k, const IValue& v) {
  const std::string& name = env_name(k);
  const std::string& value = env_str(v);
  if (value.find('\0') != std::string::npos) raise("ValueError", "embedded null byte");
  if (::setenv(name.c_str(), value.c_str(), 1) != 0) raise("OSError", "cannot set environment variable " + name);
}
const char* env_get(const IValue& k) { return std::getenv(env_str(k).c_str()); }
std::vector<std::pair<std::string, std::string>> env_items() {
  std::vector<std::pair<std::string, std::string>> r;
  for (char** e = environ; e && *e; ++e) {
    std::string s(*e);
    size_t p = s.find('=', 1);
    if (p != std::string::npos) r.emplace_back(s.substr(0, p), s.substr(p + 1));
  }
  return r;
}
// os.environ.get(key, default=None), os.getenv(key, default=None)
IValue o_getenv(Interp&, Args& a, const Kw& kw) {
  const IValue& key = arg(a, kw, 0, "key", "getenv");
  const IValue* dflt = a.size() - kw.size() > 1 ? &a[1] : kwarg(a, kw, "default");
  if (a.size() > 2) raise("TypeError", "getenv() takes from 1 to 2 arguments (" + std::to_string(a.size()) + " given)");
  if (const char* v = env_get(key)) return IValue(std::string(v));
  return dflt ? *dflt : none();
}
IValue env_getitem(Interp& I, Args& a, const Kw& kw) {
  positional(a, kw, 1, 1, "__getitem__");
  if (const char* v = env_get(a[0])) return IValue(std::string(v));
  raise("KeyError", py_repr(I, a[0]));
}
IValue env_setitem(Interp&, Args& a, const Kw& kw) {
  positional(a, kw, 2, 2, "__setitem__");
  env_set(a[0], a[1]);
  return none();
}
IValue env_delitem(Interp& I, Args& a, const Kw& kw) {
  positional(a, kw, 1, 1, "__delitem__");
  if (!env_get(a[0])) raise("KeyError", py_repr(I, a[0]));
  ::unsetenv(a[0].to_string().c_str());
  return none();
}
IValue env_contains(Interp&, Args& a, const Kw& kw) {
  positional(a, kw, 1, 1, "__contains__");
  return IValue(a[0].is_string() && env_get(a[0]) != nullptr);
}
IValue env_setdefault(Interp&, Args& a, const Kw& kw) {
  positional(a, kw, 1, 2, "setdefault");
  if (const char* v = env_get(a[0])) return IValue(std::string(v));
  IValue v = a.size() > 1 ? a[1] : none();
  env_set(a[0], v);
  return v;
}
IValue env_pop(Interp& I, Args& a, const Kw& kw) {
  positional(a, kw, 1, 2, "pop");
  const char* v = env_get(a[0]);
  if (!v) {
    if (a.size() > 1) return a[1];
    raise("KeyError", py_repr(I, a[0]));
  }
  IValue r{std::string(v)};
  ::unsetenv(a[0].to_string().c_str());
  return r;
}
IValue env_keys(Interp&, Args& a, const Kw& kw) {
  positional(a, kw, 0, 0, "keys");
  std::vector<IValue> r;
  for (auto& [k, v] : env_items()) r.emplace_back(k);
  return IValue::list(r);
}
IValue env_values(Interp&, Args& a, const Kw& kw) {
  positional(a, kw, 0, 0, "values");
  std::vector<IValue> r;
  for (auto& [k, v] : env_items()) r.emplace_back(v);
  return IValue::list(r);
}
IValue env_items_list(Interp&, Args& a, const Kw& kw) {
  positional(a, kw, 0, 0, "items");
  std::vector<IValue> r;
  for (auto& [k, v] : env_items()) r.push_back(IValue::tuple({IValue(k), IValue(v)}));
  return IValue::list(r);
}
IValue env_copy(Interp&, Args& a, const Kw& kw) {
  positional(a, kw, 0, 0, "copy");
  IValue d = IValue::dict();
  for (auto& [k, v] : env_items()) d.dict_ptr()->set(IValue(k), IValue(v));
  return d;
}

// ---- os, os.path ----
IValue o_getpid(Interp&, Args& a, const Kw& kw) {
  positional(a, kw, 0, 0, "getpid");
  return IValue(int64_t(::getpid()));
}
IValue o_cpu_count(Interp&, Args& a, const Kw& kw) {
  positional(a, kw, 0, 0, "cpu_count");
  long n = ::sysconf(_SC_NPROCESSORS_ONLN);
  return n > 0 ? IValue(int64_t(n)) : none();
}
const std::string& path_str(Args& a, const Kw& kw, const char* fn) {
  positional(a, kw, 1, 1, fn);
  if (!a[0].is_string()) raise("TypeError", "expected str, bytes or os.PathLike object, not " + a[0].type_name());
  return a[0].to_string();
}
// os.path.splitext: the extension is from the last dot of the last component, unless that
// component is only dots before it (".bashrc" has none).
IValue o_splitext(Interp&, Args& a, const Kw& kw) {
  const std::string& p = path_str(a, kw, "splitext");
  size_t sep = p.rfind('/'), dot = p.rfind('.');
  size_t name = sep == std::string::npos ? 0 : sep + 1;
  if (dot != std::string::npos && (sep == std::string::npos || dot > sep))
    for (size_t i = name; i < dot; ++i)
      if (p[i] != '.') return IValue::tuple({IValue(p.substr(0, dot)), IValue(p.substr(dot))});
  return IValue::tuple({IValue(p), IValue(std::string())});
}
// posixpath.normpath: drops "." and empty components and resolves ".." lexically; two leading
// slashes are kept, three or more become one.
std::string normpath(const std::string& path) {
  if (path.empty()) return ".";
  size_t initial = path[0] == '/' ? 1 : 0;
  if (initial && path.size() > 1 && path[1] == '/' && !(path.size() > 2 && path[2] == '/')) initial = 2;
  std::vector<std::string> comps;
  size_t b = 0;
  while (b <= path.size()) {
    size_t e = path.find('/', b);
    if (e == std::string::npos) e = path.size();
    std::string c = path.substr(b, e - b);
    b = e + 1;
    if (c.empty() || c == ".") continue;
    if (c != ".." || (!initial && comps.empty()) || (!comps.empty() && comps.back() == "..")) comps.push_back(c);
    else if (!comps.empty()) comps.pop_back();
  }
  std::string r(initial, '/');
  for (size_t i = 0; i < comps.size(); ++i) r += (i ? "/" : "") + comps[i];
  return r.empty() ? "." : r;
}
IValue o_abspath(Interp&, Args& a, const Kw& kw) {
  const std::string& p = path_str(a, kw, "abspath");
  if (!p.empty() && p[0] == '/') return IValue(normpath(p));
  std::string cwd = fs::current_path().string();
  return IValue(normpath(p.empty() ? cwd : cwd + "/" + p));
}
// os.path.expanduser: "~" and "~/x" from $HOME (else the password database), "~name/x" from
// that user's entry; a path it cannot expand is returned as it is.
IValue o_expanduser(Interp&, Args& a, const Kw& kw) {
  const std::string& p = path_str(a, kw, "expanduser");
  if (p.empty() || p[0] != '~') return a[0];
  size_t i = p.find('/', 1);
  if (i == std::string::npos) i = p.size();
  std::string home;
  if (i == 1) {
    if (const char* h = std::getenv("HOME")) home = h;
    else if (const passwd* pw = ::getpwuid(::getuid())) home = pw->pw_dir;
    else return a[0];
  } else {
    const passwd* pw = ::getpwnam(p.substr(1, i - 1).c_str());
    if (!pw) return a[0];
    home = pw->pw_dir;
  }
  while (!home.empty() && home.back() == '/') home.pop_back();
  std::string r = home + p.substr(i);
  return IValue(r.empty() ? std::string("/") : r);
}
IValue o_getcwd(Interp&, Args&, const Kw&) { return IValue(fs::current_path().string()); }
// os.makedirs(path, mode=0o777, exist_ok=False)
IValue o_makedirs(Interp&, Args& a, const Kw& kw) {
  bool exist_ok = false;
  size_t npos = a.size() - kw.size();
  for (size_t k = 0; k < kw.size(); ++k)
    if (kw[k] == "exist_ok") exist_ok = a[npos + k].to_bool();
  if (npos >= 3) exist_ok = a[2].to_bool();
  std::string p = a[0].to_string();
  std::error_code ec;
  if (fs::exists(p, ec)) {
    if (exist_ok && fs::is_directory(p, ec)) return IValue();
    raise("FileExistsError", "[Errno 17] File exists: '" + p + "'");
  }
  fs::create_directories(p, ec);
  if (ec) raise("OSError", "[Errno " + std::to_string(ec.value()) + "] " + ec.message() + ": '" + p + "'");
  return IValue();
}
IValue o_remove(Interp&, Args& a, const Kw&) {
  std::string p = a[0].to_string();
  std::error_code ec;
  if (!fs::is_regular_file(p, ec) && !fs::is_symlink(p, ec))
    raise("FileNotFoundError", "[Errno 2] No such file or directory: '" + p + "'");
  fs::remove(p, ec);
  if (ec) raise("OSError", "[Errno " + std::to_string(ec.value()) + "] " + ec.message() + ": '" + p + "'");
  return IValue();
}
IValue o_listdir(Interp&, Args& a, const Kw&) {
  std::string p = a.empty() ? "." : a[0].to_string();
  std::error_code ec;
  std::vector<IValue> names;
  for (const auto& e : fs::directory_iterator(p, ec)) names.emplace_back(e.path().filename().string());
  if (ec) raise("FileNotFoundError", "[Errno 2] No such file or directory: '" + p + "'");
  return IValue::list(names);
}
// sys.version_info: Ts follows CPython 3.11 (the version its tests compare with), so scripts
// that test the version take 3.11's paths; the micro version is 0.
IValue s_version_info(Interp&, Args&, const Kw&) {
  IValue r = IValue::tuple({IValue(int64_t(3)), IValue(int64_t(11)), IValue(int64_t(0)), IValue("final"), IValue(int64_t(0))});
  r.tuple_ptr()->type_name = "sys.version_info";
  r.tuple_ptr()->field_names = {"major", "minor", "micro", "releaselevel", "serial"};
  return r;
}
IValue stream(bool err) {
  static const IValue out{IValue::ObjectPtr(std::make_shared<StreamValue>(false))};
  static const IValue errs{IValue::ObjectPtr(std::make_shared<StreamValue>(true))};
  return err ? errs : out;
}
IValue s_stdout(Interp&, Args&, const Kw&) { return stream(false); }
IValue s_stderr(Interp&, Args&, const Kw&) { return stream(true); }
// sys.stdout.write(s) / sys.stderr.write(s): the number of characters written, as CPython's.
template <bool Err>
IValue s_write(Interp&, Args& a, const Kw& kw) {
  positional(a, kw, 1, 1, "write");
  if (!a[0].is_string()) raise("TypeError", "write() argument must be str, not " + a[0].type_name());
  const std::string& s = a[0].to_string();
  write_stream(Err, s);
  return IValue(int64_t(util::code_point_count(s)));
}
template <bool Err>
IValue s_flush(Interp&, Args& a, const Kw& kw) {
  positional(a, kw, 0, 0, "flush");
  std::fflush(Err ? stderr : stdout);
  return none();
}
IValue jit_never(Interp&, Args&, const Kw&) { return IValue(false); }  // torch.jit.is_scripting/is_tracing
// sys.exit([arg]) raises SystemExit(arg): its `code` is the argument (None without one), and
// the process's exit status follows from it (exit_status).
IValue s_exit(Interp& I, Args& a, const Kw&) {
  auto e = std::make_shared<ExceptionValue>("SystemExit", a.empty() ? "" : py_str(I, a[0]));
  e->args = IValue::tuple(std::vector<IValue>(a.begin(), a.end()));
  ScriptError err("SystemExit", e->msg);
  err.value = IValue(IValue::ObjectPtr(e));
  throw err;
}

// _ts.caught_traceback(): the traceback of the exception the script caught last, as tsrun prints
// an uncaught one, or None.
IValue ts_caught_traceback(Interp& I, Args&, const Kw&) {
  const IValue& v = last_caught_exception();
  if (!v.is_object()) return none();
  if (auto* e = dynamic_cast<ExceptionValue*>(v.object_ptr().get())) {
    ScriptError se(e->cls, e->msg);
    se.trace = e->trace;
    return IValue(format_traceback(se));
  }
  if (auto* o = dynamic_cast<ExceptionObject*>(v.object_ptr().get())) {
    const ir::ClassType& k = *o->cls;
    ScriptError se(k.module == "__main__" ? k.name : ir::exception_name(k), py_str(I, v));
    se.trace = o->trace;
    return IValue(format_traceback(se));
  }
  return none();
}

// _ts.strftime(fmt, t): time.strftime(fmt, time.localtime(t)), logging's asctime.
IValue ts_strftime(Interp&, Args& a, const Kw&) {
  std::string fmt = a[0].to_string();
  auto t = static_cast<std::time_t>(std::floor(real_arg(a[1])));
  std::tm tm{};
  localtime_r(&t, &tm);
  if (fmt.empty()) return IValue(std::string());
  std::vector<char> buf(256 + fmt.size() * 8);
  size_t n = std::strftime(buf.data(), buf.size(), fmt.c_str(), &tm);
  return IValue(std::string(buf.data(), n));
}

// _ts.write_text(path, s, append): writes s to the file (made if missing), replacing its text
// or after it: pathlib's write_text and touch, logging's FileHandler.
IValue ts_write_text(Interp&, Args& a, const Kw&) {
  std::string path = a[0].to_string();
  FILE* f = std::fopen(path.c_str(), a[2].to_bool() ? "a" : "w");
  if (!f) {
    int e = errno;
    raise(e == ENOENT ? "FileNotFoundError" : e == EISDIR ? "IsADirectoryError" : e == EACCES ? "PermissionError" : "OSError",
          "[Errno " + std::to_string(e) + "] " + std::strerror(e) + ": '" + path + "'");
  }
  const std::string& text = a[1].to_string();
  std::fwrite(text.data(), 1, text.size(), f);
  std::fclose(f);
  return none();
}

// _ts.read_text(path): the file's text (pathlib's read_text).
IValue ts_read_text(Interp&, Args& a, const Kw&) {
  std::string path = a[0].to_string();
  std::error_code ec;
  if (fs::is_directory(path, ec)) raise("IsADirectoryError", "[Errno 21] Is a directory: '" + path + "'");
  FILE* f = std::fopen(path.c_str(), "r");
  if (!f) {
    int e = errno;
    raise(e == ENOENT ? "FileNotFoundError" : "OSError", "[Errno " + std::to_string(e) + "] " + std::strerror(e) + ": '" + path + "'");
  }
  std::string text;
  char buf[65536];
  for (size_t n; (n = std::fread(buf, 1, sizeof buf, f)) > 0;) text.append(buf, n);
  std::fclose(f);
  return IValue(text);
}

// _ts.realpath(path): the absolute path with symbolic links, `.` and `..` resolved as far as it
// exists (pathlib's resolve()).
IValue ts_realpath(Interp&, Args& a, const Kw&) {
  std::error_code ec;
  fs::path p = fs::weakly_canonical(fs::absolute(a[0].to_string(), ec), ec);
  if (ec) raise("OSError", "[Errno " + std::to_string(ec.value()) + "] " + ec.message() + ": '" + a[0].to_string() + "'");
  std::string s = p.string();
  while (s.size() > 1 && s.back() == '/') s.pop_back();
  return IValue(s);
}

// _ts.rmdir(path): removes an empty directory, with os.rmdir's errors (pathlib's rmdir).
IValue ts_rmdir(Interp&, Args& a, const Kw&) {
  std::string path = a[0].to_string();
  if (::rmdir(path.c_str()) != 0) {
    int e = errno;
    raise(e == ENOENT ? "FileNotFoundError" : e == ENOTDIR ? "NotADirectoryError" : "OSError",
          "[Errno " + std::to_string(e) + "] " + std::strerror(e) + ": '" + path + "'");
  }
  return none();
}

// _ts.is_symlink(path) (pathlib's `**` does not descend into linked directories).
IValue ts_is_symlink(Interp&, Args& a, const Kw&) {
  std::error_code ec;
  return IValue(fs::is_symlink(a[0].to_string(), ec));
}

// ---- _ts: the standard library's window into the runtime ----
IValue ts_attributes(Interp&, Args& a, const Kw&) {
  std::vector<IValue> out;
  auto* o = a[0].is_object() ? dynamic_cast<ScriptObject*>(a[0].object_ptr().get()) : nullptr;
  if (!o) raise("TypeError", "_ts.attributes() takes an instance of a script class");
  for (size_t i = 0; i < o->slots.size(); ++i) out.push_back(IValue::tuple({IValue(o->cls->attrs[i].first), o->slots[i]}));
  return IValue::list(out);
}
// _ts.autograd_grad(outputs, inputs, grad_outputs, retain_graph, create_graph, allow_unused) and
// _ts.autograd_backward(tensors, grad_tensors, retain_graph, create_graph, inputs): the lists
// may hold None for "no gradient given" (grad_outputs) as in PyTorch.
std::vector<Tensor> tensors_of(const IValue& v) {
  std::vector<Tensor> out;
  if (v.is_none()) return out;
  if (v.is_tensor()) return {v.to_tensor()};
  for (const auto& x : v.items()) out.push_back(x.is_none() ? Tensor() : x.to_tensor());
  return out;
}
std::optional<bool> opt_bool(const IValue& v) {
  if (v.is_none()) return std::nullopt;
  return v.to_bool();
}
IValue ts_autograd_grad(Interp&, Args& a, const Kw&) {
  auto r = autograd::grad(tensors_of(a[0]), tensors_of(a[1]), tensors_of(a[2]), opt_bool(a[3]), a[4].to_bool(),
                          a[5].to_bool());
  std::vector<IValue> out;
  for (const auto& t : r) out.push_back(t.defined() ? IValue(t) : IValue());
  return IValue::tuple(out);
}
IValue ts_autograd_backward(Interp&, Args& a, const Kw&) {
  autograd::backward(tensors_of(a[0]), tensors_of(a[1]), opt_bool(a[2]), a[3].to_bool(), tensors_of(a[4]));
  return IValue();
}
// _ts.deepcopy(v): copy.deepcopy for script values (objects, lists, tuples, dicts, tensors with
// their requires_grad and Parameter-ness); shared references stay shared in the copy.
IValue ts_deepcopy(Interp&, Args& a, const Kw&) { return ValueCopier(ValueCopier::Mode::Deep).copy(a[0]); }
// copy.copy(v): a new list, dict or object holding the same elements; a tensor is a new tensor
// object over the same memory with the same requires_grad and Parameter-ness (as PyTorch's).
IValue copy_copy(Interp&, Args& a, const Kw&) {
  const IValue& v = a[0];
  if (v.is_list()) return copy_tags(v, IValue::list(v.items()));
  if (v.is_dict()) {
    IValue d = IValue::dict();
    for (const auto& [k, x] : v.dict_ptr()->items) d.dict_ptr()->set(k, x);
    return copy_tags(v, d);
  }
  if (v.is_tensor() && v.to_tensor().defined()) {
    const Tensor& t = v.to_tensor();
    Tensor c = t.detach();
    c.requires_grad_(t.requires_grad());
    c.impl()->is_parameter = t.impl()->is_parameter;
    return IValue(c);
  }
  if (auto* so = v.is_object() ? dynamic_cast<ScriptObject*>(v.object_ptr().get()) : nullptr) {
    auto o = std::make_shared<ScriptObject>(so->cls);
    o->slots = so->slots;
    return IValue(IValue::ObjectPtr(o));
  }
  return v;  // immutable values, tuples, and native objects
}
IValue ts_make_parameter(Interp&, Args& a, const Kw&) {
  Tensor t = a[0].to_tensor().detach();
  t.requires_grad_(a.size() < 2 || a[1].to_bool());
  t.impl()->is_parameter = true;
  return IValue(t);
}
IValue ts_is_parameter(Interp&, Args& a, const Kw&) { return IValue(a[0].is_tensor() && a[0].to_tensor().impl()->is_parameter); }
IValue ts_class_name(Interp&, Args& a, const Kw&) {
  auto* o = a[0].is_object() ? dynamic_cast<ScriptObject*>(a[0].object_ptr().get()) : nullptr;
  return IValue(o ? o->cls->name : a[0].type_name());
}

// ---- torch.save / torch.load, ts.save_npy / ts.load_npy, ts.safetensors (src/serialize) ----
// Readers raise Python's FileNotFoundError for a missing file, as open() does.
std::string existing_path(Args& a, const Kw& kw, size_t i, const char* name, const char* fn) {
  std::string p = path_arg(a, kw, i, name, fn);
  std::error_code ec;
  if (!fs::exists(p, ec)) raise("FileNotFoundError", "[Errno 2] No such file or directory: '" + p + "'");
  return p;
}
IValue torch_save(Interp&, Args& a, const Kw& kw) {
  serialize::save(arg(a, kw, 0, "obj", "save"), path_arg(a, kw, 1, "f", "save"));
  return none();
}
IValue torch_load(Interp&, Args& a, const Kw& kw) {
  std::optional<std::string> loc;
  const IValue* m = a.size() - kw.size() > 1 ? &a[1] : kwarg(a, kw, "map_location");
  if (m && m->is_string()) loc = m->to_string();
  else if (m && m->is_device()) loc = m->to_device().str();
  else if (m && !m->is_none()) raise("TypeError", "load(): map_location must be None, a str or a torch.device, not " + m->type_name());
  return serialize::load(existing_path(a, kw, 0, "f", "load"), loc);
}
IValue ts_save_npy(Interp&, Args& a, const Kw& kw) {
  const IValue& t = arg(a, kw, 0, "tensor", "save_npy");
  if (!t.is_tensor()) raise("TypeError", "save_npy(): expected a Tensor, got " + t.type_name());
  serialize::save_npy(t.to_tensor(), path_arg(a, kw, 1, "path", "save_npy"));
  return none();
}
IValue ts_load_npy(Interp&, Args& a, const Kw& kw) {
  return IValue(serialize::load_npy(existing_path(a, kw, 0, "path", "load_npy")));
}
IValue ts_save_safetensors(Interp&, Args& a, const Kw& kw) {
  const IValue& d = arg(a, kw, 0, "tensors", "save_file");
  if (!d.is_dict()) raise("TypeError", "save_file(): expected a Dict[str, Tensor], got " + d.type_name());
  serialize::TensorMap tensors;
  for (const auto& [k, v] : d.dict_ptr()->items) {
    if (!k.is_string() || !v.is_tensor()) raise("TypeError", "save_file(): expected a Dict[str, Tensor]");
    tensors.emplace_back(k.to_string(), v.to_tensor());
  }
  std::map<std::string, std::string> meta;
  const IValue* m = a.size() - kw.size() > 2 ? &a[2] : kwarg(a, kw, "metadata");
  if (m && m->is_dict()) {
    for (const auto& [k, v] : m->dict_ptr()->items) {
      if (!k.is_string() || !v.is_string()) raise("TypeError", "save_file(): metadata must be a Dict[str, str]");
      meta[k.to_string()] = v.to_string();
    }
  } else if (m && !m->is_none()) {
    raise("TypeError", "save_file(): metadata must be a Dict[str, str]");
  }
  serialize::save_safetensors(tensors, path_arg(a, kw, 1, "filename", "save_file"), meta);
  return none();
}
IValue ts_load_safetensors(Interp&, Args& a, const Kw& kw) {
  IValue d = IValue::dict();
  for (auto& [k, t] : serialize::load_safetensors(existing_path(a, kw, 0, "filename", "load_file")))
    d.dict_ptr()->set(IValue(k), IValue(t));
  return d;
}

// torch.einsum(equation, *operands) (torch/functional.py): operands as varargs or as one list or
// tuple, over the registry's einsum(str equation, Tensor[] tensors).
IValue torch_einsum(Interp&, Args& a, const Kw& kw) {
  if (!kw.empty()) raise("TypeError", "einsum() got an unexpected keyword argument '" + kw[0] + "'");
  if (a.size() < 2)
    raise("ValueError", "einsum(): must specify the equation string and at least one operand, or at least one "
                        "operand and its subscripts list");
  std::vector<IValue> operands(a.begin() + 1, a.end());
  if (operands.size() == 1 && (operands[0].is_list() || operands[0].is_tuple())) operands = operands[0].items();
  return ops::call("einsum", {a[0], IValue::list(std::move(operands))})[0];
}

// Tensor.type(dtype=None): without a dtype the legacy type name ("torch.FloatTensor"), with a
// dtype or such a name the tensor converted to it (itself when it already has that type).
IValue tensor_type(Interp&, Args& a, const Kw& kw) {
  auto legacy = [](DType d) { return "torch." + std::string(scalar_type_name(d)) + "Tensor"; };
  const IValue* want = a.size() - kw.size() > 1 ? &a[1] : kwarg(a, kw, "dtype");
  if (!want || want->is_none()) return IValue(legacy(a[0].to_tensor().dtype()));
  DType to;
  if (want->is_dtype()) {
    to = want->to_dtype();
  } else if (want->is_string()) {
    int i = 0;
    while (i < kNumDTypes && legacy(DType(i)) != want->to_string()) ++i;
    if (i == kNumDTypes) raise("ValueError", "invalid type: '" + want->to_string() + "'");
    to = DType(i);
  } else {
    raise("TypeError", "type() argument 'dtype' must be torch.dtype or str, not " + want->type_name());
  }
  return ops::call("to", {a[0], IValue(to)})[0];
}

// torch.unique (torch/functional.py): _unique2, or unique_dim when `dim` is given; a tuple when
// the inverse indices or counts are asked for (the checker requires those flags literal).
IValue torch_unique(Interp&, Args& a, const Kw& kw) {
  auto opt = [&](size_t i, const char* name) { return a.size() - kw.size() > i ? &a[i] : kwarg(a, kw, name); };
  const IValue& x = arg(a, kw, 0, "input", "unique");
  if (!x.is_tensor()) raise("TypeError", "unique(): argument 'input' must be Tensor, not " + x.type_name());
  const IValue* s = opt(1, "sorted");
  const IValue* ri = opt(2, "return_inverse");
  const IValue* rc = opt(3, "return_counts");
  const IValue* d = opt(4, "dim");
  const bool sorted = !s || s->to_bool(), inv = ri && ri->to_bool(), cnt = rc && rc->to_bool();
  std::tuple<Tensor, Tensor, Tensor> r = d && !d->is_none()
                                           ? unique_dim(x.to_tensor(), d->to_int(), sorted, inv, cnt)
                                           : _unique2(x.to_tensor(), sorted, inv, cnt);
  if (!inv && !cnt) return IValue(std::get<0>(r));
  std::vector<IValue> parts;
  parts.reserve(3);
  parts.push_back(IValue(std::get<0>(r)));
  if (inv) parts.push_back(IValue(std::get<1>(r)));
  if (cnt) parts.push_back(IValue(std::get<2>(r)));
  return IValue::tuple(std::move(parts));
}

// torch.unique_consecutive(input, return_inverse=False, return_counts=False, dim=None): the
// registry's unique_consecutive, its result a tuple of what the flags ask for.
IValue torch_unique_consecutive(Interp&, Args& a, const Kw& kw) {
  auto opt = [&](size_t i, const char* name) { return a.size() - kw.size() > i ? &a[i] : kwarg(a, kw, name); };
  const IValue& x = arg(a, kw, 0, "input", "unique_consecutive");
  if (!x.is_tensor()) raise("TypeError", "unique_consecutive(): argument 'input' must be Tensor, not " + x.type_name());
  const IValue* ri = opt(1, "return_inverse");
  const IValue* rc = opt(2, "return_counts");
  const IValue* d = opt(3, "dim");
  const bool inv = ri && ri->to_bool(), cnt = rc && rc->to_bool();
  Stack r = ops::call("unique_consecutive", {x, IValue(inv), IValue(cnt), d ? *d : IValue()});
  if (!inv && !cnt) return r[0];
  std::vector<IValue> parts = {r[0]};
  if (inv) parts.push_back(r[1]);
  if (cnt) parts.push_back(r[2]);
  return IValue::tuple(std::move(parts));
}

}  // namespace

const std::map<std::string, BuiltinFn>& module_builtins() {
  static const std::map<std::string, BuiltinFn> m = {
      {"time.perf_counter", t_perf}, {"time.monotonic", t_perf}, {"time.time", t_time}, {"time.sleep", t_sleep},
      {"os.path.exists", o_exists}, {"os.path.isfile", o_isfile}, {"os.path.isdir", o_isdir},
      {"os.path.join", o_join}, {"os.path.basename", o_basename}, {"os.path.dirname", o_dirname},
      {"os.environ.get", o_getenv}, {"os.getcwd", o_getcwd}, {"os.makedirs", o_makedirs},
      {"os.remove", o_remove}, {"os.listdir", o_listdir}, {"sys.exit", s_exit}, {"torch.jit.is_scripting", jit_never}, {"torch.jit.is_tracing", jit_never},
      {"os.getenv", o_getenv}, {"os.getpid", o_getpid}, {"os.cpu_count", o_cpu_count},
      {"os.path.splitext", o_splitext}, {"os.path.abspath", o_abspath}, {"os.path.expanduser", o_expanduser},
      {"os.environ.__getitem__", env_getitem}, {"os.environ.__setitem__", env_setitem},
      {"os.environ.__delitem__", env_delitem}, {"os.environ.__contains__", env_contains},
      {"os.environ.setdefault", env_setdefault}, {"os.environ.pop", env_pop}, {"os.environ.keys", env_keys},
      {"os.environ.values", env_values}, {"os.environ.items", env_items_list}, {"os.environ.copy", env_copy},
      {"sys.version_info", s_version_info}, {"sys.stdout", s_stdout}, {"sys.stderr", s_stderr},
      {"sys.stdout.write", s_write<false>}, {"sys.stderr.write", s_write<true>},
      {"sys.stdout.flush", s_flush<false>}, {"sys.stderr.flush", s_flush<true>},
      {"time.time_ns", t_time_ns}, {"time.perf_counter_ns", t_perf_ns}, {"time.monotonic_ns", t_perf_ns},
      {"time.process_time", t_process_time},
      {"_ts.autograd_grad", ts_autograd_grad}, {"_ts.autograd_backward", ts_autograd_backward},
      {"_ts.deepcopy", ts_deepcopy}, {"copy.deepcopy", ts_deepcopy}, {"copy.copy", copy_copy}, {"_ts.attributes", ts_attributes}, {"_ts.caught_traceback", ts_caught_traceback}, {"_ts.strftime", ts_strftime}, {"_ts.write_text", ts_write_text}, {"_ts.read_text", ts_read_text}, {"_ts.realpath", ts_realpath}, {"_ts.is_symlink", ts_is_symlink}, {"_ts.rmdir", ts_rmdir}, {"_ts.make_parameter", ts_make_parameter},
      {"_ts.is_parameter", ts_is_parameter}, {"_ts.class_name", ts_class_name},
      {"torch.save", torch_save}, {"torch.load", torch_load}, {"ts.save_npy", ts_save_npy},
      {"ts.load_npy", ts_load_npy}, {"ts.safetensors.save_file", ts_save_safetensors},
      {"ts.safetensors.load_file", ts_load_safetensors}, {"torch.unique", torch_unique}, {"torch.einsum", torch_einsum},
      {"torch.unique_consecutive", torch_unique_consecutive}, {"Tensor.unique_consecutive", torch_unique_consecutive},
      {"Tensor.unique", torch_unique}, {"Tensor.type", tensor_type},
  };
  return m;
}

void write_stream(bool err, const std::string& s) {
  if (!err) {
    std::fwrite(s.data(), 1, s.size(), stdout);
    return;
  }
  std::fflush(stdout);  // keep the order of prints and stderr lines
  std::fwrite(s.data(), 1, s.size(), stderr);
  std::fflush(stderr);
}

}  // namespace ts::runtime
