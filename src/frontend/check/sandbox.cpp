// The allow-list for the code of model archives and its enforcement in the checker (Note
// [Archive code has no I/O] in src/archive/README.md). Everything not listed here is refused: a
// new builtin or library module is unavailable to archive code until it is added, after
// checking that it reaches no file, process or network.
#include "frontend/sandbox.h"

#include <functional>

#include "frontend/check/checker.h"
#include "frontend/stdlib.h"
#include "ir/exceptions.h"

namespace ts::frontend {

namespace {

// Library modules archive code may import. "x.*" admits x's submodules too.
constexpr std::string_view kModules[] = {
    "typing", "__future__", "math", "random", "time", "collections", "itertools", "functools", "copy",
    "torch", "torch.jit", "torch.nn", "torch.nn.*", "torch.linalg", "torch.special", "torch.autograd", "torch.autograd.functional", "torch.optim", "torch.optim.*",
    "torch._generator",
};

// Builtin functions archive code may name. "x.*" admits every function of module x. The torch
// operators (the op registry) are computations and always allowed; they are not builtins.
constexpr std::string_view kBuiltins[] = {
    // Python's builtins, except getattr/setattr (a computed attribute name escapes this check).
    "print", "len", "range", "enumerate", "zip", "reversed", "int", "float", "bool", "str", "list", "dict", "tuple",
    "isinstance", "min", "max", "abs", "sum", "round", "sorted", "any", "all", "super", "ord", "chr", "hex", "oct", "bin", "hasattr",
    "divmod", "pow", "issubclass", "iter", "next", "repr", "format", "object", "type", "map", "filter", "set",
    // (and the exception classes: ir/exceptions.h)
    // Modules that compute or only read the clock (time.sleep waits, nothing more); typing.
    "math.*", "random.*", "time.*", "Union",
    // Python's container and iteration modules: computations on values.
    "collections.*", "itertools.*", "functools.*", "copy.*",
    // torch's builtins that are not file access.
    "torch.device", "torch.unique", "no_grad", "enable_grad", "torch.set_grad_enabled", "torch.inference_mode", "torch.Size", "torch.einsum", "torch.jit.script", "autograd.apply",
};

// The standard library's window into the runtime (module _ts) that the allowed modules use on
// archive code's behalf: reflection, parameters, generators, autograd and optimizer steps.
// Archive code cannot name these (it cannot import _ts); a library function that reaches any
// other builtin (Module.save reaches torch.jit.save) cannot be called from archive code.
constexpr std::string_view kLibraryInternals[] = {
    "_ts.attributes", "_ts.deepcopy", "_ts.make_parameter", "_ts.is_parameter", "_ts.class_name",
    "_ts.autograd_grad", "_ts.autograd_backward", "_ts.generator_*", "_ts.randperm", "_ts.randint",
    "_ts.multinomial", "_ts.random_seed", "_ts.optim_*", "_ts.has_slot",
};

// An entry ending in '*' admits every name it is a prefix of.
bool listed(std::string_view name, const auto& list) {
  for (std::string_view e : list) {
    if (e == name) return true;
    if (e.ends_with('*') && name.size() >= e.size() && name.starts_with(e.substr(0, e.size() - 1))) return true;
  }
  return false;
}

}  // namespace

bool archive_may_import(std::string_view module) { return listed(module, kModules); }
bool archive_may_call(std::string_view name) { return listed(name, kBuiltins) || ir::is_builtin_exception(name); }
bool archive_may_reach(std::string_view name) { return archive_may_call(name) || listed(name, kLibraryInternals); }

// ---- enforcement in the checker ----

namespace {
const std::string kWhy = ": " + std::string(kArchiveRule);
}  // namespace

bool Checker::restricted(const Span& s) const {
  return restricted_ && !sm.file(s.file).path.starts_with(kStdlibPrefix);
}

void Checker::sandbox_builtin(const Type* t, const Expr& e) {
  if (!restricted_) return;
  if ((t->kind == TypeKind::Function || t->kind == TypeKind::Method) && t->fn) {
    // A library function or method named as a value (called now, or passed on to be called).
    const FunctionInfo& f = *t->fn;
    if (restricted(e.span) && f.decl && !restricted(f.decl->span))
      if (std::string io = reaches_io(f); !io.empty())
        error(e.span, "archive code may not use `" + (f.owner ? f.owner->name + "." : std::string()) + f.name +
                          "`, which uses `" + io + "`" + kWhy);
    return;
  }
  if (t->kind != TypeKind::Builtin) return;
  if (restricted(e.span)) {
    if (!archive_may_call(t->name)) error(e.span, "archive code may not use `" + t->name + "`" + kWhy);
  } else if (!archive_may_reach(t->name) && frame_ && frame_->fn && frame_->fn->io.empty()) {
    frame_->fn->io = t->name;
  }
}

std::string Checker::reaches_io(const FunctionInfo& f) const {
  std::set<const FunctionInfo*> seen;
  std::function<std::string(const FunctionInfo&)> walk = [&](const FunctionInfo& g) -> std::string {
    if (!seen.insert(&g).second) return "";
    if (!g.io.empty()) return g.io;
    for (const FunctionInfo* c : g.callees)
      if (std::string io = walk(*c); !io.empty()) return io;
    return "";
  };
  return walk(f);
}

void Checker::sandbox_call(const FunctionInfo& f, const Expr& e, const std::string& what) {
  if (!restricted_) return;
  if (frame_ && frame_->fn && frame_->fn != &f) frame_->fn->callees.insert(&f);
  if (!restricted(e.span) || !f.decl || restricted(f.decl->span)) return;
  // A callee named as a function or method was checked as a value (sandbox_builtin); this
  // covers the implicit ones: a constructor's __init__, a module's forward, __call__.
  if (e.kind == ExprKind::Call && e.a && e.a->type &&
      (e.a->type->kind == TypeKind::Function || e.a->type->kind == TypeKind::Method))
    return;
  if (std::string io = reaches_io(f); !io.empty())
    error(e.span, "archive code may not call `" + what + "`, which uses `" + io + "`" + kWhy);
}

void Checker::sandbox_dynamic_call(const Expr& e) {
  if (!restricted_ || !restricted(e.span) || e.a->kind != ExprKind::Attribute) return;
  // The method that runs is known only at run time: refuse any library method of that name
  // that reaches a builtin outside the allow-list.
  for (const ClassInfo& c : classes_) {
    auto m = c.methods.find(e.a->name);
    if (m == c.methods.end() || !c.decl || restricted(c.decl->span)) continue;
    if (std::string io = reaches_io(*m->second); !io.empty()) {
      error(e.span, "archive code may not call `" + e.a->name + "` on a value of type Any: `" + c.name + "." +
                        e.a->name + "` uses `" + io + "`" + kWhy);
      return;
    }
  }
}

}  // namespace ts::frontend
