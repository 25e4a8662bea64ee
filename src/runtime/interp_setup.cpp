// An interpreter's life outside the loop: the live interpreters (a function of another
// program runs on the interpreter that owns its module globals), module globals and their
// per-worker copies, and lowering functions to register code on demand (interp.cpp runs it).
#include <atomic>
#include <chrono>
#include <memory>
#include <mutex>

#include "ir/ir.h"
#include "ops/registry.h"
#include "passes/passes.h"
#include "runtime/builtins_data.h"
#include "runtime/interp.h"
#include "runtime/value_copy.h"

namespace ts::runtime {

namespace {
// Every live interpreter: a function of another program (a model archive loaded by a script)
// is lowered by the interpreter that owns its module globals.
std::mutex g_interps_mu;
std::vector<Interp*> g_interps;

}  // namespace

bool Interp::holds(const ir::Function& fn) const {
  if (prepared_) return own_.count(&fn) > 0;
  for (const auto& f : prog.functions)
    if (&f == &fn) return true;
  return false;
}

Interp::Interp(ir::Program& p, RunOptions o) : prog(p), opts(std::move(o)) {
  std::lock_guard<std::mutex> lock(g_interps_mu);
  g_interps.push_back(this);
}

std::vector<IValue>& Interp::globals(const std::string& module) { return globals_[module]; }

GlobalsCopy Interp::copy_globals(ValueCopier& copier) {
  GlobalsCopy r;
  for (auto& [name, values] : globals_) {
    std::vector<IValue>& c = r[&values];
    c.reserve(values.size());
    for (const IValue& v : values) c.push_back(copier.copy(v));
  }
  return r;
}

namespace {
struct Unset : IValue::Object {
  std::string type_name() const override { return "<unset>"; }
};
}  // namespace

const IValue& unset_global() {
  static const IValue v(IValue::ObjectPtr(std::make_shared<Unset>()));
  return v;
}

namespace {
// What Function::code holds: the lowered code, published once through an atomic pointer, so
// calls read it without a lock while other threads (data-loader workers) may be lowering other
// functions (src/runtime/README.md, Note [Threads]).
struct CodeSlot {
  std::atomic<const Code*> ready{nullptr};
  std::unique_ptr<Code> code;
  bool optimized = false;  // the passes ran (also when lowering then failed)
};
CodeSlot& slot_of(ir::Function& fn) { return *static_cast<CodeSlot*>(fn.code.get()); }
size_t count_globals(const ir::Program& prog) {
  size_t n = 0;
  for (const auto& m : prog.modules) n += m.globals.size();
  return n;
}
}  // namespace

void Interp::prepare() {
  // Module globals get their final slot counts before anything runs, so running code never
  // resizes them (threads may share them); the emitter registered every global already.
  std::lock_guard<std::mutex> lock(mu_);
  for (auto& f : prog.functions) {
    if (!f.code) f.code = std::make_shared<CodeSlot>();
    own_.insert(&f);
  }
  for (auto& m : prog.modules) globals(m.name).resize(m.globals.size(), unset_global());
  nglobals_ = count_globals(prog);
  prepared_ = true;  // from here on the Function::code pointers are only read
}

void Interp::record(const std::string& name, std::chrono::steady_clock::time_point t0) {
  double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  std::lock_guard<std::mutex> lock(profile_mu);
  auto& e = profile[name];
  ++e.calls;
  e.seconds += s;
}

Interp::~Interp() {
  shutdown_worker_pools(*this);  // their threads run this interpreter's code
  {
    std::lock_guard<std::mutex> lock(g_interps_mu);
    std::erase(g_interps, this);
  }
  for (auto& f : prog.functions) f.code.reset();
}

const Code& Interp::code(ir::Function& fn) {
  // After prepare() every function has its slot; a lowered one is one atomic load away.
  if (prepared_)
    if (const Code* c = slot_of(fn).ready.load(std::memory_order_acquire)) return *c;
  return compile(fn);
}

const Code& Interp::compile(ir::Function& fn) {
  // A method of an object from a loaded model archive: its own interpreter has its globals.
  if (!holds(fn)) {
    Interp* owner = nullptr;
    {
      std::lock_guard<std::mutex> lock(g_interps_mu);
      for (Interp* i : g_interps)
        if (i != this && i->holds(fn)) owner = i;
    }
    TS_INTERNAL_ASSERT(owner, "no interpreter holds ", fn.qualname);
    return owner->compile(fn);
  }
  // One lock for all: inlining reads the graphs of callees, which another thread's passes
  // could otherwise be rewriting.
  std::lock_guard<std::mutex> lock(mu_);
  if (!fn.code) fn.code = std::make_shared<CodeSlot>();
  CodeSlot& s = slot_of(fn);
  if (const Code* c = s.ready.load(std::memory_order_relaxed)) return *c;
  if (opts.opt_level > 0 && !s.optimized) {
    s.optimized = true;
    passes::run_passes(*fn.graph, opts.opt_level);
  }
  s.code = lower(fn, *this);
  TS_INTERNAL_ASSERT(!prepared_ || count_globals(prog) == nglobals_, "lowering ", fn.qualname,
                     " added a module global after the globals were sized");
  s.ready.store(s.code.get(), std::memory_order_release);
  return *s.code;
}

std::string Interp::optimized_ir(ir::Function& fn) {
  std::lock_guard<std::mutex> lock(mu_);
  if (!fn.code) fn.code = std::make_shared<CodeSlot>();
  CodeSlot& s = slot_of(fn);
  if (opts.opt_level > 0 && !s.optimized && !s.ready.load(std::memory_order_relaxed)) {
    s.optimized = true;
    passes::run_passes(*fn.graph, opts.opt_level);
  }
  return ir::to_string(fn);
}

}  // namespace ts::runtime
