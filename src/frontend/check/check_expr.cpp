// Expressions: names, literals, operators, attributes, subscripts, comprehensions, narrowing.
#include <algorithm>

#include "frontend/check/checker.h"
#include "frontend/sandbox.h"
#include "ir/exceptions.h"

namespace ts::frontend {

namespace {

struct DepthScope {
  int& d;
  explicit DepthScope(int& depth) : d(depth) { ++d; }
  ~DepthScope() { --d; }
};

const char* kBuiltins[] = {
    "print", "len", "range", "enumerate", "zip", "reversed", "int", "float", "bool", "str", "list",
    "dict", "tuple", "isinstance", "min", "max", "abs", "sum", "round", "sorted", "any", "all",
    "super", "ord", "chr", "hex", "oct", "bin", "hasattr", "divmod", "pow", "issubclass", "object", "__name__", "getattr", "setattr", "iter", "next", "repr",
    "format", "type", "vars", "map", "filter", "set"};  // and the exception classes (ir/exceptions.h)


const char* dunder(BinOp op) {
  switch (op) {
    case BinOp::Add: return "__add__";
    case BinOp::Sub: return "__sub__";
    case BinOp::Mul: return "__mul__";
    case BinOp::MatMul: return "__matmul__";
    case BinOp::Div: return "__truediv__";
    case BinOp::FloorDiv: return "__floordiv__";
    case BinOp::Mod: return "__mod__";
    case BinOp::Pow: return "__pow__";
    case BinOp::LShift: return "__lshift__";
    case BinOp::RShift: return "__rshift__";
    case BinOp::BitOr: return "__or__";
    case BinOp::BitXor: return "__xor__";
    case BinOp::BitAnd: return "__and__";
  }
  return "";
}

}  // namespace

bool is_numeric(const Type* t) {
  return t->kind == TypeKind::Int || t->kind == TypeKind::Float || t->kind == TypeKind::Bool;
}

// The name CPython's messages give a value of type `t` ("int", "Tensor", "NoneType").
static std::string python_type_name(const Type* t) {
  switch (t->kind) {
    case TypeKind::Int: return "int";
    case TypeKind::Float: return "float";
    case TypeKind::Bool: return "bool";
    case TypeKind::Str: return "str";
    case TypeKind::None: return "NoneType";
    case TypeKind::Tensor: return "Tensor";
    case TypeKind::List: return "list";
    case TypeKind::Dict: return "dict";
    case TypeKind::Tuple: return "tuple";
    case TypeKind::Class: return t->cls ? t->cls->name : t->str();
    default: return t->str();
  }
}

const Type* Checker::binary_result_of(BinOp op, const Expr& ea, const Type* a, const Expr& eb, const Type* b) {
  if (a->kind == TypeKind::Class) dunder_argument(a->cls->find_method(dunder(op)), 1, eb, b);
  if (const Type* r = binary_result(op, a, b)) return r;
  const Type* ua = a->kind == TypeKind::Optional ? a->args[0] : a;
  const Type* ub = b->kind == TypeKind::Optional ? b->args[0] : b;
  if ((ua == a && ub == b) || !binary_result(op, ua, ub)) return nullptr;
  std::string what = std::string("unsupported operand type(s) for ") + binop_str(op) + ": '";
  if (ua != a) use_maybe_none(ea, "TypeError", what + "NoneType' and '" + python_type_name(ub) + "'");
  if (ub != b) use_maybe_none(eb, "TypeError", what + python_type_name(ua) + "' and 'NoneType'");
  return binary_result(op, ua, ub);
}

const char* binop_str(BinOp op) {
  static const char* s[] = {"+", "-", "*", "@", "/", "//", "%", "**", "<<", ">>", "|", "^", "&"};
  return s[static_cast<int>(op)];
}
const char* unaryop_str(UnaryOp op) {
  static const char* s[] = {"-", "+", "~", "not"};
  return s[static_cast<int>(op)];
}
const char* cmpop_str(CmpOp op) {
  static const char* s[] = {"<", ">", "==", ">=", "<=", "!=", "in", "not in", "is", "is not"};
  return s[static_cast<int>(op)];
}

bool Checker::assignable(const Type* from, const Type* to) const {
  if (from == to || dynamic(from) || dynamic(to)) return true;
  switch (to->kind) {
    case TypeKind::Float: return from->kind == TypeKind::Int || from->kind == TypeKind::Bool;
    case TypeKind::Int: return from->kind == TypeKind::Bool;
    case TypeKind::Optional:
      if (from->kind == TypeKind::None) return true;
      if (from->kind == TypeKind::Optional) return assignable(from->args[0], to->args[0]);
      return assignable(from, to->args[0]);
    case TypeKind::Class: return from->kind == TypeKind::Class && from->cls->derives_from(to->cls);
    case TypeKind::List:
    case TypeKind::Dict:
      // Invariant (lists are mutable), except that an empty literal's element is dynamic.
      if (from->kind != to->kind) return false;
      for (size_t i = 0; i < to->args.size(); ++i) {
        const Type *f = from->args[i], *t = to->args[i];
        // A fresh container whose own elements are not yet known (`defaultdict(list)`'s
        // List[Any] values) fits any of its kind.
        bool open = (f->kind == TypeKind::List || f->kind == TypeKind::Dict) && f->kind == t->kind &&
                    std::all_of(f->args.begin(), f->args.end(), [](const Type* x) { return dynamic(x); });
        // A container of any values (`xs: list`, List[Any]) takes any of its kind.
        if (f != t && !dynamic(f) && !dynamic(t) && !open) return false;
      }
      return true;
    case TypeKind::Tuple:
      if (from->kind != TypeKind::Tuple || from->args.size() != to->args.size()) return false;
      for (size_t i = 0; i < to->args.size(); ++i) {
        if (!assignable(from->args[i], to->args[i])) return false;
      }
      return true;
    case TypeKind::Function:
      // An object with `__call__`, or an nn.Module (called through forward), is callable too.
      if (from->kind == TypeKind::Class) return from->cls->find_method("__call__") || module_forward(from->cls);
      return from->kind == TypeKind::Function || from->kind == TypeKind::Builtin ||
             from->kind == TypeKind::TorchOp || from->kind == TypeKind::Method;
    default:
      return false;
  }
}

const Type* Checker::join(const Type* a, const Type* b) {
  if (a == b) return a;
  if (dynamic(a)) return b;
  if (dynamic(b)) return a;
  if (is_numeric(a) && is_numeric(b)) {
    if (a->kind == TypeKind::Float || b->kind == TypeKind::Float) return types.floating();
    return types.integer();
  }
  if (a->kind == TypeKind::None) return types.optional(b);
  if (b->kind == TypeKind::None) return types.optional(a);
  if (a->kind == TypeKind::Optional || b->kind == TypeKind::Optional) {
    const Type* x = a->kind == TypeKind::Optional ? a->args[0] : a;
    const Type* y = b->kind == TypeKind::Optional ? b->args[0] : b;
    const Type* j = join(x, y);
    return j ? types.optional(j) : nullptr;
  }
  if (a->kind == TypeKind::Class && b->kind == TypeKind::Class) {
    for (const ClassInfo* c = a->cls; c; c = c->base) {
      if (b->cls->derives_from(c)) return types.get(TypeKind::Class, {}, c);
    }
    return nullptr;
  }
  if (a->kind == b->kind && a->kind == TypeKind::Tuple && a->args.size() == b->args.size()) {
    std::vector<const Type*> e;
    for (size_t i = 0; i < a->args.size(); ++i) {
      const Type* j = join(a->args[i], b->args[i]);
      if (!j) return nullptr;
      e.push_back(j);
    }
    // Named results of one op and of its out= variant (linalg_slogdet, linalg_slogdet_out).
    if (!a->fields.empty() && a->fields == b->fields) return types.named_tuple(e, a->name, a->fields);
    return types.tuple(e);
  }
  // Two different functions (two lambdas, a lambda and a def): a Callable whose result is Any,
  // as the `Callable` annotation; its arguments are checked when it is called.
  auto callable = [](const Type* t) {
    return t->kind == TypeKind::Function || t->kind == TypeKind::Builtin || t->kind == TypeKind::TorchOp ||
           t->kind == TypeKind::Method;
  };
  if (callable(a) && callable(b)) return types.get(TypeKind::Function, {types.any()});
  if (a->kind == b->kind && (a->kind == TypeKind::List || a->kind == TypeKind::Dict)) {
    bool ok = true;
    std::vector<const Type*> e;
    for (size_t i = 0; i < a->args.size(); ++i) {
      if (dynamic(a->args[i])) e.push_back(b->args[i]);
      else if (dynamic(b->args[i]) || a->args[i] == b->args[i]) e.push_back(a->args[i]);
      else ok = false;
    }
    if (ok) return types.get(a->kind, e);
  }
  return nullptr;
}

const Type* Checker::lookup(const std::string& name, const Span& at) {
  auto n = narrowed_.find(name);
  if (n != narrowed_.end()) return n->second;
  auto it = frame_->vars->find(name);
  if (it != frame_->vars->end()) return it->second.type;
  if (frame_->vars != globals_) {
    auto g = globals_->find(name);
    if (g != globals_->end()) return g->second.type;
  }
  for (const char* b : kBuiltins) {
    if (name == b) {
      if (name == "__name__") return types.str();
      return types.get(TypeKind::Builtin, {}, nullptr, nullptr, nullptr, name);
    }
  }
  if (ir::is_builtin_exception(name)) return types.get(TypeKind::Builtin, {}, nullptr, nullptr, nullptr, name);
  if (name == "open") {
    // Python's built-in open() is the standard library's io.open (stdlib/io.ts); archive code
    // has no file access (sandbox.cpp).
    if (restricted(at)) {
      error(at, "archive code may not use `open`: " + std::string(kArchiveRule));
      return types.error();
    }
    const Type* io = import_module("io", at, current_module_ ? current_module_->ast->path : "");
    if (io->kind != TypeKind::Module) return types.error();
    auto it = io->mod->members.find("open");
    if (it != io->mod->members.end()) return it->second.type;
  }
  static const char* kTypeNames[] = {"List", "Dict", "Tuple", "Optional", "Union", "Any", "Callable", "Tensor"};
  for (const char* t : kTypeNames) {
    if (name == t) {
      auto& d = error(at, "undefined name `" + name + "`");
      d.hints.push_back(name == "Tensor" ? "write `torch.Tensor`, or `from torch import Tensor`"
                                         : "import it: `from typing import " + name + "`");
      return types.error();
    }
  }
  std::vector<std::string> cands;
  for (auto& [k, v] : *frame_->vars) cands.push_back(k);
  for (auto& [k, v] : *globals_) cands.push_back(k);
  for (const char* b : kBuiltins) cands.push_back(b);
  for (const auto& c : ir::kExceptionClasses)
    if (ir::is_builtin_exception(c.name)) cands.emplace_back(c.name);
  auto& d = error(at, "undefined name `" + name + "`");
  std::string near = closest_name(name, cands);
  if (!near.empty()) d.hints.push_back("did you mean `" + near + "`?");
  return types.error();
}

const Type* Checker::annotation(const Expr& e) {
  const Type* t = annotation_kind(e);
  e.type = t;  // isinstance's emitter reads the class here
  return t;
}

const Type* Checker::annotation_kind(const Expr& e) {
  switch (e.kind) {
    case ExprKind::None: return types.none();
    case ExprKind::Str: {
      // A forward reference "ClassName".
      Expr n(ExprKind::Name, e.span);
      n.name = e.name;
      return annotation(n);
    }
    case ExprKind::Name: {
      const std::string& n = e.name;
      if (n == "int") return types.integer();
      if (n == "float") return types.floating();
      if (n == "bool") return types.boolean();
      if (n == "str") return types.str();
      if (n == "None") return types.none();
      const Type* t = nullptr;
      auto it = frame_->vars->find(n);
      if (it != frame_->vars->end()) t = it->second.type;
      else if (auto g = globals_->find(n); g != globals_->end()) t = g->second.type;
      if (t && t->kind == TypeKind::ClassObj) return types.get(TypeKind::Class, {}, t->cls);
      // A container named without its element types (`List`, `list`, `dict`, `Tuple`,
      // `OrderedDict`) holds any values, as the bare names mean in Python's typing.
      if (t && t->kind == TypeKind::TypeObj) {
        const Type* c = t->args[0];
        if (c->kind == TypeKind::Tuple || (c->kind == TypeKind::Builtin && c->name == "Type")) return types.any();
        if (c->kind == TypeKind::Optional) {
          error(e.span, "`Optional` needs a type argument, e.g. `Optional[int]`");
          return types.error();
        }
        return c;  // List, Dict and collections' classes: their Any elements
      }
      if (t && t->kind == TypeKind::Error) return t;
      if (const Type* c = t ? collections_class(t) : nullptr) return c;
      if (n == "list") return types.list(types.any());
      if (n == "dict") return types.dict(types.any(), types.any());
      if (n == "tuple") return types.any();
      // `cls: type`: a class held as a value (`def register(cls: type)`), called and read
      // (`cls()`, `cls.__name__`) at run time.
      if (n == "type" || n == "object") return types.any();
      // `e: Exception`: any exception value (builtin ones have no class of their own here).
      if (ir::is_builtin_exception(n)) return types.any();
      auto& d = error(e.span, "unknown type `" + n + "`");
      std::vector<std::string> cands = {"int", "float", "bool", "str", "List", "Dict", "Tuple", "Optional", "Any"};
      for (auto& [k, v] : *globals_) {
        if (v.type->kind == TypeKind::ClassObj || v.type->kind == TypeKind::TypeObj) cands.push_back(k);
      }
      std::string near = closest_name(n, cands);
      if (!near.empty()) d.hints.push_back("did you mean `" + near + "`?");
      return types.error();
    }
    case ExprKind::Attribute: {
      const Type* t = expr(e);
      if (t->kind == TypeKind::TypeObj) return t->args[0];
      if (t->kind == TypeKind::ClassObj) return types.get(TypeKind::Class, {}, t->cls);
      // `d: torch.device`: torch.device is a constructor function here and a type in annotations.
      if (t->kind == TypeKind::Builtin && t->name == "torch.device") return types.get(TypeKind::Device);
      if (t->kind != TypeKind::Error) error(e.span, t->str() + " is not a type");
      return types.error();
    }
    case ExprKind::Subscript: {
      const Type* base = nullptr;
      std::string n;
      if (e.a->kind == ExprKind::Name) {
        n = e.a->name;
        if (n == "list") n = "List";
        if (n == "dict") n = "Dict";
        if (n == "tuple") n = "Tuple";
        if (n == e.a->name) {  // typing's spellings must be imported; list/dict/tuple are builtins
          const Type* t = lookup(e.a->name, e.a->span);
          if (t->kind == TypeKind::Error) return t;
          if (t->kind == TypeKind::TypeObj) base = t->args[0];
          if (const Type* c = collections_class(t)) base = c;
        }
      } else {
        const Type* t = expr(*e.a);
        if (t->kind == TypeKind::Error) return t;
        if (t->kind == TypeKind::TypeObj) base = t->args[0];
        if (const Type* c = collections_class(t)) base = c;
        if (e.a->kind == ExprKind::Attribute) n = e.a->name;
      }
      if (base) {
        if (base->kind == TypeKind::List) n = "List";
        else if (base->kind == TypeKind::Dict) n = "Dict";
        else if (base->kind == TypeKind::Tuple) n = "Tuple";
        else if (base->kind == TypeKind::Optional) n = "Optional";
        else if (base->kind == TypeKind::Function) n = "Callable";
        else if (base->name == "Union") n = "Union";
        else if (base->name == "Type") return types.any();  // Type[nn.Module]: a class as a value
      }
      std::vector<const Type*> args;
      const std::vector<ExprPtr>* items = &e.elts;
      if (e.elts.size() == 1 && e.elts[0]->kind == ExprKind::Tuple) items = &e.elts[0]->elts;
      if (n == "Callable") {
        // Callable[[A, B], R]: arguments are checked at run time; the result type is kept.
        const Type* r = items->size() == 2 ? annotation(*(*items)[1]) : types.any();
        return types.get(TypeKind::Function, {r});
      }
      if (n == "Tuple" && items->size() == 2 && (*items)[1]->kind == ExprKind::Ellipsis) {
        error(e.span, "variadic `Tuple[T, ...]` is not supported; use `List[T]`");
        return types.error();
      }
      for (const auto& x : *items) args.push_back(annotation(*x));
      auto arity = [&](size_t k) {
        if (args.size() == k) return true;
        error(e.span, "`" + n + "` takes " + std::to_string(k) + " type argument" + (k == 1 ? "" : "s") +
                          ", got " + std::to_string(args.size()));
        return false;
      };
      if (base && (base->kind == TypeKind::List || base->kind == TypeKind::Dict) && !base->name.empty() &&
          base->name != "torch.Size") {
        // deque[int], OrderedDict[str, int], Counter[str] (its counts are ints), DefaultDict[K, V].
        n = base->name;
        if (base->name == "Counter") return arity(1) ? types.like(base, {args[0], types.integer()}) : types.error();
        if (base->kind == TypeKind::List) return arity(1) ? types.like(base, {args[0]}) : types.error();
        return arity(2) ? types.like(base, {args[0], args[1]}) : types.error();
      }
      if (n == "List") return arity(1) ? types.list(args[0]) : types.error();
      if (n == "Dict") return arity(2) ? types.dict(args[0], args[1]) : types.error();
      if (n == "Optional") return arity(1) ? types.optional(args[0]) : types.error();
      if (n == "Tuple") {
        if (items->size() == 2 && (*items)[1]->kind == ExprKind::Ellipsis) {
          error(e.span, "variadic `Tuple[T, ...]` is not supported; use `List[T]`");
          return types.error();
        }
        if (items->size() == 1 && (*items)[0]->kind == ExprKind::Tuple) return types.tuple({});
        return types.tuple(args);
      }
      if (n == "Union") {
        const Type* r = nullptr;
        for (size_t i = 0; i < args.size(); ++i) {
          const Type* j = r ? join(r, args[i]) : args[i];
          if (!j) {
            error((*items)[i]->span, "Ts supports `Union` of None and one type, or of classes with a common base; " +
                                         r->str() + " and " + args[i]->str() + " do not join");
            return types.error();
          }
          r = j;
        }
        return r ? r : types.error();
      }
      error(e.span, "this is not a generic type");
      return types.error();
    }
    default:
      error(e.span, "invalid type annotation");
      return types.error();
  }
}

const Type* Checker::binary_result(BinOp op, const Type* a, const Type* b) {
  if (dynamic(a) || dynamic(b)) return dynamic(a) ? a : b;
  bool ta = a->kind == TypeKind::Tensor, tb = b->kind == TypeKind::Tensor;
  if (ta || tb) {
    if ((ta || is_numeric(a)) && (tb || is_numeric(b))) return types.tensor();
    return nullptr;
  }
  if (a->kind == TypeKind::Class) {
    if (FunctionInfo* f = a->cls->find_method(dunder(op))) {
      check_function(*f);
      if (f->params.size() >= 2 && !assignable(b, f->params[1].type)) return nullptr;
      return f->ret ? f->ret : types.any();
    }
    return nullptr;
  }
  if (is_numeric(a) && is_numeric(b)) {
    bool fl = a->kind == TypeKind::Float || b->kind == TypeKind::Float;
    switch (op) {
      case BinOp::Div: return types.floating();
      case BinOp::MatMul: return nullptr;
      case BinOp::LShift: case BinOp::RShift: case BinOp::BitOr: case BinOp::BitXor: case BinOp::BitAnd:
        if (fl) return nullptr;
        if (a->kind == TypeKind::Bool && b->kind == TypeKind::Bool && op != BinOp::LShift && op != BinOp::RShift) {
          return types.boolean();
        }
        return types.integer();
      default: return fl ? types.floating() : types.integer();
    }
  }
  // set | & - ^ set (runtime/builtins_sets.cpp; Note [Sets are dicts]).
  if (a->kind == TypeKind::Dict && b->kind == TypeKind::Dict && a->name == "set" && b->name == "set" &&
      (op == BinOp::BitOr || op == BinOp::BitAnd || op == BinOp::Sub || op == BinOp::BitXor)) {
    const Type* j = join(a->args[0], b->args[0]);
    return set_type(j && j->kind != TypeKind::Error ? j : types.any());
  }
  // Counter + - | & Counter (runtime/builtins_collections.cpp: counter_op).
  if (a->kind == TypeKind::Dict && b->kind == TypeKind::Dict && a->name == "Counter" && b->name == "Counter" &&
      (op == BinOp::Add || op == BinOp::Sub || op == BinOp::BitOr || op == BinOp::BitAnd)) {
    const Type* j = join(a, b);
    return j ? types.like(a, j->args) : nullptr;
  }
  if ((a->kind == TypeKind::List && a->name == "deque") || (b->kind == TypeKind::List && b->name == "deque")) return nullptr;
  if (op == BinOp::Add && a == b && (a->kind == TypeKind::Str || a->kind == TypeKind::List)) return a;
  if (op == BinOp::Add && a->kind == TypeKind::List && b->kind == TypeKind::List) return join(a, b);
  // torch.Size + tuple of ints is a Size (torch.Size's __add__).
  if (op == BinOp::Add && a == types.torch_size() && b->kind == TypeKind::Tuple &&
      std::all_of(b->args.begin(), b->args.end(), [](const Type* t) { return dynamic(t) || t->kind == TypeKind::Int; }))
    return a;
  if (op == BinOp::Add && a->kind == TypeKind::Tuple && b->kind == TypeKind::Tuple) {
    std::vector<const Type*> e = a->args;
    e.insert(e.end(), b->args.begin(), b->args.end());
    return types.tuple(e);
  }
  if (op == BinOp::Mul && (a->kind == TypeKind::Str || a->kind == TypeKind::List) && b->kind == TypeKind::Int) return a;
  if (op == BinOp::Mul && (b->kind == TypeKind::Str || b->kind == TypeKind::List) && a->kind == TypeKind::Int) return b;
  if (op == BinOp::Mod && a->kind == TypeKind::Str) return types.str();
  return nullptr;
}

const Type* Checker::element_type(const Type* t, const Span& at) {
  switch (t->kind) {
    case TypeKind::Error:
    case TypeKind::Any: return t;
    case TypeKind::List: return t->args[0];
    case TypeKind::Dict: return t->args[0];
    case TypeKind::Str: return types.str();
    case TypeKind::Range: return types.integer();
    case TypeKind::Tensor: return types.tensor();
    case TypeKind::Tuple: {
      const Type* r = nullptr;
      for (const Type* e : t->args) {
        r = r ? join(r, e) : e;
        if (!r) {
          error(at, "cannot iterate over " + t->str() + ": its elements have different types");
          return types.error();
        }
      }
      return r ? r : types.any();
    }
    case TypeKind::Class: {
      if (FunctionInfo* f = t->cls->find_method("__iter__")) {
        check_function(*f);
        const Type* it = f->ret ? f->ret : types.any();
        if (it->kind == TypeKind::Class) {
          if (FunctionInfo* n = it->cls->find_method("__next__")) {
            check_function(*n);
            return n->ret ? n->ret : types.any();
          }
          error(at, "`" + t->cls->name + ".__iter__` returns `" + it->cls->name + "`, which has no `__next__` method");
          return types.error();
        }
        if (!dynamic(it)) {
          error(at, "`" + t->cls->name + ".__iter__` must return an iterator object (a class with `__next__`), not " + it->str());
          return types.error();
        }
        return types.any();
      }
      FunctionInfo* len = t->cls->find_method("__len__");
      FunctionInfo* get = t->cls->find_method("__getitem__");
      if (len && get) {
        check_function(*get);
        return get->ret ? get->ret : types.any();
      }
      error(at, "`" + t->cls->name + "` is not iterable: define `__iter__`, or `__len__` and `__getitem__`");
      return types.error();
    }
    case TypeKind::Optional:
      error(at, "value may be None here; check `is not None` before iterating");
      return types.error();
    default:
      error(at, t->str() + " is not iterable");
      return types.error();
  }
}

// The narrowing key of `name.attr` ("self.bias"); empty for anything else.
std::string narrow_key(const Expr& e) {
  if (e.kind == ExprKind::Attribute && e.a && e.a->kind == ExprKind::Name) return e.a->name + "." + e.name;
  return "";
}

// Forgets what was known about `name` and its attributes (`name.x`) after an assignment.
void Checker::unnarrow(const std::string& name) {
  narrowed_.erase(name);
  std::string prefix = name + ".";
  for (auto it = narrowed_.lower_bound(prefix); it != narrowed_.end() && it->first.starts_with(prefix);)
    it = narrowed_.erase(it);
}

void Checker::apply(const Facts& f) {
  for (const auto& [n, t] : f) narrowed_[n] = t;
}

void Checker::conditions(const Expr& c, Facts* yes, Facts* no) {
  if (c.kind == ExprKind::Unary && c.uop == UnaryOp::Not) return conditions(*c.a, no, yes);
  if (c.kind == ExprKind::BoolOp) {
    for (const auto& x : c.elts) {
      if (c.is_and) conditions(*x, yes, nullptr);
      else conditions(*x, nullptr, no);
    }
    return;
  }
  if (c.kind == ExprKind::Name) {
    const Type* t = lookup(c.name, c.span);
    if (t->kind == TypeKind::Optional && yes) yes->push_back({c.name, t->args[0]});
    return;
  }
  // `self.x` (an attribute of a local): narrowed like a local until it or its base is assigned.
  if (std::string key = narrow_key(c); !key.empty()) {
    const Type* t = c.type;
    if (t && t->kind == TypeKind::Optional && yes) yes->push_back({key, t->args[0]});
    return;
  }
  if (c.kind == ExprKind::Compare && c.cmp_ops.size() == 1 && (c.cmp_ops[0] == CmpOp::Is || c.cmp_ops[0] == CmpOp::IsNot) &&
      c.elts[0]->kind == ExprKind::None && !narrow_key(*c.a).empty()) {
    std::string key = narrow_key(*c.a);
    const Type* t = c.a->type;
    if (!t || t->kind != TypeKind::Optional) return;
    Facts* is_none = c.cmp_ops[0] == CmpOp::Is ? yes : no;
    Facts* not_none = c.cmp_ops[0] == CmpOp::Is ? no : yes;
    if (is_none) is_none->push_back({key, types.none()});
    if (not_none) not_none->push_back({key, t->args[0]});
    return;
  }
  if (c.kind == ExprKind::Compare && c.cmp_ops.size() == 1 && c.a->kind == ExprKind::Name &&
      (c.cmp_ops[0] == CmpOp::Is || c.cmp_ops[0] == CmpOp::IsNot) && c.elts[0]->kind == ExprKind::None) {
    const Type* t = lookup(c.a->name, c.a->span);
    if (t->kind != TypeKind::Optional) return;
    Facts* is_none = c.cmp_ops[0] == CmpOp::Is ? yes : no;
    Facts* not_none = c.cmp_ops[0] == CmpOp::Is ? no : yes;
    if (is_none) is_none->push_back({c.a->name, types.none()});
    if (not_none) not_none->push_back({c.a->name, t->args[0]});
    return;
  }
  if (c.kind == ExprKind::Call && c.a->kind == ExprKind::Name && c.a->name == "isinstance" &&
      c.elts.size() == 2 && c.elts[0]->kind == ExprKind::Name && yes) {
    // isinstance(x, tuple) / list / dict: any tuple, list or dict, which narrows to no one type.
    const Expr& w = *c.elts[1];
    if (w.kind == ExprKind::Name && (w.name == "tuple" || w.name == "list" || w.name == "dict")) return;
    size_t errs = diags_.error_count();
    const Type* t = nullptr;
    if (w.kind == ExprKind::Tuple) {
      // isinstance(m, (nn.Linear, nn.Conv2d)): one of them, so their nearest common base.
      for (const auto& x : w.elts) {
        if (x->kind == ExprKind::Name && (x->name == "tuple" || x->name == "list" || x->name == "dict")) return;
        const Type* xt = annotation(*x);
        if (xt->kind != TypeKind::Class) return;  // (int, float): no one type holds both as they are
        t = t ? join(t, xt) : xt;
        if (!t || dynamic(t)) return;
      }
      if (!t) return;
    } else {
      t = annotation(*c.elts[1]);
    }
    if (diags_.error_count() == errs && t->kind != TypeKind::Error) yes->push_back({c.elts[0]->name, t});
  }
}

}  // namespace ts::frontend
