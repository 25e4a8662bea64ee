#include "runtime/runtime.h"

#include <algorithm>
#include <cstdio>
#include <variant>

#include "ir/exceptions.h"
#include "runtime/interp.h"

namespace ts::runtime {

struct Runtime::Impl {
  Interp interp;
  Impl(ir::Program& p, RunOptions o) : interp(p, std::move(o)) {}
};

Runtime::Runtime(ir::Program& prog, RunOptions opts) : impl_(std::make_unique<Impl>(prog, std::move(opts))) {}
Runtime::~Runtime() = default;

void Runtime::run() {
  impl_->interp.prepare();
  for (auto& m : impl_->interp.prog.modules) {
    if (!m.init) continue;
    std::vector<IValue> none;
    impl_->interp.call(*m.init, none);
  }
}

IValue Runtime::call(ir::Function& fn, std::vector<IValue> args) { return impl_->interp.call(fn, args); }

std::string Runtime::profile_table() const {
  std::vector<std::pair<std::string, Interp::ProfileEntry>> rows(impl_->interp.profile.begin(), impl_->interp.profile.end());
  std::sort(rows.begin(), rows.end(), [](const auto& a, const auto& b) { return a.second.seconds > b.second.seconds; });
  double total = 0;
  for (const auto& r : rows) total += r.second.seconds;
  std::string s;
  char buf[256];
  std::snprintf(buf, sizeof(buf), "%-32s %10s %14s %14s %8s\n", "Name", "Calls", "Total", "Mean", "Share");
  s += buf;
  auto fmt = [](double sec) {
    char b[32];
    if (sec >= 1) std::snprintf(b, sizeof(b), "%.3fs", sec);
    else if (sec >= 1e-3) std::snprintf(b, sizeof(b), "%.3fms", sec * 1e3);
    else std::snprintf(b, sizeof(b), "%.3fus", sec * 1e6);
    return std::string(b);
  };
  for (const auto& [name, e] : rows) {
    std::snprintf(buf, sizeof(buf), "%-32s %10lld %14s %14s %7.1f%%\n", name.c_str(), (long long)e.calls,
                  fmt(e.seconds).c_str(), fmt(e.seconds / double(e.calls)).c_str(), total > 0 ? 100 * e.seconds / total : 0.0);
    s += buf;
  }
  std::snprintf(buf, sizeof(buf), "Total: %s in ops and builtins\n", fmt(total).c_str());
  return s + buf;
}

bool ScriptError::is(std::string_view builtin) const {
  auto* o = value.is_object() ? dynamic_cast<ExceptionObject*>(value.object_ptr().get()) : nullptr;
  return o ? ir::exception_catches(builtin, *o->cls) : ir::exception_catches(builtin, cls);
}

ScriptError script_error_of(const std::exception& e) {
  if (const auto* te = dynamic_cast<const Error*>(&e)) return ScriptError(error_kind_name(te->kind()), te->message());
  if (dynamic_cast<const std::bad_variant_access*>(&e))
    return ScriptError("TypeError", "an argument has the wrong type for this operation");
  return ScriptError("RuntimeError", e.what());
}

std::string format_traceback(const ScriptError& e) {
  std::string s = "Traceback (most recent call last):\n";
  for (auto it = e.trace.rbegin(); it != e.trace.rend(); ++it) {
    const ir::SourceLoc& l = it->loc;
    if (!l.file) continue;
    s += "  File \"" + l.file->path + "\", line " + std::to_string(l.line) + ", column " + std::to_string(l.col) +
         ", in " + it->function + "\n";
    std::string line = l.file->line(l.line);
    size_t b = line.find_first_not_of(" \t");
    if (b != std::string::npos) {
      s += "    " + line.substr(b) + "\n";
      if (l.col > 0 && size_t(l.col - 1) >= b) s += "    " + std::string(size_t(l.col - 1) - b, ' ') + "^\n";
    }
  }
  s += e.cls;
  if (!e.msg.empty()) s += ": " + e.msg;
  return s + "\n";
}

IValue system_exit_code(const ExceptionValue& e) {
  if (!e.args.is_tuple()) return e.msg.empty() ? IValue() : IValue(e.msg);
  const auto& a = e.args.items();
  return a.empty() ? IValue() : a.size() == 1 ? a[0] : e.args;
}

int exit_status(const ScriptError& e, std::string* message) {
  auto* ev = e.value.is_object() ? dynamic_cast<ExceptionValue*>(e.value.object_ptr().get()) : nullptr;
  if (!ev) return e.msg.empty() ? 0 : 1;
  IValue code = system_exit_code(*ev);
  if (code.is_none()) return 0;
  if (code.is_int()) return int(code.to_int());
  if (code.is_bool()) return int(code.to_bool());
  *message = code.is_string() ? code.to_string() : ev->msg;
  return 1;
}

}  // namespace ts::runtime
