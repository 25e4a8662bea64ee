// Attributes and calls: user functions and classes, builtins, torch functions and Tensor methods
// checked against the op registry's schemas.
#include <algorithm>
#include <set>

#include "frontend/check/checker.h"
#include "frontend/stdlib.h"
#include "ir/exceptions.h"
#include "ops/registry.h"

namespace ts::frontend {

namespace {


const char* kStrMethods[] = {"format", "join", "split", "strip", "lstrip", "rstrip", "lower", "upper",
                             "startswith", "endswith", "replace", "find", "isdigit", "count", "rfind", "index",
                             "rindex", "rsplit", "partition", "rpartition", "zfill", "center", "ljust", "rjust",
                             "title", "capitalize", "swapcase", "casefold", "isalpha", "isalnum", "isspace",
                             "isupper", "islower", "expandtabs", "splitlines", "removeprefix", "removesuffix"};
const char* kListMethods[] = {"append", "pop", "extend", "insert", "index", "count", "clear",
                              "remove", "reverse", "sort", "copy"};
const char* kDictMethods[] = {"keys", "values", "items", "get", "pop", "update", "setdefault", "clear", "copy", "popitem"};
// collections' own methods (runtime/builtins_collections.cpp); a deque has list's others but sort.
const char* kDequeMethods[] = {"append", "appendleft", "pop", "popleft", "extend", "extendleft", "rotate", "insert",
                               "index", "remove"};
const char* kDequeListMethods[] = {"count", "clear", "reverse", "copy"};
const char* kOrderedDictMethods[] = {"move_to_end", "popitem"};
const char* kCounterMethods[] = {"most_common", "elements", "update", "subtract", "total"};
// A set's methods (runtime/builtins_collections.cpp; Note [Sets are dicts]).
const char* kSetMethods[] = {"add", "discard", "remove", "update", "union", "intersection", "difference",
                             "symmetric_difference", "issubset", "issuperset", "isdisjoint", "copy", "clear", "pop"};

bool in(const std::string& n, const auto& list) {
  return std::find(std::begin(list), std::end(list), n) != std::end(list);
}

}  // namespace

const Type* Checker::tensor_attribute(const std::string& n) {
  if (n == "shape") return types.torch_size();
  if (n == "T" || n == "mT" || n == "data" || n == "real" || n == "imag") return types.tensor();
  if (n == "grad") return types.optional(types.tensor());  // None until a backward reaches it
  if (n == "dtype") return types.get(TypeKind::DType);
  if (n == "device") return types.get(TypeKind::Device);
  if (n == "requires_grad" || n == "is_cuda" || n == "is_leaf") return types.boolean();
  if (n == "ndim") return types.integer();
  if (n == "grad_fn") return types.any();  // None or a node: name(), next_functions (checked at run time)
  return nullptr;
}

std::vector<std::string> Checker::tensor_members() const {
  std::set<std::string> names = {"shape", "T", "mT", "data", "grad", "dtype", "device", "requires_grad", "is_cuda", "is_leaf", "ndim", "grad_fn"};
  for (const auto* op : ops::Registry::get().all()) {
    if (op->is_method) names.insert(op->schema.name);
  }
  return {names.begin(), names.end()};
}

// Whether a value of static type `t` is a class used as a value (`int`, `torch.Tensor`, `Net`,
// `type(x)`): the emitter makes it a run-time type (Emitter::class_value).
bool Checker::names_class(const Type* t) {
  switch (t->kind) {
    case TypeKind::ClassValue:
    case TypeKind::ClassObj: return true;
    case TypeKind::TypeObj: return t->args[0]->kind == TypeKind::Tensor || t->args[0]->kind == TypeKind::DType;
    case TypeKind::Builtin: return builtin_class(t->name);
    default: return false;
  }
}

bool Checker::builtin_class(const std::string& n) {
  static const char* const kClasses[] = {"int", "float", "str", "bool", "list", "dict", "tuple", "object", "type"};
  return in(n, kClasses) || ir::is_builtin_exception(n) || n == "torch.Size";
}

const Type* Checker::torch_library_member(const std::string& n, const Span& at) {
  if (n.starts_with("_") || restricted(at)) return nullptr;  // archive code: operators only
  const Type* m = import_module("torch._functions", at, current_module_ ? current_module_->ast->path : "");
  if (m->kind != TypeKind::Module) return nullptr;
  auto it = m->mod->members.find(n);
  if (it == m->mod->members.end()) return nullptr;
  // Its own functions, classes and constants, not the names it imports.
  switch (it->second.type->kind) {
    case TypeKind::Function:
    case TypeKind::ClassObj:
    case TypeKind::Float: return it->second.type;
    default: return nullptr;
  }
}

const Type* Checker::attribute(const Type* base, const Expr& e) {
  const std::string& n = e.name;
  // x.__class__ is type(x); a class's __name__, __qualname__ and __module__ are strs.
  if (n == "__class__" && base->kind != TypeKind::Error && base->kind != TypeKind::Module)
    return types.get(TypeKind::ClassValue);
  if ((n == "__name__" || n == "__qualname__" || n == "__module__") && names_class(base)) return types.str();
  switch (base->kind) {
    case TypeKind::Error:
    case TypeKind::Any: return base;
    case TypeKind::Module: {
      auto it = base->mod->members.find(n);
      if (it != base->mod->members.end()) return it->second.type;
      if (base->mod->is_torch && ops::has_op(n)) {
        // The standard library also reaches the operators PyTorch keeps in torch._C._nn.
        bool stdlib = current_module_ && current_module_->ast->path.starts_with(kStdlibPrefix);
        for (const auto* op : ops::Registry::get().overloads(n)) {
          if (op->is_function || stdlib) return types.get(TypeKind::TorchOp, {}, nullptr, nullptr, nullptr, n);
        }
      }
      if (base->mod->is_torch && n == "Generator") {
        // torch.Generator is a stdlib class (stdlib/torch/_generator.ts), loaded when first named.
        const Type* g = import_module("torch._generator", e.name_span, current_module_ ? current_module_->ast->path : "");
        if (g->kind != TypeKind::Module) return types.error();
        auto gt = g->mod->members.find("Generator");
        return gt != g->mod->members.end() ? gt->second.type : types.error();
      }
      if (base->mod->is_torch && (n == "nn" || n == "optim" || n == "utils" || n == "jit" || n == "autograd" || n == "cuda" || n == "distributed" ||
                                  n == "linalg" || n == "special")) {
        return import_module("torch." + n, e.name_span, current_module_ ? current_module_->ast->path : "");
      }
      const std::string dotted = base->mod->name + "." + n;
      if (!base->mod->is_torch && (base->mod->name.starts_with("torch.") || base->mod->name == "torchvision")) {
        // torch.nn.functional reached as an attribute of torch.nn
        std::string rel = dotted;
        std::replace(rel.begin(), rel.end(), '.', '/');
        if (stdlib_file(rel + ".ts") || stdlib_file(rel + "/__init__.ts"))
          return import_module(dotted, e.name_span, current_module_ ? current_module_->ast->path : "");
      }
      if (base->mod->is_torch)
        if (const Type* t = torch_library_member(n, e.name_span)) return t;
      if (base->mod->name.starts_with("torch") && pytorch_has(dotted)) return not_available(e.name_span, dotted);
      std::vector<std::string> cands;
      for (auto& [k, v] : base->mod->members) cands.push_back(k);
      if (base->mod->is_torch) {
        for (const auto* op : ops::Registry::get().all()) {
          if (op->is_function) cands.push_back(op->schema.name);
        }
      }
      auto& d = error(e.name_span, "module `" + base->mod->name + "` has no attribute `" + n + "`");
      std::string near = closest_name(n, cands);
      if (!near.empty()) d.hints.push_back("did you mean `" + base->mod->name + "." + near + "`?");
      return types.error();
    }
    case TypeKind::Tensor: {
      if (const Type* t = tensor_attribute(n)) return t;
      if (n == "unique" || n == "unique_consecutive" || n == "type")
        return types.get(TypeKind::Method, {types.tensor()}, nullptr, nullptr, nullptr, "Tensor." + n);
      if (n == "register_hook")
        return types.get(TypeKind::Method, {types.tensor()}, nullptr, nullptr, nullptr, "Tensor.register_hook");
      for (const auto* op : ops::Registry::get().overloads(n)) {
        if (op->is_method) return types.get(TypeKind::Method, {types.tensor()}, nullptr, nullptr, nullptr, n);
      }
      auto& d = error(e.name_span, "Tensor has no attribute or method `" + n + "`");
      std::string near = closest_name(n, tensor_members());
      if (!near.empty()) d.hints.push_back("did you mean `" + near + "`?");
      return types.error();
    }
    case TypeKind::Class:
    case TypeKind::ClassObj: {
      const ClassInfo* c = base->cls;
      if (base->kind == TypeKind::Class)
        if (auto it = narrowed_.find(narrow_key(e)); it != narrowed_.end() && c->find_field(n)) return it->second;
      if (n == "apply" && base->kind == TypeKind::ClassObj && is_autograd_function(c))
        return types.get(TypeKind::Builtin, {}, c, nullptr, nullptr, "autograd.apply");
      if (const Field* f = c->find_field(n)) return f->type;
      // An attribute first assigned in a method not checked yet (`self.label = ...` in start()):
      // check the class's remaining methods, then look again.
      // `__init__`s first: the others may still wait for calls to type their parameters.
      if (base->kind == TypeKind::Class && !c->find_method(n)) {
        for (bool inits : {true, false}) {
          for (const ClassInfo* k = c; k; k = k->base)
            for (auto& [mn, m] : k->methods)
              if (m->state == 0 && m->decl && (mn == "__init__") == inits) check_function(*m);
          if (const Field* f = c->find_field(n)) return f->type;
        }
      }
      if (FunctionInfo* m = c->find_method(n)) {
        if (m->is_property) {
          check_function(*m);
          return m->ret ? m->ret : types.any();
        }
        return types.get(TypeKind::Method, {base}, nullptr, m, nullptr, n);
      }
      // A class with __getattr__ answers the names it does not declare (Python's fallback).
      if (base->kind == TypeKind::Class)
        if (FunctionInfo* g = c->find_method("__getattr__"); g && n != "__getattr__") {
          check_function(*g);
          return g->ret ? g->ret : types.any();
        }
      // Note [Module attributes at run time]: a value typed nn.Module itself holds some module
      // whose class only the run time knows (`seq[0]`, `self.layers[i]`, a parameter annotated
      // `nn.Module`), so a name Module does not declare is looked up there, as PyTorch does
      // (`seq[0].weight`, `blocks[i].reset_parameters()`), raising PyTorch's AttributeError when
      // the module has no such attribute. On any other class an undeclared name stays an error.
      if (base->kind == TypeKind::Class && is_module_base(c)) return types.any();
      std::vector<std::string> cands;
      for (const ClassInfo* k = c; k; k = k->base) {
        for (auto& [fname, f] : k->fields) cands.push_back(fname);
        for (auto& [mname, m] : k->methods) cands.push_back(mname);
      }
      auto& d = error(e.name_span, "`" + c->name + "` has no attribute `" + n + "`");
      std::string near = closest_name(n, cands);
      if (!near.empty()) d.hints.push_back("did you mean `" + near + "`?");
      if (frame_ && frame_->cls == c && e.a->kind == ExprKind::Name && e.a->name == "self" && near.empty()) {
        d.hints.push_back("attributes are declared by assigning `self." + n + " = ...` in `__init__`");
      }
      if (c->decl) d.notes.push_back(Note{c->decl->name_span, "`" + c->name + "` is defined here"});
      return types.error();
    }
    case TypeKind::Optional:
      return attribute(use_maybe_none(*e.a, "AttributeError", "'NoneType' object has no attribute '" + n + "'"), e);
    case TypeKind::Tuple:
      for (size_t i = 0; i < base->fields.size(); ++i)
        if (base->fields[i] == n) return base->args[i];
      if (!base->fields.empty() && n == "_fields") return types.tuple(std::vector<const Type*>(base->fields.size(), types.str()));
      if (!base->fields.empty() && (n == "_asdict" || n == "_replace"))
        return types.get(TypeKind::Method, {base}, nullptr, nullptr, nullptr, "namedtuple." + n);
      if (!base->fields.empty()) {
        auto& d = error(e.name_span, base->str() + " has no field `" + n + "`");
        std::string near = closest_name(n, base->fields);
        if (!near.empty()) d.hints.push_back("did you mean `" + near + "`?");
        std::string all;
        for (const auto& f : base->fields) all += (all.empty() ? "`" : ", `") + f + "`";
        d.hints.push_back("its fields are " + all);
        return types.error();
      }
      break;
    case TypeKind::Builtin:
      // str.lower as a value (`sorted(names, key=str.lower)`) or called with its receiver.
      if (base->name == "str" && in(n, kStrMethods)) return types.get(TypeKind::Builtin, {}, nullptr, nullptr, nullptr, "str." + n);
      if (base->name == kNamedTupleClass && n == "_fields")  // Point._fields
        return types.tuple(std::vector<const Type*>(base->args[0]->fields.size(), types.str()));
      if (base->name == "itertools.chain" && n == "from_iterable")
        return types.get(TypeKind::Builtin, {}, nullptr, nullptr, nullptr, "itertools.chain.from_iterable");
      break;
    case TypeKind::Str:
      if (in(n, kStrMethods)) return types.get(TypeKind::Method, {base}, nullptr, nullptr, nullptr, "str." + n);
      break;
    case TypeKind::List:
      if (base->name == "torch.Size" && n == "numel") return types.get(TypeKind::Method, {base}, nullptr, nullptr, nullptr, "Size.numel");
      if (base->name == "deque") {
        if (n == "maxlen") return types.optional(types.integer());
        if (in(n, kDequeMethods)) return types.get(TypeKind::Method, {base}, nullptr, nullptr, nullptr, "deque." + n);
        if (in(n, kDequeListMethods)) return types.get(TypeKind::Method, {base}, nullptr, nullptr, nullptr, "list." + n);
        break;
      }
      if (in(n, kListMethods)) return types.get(TypeKind::Method, {base}, nullptr, nullptr, nullptr, "list." + n);
      break;
    case TypeKind::Dict:
      if (base->name == "set") {
        if (in(n, kSetMethods)) return types.get(TypeKind::Method, {base}, nullptr, nullptr, nullptr, "set." + n);
        break;
      }
      if (base->name == "OrderedDict" && in(n, kOrderedDictMethods))
        return types.get(TypeKind::Method, {base}, nullptr, nullptr, nullptr, "OrderedDict." + n);
      if (base->name == "Counter" && in(n, kCounterMethods))
        return types.get(TypeKind::Method, {base}, nullptr, nullptr, nullptr, "Counter." + n);
      if (base->name == "defaultdict" && n == "default_factory") return types.any();
      if (in(n, kDictMethods)) return types.get(TypeKind::Method, {base}, nullptr, nullptr, nullptr, "dict." + n);
      break;
    case TypeKind::Device:
      if (n == "type") return types.str();
      if (n == "index") return types.optional(types.integer());
      break;
    case TypeKind::DType:
      if (n == "is_floating_point" || n == "is_signed" || n == "is_complex") return types.boolean();
      break;
    case TypeKind::Function:
      if (n == "__name__") return types.str();  // a function value's name (functools.wraps sets it)
      // An @lru_cache / @cache function's statistics (runtime/builtins_pylib.cpp).
      if (base->fn && base->fn->cache_size != -2 && (n == "cache_info" || n == "cache_clear"))
        return types.get(TypeKind::Method, {base}, nullptr, nullptr, nullptr, "functools." + n);
      if (n == "__doc__") return types.optional(types.str());  // its docstring
      break;
    default: break;
  }
  error(e.name_span, base->str() + " has no attribute `" + n + "`");
  return types.error();
}

const Type* Checker::op_return(const ops::OpDef& op) {
  auto map = [&](const ops::SchemaType& t) -> const Type* {
    const Type* r;
    switch (t.kind) {
      case ops::SchemaType::Kind::Tensor: r = types.tensor(); break;
      case ops::SchemaType::Kind::Int: r = types.integer(); break;
      case ops::SchemaType::Kind::Float: r = types.floating(); break;
      case ops::SchemaType::Kind::Bool: r = types.boolean(); break;
      case ops::SchemaType::Kind::Str: r = types.str(); break;
      case ops::SchemaType::Kind::ScalarType: r = types.get(TypeKind::DType); break;
      case ops::SchemaType::Kind::Device: r = types.get(TypeKind::Device); break;
      default: r = types.any(); break;  // Scalar (int, float or bool by dtype), Any
    }
    if (t.list) r = types.list(r);
    if (t.optional) r = types.optional(r);
    return r;
  };
  const auto& rs = op.schema.returns;
  if (rs.empty()) return types.none();
  if (rs.size() == 1) return map(rs[0].type);
  std::vector<const Type*> el;
  std::vector<std::string> names;
  for (const auto& r : rs) {
    el.push_back(map(r.type));
    if (!r.name.empty()) names.push_back(r.name);
  }
  // PyTorch's named results (torch.return_types.max): the emitter names the tuple the same way.
  if (names.size() == rs.size())
    return types.named_tuple(el, "torch.return_types." + op.schema.name + (op.schema.is_out() ? "_out" : ""), names);
  return types.tuple(el);
}

namespace {

// Whether a value of static type `t` fits a schema argument type. A number fits a Tensor
// parameter only with `numbers` (the wrapping pass, in the ops PyTorch allows it for:
// ops::numbers_as_tensors): overloads taking it as a number come first.
bool fits(const Type* t, const ops::SchemaType& s, bool numbers) {
  using K = ops::SchemaType::Kind;
  if (dynamic(t)) return true;
  if (t->kind == TypeKind::None) return s.optional;
  if (t->kind == TypeKind::Optional) return s.optional && fits(t->args[0], s, numbers);
  auto scalar_fits = [&](const Type* x, K k) {
    switch (k) {
      case K::Tensor: return x->kind == TypeKind::Tensor || (numbers && (x->kind == TypeKind::Int || x->kind == TypeKind::Float || x->kind == TypeKind::Bool));
      case K::Int: return x->kind == TypeKind::Int || x->kind == TypeKind::Bool;
      case K::Float: return x->kind == TypeKind::Float || x->kind == TypeKind::Int;
      case K::Bool: return x->kind == TypeKind::Bool;
      case K::Str: return x->kind == TypeKind::Str;
      case K::Scalar: return x->kind == TypeKind::Int || x->kind == TypeKind::Float || x->kind == TypeKind::Bool;
      case K::ScalarType: return x->kind == TypeKind::DType;
      case K::Device: return x->kind == TypeKind::Device || x->kind == TypeKind::Str;
      // torch.Generator (stdlib/torch/_generator.ts): the emitter passes its native handle.
      case K::Generator: return x->kind == TypeKind::Class && x->cls->name == "Generator" && x->cls->find_field("_handle");
      case K::Any:
      case K::TypeVar: return true;
      default: return false;
    }
  };
  if (s.list) {
    if (t->kind == TypeKind::List) return dynamic(t->args[0]) || scalar_fits(t->args[0], s.kind);
    if (t->kind == TypeKind::Tuple) {
      for (const Type* e : t->args) {
        if (!dynamic(e) && !scalar_fits(e, s.kind)) return false;
      }
      return true;
    }
    // int[1] (dims) also takes a single int.
    return s.kind == K::Int && t->kind == TypeKind::Int;  // torch.ones(2), x.sum(dim=1)
  }
  return scalar_fits(t, s.kind);
}

}  // namespace

// Note [Tensor varargs]: PyTorch's Python functions meshgrid, broadcast_tensors and
// cartesian_prod take their tensors as `*tensors`, atleast_1d/2d/3d too when given several; the
// registry's operators take one Tensor[]. Such a call's positional arguments are gathered
// into one list here, so the checker and the emitter see the operator's own form; one list or
// tuple argument passes as it is.
void Checker::gather_tensor_varargs(const std::string& name, const Expr& e) {
  static const std::set<std::string> kAlways = {"meshgrid", "broadcast_tensors", "cartesian_prod"};
  static const std::set<std::string> kSeveral = {"atleast_1d", "atleast_2d", "atleast_3d"};
  if (e.elts.empty() || !(kAlways.count(name) || (kSeveral.count(name) && e.elts.size() > 1))) return;
  for (const auto& x : e.elts)
    if (x->kind == ExprKind::Starred) return;  // `*xs`: the usual rules for `*`
  if (e.elts.size() == 1) {
    const Type* t = expr(*e.elts[0]);
    if (t->kind != TypeKind::Tensor) return;
  }
  auto list = std::make_unique<Expr>(ExprKind::List, Span::join(e.elts.front()->span, e.elts.back()->span));
  list->elts = std::move(const_cast<Expr&>(e).elts);
  const_cast<Expr&>(e).elts.clear();
  const_cast<Expr&>(e).elts.push_back(std::move(list));
}

// nonzero(input, *, as_tuple): as_tuple=True is PyTorch's binding returning one index tensor per
// dimension, which is `nonzero(input).unbind(1)`: the call is rewritten so; as_tuple=False is
// the operator itself. The flag decides the result's type, so it must be written out.
// True when `e` was rewritten (and is then checked again as the unbind call).
bool Checker::nonzero_as_tuple(const Expr& e) {
  Expr& call = const_cast<Expr&>(e);
  std::vector<Keyword>& kws = call.keywords;
  auto it = std::find_if(kws.begin(), kws.end(), [](const Keyword& k) { return k.name == "as_tuple"; });
  if (it == kws.end()) return false;
  if (it->value->kind != ExprKind::Bool) {
    error(it->value->span, "`as_tuple` of torch.nonzero() must be True or False written out: it decides the type of the result");
    kws.erase(it);
    return false;
  }
  bool as_tuple = it->value->ival != 0;
  kws.erase(it);
  if (!as_tuple) return false;
  auto inner = std::make_unique<Expr>(ExprKind::Call, e.span);
  inner->a = std::move(call.a);
  inner->elts = std::move(call.elts);
  inner->keywords = std::move(kws);
  call.elts.clear();
  call.keywords = std::vector<Keyword>{};
  auto attr = std::make_unique<Expr>(ExprKind::Attribute, e.span);
  attr->name = "unbind";
  attr->name_span = e.span;
  attr->a = std::move(inner);
  call.a = std::move(attr);
  auto one = std::make_unique<Expr>(ExprKind::Int, e.span);
  one->ival = 1;
  call.elts.push_back(std::move(one));
  return true;
}

const Type* Checker::call_op(const std::string& name, bool method, const Expr& e) {
  if (name == "nonzero" && nonzero_as_tuple(e)) return call(e);
  if (!method) gather_tensor_varargs(name, e);
  std::vector<const Type*> pos;
  for (const auto& a : e.elts) pos.push_back(expr(*a));
  std::vector<const Type*> kw;
  for (const auto& k : e.keywords) kw.push_back(expr(*k.value));
  bool wants_out = false;
  for (const auto& k : e.keywords) wants_out |= k.name == "out";
  std::string display = (method ? "Tensor." : "torch.") + name;
  std::vector<std::string> reasons;
  std::vector<const ops::OpDef*> tried;
  bool stdlib = current_module_ && current_module_->ast->path.starts_with(kStdlibPrefix);
  // The overload arguments of types `pos` and `kw` select, or null (`reasons` and `tried` then
  // explain why, when `explain`).
  auto resolve = [&](const std::vector<const Type*>& pos, const std::vector<const Type*>& kw, bool explain) -> const ops::OpDef* {
  // The emitter's order (ir::bind_op): overloads that take the arguments as they are first,
  // then those wrapping numbers as tensors; optional parameters without a default given first.
  // The last, most lenient pass explains a failure.
  for (int pass = 0; pass < 4; ++pass) {
  bool strict = pass < 2, wrap = pass % 2 == 1, last = pass == 3;
  for (const auto* op : ops::Registry::get().overloads(name)) {
    if (method ? !op->is_method : !(op->is_function || stdlib)) continue;
    // An out= variant is called with `out=`, or with its named outputs (`sign=s, logabsdet=l`).
    bool names_output = false;
    for (const auto& k : e.keywords)
      for (const auto& a : op->schema.args) names_output |= a.kwarg_only && a.type.is_write && a.name == k.name;
    if (op->schema.is_out() != (wants_out || names_output)) continue;
    if (last && explain) tried.push_back(op);
    const bool numbers = wrap && ops::numbers_as_tensors(op->schema.name);
    const auto& args = op->schema.args;
    size_t first = method ? 1 : 0;  // self is bound for methods
    std::vector<bool> filled(args.size(), false);
    std::string why;
    // Positional: non-keyword-only parameters in order; ints pack into a leading int[] (view(2, 3)).
    size_t ai = first, pi = 0;
    std::string kinds(first, 'o');  // self, for methods
    for (const Type* t : pos) kinds += t->kind == TypeKind::Int ? 'i' : dynamic(t) ? 'd' : 'o';
    while (pi < pos.size() && why.empty()) {
      if (ai >= args.size() || args[ai].kwarg_only) {
        size_t max = 0;
        for (size_t k = first; k < args.size(); ++k) max += !args[k].kwarg_only;
        why = display + "() takes " + std::to_string(max) + " positional argument" + (max == 1 ? "" : "s") +
              " but " + std::to_string(pos.size()) + (pos.size() == 1 ? " was" : " were") + " given";
        break;
      }
      const auto& sa = args[ai];
      // Note [Packed int arguments]: the positions are counted from self for methods.
      if (size_t n = ops::packed_int_arguments(op->schema, ai, kinds, pi + first)) {
        pi += n;
      } else {
        if (!fits(pos[pi], sa.type, numbers)) {
          why = "argument `" + sa.name + "` of " + display + "() must be " + sa.type.str() + ", not " + pos[pi]->str();
          break;
        }
        ++pi;
      }
      filled[ai++] = true;
    }
    for (size_t k = 0; k < e.keywords.size() && why.empty(); ++k) {
      const std::string& kn = e.keywords[k].name;
      // PyTorch's Python factories take requires_grad outside their schema.
      if (kn == "requires_grad" && !method && kw[k]->kind == TypeKind::Bool) continue;
      size_t idx = args.size();
      for (size_t j = first; j < args.size(); ++j) {
        if (args[j].name == kn || (kn == "input" && args[j].name == "self" && !method)) idx = j;
      }
      if (idx == args.size()) {
        why = display + "() got an unexpected keyword argument `" + kn + "`";
      } else if (filled[idx]) {
        why = display + "() got multiple values for argument `" + kn + "`";
      } else if (!fits(kw[k], args[idx].type, numbers)) {
        why = "argument `" + kn + "` of " + display + "() must be " + args[idx].type.str() + ", not " + kw[k]->str();
      } else {
        filled[idx] = true;
      }
    }
    for (size_t j = first; j < args.size() && why.empty(); ++j) {
      if (!filled[j] && !args[j].default_value && !args[j].type.optional) {
        why = display + "() missing required argument `" + args[j].name + "`";
      } else if (!filled[j] && !args[j].default_value && args[j].type.optional && args[j].kwarg_only) {
        why = display + "() missing required keyword argument `" + args[j].name + "`";
      } else if (!filled[j] && !args[j].default_value && strict) {
        why = "strict";
      }
    }
    if (why.empty()) return op;
    if (last && explain) reasons.push_back(why);
  }
  }
  return nullptr;
  };
  auto result = [&](const ops::OpDef* op) {
    return op->schema.name == "size" && op->schema.overload.empty() ? types.torch_size() : op_return(*op);
  };
  if (const ops::OpDef* op = resolve(pos, kw, true)) return result(op);
  // Optional arguments used directly (Note [Optional used directly]): the overload their
  // non-None types select, each checked for None where it is passed, with PyTorch's error.
  std::vector<const Type*> pos_t = pos, kw_t = kw;
  bool optional = false;
  for (auto* v : {&pos_t, &kw_t})
    for (auto& t : *v)
      if (t->kind == TypeKind::Optional) t = t->args[0], optional = true;
  if (const ops::OpDef* op = optional ? resolve(pos_t, kw_t, false) : nullptr) {
    size_t first = method ? 1 : 0;
    auto arg_name = [&](size_t i) {
      const auto& args = op->schema.args;
      std::string n = first + i < args.size() ? args[first + i].name : "?";
      return n == "self" ? std::string("input") : n;
    };
    auto none_error = [&](const std::string& arg, const std::string& where, const Type* t) {
      return name + "(): argument '" + arg + "'" + where + " must be " + t->str() + ", not NoneType";
    };
    for (size_t i = 0; i < pos.size(); ++i)
      if (pos[i]->kind == TypeKind::Optional)
        use_maybe_none(*e.elts[i], "TypeError", none_error(arg_name(i), " (position " + std::to_string(i + 1) + ")", pos_t[i]));
    for (size_t k = 0; k < kw.size(); ++k)
      if (kw[k]->kind == TypeKind::Optional)
        use_maybe_none(*e.keywords[k].value, "TypeError", none_error(e.keywords[k].name, "", kw_t[k]));
    return result(op);
  }
  if (tried.empty()) {
    error(e.a->span, display + " has no " + (wants_out ? "out= " : "") + "variant");
    return types.error();
  }
  std::set<std::string> distinct(reasons.begin(), reasons.end());
  std::string msg = distinct.size() == 1 ? reasons[0] : "no overload of " + display + "() accepts these arguments";
  auto& d = error(e.span, msg);
  std::string sig = tried.size() == 1 ? "the schema is:" : "the schemas are:";
  for (const auto* op : tried) sig += "\n      " + op->schema.str();
  // A keyword no overload has: suggest the nearest argument name (`keepdims` -> `keepdim`).
  for (const auto& k : e.keywords) {
    std::vector<std::string> names;
    bool known = false;
    for (const auto* op : tried)
      for (const auto& arg : op->schema.args) {
        names.push_back(arg.name);
        known |= arg.name == k.name;
      }
    std::string near = known ? "" : closest_name(k.name, names);
    if (!near.empty()) d.hints.push_back("did you mean `" + near + "`?");
  }
  d.hints.push_back(sig);
  if (distinct.size() > 1) {
    for (size_t i = 0; i < tried.size() && i < reasons.size(); ++i) {
      d.hints.push_back(tried[i]->schema.full_name() + ": " + reasons[i]);
    }
  }
  return types.error();
}

}  // namespace ts::frontend
