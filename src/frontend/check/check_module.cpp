// Modules and imports: scripts, sibling `.ts` modules and packages, TSPATH, the builtin modules
// (torch from the op registry; math, typing, time, random, sys, os.path, collections), import cycles; and
// assignment targets.
#include <functional>
#include <filesystem>
#include <fstream>
#include <sstream>

#include <algorithm>
#include <optional>

#include "frontend/check/checker.h"
#include "frontend/check/dataclasses.h"
#include "frontend/parse/parse.h"
#include "frontend/sandbox.h"
#include "frontend/stdlib.h"
#include "ir/module_functions.h"

namespace ts::frontend {

namespace fs = std::filesystem;

Checker::Checker(SourceManager& s, Diagnostics& d, std::vector<std::string> search_path)
    : sm(s), diags_(d), search_path_(std::move(search_path)) {}

LoadedModule* Checker::load_module(const std::string& path, const Span& from) {
  std::error_code ec;
  std::string key = fs::weakly_canonical(path, ec).string();
  if (ec) key = path;
  auto it = modules_.find(key);
  if (it != modules_.end()) return it->second.get();
  std::string text;
  auto given = given_text_.find(path);
  if (given != given_text_.end()) {
    text = given->second;
  } else {
    std::string why;
    if (!read_source(path, &text, &why)) {
      Span s = from;
      error(s, "cannot read `" + path + "`: " + why);
      return nullptr;
    }
  }
  FileId id = sm.add(path, text);
  auto m = std::make_unique<LoadedModule>();
  m->ast = parse_module(sm, id, diags_);
  if (m->ast) {
    expand_dataclasses(*m->ast, sm, diags_);
    expand_user_decorators(*m->ast);
  }
  m->info.name = fs::path(path).stem().string();
  LoadedModule* raw = m.get();
  modules_[key] = std::move(m);
  return raw;
}

// Note [Refining attributes]
// Python lets `self.avg = 0` in __init__ become a float by `self.avg = self.sum / self.count`
// in update(), and `self.best_state = None` become a dict. An attribute typed by an unannotated
// assignment in a method is `inferred`; an assignment of a value it does not take widens it to
// the join (int to float, None to Optional, a class to a common base, a number to one known
// only at run time: Any), as Note [Refining locals] does for locals. Uses checked before the
// widening saw the narrower type, and any method may read the attribute, so the whole program
// is checked again from the start, each such attribute taking its settled type at its first
// assignment (attribute_presets_, by file, class and name); the first check's diagnostics are
// withdrawn. Values keep their run-time types until reassigned (`self.avg = 0` prints 0).
// Each widening moves an attribute up a short chain of joins, so this ends; at most 4 checks.
void Checker::check_script(const std::string& path) {
  const size_t first_diagnostic = diags_.size();
  for (int check = 0;; ++check) {
    attributes_refined_ = false;
    Span none;
    none.file = static_cast<FileId>(sm.size());  // the file about to be added
    LoadedModule* m = load_module(path, none);
    if (m) check_module(*m);
    // What no call has reached has dynamic parameters (Note [Parameter types from calls]).
    for (size_t i = 0; i < awaiting_.size(); ++i) check_function(*awaiting_[i]);
    awaiting_.clear();
    if (!attributes_refined_ || check == 3) break;
    for (size_t i = first_diagnostic; i < diags_.size(); ++i) diags_.discard(i);
    modules_.clear();
    order_.clear();
    classes_.clear();
    functions_.clear();
    scopes_.clear();
  }
}

std::string Checker::attribute_key(const ClassInfo& c, const std::string& name) const {
  return c.decl ? sm.file(c.decl->span.file).path + ":" + c.name + "." + name : std::string();
}

bool Checker::refine_attribute(const Expr& target, const Type* t) {
  if (target.kind != ExprKind::Attribute || !target.a->type || target.a->type->kind != TypeKind::Class) return false;
  for (auto* k = const_cast<ClassInfo*>(target.a->type->cls); k; k = k->base) {
    auto it = k->fields.find(target.name);
    if (it == k->fields.end()) continue;
    Field& f = it->second;
    const Type* j = dynamic(t) ? types.any() : join(f.type, t);
    if (!f.inferred || !j || j == f.type || j->kind == TypeKind::Error || attribute_key(*k, target.name).empty()) return false;
    f.type = j;
    attribute_presets_[attribute_key(*k, target.name)] = j;
    attributes_refined_ = true;
    return true;
  }
  return false;
}

void Checker::check_module(LoadedModule& m) {
  if (m.state != 0 || !m.ast) return;
  m.state = 1;
  auto* saved_globals = globals_;
  auto* saved_module = current_module_;
  FrameCtx* saved_frame = frame_;
  auto saved_narrow = std::move(narrowed_);
  narrowed_.clear();
  scopes_.emplace_back();
  globals_ = &scopes_.back();
  current_module_ = &m;
  FrameCtx ctx;
  ctx.vars = globals_;
  frame_ = &ctx;

  declare_block(m.ast->body, *globals_, nullptr);
  // Imports are hoisted so that signatures and method bodies checked early can use them.
  for (const auto& s : m.ast->body) {
    if (s->kind == StmtKind::Import || s->kind == StmtKind::ImportFrom) stmt(*s);
  }
  // So are constants (`HIDDEN = 128`, `EPS: float = 1e-5`): __init__ methods, checked next,
  // may use them, as Python allows.
  std::map<std::string, int> assigned;  // constants are names bound once
  for (const auto& s : m.ast->body)
    if (s->kind == StmtKind::Assign || s->kind == StmtKind::AnnAssign || s->kind == StmtKind::AugAssign)
      for (const auto& t : s->targets)
        if (t->kind == ExprKind::Name) ++assigned[t->name];
  for (const auto& s : m.ast->body) {
    bool simple = (s->kind == StmtKind::Assign || s->kind == StmtKind::AnnAssign) && s->targets.size() == 1 &&
                  s->targets[0]->kind == ExprKind::Name && s->value && literal_type(*s->value);
    if (simple && assigned[s->targets[0]->name] == 1 && !globals_->count(s->targets[0]->name)) stmt(*s);
  }
  // By index: checking a class may import a module whose classes are appended to classes_ (a
  // deque: references stay valid, iterators do not).
  for (size_t ci = 0; ci < classes_.size(); ++ci) {
    ClassInfo& c = classes_[ci];
    if (c.decl && !c.fields_done) {
      bool mine = false;
      for (const auto& s : m.ast->body) mine |= s.get() == c.decl;
      if (mine) {
        c.fields_done = true;
        check_class(c);
      }
    }
  }
  for (auto& [n, sym] : *globals_) {
    // Own functions only (an imported one was resolved in its module's scope); a Callable-typed
    // variable has no FunctionInfo.
    if (sym.type->kind == TypeKind::Function && sym.type->fn && !sym.type->fn->resolved) {
      resolve_signature(*const_cast<FunctionInfo*>(sym.type->fn));
    }
  }
  // Methods: __init__ first, so attributes exist before other methods use them.
  for (const auto& s : m.ast->body) {
    if (s->kind != StmtKind::ClassDef) continue;
    for (size_t ci = 0; ci < classes_.size(); ++ci) {
      ClassInfo& c = classes_[ci];
      if (c.decl != s.get()) continue;
      // One whose parameters wait for the first construction is checked then (Note [Parameter
      // types from calls] in check_builtins.cpp).
      if (auto it = c.methods.find("__init__"); it != c.methods.end() && !it->second->awaits_call())
        check_function(*it->second);
    }
  }
  // The module body refines its unannotated variables as a function body does (Note [Refining
  // locals] in check_stmt.cpp): `total = 0` then `total += 0.5` makes total a float from its
  // first binding on; the body is checked again from the same starting scope with those types.
  std::map<std::string, const Type*> preset;
  std::vector<size_t> errors;
  ctx.preset = &preset;
  ctx.errors = &errors;
  const std::map<std::string, Symbol> start = *globals_;
  for (int pass = 0;; ++pass) {
    block(m.ast->body);
    if (ctx.refined.empty() || pass == 3) break;
    bool changed = false;
    for (auto& [n, t] : ctx.refined) {
      if (preset[n] != t) changed = true;
      preset[n] = t;
    }
    if (!changed) break;
    for (size_t i : errors) diags_.discard(i);
    errors.clear();
    ctx.refined.clear();
    *globals_ = start;
    // A constant bound before the body (hoisted above) takes its settled type here.
    for (auto& [n, t] : preset)
      if (auto g = globals_->find(n); g != globals_->end() && g->second.inferred && assignable(g->second.type, t))
        g->second.type = t;
    narrowed_.clear();
  }
  ctx.errors = nullptr;
  // Functions whose parameters wait for a call are checked when one comes, or at the end of the
  // program (check_script); the importing script may call them.
  auto sweep = [&](FunctionInfo* f) {
    if (f->awaits_call()) awaiting_.push_back(f);
    else check_function(*f);
  };
  for (auto& [n, sym] : *globals_) {
    if (sym.type->kind == TypeKind::Function && sym.type->fn) sweep(const_cast<FunctionInfo*>(sym.type->fn));
    if (sym.type->kind == TypeKind::ClassObj) {
      for (auto& [mn, f] : sym.type->cls->methods) sweep(f);
    }
  }
  for (auto& [n, sym] : *globals_) m.info.members[n] = sym;
  globals_ = saved_globals;
  current_module_ = saved_module;
  frame_ = saved_frame;
  narrowed_ = std::move(saved_narrow);
  m.state = 2;
  order_.push_back(&m);
}

const ModuleInfo* Checker::torch_module() {
  auto& slot = builtin_modules_["torch"];
  if (slot) return slot.get();
  slot = std::make_unique<ModuleInfo>();
  slot->name = "torch";
  slot->is_torch = true;
  slot->library = true;
  auto& mem = slot->members;
  const Type* dtype = types.get(TypeKind::DType);
  for (const char* d : {"float32", "float", "float64", "double", "float16", "half", "bfloat16", "int8", "int16",
                        "short", "int32", "int", "int64", "long", "uint8", "bool", "complex64", "complex128"}) {
    mem[d] = Symbol{dtype, {}};
  }
  mem["Tensor"] = Symbol{types.get(TypeKind::TypeObj, {types.tensor()}), {}};
  for (const char* c : {"pi", "e", "inf", "nan"}) mem[c] = Symbol{types.floating(), {}};
  mem["dtype"] = Symbol{types.get(TypeKind::TypeObj, {dtype}), {}};
  mem["device"] = Symbol{types.get(TypeKind::Builtin, {}, nullptr, nullptr, nullptr, "torch.device"), {}};
  mem["no_grad"] = Symbol{types.get(TypeKind::Builtin, {}, nullptr, nullptr, nullptr, "no_grad"), {}};
  mem["enable_grad"] = Symbol{types.get(TypeKind::Builtin, {}, nullptr, nullptr, nullptr, "enable_grad"), {}};
  // Sets grad mode when called; as a context manager it restores the mode on exit.
  mem["set_grad_enabled"] = Symbol{types.get(TypeKind::Builtin, {}, nullptr, nullptr, nullptr, "torch.set_grad_enabled"), {}};
  mem["Size"] = Symbol{types.get(TypeKind::Builtin, {}, nullptr, nullptr, nullptr, "torch.Size"), {}};
  // torch.inference_mode(mode=True): grad mode off and inference tensors while it is entered.
  mem["inference_mode"] = Symbol{types.get(TypeKind::Builtin, {}, nullptr, nullptr, nullptr, "torch.inference_mode"), {}};
  // torch.save / torch.load (src/serialize).
  mem["save"] = Symbol{types.get(TypeKind::Builtin, {}, nullptr, nullptr, nullptr, "torch.save"), {}};
  mem["load"] = Symbol{types.get(TypeKind::Builtin, {}, nullptr, nullptr, nullptr, "torch.load"), {}};
  // torch.einsum(equation, *operands) is Python-level in PyTorch (torch/functional.py): operands
  // as varargs or one list/tuple, over the registry's einsum(str, Tensor[]).
  mem["einsum"] = Symbol{types.get(TypeKind::Builtin, {}, nullptr, nullptr, nullptr, "torch.einsum"), {}};
  // torch.unique is Python-level in PyTorch (over _unique2 / unique_dim): a builtin here.
  mem["unique"] = Symbol{types.get(TypeKind::Builtin, {}, nullptr, nullptr, nullptr, "torch.unique"), {}};
  mem["unique_consecutive"] =
      Symbol{types.get(TypeKind::Builtin, {}, nullptr, nullptr, nullptr, "torch.unique_consecutive"), {}};
  mem["jit"] = Symbol{jit_module(), {}};
  return slot.get();
}

// torch.jit: model archives (src/archive).
const Type* Checker::jit_module() {
  auto& slot = builtin_modules_["torch.jit"];
  if (!slot) {
    slot = std::make_unique<ModuleInfo>();
    slot->name = "torch.jit";
    slot->library = true;
    for (const char* n : {"script", "save", "load"})
      slot->members[n] = Symbol{types.get(TypeKind::Builtin, {}, nullptr, nullptr, nullptr, std::string("torch.jit.") + n), {}};
    for (const ir::ModuleFunction& f : ir::kModuleFunctions)
      if (f.module == "torch.jit")
        slot->members[std::string(f.name)] =
            Symbol{types.get(TypeKind::Builtin, {}, nullptr, nullptr, nullptr, "torch.jit." + std::string(f.name)), {}};
  }
  return types.get(TypeKind::Module, {}, nullptr, nullptr, slot.get());
}

const Type* Checker::import_module(const std::string& dotted, const Span& at, const std::string& from_file) {
  const Type* t = resolve_module(dotted, at, from_file);
  if (restricted(at) && t->kind == TypeKind::Module && t->mod->library && !archive_may_import(t->mod->name)) {
    error(at, "archive code may not import `" + t->mod->name + "`: " + std::string(kArchiveRule));
    return types.error();
  }
  return t;
}

const Type* Checker::resolve_module(const std::string& dotted, const Span& at, const std::string& from_file) {
  if (dotted == "torch") return types.get(TypeKind::Module, {}, nullptr, nullptr, torch_module());
  if (dotted == "torch.jit") return jit_module();
  auto builtin = [&](const std::string& name, std::initializer_list<std::pair<const char*, const Type*>> members) {
    auto& slot = builtin_modules_[name];
    if (!slot) {
      slot = std::make_unique<ModuleInfo>();
      slot->name = name;
      slot->library = true;
      for (const auto& [k, t] : members) slot->members[k] = Symbol{t, {}};
      // The module's functions (ir/module_functions.h).
      for (const ir::ModuleFunction& f : ir::kModuleFunctions)
        if (f.module == name)
          slot->members[std::string(f.name)] =
              Symbol{types.get(TypeKind::Builtin, {}, nullptr, nullptr, nullptr, name + "." + std::string(f.name)), {}};
    }
    return types.get(TypeKind::Module, {}, nullptr, nullptr, slot.get());
  };
  const Type* F = types.floating();
  auto fn = [&](const char* n) { return types.get(TypeKind::Builtin, {}, nullptr, nullptr, nullptr, n); };
  auto tobj = [&](const Type* t) { return types.get(TypeKind::TypeObj, {t}); };
  if (dotted == "typing") {
    return builtin("typing", {{"List", tobj(types.list(types.any()))}, {"Dict", tobj(types.dict(types.any(), types.any()))},
                              {"Tuple", tobj(types.tuple({types.any()}))}, {"Optional", tobj(types.get(TypeKind::Optional, {types.any()}))},
                              {"Any", tobj(types.any())}, {"Callable", tobj(types.get(TypeKind::Function, {types.any()}))},
                              {"Union", tobj(types.get(TypeKind::Builtin, {}, nullptr, nullptr, nullptr, "Union"))},
                              // Type[X]: a class held as a value, dynamic (check_expr.cpp).
                              {"Type", tobj(types.get(TypeKind::Builtin, {}, nullptr, nullptr, nullptr, "Type"))},
                              // collections' classes in annotations: Deque[int], OrderedDict[str, int], ...
                              {"Deque", tobj(types.get(TypeKind::List, {types.any()}, nullptr, nullptr, nullptr, "deque"))},
                              {"OrderedDict", tobj(types.get(TypeKind::Dict, {types.any(), types.any()}, nullptr, nullptr, nullptr, "OrderedDict"))},
                              {"DefaultDict", tobj(types.get(TypeKind::Dict, {types.any(), types.any()}, nullptr, nullptr, nullptr, "defaultdict"))},
                              {"Counter", tobj(types.get(TypeKind::Dict, {types.any(), types.integer()}, nullptr, nullptr, nullptr, "Counter"))}});
  }
  if (dotted == "math") {
    const Type* m = builtin("math", {{"pi", F}, {"e", F}, {"inf", F}, {"nan", F}, {"tau", F}});
    auto& members = const_cast<ModuleInfo*>(m->mod)->members;
    for (const MathFunction& f : math_functions()) members.try_emplace(f.name, Symbol{fn(("math." + std::string(f.name)).c_str()), {}});
    return m;
  }
  if (dotted == "sys")
    return builtin("sys", {{"argv", types.list(types.str())}, {"maxsize", types.integer()}, {"platform", types.str()},
                           {"version_info", types.named_tuple({types.integer(), types.integer(), types.integer(), types.str(), types.integer()},
                                                               "sys.version_info", {"major", "minor", "micro", "releaselevel", "serial"})},
                           {"stdout", builtin("sys.stdout", {})}, {"stderr", builtin("sys.stderr", {})}});
  if (dotted == "time") return builtin("time", {});
  if (dotted == "random") {
    // The module's functions are runtime builtins (builtins_random.cpp, the module's own
    // generator); random.Random is the class of stdlib/ts/_random.ts.
    const Type* m = builtin("random", {});
    auto& members = const_cast<ModuleInfo*>(m->mod)->members;
    if (!members.count("Random")) {
      const Type* cls = resolve_module("ts._random", at, from_file);
      if (cls->kind == TypeKind::Module)
        if (auto it = cls->mod->members.find("Random"); it != cls->mod->members.end()) members["Random"] = it->second;
    }
    return m;
  }
  if (dotted == "os" || dotted == "os.path") {
    const Type* path = builtin("os.path", {});
    if (dotted == "os.path") return path;
    return builtin("os", {{"path", path}, {"environ", builtin("os.environ", {})}, {"sep", types.str()}});
  }
  if (dotted == "collections") {
    // Dicts and lists with a class of their own (runtime/builtins_collections.cpp); namedtuple
    // is there to say why it is not supported.
    return builtin("collections", {{"OrderedDict", fn("collections.OrderedDict")}, {"defaultdict", fn("collections.defaultdict")},
                                   {"Counter", fn("collections.Counter")}, {"deque", fn("collections.deque")},
                                   {"namedtuple", fn("collections.namedtuple")}});
  }
  if (dotted == "copy") return builtin("copy", {{"copy", fn("copy.copy")}, {"deepcopy", fn("copy.deepcopy")}});
  if (dotted == "functools") {
    // lru_cache and cache are decorators (declare_function); reduce and partial are calls.
    return builtin("functools", {{"reduce", fn("functools.reduce")}, {"partial", fn("functools.partial")}, {"wraps", fn("functools.wraps")},
                                 {"lru_cache", fn("functools.lru_cache")}, {"cache", fn("functools.cache")}});
  }
  if (dotted == "itertools") {
    // Functions of finite iterables give lists (check_pylib.cpp); count, cycle and repeat are
    // the iterator classes of stdlib/ts/_itertools.ts.
    const Type* m = builtin("itertools", {});
    auto& members = const_cast<ModuleInfo*>(m->mod)->members;
    if (members.empty()) {
      for (const char* f : {"chain", "product", "permutations", "combinations", "combinations_with_replacement", "islice",
                            "accumulate", "zip_longest", "groupby", "starmap", "takewhile", "dropwhile", "compress", "pairwise"})
        members[f] = Symbol{fn((std::string("itertools.") + f).c_str()), {}};
      const Type* lazy = resolve_module("ts._itertools", at, from_file);
      if (lazy->kind == TypeKind::Module)
        for (const char* c : {"count", "cycle", "repeat"})
          if (auto it = lazy->mod->members.find(c); it != lazy->mod->members.end()) members[c] = it->second;
    }
    return m;
  }
  if (dotted == "__future__") return builtin("__future__", {{"annotations", types.any()}});
  if (dotted == "ts" || dotted == "ts.safetensors") {
    // File formats outside torch's API (src/serialize): .npy and safetensors.
    const Type* st = builtin("ts.safetensors", {});
    if (dotted == "ts.safetensors") return st;
    return builtin("ts", {{"safetensors", st}});
  }
  // The standard library's window into the runtime (reflection, parameters, data, optimizers).
  if (dotted == "_ts") return builtin("_ts", {});
  if (dotted == "torch.Generator") {
    // `from torch import Generator`: the class of stdlib/torch/_generator.ts.
    const Type* g = import_module("torch._generator", at, from_file);
    if (g->kind != TypeKind::Module) return types.error();
    auto it = g->mod->members.find("Generator");
    return it != g->mod->members.end() ? it->second.type : types.error();
  }
  // The standard library's modules are its embedded files (stdlib/meson.build lists them), and
  // everything under torch and torchvision (a name it lacks is "not available" there).
  auto embedded = [](std::string rel) {
    std::replace(rel.begin(), rel.end(), '.', '/');
    return stdlib_file(rel + ".ts") || stdlib_file(rel + "/__init__.ts");
  };
  if (dotted.starts_with("torch.") || dotted == "torchvision" || dotted.starts_with("torchvision.") || embedded(dotted)) {
    // The standard library, embedded: torch/nn.ts or torch/nn/__init__.ts.
    std::string rel = dotted;
    std::replace(rel.begin(), rel.end(), '.', '/');
    for (const std::string& cand : {rel + ".ts", rel + "/__init__.ts"}) {
      const char* text = stdlib_file(cand);
      if (!text) continue;
      std::string path = std::string(kStdlibPrefix) + cand;
      given_text_[path] = text;
      LoadedModule* m = load_module(path, at);
      if (!m) return types.error();
      if (m->state == 1) {
        error(at, "import cycle: `" + dotted + "` is still being loaded when it is imported again");
        return types.error();
      }
      m->info.name = dotted;
      m->info.library = true;
      check_module(*m);
      m->info.name = dotted;
      return types.get(TypeKind::Module, {}, nullptr, nullptr, &m->info);
    }
    if (pytorch_has(dotted)) return not_available(at, dotted);
    auto& d = error(at, "no module named `" + dotted + "`");
    std::string parent = dotted.substr(0, dotted.rfind('.'));
    std::string near = closest_name(dotted.substr(dotted.rfind('.') + 1), pytorch_members(parent));
    if (!near.empty()) d.hints.push_back("did you mean `" + parent + "." + near + "`?");
    return types.error();
  }
  // User modules: NAME.ts or NAME/__init__.ts beside the importing file, then on TSPATH.
  std::string rel = dotted;
  std::replace(rel.begin(), rel.end(), '.', '/');
  std::vector<std::string> dirs;
  dirs.push_back(fs::path(from_file).parent_path().string());
  for (const auto& d : search_path_) dirs.push_back(d);
  for (const auto& d : dirs) {
    for (const std::string& cand : {rel + ".ts", rel + "/__init__.ts"}) {
      fs::path p = d.empty() ? fs::path(cand) : fs::path(d) / cand;
      std::error_code ec;
      if (!given_text_.count(p.string()) && (given_only_ || !fs::is_regular_file(p, ec))) continue;
      LoadedModule* m = load_module(p.string(), at);
      if (!m) return types.error();
      if (m->state == 1) {
        auto& dg = error(at, "import cycle: `" + dotted + "` is still being loaded when it is imported again");
        dg.hints.push_back("move what both modules need into a third module");
        return types.error();
      }
      check_module(*m);
      m->info.name = dotted;
      return types.get(TypeKind::Module, {}, nullptr, nullptr, &m->info);
    }
  }
  error(at, "no module named `" + dotted + "`")
      .hints.push_back("looked for " + rel + ".ts and " + rel + "/__init__.ts beside the script and on TSPATH");
  return types.error();
}

// Note [Optional locals hold Optional values]: a local whose type is Optional[T] holds its
// value as that Optional even where the value bound is a T or None (`c = node` before a loop
// that does `c = c.parent`; `best = None` before a loop that does `best = n`), so that every
// value the variable can hold has one IR type; the checker's narrowing then casts it back to T
// where it is proven not None. The emitter reads the variable's type from the assignment target.
void Checker::holds_optional(const Expr& target, const Type* var_type, const Type* value_type) {
  if (var_type->kind == TypeKind::Optional && value_type->kind != TypeKind::Optional) target.type = var_type;
}

void Checker::assign(const Expr& target, const Type* t, const Span& value_span, const Expr* value) {
  switch (target.kind) {
    case ExprKind::Name: {
      auto& vars = *frame_->vars;
      auto it = vars.find(target.name);
      unnarrow(target.name);
      target.type = nullptr;  // holds_optional sets it; a former pass of the function may have
      for (LoopFacts* l = frame_->loop; l; l = l->outer) {
        l->assigned.insert(target.name);
        auto fact = l->entry->find(target.name);
        if (fact != l->entry->end() && !assignable(t, fact->second)) l->broken.insert(target.name);
      }
      if (it == vars.end()) {
        // A type settled by an earlier pass (Note [Refining locals]) holds from the first binding.
        const Type* use = t;
        if (frame_->preset) {
          auto p = frame_->preset->find(target.name);
          if (p != frame_->preset->end() && assignable(t, p->second)) use = p->second;
        }
        vars[target.name] = Symbol{use, target.span, true};
        vars[target.name].literal_elements = value && (value->kind == ExprKind::List || value->kind == ExprKind::Dict) &&
                                             !value->elts.empty();
        holds_optional(target, use, t);
        return;
      }
      const Type* declared = it->second.type;
      if (declared->kind == TypeKind::Function && declared->fn && declared->fn->decl && !declared->fn->owner &&
          declared->fn->decl->kind == StmtKind::FunctionDef && declared->fn->decl->name == target.name && !frame_->fn) {
        // `f = deco(f)` at module level (Note [User decorators]): from here `f` is a variable
        // holding a function value, called through the value.
        const_cast<FunctionInfo*>(declared->fn)->rebound = true;
        awaiting_.push_back(const_cast<FunctionInfo*>(declared->fn));  // the sweep no longer sees it by name
        const Type* ret = t->kind != TypeKind::Function ? nullptr
                          : t->fn ? (t->fn->ret ? t->fn->ret : types.any())
                                  : (t->args.empty() ? types.any() : t->args[0]);
        it->second.type = ret ? types.get(TypeKind::Function, {ret}) : t;
        return;
      }
      // A number known only at run time (`acc = acc + x.item()`) makes the variable dynamic.
      if (t->kind == TypeKind::Any && is_numeric(declared) && refine_local(target, t)) return;
      // `out = None` and later `out = f(...)` of a value known only at run time: dynamic too.
      if (t->kind == TypeKind::Any && declared->kind == TypeKind::None && refine_local(target, t)) return;
      if (assignable(t, declared)) {
        // Assigning T to an Optional[T] variable narrows it until the next assignment.
        if (declared->kind == TypeKind::Optional && t->kind != TypeKind::Optional && t->kind != TypeKind::None) narrowed_[target.name] = t;
        holds_optional(target, declared, t);
        if (declared->kind == TypeKind::List && declared->args[0]->kind == TypeKind::Any && t->kind == TypeKind::List) it->second.type = t;
        return;
      }
      if (declared->kind == TypeKind::List && t->kind == TypeKind::List && declared->args[0]->kind == TypeKind::Any) {
        it->second.type = t;
        return;
      }
      // int -> float, a class -> a common base, None -> Optional: the local takes the joined
      // type from its first binding on (Note [Refining locals]).
      if (const Type* j = join(declared, t); j && !dynamic(j) && j != declared && refine_local(target, j)) {
        if (j->kind == TypeKind::Optional && t->kind != TypeKind::None && t->kind != TypeKind::Optional)
          narrowed_[target.name] = t;
        holds_optional(target, j, t);
        return;
      }
      // `_` holds what nobody reads (`out, _ = f()`, `for _ in range(n)`): another type makes it
      // dynamic rather than an error.
      if (target.name == "_" && refine_local(target, types.any())) return;
      auto& d = error(value_span, "cannot assign " + t->str() + " to `" + target.name + "` of type " + declared->str());
      d.notes.push_back(Note{it->second.span, "`" + target.name + "` got its type here"});
      if (declared->kind == TypeKind::None) {
        d.hints.push_back("declare it as optional: `" + target.name + ": Optional[" + t->str() + "] = None`");
      } else if (declared->kind == TypeKind::Int && t->kind == TypeKind::Float) {
        d.hints.push_back("declare it as a float: `" + target.name + ": float = ...`");
      }
      return;
    }
    case ExprKind::Tuple:
    case ExprKind::List: {
      size_t n = target.elts.size();
      if (t->kind == TypeKind::Tuple) {
        size_t star = n;
        for (size_t i = 0; i < n; ++i)
          if (target.elts[i]->kind == ExprKind::Starred) star = i;
        if (star < n && t->args.size() + 1 >= n) {
          // `a, *rest, z = (1, 2, 3, 4)`: the starred target gets a list of the middle values.
          const size_t k = t->args.size(), after = n - star - 1;
          for (size_t i = 0; i < star; ++i) assign(*target.elts[i], t->args[i], value_span, nullptr);
          const Type* el = nullptr;
          for (size_t i = star; i < k - after; ++i) {
            const Type* j = el ? join(el, t->args[i]) : t->args[i];
            el = j ? j : types.any();
          }
          assign(*target.elts[star], types.list(el ? el : types.any()), value_span, nullptr);
          for (size_t i = 0; i < after; ++i) assign(*target.elts[star + 1 + i], t->args[k - after + i], value_span, nullptr);
          return;
        }
        if (t->args.size() != n) {
          error(value_span, "cannot unpack " + std::to_string(t->args.size()) + " values into " + std::to_string(n) + " targets");
          for (const auto& x : target.elts) assign(*x, types.error(), value_span, nullptr);
          return;
        }
        for (size_t i = 0; i < n; ++i) assign(*target.elts[i], t->args[i], value_span, nullptr);
        return;
      }
      const Type* el = t->kind == TypeKind::List ? t->args[0]
                       : t->kind == TypeKind::Tensor ? t
                       : (t->kind == TypeKind::Any || t->kind == TypeKind::Error) ? t : nullptr;
      if (!el) {
        error(value_span, "cannot unpack " + t->str());
        el = types.error();
      }
      for (const auto& x : target.elts) assign(*x, x->kind == ExprKind::Starred ? types.list(el) : el, value_span, nullptr);
      return;
    }
    case ExprKind::Starred:
      assign(*target.a, t, value_span, value);
      return;
    case ExprKind::Attribute: {
      narrowed_.erase(narrow_key(target));
      const Type* base = expr(*target.a);
      if (base->kind == TypeKind::Class) {
        auto* cls = const_cast<ClassInfo*>(base->cls);
        const Field* f = cls->find_field(target.name);
        // Assigning T to an Optional[T] attribute narrows it, as for a local.
        if (f && f->type->kind == TypeKind::Optional && t->kind != TypeKind::Optional && t->kind != TypeKind::None &&
            assignable(t, f->type) && !narrow_key(target).empty())
          narrowed_[narrow_key(target)] = t;
        if (!f && !cls->find_method(target.name)) {
          bool in_own_method = frame_->cls && frame_->cls->derives_from(cls) && target.a->kind == ExprKind::Name && target.a->name == "self";
          if (in_own_method) {
            Field nf{t, target.span};
            nf.inferred = true;
            // A type an earlier check settled on holds from the first assignment (Note
            // [Refining attributes]).
            auto preset = attribute_presets_.find(attribute_key(*cls, target.name));
            if (preset != attribute_presets_.end() && assignable(t, preset->second)) nf.type = preset->second;
            cls->add_field(target.name, nf);
            return;
          }
          // A class with __setattr__ takes the names it does not declare (Python's hook; Ts calls
          // it only for those, so the class's own attributes are plain stores).
          if (cls->find_method("__setattr__")) return;
          auto& d = error(target.name_span, "`" + cls->name + "` has no attribute `" + target.name + "`");
          d.hints.push_back("attributes are declared by assigning `self." + target.name + " = ...` in a method of `" + cls->name + "`");
          return;
        }
        if (f && !assignable(t, f->type) && !refine_attribute(target, t)) {
          auto& d = error(value_span, "cannot assign " + t->str() + " to attribute `" + target.name + "` of type " + f->type->str());
          d.notes.push_back(Note{f->span, "`" + target.name + "` got its type here"});
        }
        return;
      }
      if (base->kind == TypeKind::ClassObj) {
        // `Cls.k = v`: a class attribute (Note [Class attributes]).
        const Field* f = base->cls->find_field(target.name);
        if (!f || !f->class_attr) {
          auto& d = error(target.name_span, "`" + base->cls->name + "` has no class attribute `" + target.name + "`");
          d.hints.push_back("class attributes are declared in the class body: `" + target.name + " = ...`");
        } else if (!assignable(t, f->type)) {
          error(value_span, "cannot assign " + t->str() + " to class attribute `" + target.name + "` of type " + f->type->str());
        }
        return;
      }
      if (base->kind == TypeKind::Tensor) {
        const Type* ft = tensor_attribute(target.name);
        if (!ft) {
          error(target.name_span, "Tensor has no attribute `" + target.name + "`");
        } else if (!assignable(t, ft) && !(target.name == "grad" && t->kind == TypeKind::None)) {
          error(value_span, "cannot assign " + t->str() + " to Tensor." + target.name + " of type " + ft->str());
        }
        return;
      }
      attribute(base, target);
      if (base->kind != TypeKind::Error && base->kind != TypeKind::Any) error(target.span, "cannot assign to an attribute of " + base->str());
      return;
    }
    case ExprKind::Subscript: {
      const Type* base = expr(*target.a);
      if (base->kind == TypeKind::Tensor) {
        expr(target);
        if (t->kind != TypeKind::Tensor && t->kind != TypeKind::Int && t->kind != TypeKind::Float &&
            t->kind != TypeKind::Bool && t->kind != TypeKind::Any && t->kind != TypeKind::Error) {
          error(value_span, "cannot assign " + t->str() + " into a Tensor");
        }
        return;
      }
      if (base->kind == TypeKind::List && target.elts.size() == 1 && target.elts[0]->kind == ExprKind::Slice) {
        // xs[a:b:c] = ys: bounds are ints or None, the values a list of the element type.
        const Expr& sl = *target.elts[0];
        for (const ExprPtr* p : {&sl.a, &sl.b, &sl.c}) {
          if (!*p) continue;
          const Type* bt = expr(**p);
          if (!dynamic(bt) && bt->kind != TypeKind::Int && bt->kind != TypeKind::Bool && bt->kind != TypeKind::None)
            error((*p)->span, "slice indices must be int or None, not " + bt->str());
        }
        if (!dynamic(t) && !(t->kind == TypeKind::List && assignable(t, base)))
          error(value_span, "cannot assign " + t->str() + " to a slice of " + base->str());
        return;
      }
      if (base->kind == TypeKind::List) {
        const Type* ix = target.elts.size() == 1 ? expr(*target.elts[0]) : types.error();
        if (ix->kind != TypeKind::Int && ix->kind != TypeKind::Error && ix->kind != TypeKind::Any) error(target.elts[0]->span, "list indices must be int, not " + ix->str());
        if (!assignable(t, base->args[0])) error(value_span, "cannot store " + t->str() + " in " + base->str());
        return;
      }
      if (base->kind == TypeKind::Dict) {
        const Type* k = target.elts.size() == 1 ? expr(*target.elts[0]) : types.error();
        // `d = {}` then `d[k] = v` types d (Note [Refining locals]).
        if (base->args[0]->kind == TypeKind::Any && base->args[1]->kind == TypeKind::Any && !dynamic(k) && !dynamic(t) &&
            elements_unknown(*target.a) && refine_local(*target.a, types.like(base, {k, t})))
          return;
        if (!assignable(k, base->args[0])) error(target.elts[0]->span, "key of type " + k->str() + " for " + base->str());
        if (!assignable(t, base->args[1])) error(value_span, "cannot store " + t->str() + " in " + base->str());
        return;
      }
      if (is_environ(base)) {  // os.environ[k] = v writes the process's environment
        const Type* k = target.elts.size() == 1 ? expr(*target.elts[0]) : types.error();
        if (!dynamic(k) && k->kind != TypeKind::Str) error(target.elts[0]->span, "os.environ keys must be str, not " + k->str());
        if (!dynamic(t) && t->kind != TypeKind::Str) error(value_span, "os.environ values must be str, not " + t->str());
        return;
      }
      if (base->kind == TypeKind::Class) {
        if (FunctionInfo* f = base->cls->find_method("__setitem__")) {
          for (const auto& x : target.elts) expr(*x);
          if (target.elts.size() == 1) dunder_argument(f, 1, *target.elts[0], target.elts[0]->type);
          if (value) dunder_argument(f, 2, *value, t);
          check_function(*f);
          return;
        }
      }
      if (base->kind != TypeKind::Error && base->kind != TypeKind::Any) error(target.span, base->str() + " does not support item assignment");
      return;
    }
    default:
      expr(target);  // the converter already reported the invalid target
  }
}

}  // namespace ts::frontend
