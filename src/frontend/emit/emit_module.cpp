// Program-level emission: modules in import order, classes, functions, closures, and the
// mapping from checker types to IR types.
#include <cstdlib>
#include <cstring>
#include <functional>

#include "frontend/compile.h"
#include "frontend/emit/emitter.h"
#include "util/release_memory.h"

namespace ts::frontend {

namespace {

struct EmitError {
  Span span;
  std::string msg;
};

}  // namespace

ir::Value* Env::lookup(const std::string& n) const {
  for (const Env* e = this; e; e = e->parent) {
    auto it = e->vars.find(n);
    if (it != e->vars.end()) return it->second;
  }
  return nullptr;
}

Emitter::Emitter(Checker& c, ir::Program& p, SourceManager& s) : ck(c), prog(p), sm(s) {}

void Emitter::unsupported(const Span& at, const std::string& what) { throw EmitError{at, what}; }

ir::SourceLoc Emitter::loc(const Span& s) {
  ir::SourceLoc l;
  if (!s.valid() || s.file >= sm.size()) return l;
  auto it = files_.find(s.file);
  if (it == files_.end()) {
    prog.files.push_back(ir::SourceFile{sm.file(s.file).path, sm.file(s.file).text});
    it = files_.emplace(s.file, &prog.files.back()).first;
  }
  l.file = it->second;
  l.line = int(s.line);
  l.col = int(s.col);
  return l;
}

ir::Node* Emitter::add(const std::string& kind, const std::vector<ir::Value*>& in,
                       const std::vector<const ir::Type*>& out, const Span& at) {
  ir::Graph* g = env->block->graph;
  ir::Node* n = g->create(kind, in, out);
  n->loc = loc(at);
  env->block->append(n);
  return n;
}

ir::Value* Emitter::constant(const IValue& v, const ir::Type* t, const Span& at) {
  // Note [Constants are pooled]: a scalar is made once per graph, at the start of its top
  // block, where it dominates every use; other constants (tuples) are made where they are used.
  int kind = v.is_none() ? 0 : v.is_bool() ? 1 : v.is_int() ? 2 : v.is_double() ? 3 : v.is_string() ? 4 : -1;
  if (kind < 0) {
    ir::Node* n = add("prim::Constant", {}, {t}, at);
    n->set_attr("value", v);
    return n->outputs[0];
  }
  ir::Graph* g = env->block->graph;
  ConstPool& pool = const_pools_[g];
  int64_t bits = kind == 1 ? int64_t(v.to_bool()) : kind == 2 ? v.to_int() : 0;
  if (kind == 3) {
    double d = v.to_double();
    std::memcpy(&bits, &d, sizeof bits);
  }
  ir::Value*& slot = pool.values[{t, kind, bits, kind == 4 ? v.to_string() : std::string()}];
  if (slot) return slot;
  ir::Node* n = g->create(ir::kinds::Constant, {}, {t});
  n->loc = loc(at);
  if (kind != 0) n->set_attr(ir::attr_names::value, v);
  if (pool.last) n->insert_after(pool.last);
  else n->insert_before(g->block()->front());
  pool.last = n;
  slot = n->outputs[0];
  return slot;
}

ir::Value* Emitter::uninitialized(const ir::Type* t) {
  return add("prim::Uninitialized", {}, {t}, {})->outputs[0];
}

const ir::Type* Emitter::to_ir(const Type* t) {
  if (!t) return ir::any_type();
  switch (t->kind) {
    case TypeKind::None: return ir::none_type();
    case TypeKind::Bool: return ir::bool_type();
    case TypeKind::Int: return ir::int_type();
    case TypeKind::Float: return ir::float_type();
    case TypeKind::Str: return ir::str_type();
    case TypeKind::Tensor: return ir::tensor_type();
    case TypeKind::Device: return ir::device_type();
    case TypeKind::DType: return ir::dtype_type();
    case TypeKind::List: return ir::list_type(to_ir(t->args[0]));
    case TypeKind::Range: return ir::list_type(ir::int_type());
    case TypeKind::Dict: return ir::dict_type(to_ir(t->args[0]), to_ir(t->args[1]));
    case TypeKind::Optional: return ir::optional_type(to_ir(t->args[0]));
    case TypeKind::Tuple: {
      std::vector<const ir::Type*> el;
      for (const Type* a : t->args) el.push_back(to_ir(a));
      return ir::tuple_type(el);
    }
    case TypeKind::Class: return ir::class_type(class_type(t->cls));
    case TypeKind::Function: return ir::function_type();
    default: return ir::any_type();
  }
}

ir::ClassType* Emitter::class_type(const ClassInfo* c) {
  auto it = classes_.find(c);
  if (it != classes_.end()) return it->second;
  ir::ClassType* ct = prog.add_class(c->name, "__torch__." + c->name);
  classes_[c] = ct;
  if (c->decl) {
    ct->loc = loc(c->decl->span);
    auto m = module_of_file_.find(c->decl->span.file);
    if (m != module_of_file_.end()) ct->module = m->second;
  }
  if (c->base) {
    ct->base = class_type(c->base);
    ct->attrs = ct->base->attrs;
  }
  ct->exception_base = c->exception_root();
  for (const auto& n : c->field_order)
    if (ct->slot(n) == ct->attrs.size()) ct->attrs.emplace_back(n, to_ir(c->fields.at(n).type));
  for (const auto& [n, f] : c->fields) ct->has_class_attrs |= f.class_attr;
  if (ct->base) ct->has_class_attrs |= ct->base->has_class_attrs;
  for (const auto& [n, m] : c->methods) ct->methods[n] = function(m);
  return ct;
}

// Note [Class attributes]
// A value given in a class body (`k = 5`, `n: int = 3`) is a class attribute. It is evaluated
// once, where the class statement stands in its module's code, into a hidden global of that
// module named "Cls.k"; `Cls.k` reads and writes that global, and each new instance starts with
// every class attribute of its class chain in its slots (prim::CreateObject is followed by
// their SetAttrs), so `self.k` reads the class's value until the instance assigns its own.
// A mutable value (a list) is shared by the instances, as in Python. Unlike Python, assigning
// `Cls.k` later does not change the instances already made.
const ClassInfo* Emitter::class_attr_owner(const ClassInfo* c, const std::string& name) const {
  for (const ClassInfo* k = c; k; k = k->base)
    if (auto it = k->fields.find(name); it != k->fields.end()) return it->second.class_attr ? k : nullptr;
  return nullptr;
}

namespace {
std::string class_attr_global(const ClassInfo* owner, const std::string& name) { return owner->name + "." + name; }
}  // namespace

ir::Value* Emitter::class_attr_get(const ClassInfo* owner, const std::string& name, const Span& at) {
  const std::string& module = class_type(owner)->module;
  ir::Node* n = add("prim::GetGlobal", {}, {to_ir(owner->fields.at(name).type)}, at);
  n->set_attr("module", IValue(module));
  n->set_attr("name", IValue(class_attr_global(owner, name)));
  for (auto& [info, u] : modules_)
    if (u->name == module) u->slot(class_attr_global(owner, name));
  return n->outputs[0];
}

void Emitter::class_attr_set(const ClassInfo* owner, const std::string& name, ir::Value* v, const Span& at) {
  const std::string& module = class_type(owner)->module;
  ir::Node* n = add("prim::SetGlobal", {v}, {}, at);
  n->set_attr("module", IValue(module));
  n->set_attr("name", IValue(class_attr_global(owner, name)));
  for (auto& [info, u] : modules_)
    if (u->name == module) u->slot(class_attr_global(owner, name));
}

void Emitter::init_class_attrs(ir::Value* obj, const ClassInfo* c, const Span& at) {
  std::set<std::string> seen;
  for (const ClassInfo* k = c; k; k = k->base)
    for (const auto& name : k->field_order) {
      if (!seen.insert(name).second || !k->fields.at(name).class_attr) continue;
      ir::Node* n = add("prim::SetAttr", {obj, class_attr_get(k, name, at)}, {}, at);
      n->set_attr("name", IValue(name));
    }
}

// The class statement at module level: its class attributes' values, in order.
void Emitter::emit_class_body(const ClassInfo& c) {
  for (const auto& m : c.decl->body) {
    if ((m->kind != StmtKind::Assign && m->kind != StmtKind::AnnAssign) || !m->value || m->targets.size() != 1 ||
        m->targets[0]->kind != ExprKind::Name)
      continue;
    class_attr_set(&c, m->targets[0]->name, expr(*m->value), m->span);
  }
}

ir::Function* Emitter::function(const FunctionInfo* f) {
  auto it = functions_.find(f);
  if (it != functions_.end()) return it->second;
  std::string qual = f->owner ? "__torch__." + f->owner->name + "." + f->name : "__torch__." + f->name;
  ir::Function* out = prog.add_function(f->name, qual);
  functions_[f] = out;
  if (f->owner) out->owner = classes_.count(f->owner) ? classes_[f->owner] : nullptr;
  out->is_static = f->is_static;
  out->is_property = f->is_property;
  if (f->decl && !f->decl->body.empty() && f->decl->body[0]->kind == StmtKind::Expr &&
      f->decl->body[0]->value && f->decl->body[0]->value->kind == ExprKind::Str)
    out->doc = f->decl->body[0]->value->name;
  for (size_t k = 0; k < f->params.size(); ++k) {
    const ParamInfo& p = f->params[k];
    ir::Param ip;
    ip.name = p.name;
    ip.type = to_ir(p.type);
    ip.has_default = p.has_default;
    ip.kwonly = p.kwonly;
    ip.vararg = p.vararg;
    ip.kwvar = p.kwvar;
    // A literal default is kept for calls that bind arguments at run time (values typed Any).
    const Expr* d = nullptr;
    if (f->decl)
      for (const auto& ap : f->decl->params)
        if (ap.name == p.name && ap.default_value) d = ap.default_value.get();
    if (d) {
      if (auto v = literal_value(*d)) {
        if (ip.type->kind == ir::TypeKind::Float && v->is_int()) *v = IValue(double(v->to_int()));
        ip.default_value = *v;
        ip.default_const = true;
      }
    }
    out->params.push_back(ip);
  }
  out->ret = to_ir(f->ret);
  if (f->decl) pending_.push_back({f, out});
  return out;
}

std::optional<IValue> literal_value(const Expr& e) {
  switch (e.kind) {
    case ExprKind::Int: return IValue(e.ival);
    case ExprKind::Float: return IValue(e.fval);
    case ExprKind::Str: return IValue(e.name);
    case ExprKind::Bool: return IValue(e.ival != 0);
    case ExprKind::None: return IValue();
    case ExprKind::Unary:
      if (e.uop == UnaryOp::Neg && e.a && e.a->kind == ExprKind::Int) return IValue(-e.a->ival);
      if (e.uop == UnaryOp::Neg && e.a && e.a->kind == ExprKind::Float) return IValue(-e.a->fval);
      return std::nullopt;
    case ExprKind::Tuple: {
      std::vector<IValue> items;
      for (const auto& x : e.elts) {
        auto v = literal_value(*x);
        if (!v) return std::nullopt;
        items.push_back(*v);
      }
      return IValue::tuple(items);
    }
    default: return std::nullopt;
  }
}

ir::ModuleUnit* Emitter::module_unit(const ModuleInfo* m) {
  auto it = modules_.find(m);
  return it == modules_.end() ? nullptr : it->second;
}

bool Emitter::is_local(const std::string& n) const {
  for (const auto& s : ctx->comp_scopes)
    if (s.count(n)) return true;
  if (!ctx->info) return false;  // module level: globals
  if (ctx->globals.count(n)) return false;
  return ctx->locals.count(n) > 0;
}

namespace {

void collect_globals(const Block& b, std::set<std::string>& out) {
  for (const auto& s : b) {
    if (s->kind == StmtKind::Global)
      for (const auto& n : s->names) out.insert(n);
    if (s->kind == StmtKind::FunctionDef || s->kind == StmtKind::ClassDef) continue;
    collect_globals(s->body, out);
    collect_globals(s->orelse, out);
    collect_globals(s->finalbody, out);
    for (const auto& h : s->handlers) collect_globals(h.body, out);
  }
}

}  // namespace

void Emitter::emit_function(const FunctionInfo& f, ir::Function* out, const std::vector<std::string>& captures,
                            bool self_ref) {
  FnCtx fc;
  fc.fn = out;
  fc.info = &f;
  fc.cls = f.owner;
  // The module whose globals this function reads: the one whose AST holds its declaration.
  fc.lmod = ctx ? ctx->lmod : nullptr;
  fc.mod = ctx ? ctx->mod : nullptr;
  FnCtx* saved_ctx = ctx;
  Env* saved_env = env;
  ctx = &fc;
  Env root;
  root.block = out->graph->block();
  env = &root;
  out->loc = loc(f.decl ? f.decl->name_span : f.lambda->span);
  for (const auto& c : captures) {
    ir::Value* v = out->graph->add_input(ir::any_type(), c);
    root.vars[c] = v;
    fc.locals.insert(c);
  }
  for (size_t i = 0; i < f.params.size(); ++i) {
    ir::Value* v = out->graph->add_input(out->params[i].type, f.params[i].name);
    root.vars[f.params[i].name] = v;
    fc.locals.insert(f.params[i].name);
  }
  // Capture types: filled from the creating site (closure()).
  if (f.lambda) {
    ir::Value* r = expr(*f.lambda->a);
    out->graph->block()->add_output(r);
    out->ret = r->type;
  } else {
    const Block& body = f.decl->body;
    assigned_names(body, fc.locals);
    collect_globals(body, fc.globals);
    for (const auto& g : fc.globals) fc.locals.erase(g);
    if (self_ref && !fc.locals.count(f.name)) {
      // Note [Nested recursive functions]: a nested def that calls itself by name finds itself
      // (CPython reads the enclosing binding at call time, made by the def before any call):
      // the closure is made again inside from the captures it was given.
      std::vector<ir::Value*> caps;
      for (size_t i = 0; i < captures.size(); ++i) caps.push_back(out->graph->inputs()[i]);
      ir::Node* mk = add("prim::MakeClosure", caps, {ir::function_type()}, f.decl->name_span);
      mk->fn = out;
      root.vars[f.name] = mk->outputs[0];
      fc.locals.insert(f.name);
    }
    // Returns nested in control flow need the flag scheme.
    bool nested = false;
    for (const auto& s : body) {
      if (s->kind == StmtKind::If || s->kind == StmtKind::For || s->kind == StmtKind::While ||
          s->kind == StmtKind::With || s->kind == StmtKind::Try) {
        nested |= has_return(s->body) || has_return(s->orelse) || has_return(s->finalbody);
        for (const auto& h : s->handlers) nested |= has_return(h.body);
      }
    }
    fc.flags = nested;
    if (nested) {
      set_flag("$returned", false);
      // Falling off the end returns None: the initial value when the function may do so.
      bool may_fall_off = out->ret->kind == ir::TypeKind::None || out->ret->kind == ir::TypeKind::Optional ||
                          out->ret->kind == ir::TypeKind::Any;
      root.vars["$ret"] = may_fall_off ? none() : uninitialized(out->ret);
    }
    stmts(body);
    if (!root.exited || nested) {
      ir::Value* r = nested ? root.lookup("$ret") : nullptr;
      if (!r) r = none();
      if (root.raised && !nested) r = uninitialized(out->ret);
      out->graph->block()->add_output(r);
    }
  }
  if (out->graph->outputs().empty()) out->graph->block()->add_output(none());
  ctx = saved_ctx;
  env = saved_env;
}

ir::Value* Emitter::closure(const FunctionInfo& f, const Span& at) {
  // Free variables of the nested function that are locals here are captured by value.
  std::set<std::string> used;
  std::function<void(const Expr&)> walk_e;
  std::function<void(const Block&)> walk_b;
  walk_e = [&](const Expr& e) {
    if (e.kind == ExprKind::Name) used.insert(e.name);
    for (const ExprPtr* p : {&e.a, &e.b, &e.c})
      if (*p) walk_e(**p);
    for (const auto& x : e.elts) walk_e(*x);
    for (const auto& x : e.elts2) walk_e(*x);
    for (const auto& k : e.keywords) walk_e(*k.value);
    for (const auto& c : e.comps) {
      walk_e(*c.iter);
      for (const auto& i : c.ifs) walk_e(*i);
    }
    for (const auto& p : e.fparts)
      if (p.expr) walk_e(*p.expr);
  };
  walk_b = [&](const Block& b) {
    for (const auto& s : b) {
      for (const ExprPtr* p : {&s->value, &s->test})
        if (*p) walk_e(**p);
      for (const auto& t : s->targets) walk_e(*t);
      for (const auto& w : s->items) walk_e(*w.context);
      walk_b(s->body);
      walk_b(s->orelse);
      walk_b(s->finalbody);
      for (const auto& h : s->handlers) walk_b(h.body);
    }
  };
  if (f.lambda) walk_e(*f.lambda->a);
  else walk_b(f.decl->body);
  std::vector<std::string> caps;
  std::vector<ir::Value*> vals;
  std::set<std::string> params;
  for (const auto& p : f.params) params.insert(p.name);
  // A def naming itself finds itself, not an earlier binding of its name (Note [Nested
  // recursive functions]).
  const bool self_ref = !f.lambda && used.count(f.name) && !params.count(f.name);
  for (const auto& n : used) {
    if (params.count(n) || !is_local(n) || (self_ref && n == f.name)) continue;
    if (ir::Value* v = env->lookup(n)) {
      caps.push_back(n);
      vals.push_back(v);
    }
  }
  std::string qual = ctx->fn->qualname + ".<" + (f.lambda ? std::string("lambda") : f.name) + ">";
  ir::Function* out = prog.add_function(f.lambda ? "<lambda>" : f.name, qual);
  for (const ParamInfo& p : f.params) {
    ir::Param ip;
    ip.name = p.name;
    ip.type = to_ir(p.type);
    ip.has_default = p.has_default;
    ip.kwonly = p.kwonly;
    ip.vararg = p.vararg;
    ip.kwvar = p.kwvar;
    // Defaults for calls bound at run time (the function reached as a value): a literal is kept;
    // another is evaluated here, when the def or lambda runs (as Python does), and travels as a
    // hidden capture whose index default_value holds (Interp's fill_defaults).
    const Expr* d = nullptr;
    const std::vector<Param>& decl_params = f.lambda ? f.lambda->params : f.decl->params;
    for (const auto& ap : decl_params)
      if (ap.name == p.name && ap.default_value) d = ap.default_value.get();
    if (d) {
      if (auto v = literal_value(*d)) {
        if (ip.type->kind == ir::TypeKind::Float && v->is_int()) *v = IValue(double(v->to_int()));
        ip.default_value = *v;
        ip.default_const = true;
      } else {
        ip.default_value = IValue(int64_t(caps.size()));
        caps.push_back("<default " + p.name + ">");
        vals.push_back(expr(*d));
      }
    }
    out->params.push_back(ip);
  }
  out->ret = to_ir(f.ret);
  emit_function(f, out, caps, self_ref);
  for (size_t i = 0; i < vals.size(); ++i) out->graph->inputs()[i]->type = vals[i]->type;
  ir::Node* n = add("prim::MakeClosure", vals, {ir::function_type()}, at);
  n->fn = out;
  return n->outputs[0];
}

namespace {
// Note [Top-level statements are freed as emitted] (README.md): statements are freed in batches
// so that what they free lies together, and now and then the pages it fills go back.
constexpr size_t kFreeBatch = 512;
constexpr size_t kBatchesPerRelease = 2;
void free_emitted(Block& body, size_t from, size_t to) {
  for (size_t i = from; i < to; ++i)
    if (body[i] && body[i]->kind != StmtKind::FunctionDef && body[i]->kind != StmtKind::ClassDef) body[i].reset();
}
}  // namespace

void Emitter::emit_module_code(LoadedModule& m, ir::ModuleUnit* unit) {
  ir::Function* init = prog.add_function("<module>", unit->name);
  unit->init = init;
  FnCtx fc;
  fc.fn = init;
  fc.mod = unit;
  fc.lmod = &m;
  FnCtx* saved = ctx;
  ctx = &fc;
  Env root;
  root.block = init->graph->block();
  env = &root;
  // Note [Top-level statements are freed as emitted] (README.md): a statement's syntax tree is
  // not read again once its IR exists, except definitions (their maps key on them).
  Block& body = m.ast->body;
  for (size_t i = 0; i < body.size(); ++i) {
    if (env->raised || env->exited) break;
    if (i + 1 < body.size() && may_exit(*body[i])) {
      stmts(body, i);  // the rest is emitted under the exit flag's branch
      break;
    }
    stmt(*body[i]);
    if ((i + 1) % kFreeBatch == 0) {
      free_emitted(body, i + 1 - kFreeBatch, i + 1);
      if ((i + 1) % (kBatchesPerRelease * kFreeBatch) == 0) {
        util::release_free_memory();
        released_ = true;
      }
    }
  }
  init->graph->block()->add_output(none());
  init->ret = ir::none_type();
  ctx = saved;
  env = nullptr;
}

void Emitter::emit_program() {
  for (const FunctionInfo& f : ck.functions_) {
    if (f.decl) fn_by_decl_[f.decl] = &f;
    if (f.lambda) fn_by_lambda_[f.lambda] = &f;
  }
  for (const ClassInfo& c : ck.classes_) {
    cls_by_decl_[c.decl] = &c;
    for (const auto& [n, m] : c.methods) toplevel_fns_.insert(m);
  }
  for (LoadedModule* m : ck.order_)
    for (const auto& s : m->ast->body)
      if (s->kind == StmtKind::FunctionDef && fn_by_decl_.count(s.get())) toplevel_fns_.insert(fn_by_decl_[s.get()]);
  for (LoadedModule* m : ck.order_) {
    prog.modules.emplace_back();
    ir::ModuleUnit* u = &prog.modules.back();
    u->name = m == ck.order_.back() ? "__main__" : m->info.name;
    u->path = m->ast->path;
    module_of_file_[m->ast->file] = u->name;
    modules_[&m->info] = u;
    loaded_[&m->info] = m;
  }
  for (LoadedModule* m : ck.order_) {
    ir::ModuleUnit* u = modules_[&m->info];
    FnCtx mc;
    mc.mod = u;
    mc.lmod = m;
    ctx = &mc;
    // Classes and functions of the module, then its top-level code.
    for (const auto& s : m->ast->body) {
      if (s->kind == StmtKind::ClassDef && cls_by_decl_.count(s.get())) class_type(cls_by_decl_[s.get()]);
      if (s->kind == StmtKind::FunctionDef && fn_by_decl_.count(s.get())) function(fn_by_decl_[s.get()]);
    }
    while (!pending_.empty()) {
      auto [f, out] = pending_.back();
      pending_.pop_back();
      if (f->owner && !out->owner) out->owner = class_type(f->owner);
      emit_function(*f, out, {});
    }
    ctx = nullptr;
    emit_module_code(*m, u);
  }
}

std::vector<std::string> tspath_from_env() {
  std::vector<std::string> out;
  if (const char* p = std::getenv("TSPATH")) {
    std::string s = p;
    for (size_t b = 0; b <= s.size();) {
      size_t e = s.find(':', b);
      if (e == std::string::npos) e = s.size();
      if (e > b) out.push_back(s.substr(b, e - b));
      b = e + 1;
    }
  }
  return out;
}

std::unique_ptr<ir::Program> compile_program(const std::string& path, const std::vector<std::string>& search_path,
                                             SourceManager& sm, Diagnostics& diags, const std::string* text) {
  std::map<std::string, std::string> files;
  if (text) files[path] = *text;
  return compile_program_files(path, files, false, search_path, sm, diags);
}

std::unique_ptr<ir::Program> compile_program_files(const std::string& path, const std::map<std::string, std::string>& files,
                                                   bool files_only, const std::vector<std::string>& search_path,
                                                   SourceManager& sm, Diagnostics& diags, bool restricted) {
  auto prog = std::make_unique<ir::Program>();
  bool released = false;
  {
    Checker checker(sm, diags, search_path);
    checker.given_text_ = files;
    checker.given_only_ = files_only;
    checker.restricted_ = restricted;
    checker.check_script(path);
    diags.sort_and_dedup();
    if (diags.error_count() > 0) return nullptr;
    Emitter em(checker, *prog, sm);
    try {
      em.emit_program();
    } catch (const EmitError& e) {
      diags.error(e.span, e.msg);
      return nullptr;
    }
    released = em.released_;
  }
  // A script large enough that emitting it handed memory back has just freed its syntax trees
  // and the checker's tables: hand those pages back too, before the passes and lowering need more.
  if (released) util::release_free_memory();
  return prog;
}

}  // namespace ts::frontend
