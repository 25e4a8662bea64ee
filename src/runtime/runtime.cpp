#include "runtime/runtime.h"

#include "runtime/interp.h"

namespace ts::runtime {

struct Runtime::Impl {
  Interp interp;
  Impl(ir::Program& p, RunOptions o) : interp(p, std::move(o)) {}
};

Runtime::Runtime(ir::Program& prog, RunOptions opts) : impl_(std::make_unique<Impl>(prog, std::move(opts))) {}
Runtime::~Runtime() = default;

void Runtime::run() {
  for (auto& m : impl_->interp.prog.modules) {
    if (!m.init) continue;
    std::vector<IValue> none;
    impl_->interp.call(*m.init, none);
  }
}

IValue Runtime::call(ir::Function& fn, std::vector<IValue> args) { return impl_->interp.call(fn, args); }

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

}  // namespace ts::runtime
