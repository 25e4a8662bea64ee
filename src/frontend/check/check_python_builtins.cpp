// Python's builtin functions (print, len, range, isinstance, min/max, ...), the grad-mode
// context managers, torch.Size/device/einsum/unique, and the methods of str, list and dict.
#include <algorithm>

#include "frontend/check/checker.h"
#include "ir/exceptions.h"
#include "ir/module_functions.h"
#include "util/error.h"

namespace ts::frontend {

// map(f, *iterables) and filter(f or None, iterable): lists (Python's are lazy iterators; the
// difference shows only when one is printed or is endless). The function gets the iterables'
// element types as its parameter types.
bool Checker::module_generator_call(const Expr& e) const {
  static const std::string_view kGenerators[] = {"parameters", "buffers", "children", "modules", "named_parameters",
                                                 "named_buffers", "named_children", "named_modules"};
  if (e.kind != ExprKind::Call || e.a->kind != ExprKind::Attribute ||
      std::find(std::begin(kGenerators), std::end(kGenerators), e.a->name) == std::end(kGenerators))
    return false;
  const Type* base = e.a->a->type;
  return base && base->kind == TypeKind::Class && module_forward(base->cls) && e.type && e.type->kind == TypeKind::List;
}

const Type* Checker::map_filter_call(const std::string& n, const Expr& e) {
  for (const auto& k : e.keywords) error(k.name_span, "`" + n + "()` takes no keyword arguments");
  if (e.elts.size() < 2 || (n == "filter" && e.elts.size() != 2)) {
    for (const auto& x : e.elts) expr(*x);
    error(e.span, n == "map" ? "`map()` takes a function and at least one iterable" : "`filter()` takes a function (or None) and an iterable");
    return types.error();
  }
  std::vector<const Type*> els;
  for (size_t i = 1; i < e.elts.size(); ++i) els.push_back(element_type(expr(*e.elts[i]), e.elts[i]->span));
  const Expr& f = *e.elts[0];
  if (n == "filter" && f.kind == ExprKind::None) {
    expr(f);
    return types.list(els[0]);
  }
  function_argument(f, els);
  const Type* ft = expr(f, types.get(TypeKind::Function, {types.any()}));
  if (!dynamic(ft) && !assignable(ft, types.get(TypeKind::Function, {types.any()})) && !names_class(ft))
    error(f.span, "`" + n + "()` needs a function, not " + ft->str());
  if (n == "filter") return types.list(els[0]);
  const Type* r = types.any();
  if (ft->kind == TypeKind::Function && ft->fn) {
    auto& fn = const_cast<FunctionInfo&>(*ft->fn);
    if (!fn.ret && fn.decl && fn.state == 0) check_function(fn);
    if (fn.ret) r = fn.ret;
  } else if (ft->kind == TypeKind::Function && !ft->args.empty()) {
    r = ft->args[0];
  } else if (ft->kind == TypeKind::Builtin && (ft->name == "int" || ft->name == "float" || ft->name == "str" || ft->name == "bool")) {
    r = ft->name == "int" ? types.integer() : ft->name == "float" ? types.floating() : ft->name == "str" ? types.str() : types.boolean();
  } else if (ft->kind == TypeKind::Builtin && ft->name == "len") {
    r = types.integer();
  }
  return types.list(r);
}

// Note [Sets are dicts]
// A set is a dict whose values are None, with the class name "set" (typed Dict[T, None] named
// "set", printed Set[T]): membership, len, iteration, ==, sorted() and list() are the dict's;
// its own methods and | & - ^ are runtime/builtins_collections.cpp's. A display `{a, b}` or
// `{x for ...}` is parsed as `set([...])`. Iteration follows insertion order; CPython's
// follows its hash table (for small ints, usually ascending), so printing or iterating a set
// directly can differ from CPython where the order is not by insertion; sorted() agrees.
const Type* Checker::set_call(const Expr& e) {
  for (const auto& k : e.keywords) error(k.name_span, "`set()` takes no keyword arguments");
  if (e.elts.size() > 1) error(e.span, "`set()` takes at most one argument");
  const Type* el = types.any();
  if (!e.elts.empty()) el = element_type(expr(*e.elts[0]), e.elts[0]->span);
  return set_type(el);
}

const Type* Checker::set_type(const Type* el) {
  return types.get(TypeKind::Dict, {el, types.none()}, nullptr, nullptr, nullptr, "set");
}

const Type* Checker::set_method(const std::string& m, const Expr& e) {
  const Type* recv = e.a->a->type ? e.a->a->type : expr(*e.a->a);
  std::vector<const Type*> a;
  for (const auto& x : e.elts) a.push_back(expr(*x));
  for (const auto& k : e.keywords) error(k.name_span, "`set." + m + "()` takes no keyword arguments");
  const Type* el = recv->args[0];
  auto count = [&](size_t lo, size_t hi) {
    if (a.size() < lo || a.size() > hi) error(e.span, "`set." + m + "()` takes " + std::to_string(lo) + (hi > lo ? " or more" : "") + " argument" + (lo == 1 ? "" : "s") + ", got " + std::to_string(a.size()));
  };
  if (m == "add" || m == "discard" || m == "remove") {
    count(1, 1);
    if (a.size() == 1 && !assignable(a[0], el)) {
      // `seen = set()` then `seen.add(w)` types seen; another type widens it (Note [Refining locals]).
      const Type* j = dynamic(el) ? a[0] : join(el, a[0]);
      if (m != "add" || !refine_local(*e.a->a, set_type(j && j->kind != TypeKind::Error ? j : types.any())))
        error(e.elts[0]->span, "cannot " + m + " " + a[0]->str() + " to " + recv->str());
    } else if (a.size() == 1 && m == "add" && dynamic(el) && !dynamic(a[0]) && elements_unknown(*e.a->a)) {
      refine_local(*e.a->a, set_type(a[0]));
    }
    return types.none();
  }
  for (size_t i = 0; i < a.size(); ++i) element_type(a[i], e.elts[i]->span);  // iterables
  if (m == "update") {
    if (a.size() == 1 && dynamic(el) && elements_unknown(*e.a->a)) {
      const Type* v = element_type(a[0], e.elts[0]->span);
      if (!dynamic(v)) refine_local(*e.a->a, set_type(v));
    }
    return types.none();
  }
  if (m == "clear") return count(0, 0), types.none();
  if (m == "pop") return count(0, 0), el;
  if (m == "copy") return count(0, 0), recv;
  if (m == "issubset" || m == "issuperset" || m == "isdisjoint") return count(1, 1), types.boolean();
  return recv;  // union, intersection, difference, symmetric_difference: a new set
}

const Type* Checker::call_builtin(const std::string& n, const Expr& e) {
  if ((n == "zip" || n == "itertools.product") && e.elts.size() == 1 && e.elts[0]->kind == ExprKind::Starred &&
      e.keywords.empty()) {
    // zip(*rows), product(*pools): how many rows there are is known at run time only, so each
    // result is a sequence of the rows' elements (a tuple at run time, builtin spread_rows).
    const Expr& rows = *e.elts[0]->a;
    const Type* row = element_type(expr(rows), rows.span);
    return types.list(types.list(element_type(row, rows.span)));
  }
  if (n.starts_with("itertools.") || n.starts_with("functools.") || n.starts_with("copy.")) return pylib_call(n, e);
  if (n == "map" || n == "filter") return map_filter_call(n, e);
  if (n == "set") return set_call(e);
  if (n.starts_with("set.")) return set_method(n.substr(4), e);
  if (n.starts_with("namedtuple.")) return namedtuple_method(n, e);
  if (n == "functools.cache_info" || n == "functools.cache_clear") {
    if (!e.elts.empty() || !e.keywords.empty()) error(e.span, "`" + n.substr(10) + "()` takes no arguments");
    if (n == "functools.cache_clear") return types.none();
    const Type* i = types.integer();
    return types.named_tuple({i, i, types.any(), i}, "CacheInfo", {"hits", "misses", "maxsize", "currsize"});
  }
  if (n.starts_with("str.") && e.a->kind == ExprKind::Attribute && e.a->a->kind == ExprKind::Name &&
      e.a->a->type && e.a->a->type->kind == TypeKind::Builtin && e.a->a->type->name == "str" && !e.elts.empty() &&
      e.elts[0]->kind != ExprKind::Starred) {
    // str.lower(s, ...) is s.lower(...): the call is rewritten to the method's form.
    Expr& call = const_cast<Expr&>(e);
    auto attr = std::make_unique<Expr>(ExprKind::Attribute, e.a->span);
    attr->name = e.a->name;
    attr->name_span = e.a->name_span;
    attr->a = std::move(call.elts.front());
    call.elts.erase(call.elts.begin());
    call.a = std::move(attr);
    return this->call(e);
  }
  std::vector<const Type*> a;
  for (const auto& x : e.elts) a.push_back(expr(*x));
  const bool keyed = n == "sorted" || n == "min" || n == "max" || n == "list.sort";
  for (const auto& k : e.keywords) {
    // key= takes an element: a lambda or an unannotated def gets its type.
    if (keyed && k.name == "key") {
      const Type* el = nullptr;
      if (n == "list.sort") {
        const Type* recv = e.a->a->type;
        el = recv && recv->kind == TypeKind::List ? recv->args[0] : nullptr;
      } else if (a.size() == 1) {
        el = a[0]->kind == TypeKind::List || a[0]->kind == TypeKind::Dict ? a[0]->args[0]
             : a[0]->kind == TypeKind::Str ? a[0]
             : a[0]->kind == TypeKind::Range ? types.integer() : nullptr;
      } else {
        for (const Type* t : a) el = el ? join(el, t) : t;
      }
      function_argument(*k.value, {el ? el : types.any()});
    }
    const Type* kt = expr(*k.value, keyed && k.name == "key" ? types.get(TypeKind::Function, {types.any()}) : nullptr);
    if (keyed) {
      bool sorts = n == "sorted" || n == "list.sort";
      if (k.name != "key" && k.name != (sorts ? "reverse" : "default"))
        error(k.name_span, "`" + n + "()` got an unexpected keyword argument `" + k.name + "`")
            .hints.push_back(sorts ? "it takes `key` and `reverse`" : "it takes `key` and `default`");
      else if (k.name == "key" && !dynamic(kt) && kt->kind != TypeKind::None && !assignable(kt, types.get(TypeKind::Function, {types.any()})))
        error(k.value->span, "`key` of `" + n + "()` must be a function, not " + kt->str());
    }
  }
  auto arity = [&](size_t lo, size_t hi) {
    if (a.size() >= lo && a.size() <= hi) return true;
    std::string want = lo == hi ? std::to_string(lo) : std::to_string(lo) + " to " + std::to_string(hi);
    error(e.span, "`" + n + "()` takes " + want + " argument" + (hi == 1 ? "" : "s") + ", got " + std::to_string(a.size()));
    return false;
  };
  auto no_kw = [&] {
    if (!e.keywords.empty()) error(e.keywords[0].name_span, "`" + n + "()` takes no keyword arguments");
  };
  const Type* self = nullptr;  // for methods on str/list/dict: the receiver
  if (e.a->kind == ExprKind::Attribute) {
    self = nullptr;
  }
  if (n == "print") {
    for (const auto& k : e.keywords) {
      if (k.name == "file") {
        // sys.stdout or sys.stderr (Ts has no file objects); None is stdout.
        const Type* f = k.value->type ? k.value->type : expr(*k.value);
        bool stream = f->kind == TypeKind::Module && (f->mod->name == "sys.stdout" || f->mod->name == "sys.stderr");
        bool writer = (f->kind == TypeKind::Class && f->cls->find_method("write")) || f->kind == TypeKind::Any;  // open()'s files
        if (!stream && !writer && f->kind != TypeKind::None && f->kind != TypeKind::Error)
          error(k.value->span, "`print()` writes to `file=sys.stdout`, `file=sys.stderr` or an object with a `write` method (a file from open()), not " + f->str());
      } else if (k.name != "sep" && k.name != "end" && k.name != "flush") {
        error(k.name_span, "`print()` got an unexpected keyword argument `" + k.name + "`");
      }
    }
    return types.none();
  }
  if (n == "len") {
    no_kw();
    if (!arity(1, 1)) return types.integer();
    const Type* t = a[0];
    bool ok = dynamic(t) || t->kind == TypeKind::List || t->kind == TypeKind::Tuple || t->kind == TypeKind::Dict ||
              t->kind == TypeKind::Str || t->kind == TypeKind::Tensor || t->kind == TypeKind::Range ||
              (t->kind == TypeKind::Class && t->cls->find_method("__len__"));
    if (!ok) error(e.elts[0]->span, "object of type " + t->str() + " has no len()");
    return types.integer();
  }
  if (n == "range") {
    no_kw();
    arity(1, 3);
    for (size_t i = 0; i < a.size(); ++i) {
      if (!dynamic(a[i]) && a[i]->kind != TypeKind::Int && a[i]->kind != TypeKind::Bool) {
        auto& d = error(e.elts[i]->span, "range() arguments must be int, not " + a[i]->str());
        if (a[i]->kind == TypeKind::Float) d.hints.push_back("convert with `int(...)`");
      }
    }
    return types.get(TypeKind::Range);
  }
  if (n == "enumerate") {
    for (const auto& k : e.keywords) {
      if (k.name != "start") error(k.name_span, "`enumerate()` got an unexpected keyword argument `" + k.name + "`");
      else if (a.size() > 1) error(k.name_span, "`enumerate()` got multiple values for argument `start`");
      else if (k.value->type && !dynamic(k.value->type) && k.value->type->kind != TypeKind::Int &&
               k.value->type->kind != TypeKind::Bool)
        error(k.value->span, "`start` of enumerate() must be an int, not " + k.value->type->str());
    }
    if (!arity(1, 2)) return types.error();
    return types.list(types.tuple({types.integer(), element_type(a[0], e.elts[0]->span)}));
  }
  if (n == "zip") {
    std::vector<const Type*> el;
    for (size_t i = 0; i < a.size(); ++i) el.push_back(element_type(a[i], e.elts[i]->span));
    return types.list(types.tuple(el));
  }
  if (n == "reversed" || n == "sorted" || n == "list") {
    if (n == "list" && a.empty()) return types.list(types.any());
    if (!arity(1, 1)) return types.error();
    return types.list(element_type(a[0], e.elts[0]->span));
  }
  if (n == "iter" || n == "next") {
    if (!arity(1, n == "next" ? 2 : 1)) return types.error();
    const char* m = n == "iter" ? "__iter__" : "__next__";
    FunctionInfo* f = a[0]->kind == TypeKind::Class ? a[0]->cls->find_method(m) : nullptr;
    // next(model.parameters()): PyTorch's method returns a generator, Ts's a list.
    if (n == "next" && module_generator_call(*e.elts[0])) return element_type(a[0], e.elts[0]->span);
    if (!f) {
      // iter() of a sequence: a native iterator that next() (typed Any) walks.
      bool seq = a[0]->kind == TypeKind::List || a[0]->kind == TypeKind::Tuple || a[0]->kind == TypeKind::Dict ||
                 a[0]->kind == TypeKind::Str || a[0]->kind == TypeKind::Tensor || a[0]->kind == TypeKind::Range;
      if (!dynamic(a[0]) && !(n == "iter" && seq))
        error(e.elts[0]->span, "`" + n + "()` needs an object whose class defines `" + m + "`, not " + a[0]->str());
      return types.any();
    }
    check_function(*f);
    return f->ret ? f->ret : types.any();
  }
  if (n == "dict") {
    // dict(pairs) of known element types keeps them: Dict[K, V].
    if (a.size() == 1 && a[0]->kind == TypeKind::Dict) return a[0];
    if (a.size() == 1 && a[0]->kind == TypeKind::List && a[0]->args[0]->kind == TypeKind::Tuple &&
        a[0]->args[0]->args.size() == 2)
      return types.dict(a[0]->args[0]->args[0], a[0]->args[0]->args[1]);
    return types.dict(types.any(), types.any());
  }
  if (n == "tuple") return types.any();
  if (n == "int") {
    // int(x), int(s, base), int(s, base=b)
    for (const auto& k : e.keywords)
      if (k.name != "base") error(k.name_span, "`int()` got an unexpected keyword argument `" + k.name + "`");
    if (!arity(0, 2)) return types.integer();
    bool base = a.size() == 2 || !e.keywords.empty();
    if (base && a.size() == 2 && !e.keywords.empty()) error(e.keywords[0].name_span, "`int()` got multiple values for argument `base`");
    const Type* bt = a.size() == 2 ? a[1] : !e.keywords.empty() ? e.keywords[0].value->type : nullptr;
    if (bt && !dynamic(bt) && bt->kind != TypeKind::Int && bt->kind != TypeKind::Bool)
      error(a.size() == 2 ? e.elts[1]->span : e.keywords[0].value->span, "`int()` base must be an int, not " + bt->str());
    if (base && !a.empty() && !dynamic(a[0]) && a[0]->kind != TypeKind::Str)
      error(e.elts[0]->span, "int() can't convert non-string with explicit base");
    return types.integer();
  }
  if (n == "hex" || n == "oct" || n == "bin") {
    no_kw();
    if (arity(1, 1) && !dynamic(a[0]) && a[0]->kind != TypeKind::Int && a[0]->kind != TypeKind::Bool)
      error(e.elts[0]->span, "'" + a[0]->str() + "' object cannot be interpreted as an integer");
    return types.str();
  }
  if (n == "float" || n == "bool" || n == "str") {
    no_kw();
    arity(0, 1);
    if (n == "float") return types.floating();
    if (n == "bool") return types.boolean();
    return types.str();
  }
  if (n == "isinstance") {
    arity(2, 2);
    // isinstance(x, list) / dict / tuple: any list, dict or tuple; a tuple of those: any of them.
    // `OrderedDict` or `collections.deque` named as a class (a bound name, so nothing new is reported).
    auto named_collections_class = [this](const Expr& want) -> const Type* {
      const Expr* root = want.kind == ExprKind::Attribute ? want.a.get() : &want;
      if (root->kind != ExprKind::Name || (want.kind != ExprKind::Name && want.kind != ExprKind::Attribute)) return nullptr;
      if (!frame_->vars->count(root->name) && !globals_->count(root->name)) return nullptr;
      return collections_class(expr(want));
    };
    auto class_of = [this, &named_collections_class](Expr& want) {
      if (want.kind == ExprKind::Name && want.name == "list") want.type = types.list(types.any());
      else if (want.kind == ExprKind::Name && want.name == "dict") want.type = types.dict(types.any(), types.any());
      else if (want.kind == ExprKind::Name && want.name == "tuple") want.type = types.tuple({});
      else if (want.kind == ExprKind::Name && ir::is_builtin_exception(want.name) && !frame_->vars->count(want.name) &&
               !globals_->count(want.name))  // isinstance(e, ValueError)
        want.type = types.get(TypeKind::Builtin, {}, nullptr, nullptr, nullptr, want.name);
      else if (const Type* c = named_collections_class(want)) {
        // The IR's isinstance sees dicts and lists, not collections' classes.
        const char* plain = c->kind == TypeKind::Dict ? "dict" : "list";
        error(want.span, "isinstance() with `" + c->name + "` is not supported: it would be true of any " + plain)
            .hints.push_back(std::string("test `isinstance(x, ") + plain + ")`");
        want.type = types.error();
      } else {
        annotation(want);
      }
    };
    if (e.elts.size() == 2) {
      Expr& want = const_cast<Expr&>(*e.elts[1]);
      if (want.kind == ExprKind::Tuple && !want.elts.empty()) {
        for (auto& w : want.elts) class_of(const_cast<Expr&>(*w));
      } else {
        class_of(want);
      }
    }
    return types.boolean();
  }
  if (n == "type") {
    // type(x): x's class, as a value (its name, compared with another class); type(name,
    // bases, dict) makes a class at run time, which Ts does not do.
    no_kw();
    if (a.size() == 3) {
      error(e.span, "`type(name, bases, dict)` (making a class at run time) is not supported; define the class with `class`");
      return types.error();
    }
    arity(1, 1);
    return types.get(TypeKind::ClassValue);
  }
  if (n == "hasattr") return types.boolean();
  if (n == "vars") {
    // vars(obj): an object's attributes by name (the `__dict__` attribute itself where the
    // class keeps one, as argparse's Namespace does).
    no_kw();
    arity(1, 1);
    return types.dict(types.str(), types.any());
  }
  if (n == "getattr") {
    arity(2, 3);
    return types.any();
  }
  if (n == "setattr") {
    arity(3, 3);
    return types.none();
  }
  if (n == "min" || n == "max" || n == "sum" || n == "abs") {
    if (a.empty()) {
      error(e.span, "`" + n + "()` expects at least one argument");
      return types.error();
    }
    if (a.size() == 1 && n != "abs") {
      const Type* el = element_type(a[0], e.elts[0]->span);
      for (const auto& k : e.keywords)
        if (k.name == "default" && k.value->type) {
          const Type* j = k.value->type->kind == TypeKind::None ? types.optional(el) : join(el, k.value->type);
          el = j ? j : types.any();
        }
      return el;
    }
    if (n == "sum") {  // sum(iterable, start)
      if (!arity(2, 2)) return types.error();
      const Type* el = element_type(a[0], e.elts[0]->span);
      const Type* j = join(el, a[1]);
      if (!j) {
        error(e.elts[1]->span, "`sum()` start of type " + a[1]->str() + " does not add to elements of type " + el->str());
        return types.error();
      }
      return j;
    }
    const Type* r = nullptr;
    const bool by_key = std::any_of(e.keywords.begin(), e.keywords.end(), [](const Keyword& k) { return k.name == "key"; });
    for (size_t i = 0; i < a.size(); ++i) {
      if (!by_key && !dynamic(a[i]) && !is_numeric(a[i]) && a[i]->kind != TypeKind::Tensor && a[i]->kind != TypeKind::Str) {
        error(e.elts[i]->span, "`" + n + "()` argument must be a number, str or Tensor, not " + a[i]->str());
        return types.error();
      }
      const Type* j = r ? join(r, a[i]) : a[i];
      r = j ? j : types.any();
    }
    return r;
  }
  if (n == "round") return a.size() == 2 ? types.floating() : types.integer();
  if (n == "any" || n == "all") return types.boolean();
  if (n == "ord") return types.integer();
  if (n == "repr" || n == "format") return types.str();
  if (n == "chr") return types.str();
  if (n == "divmod") return types.tuple({types.integer(), types.integer()});
  if (n == "pow") {
    // pow(b, e) is b ** e; pow(b, e, m) takes ints (runtime builtin pow).
    no_kw();
    if (!arity(2, 3)) return types.error();
    if (a.size() == 2) {
      if (const Type* r = binary_result_of(BinOp::Pow, *e.elts[0], a[0], *e.elts[1], a[1])) return r;
      error(e.span, "unsupported operand types for pow(): " + a[0]->str() + " and " + a[1]->str());
      return types.error();
    }
    for (size_t i = 0; i < 3; ++i)
      if (!dynamic(a[i]) && a[i]->kind != TypeKind::Int && a[i]->kind != TypeKind::Bool) {
        error(e.elts[i]->span, "pow() 3rd argument not allowed unless all arguments are integers");
        return types.error();
      }
    return types.integer();
  }
  if (n == "issubclass") {
    no_kw();
    if (!arity(2, 2)) return types.error();
    if (!static_subclass(*e.elts[0], *e.elts[1]))
      error(e.span, "`issubclass()` takes classes the script names (a class, a builtin exception or type, or a tuple of them), not " +
                        a[0]->str() + " and " + a[1]->str());
    return types.boolean();
  }
  if (n == "super") {
    if (!frame_->cls || !frame_->cls->base) {
      error(e.span, "`super()` is only valid in a method of a class with a base class");
      return types.error();
    }
    return types.get(TypeKind::Class, {}, frame_->cls->base);
  }
  if (n == "no_grad" || n == "enable_grad") return types.get(TypeKind::Builtin, {}, nullptr, nullptr, nullptr, n);
  if (n == "torch.set_grad_enabled") {
    if (a.size() != 1 || !assignable(a[0], types.boolean())) {
      error(e.span, "`torch.set_grad_enabled()` takes one bool argument `mode`");
      return types.error();
    }
    return types.get(TypeKind::Builtin, {}, nullptr, nullptr, nullptr, "set_grad_enabled");
  }
  if (n == "torch.inference_mode") {
    bool ok = a.size() + e.keywords.size() <= 1 && (a.empty() || assignable(a[0], types.boolean()));
    for (const auto& k : e.keywords) ok &= k.name == "mode" && assignable(k.value->type, types.boolean());
    if (!ok) {
      error(e.span, "`torch.inference_mode()` takes one optional bool argument `mode`");
      return types.error();
    }
    return types.get(TypeKind::Builtin, {}, nullptr, nullptr, nullptr, "inference_mode");
  }
  if (n == "torch.Size") {
    // torch.Size(sizes=()): from a sequence of ints.
    no_kw();
    if (!arity(0, 1)) return types.torch_size();
    if (!a.empty() && !dynamic(a[0])) {
      bool ok = a[0]->kind == TypeKind::Range ||
                ((a[0]->kind == TypeKind::List || a[0]->kind == TypeKind::Tuple) &&
                 std::all_of(a[0]->args.begin(), a[0]->args.end(),
                             [](const Type* t) { return dynamic(t) || t->kind == TypeKind::Int || t->kind == TypeKind::Bool; }));
      if (!ok) error(e.elts[0]->span, "`torch.Size()` takes a list or tuple of ints, not " + a[0]->str());
    }
    return types.torch_size();
  }
  if (n == "Size.numel") {
    no_kw();
    arity(0, 0);
    return types.integer();
  }
  if (n == "torch.device") return types.get(TypeKind::Device);
  if (n == "torch.unique" || n == "Tensor.unique") return unique_result(e, n == "Tensor.unique", false);
  if (n == "torch.unique_consecutive" || n == "Tensor.unique_consecutive")
    return unique_result(e, n == "Tensor.unique_consecutive", true);
  if (n == "Tensor.type") {
    // t.type(): the legacy type name; t.type(torch.float64) or t.type("torch.DoubleTensor"): converted.
    arity(0, 1);
    bool given = !a.empty();
    for (const auto& k : e.keywords) {
      if (k.name == "dtype") given = true;
      else if (k.name != "non_blocking") error(k.name_span, "`Tensor.type()` got an unexpected keyword argument `" + k.name + "`");
    }
    const Type* d = !a.empty() ? a[0] : nullptr;
    if (d && !dynamic(d) && d->kind != TypeKind::DType && d->kind != TypeKind::Str && d->kind != TypeKind::None)
      error(e.elts[0]->span, "`Tensor.type()` takes a torch.dtype or a type name, not " + d->str());
    return given && !(d && d->kind == TypeKind::None) ? types.tensor() : types.str();
  }
  if (n == "Tensor.register_hook") {
    // hook(grad) -> Tensor or None: a function or lambda of one Tensor (a lambda's parameter is
    // a Tensor unannotated). The handle is torch.utils.hooks.RemovableHandle.
    no_kw();
    if (arity(1, 1) && !dynamic(a[0]) && a[0]->kind != TypeKind::Function && a[0]->kind != TypeKind::Method)
      error(e.elts[0]->span, "`Tensor.register_hook()` takes a function of the gradient, got " + a[0]->str());
    const Type* m = import_module("torch.utils.hooks", e.span, current_module_ ? current_module_->ast->path : "");
    if (m->kind != TypeKind::Module) return types.error();
    auto it = m->mod->members.find("RemovableHandle");
    if (it == m->mod->members.end()) return types.error();
    return types.get(TypeKind::Class, {}, it->second.type->cls);
  }
  if (n == "torch.einsum") {
    // einsum(equation, *operands) or einsum(equation, [operands]); the sublist form
    // einsum(op1, [0, 1], op2, [1, 2]) is not taken.
    no_kw();
    if (a.empty()) {
      error(e.span, "`torch.einsum()` must specify the equation string and at least one operand");
      return types.tensor();
    }
    if (!dynamic(a[0]) && a[0]->kind != TypeKind::Str) {
      auto& d = error(e.elts[0]->span, "`torch.einsum()` expects the equation string first, got " + a[0]->str());
      d.hints.push_back("the sublist form einsum(op1, [0, 1], op2, [1, 2]) is not available in tsrun yet; write the equation");
      return types.tensor();
    }
    const bool one_list = a.size() == 2 && (a[1]->kind == TypeKind::List || a[1]->kind == TypeKind::Tuple);
    if (one_list) {
      for (const Type* t : a[1]->args)
        if (!dynamic(t) && t->kind != TypeKind::Tensor)
          error(e.elts[1]->span, "`torch.einsum()` operands must be Tensors, got " + a[1]->str());
    } else {
      for (size_t i = 1; i < a.size(); ++i)
        if (!dynamic(a[i]) && a[i]->kind != TypeKind::Tensor)
          error(e.elts[i]->span, "`torch.einsum()` operand " + std::to_string(i) + " must be a Tensor, got " + a[i]->str());
    }
    return types.tensor();
  }
  if (ir::is_builtin_exception(n)) return types.any();
  if (n.starts_with("math."))
    for (const MathFunction& f : math_functions())
      if (n.compare(5, std::string::npos, f.name) == 0) return math_call(f, e, a);
  if (const Type* t = module_function(n, a)) return t;
  if (n.starts_with("collections.") || n.starts_with("deque.") || n.starts_with("OrderedDict.") ||
      n.starts_with("Counter.") || n == "dict.popitem")
    return collections_call(n, e, a);
  // Methods of str, list and dict: the receiver is the callee's base.
  if (n.starts_with("str.") || n.starts_with("list.") || n.starts_with("dict.")) {
    // Checking the callee typed the receiver: checking it again would double the work at
    // each level of a chain like `xs.copy().copy()`.
    const Type* recv = e.a->a->type ? e.a->a->type : expr(*e.a->a);
    std::string m = n.substr(n.find('.') + 1);
    if (recv->kind == TypeKind::Str) {
      if (m == "split" || m == "rsplit" || m == "splitlines") return types.list(types.str());
      if (m == "partition" || m == "rpartition") return types.tuple({types.str(), types.str(), types.str()});
      if (m == "startswith" || m == "endswith" || m.starts_with("is")) return types.boolean();
      if (m == "find" || m == "rfind" || m == "index" || m == "rindex" || m == "count") return types.integer();
      return types.str();
    }
    if (recv->kind == TypeKind::List) {
      const Type* el = recv->args[0];
      // `xs = []` then `xs.append(v)` / `xs.extend(ys)` types xs (Note [Refining locals]).
      if (el->kind == TypeKind::Any && !a.empty() && elements_unknown(*e.a->a)) {
        const Type* v = a.back();
        if ((m == "append" || m == "insert") && !dynamic(v) && refine_local(*e.a->a, types.like(recv, {v}))) el = v;
        if (m == "extend" && v->kind == TypeKind::List && !dynamic(v->args[0]) && refine_local(*e.a->a, types.like(recv, {v->args[0]})))
          el = v->args[0];
        // A value typed Any appended first settles the elements as Any: a later `append(None)`
        // must not make the list a List[None] that the first value is not.
        if ((m == "append" || m == "insert") && dynamic(v) && e.a->a->kind == ExprKind::Name) {
          auto it = frame_->vars->find(e.a->a->name);
          if (it != frame_->vars->end()) it->second.literal_elements = true;
        }
      }
      if (m == "append" || m == "insert" || m == "remove" || m == "index" || m == "count") {
        const Type* v = a.empty() ? nullptr : a.back();
        // `layers.append(nn.Linear(...))` then `layers.append(nn.ReLU())`: an inferred local's
        // elements widen to the join, or to dynamic values (Note [Refining locals]).
        if (v && !assignable(v, el) && (m == "append" || m == "insert")) {
          const Type* j = join(el, v);
          if (refine_local(*e.a->a, types.like(recv, {j && j->kind != TypeKind::Error ? j : types.any()}))) v = nullptr;
        }
        if (v && !assignable(v, el)) {
          error(e.elts.back()->span, "cannot " + m + " " + v->str() + " to " + recv->str());
        }
        if (m == "append") arity(1, 1);
        return m == "index" || m == "count" ? types.integer() : types.none();
      }
      if (m == "pop") return el;
      if (m == "copy") return recv;
      return types.none();
    }
    if (recv->kind == TypeKind::Dict) {
      const Type* k = recv->args[0];
      const Type* v = recv->args[1];
      if (m == "keys") return types.list(k);
      if (m == "values") return types.list(v);
      if (m == "items") return types.list(types.tuple({k, v}));
      if (m == "get") return a.size() == 2 ? v : types.optional(v);
      if (m == "pop" || m == "setdefault") return v;
      if (m == "copy") return recv;
      return types.none();
    }
  }
  (void)self;
  return types.any();
}

// Note [issubclass]: the classes of a Ts script are known before it runs, so
// issubclass(A, B) of classes it names (its own classes, builtin exception classes, int, bool,
// float, str, object; B may be a tuple of them) is decided here and emitted as a constant.
std::optional<bool> Checker::static_subclass(const Expr& cls, const Expr& of) const {
  if (of.kind == ExprKind::Tuple) {
    bool any = false;
    for (const auto& x : of.elts) {
      std::optional<bool> r = static_subclass(cls, *x);
      if (!r) return std::nullopt;
      any |= *r;
    }
    return any;
  }
  const Type* a = cls.type;
  const Type* b = of.type;
  if (!a || !b) return std::nullopt;
  auto exc = [](const Type* t) { return t->kind == TypeKind::Builtin && ir::is_builtin_exception(t->name); };
  // int, float, bool, str: the name of the scalar type ("" for another class).
  auto scalar = [](const Type* t) -> std::string {
    if (t->kind == TypeKind::Builtin && (t->name == "int" || t->name == "float" || t->name == "bool" || t->name == "str"))
      return t->name;
    if (t->kind != TypeKind::TypeObj || t->args.empty()) return "";
    switch (t->args[0]->kind) {
      case TypeKind::Int: return "int";
      case TypeKind::Float: return "float";
      case TypeKind::Bool: return "bool";
      case TypeKind::Str: return "str";
      default: return "";
    }
  };
  bool a_known = a->kind == TypeKind::ClassObj || exc(a) || !scalar(a).empty();
  if (!a_known) return std::nullopt;
  if (b->kind == TypeKind::Builtin && b->name == "object") return true;
  if (b->kind == TypeKind::ClassObj) return a->kind == TypeKind::ClassObj && a->cls->derives_from(b->cls);
  if (exc(b)) {
    if (exc(a)) return ir::exception_catches(b->name, a->name);
    if (a->kind != TypeKind::ClassObj) return false;
    const std::string& root = a->cls->exception_root();
    return !root.empty() && ir::exception_catches(b->name, root);
  }
  if (std::string sb = scalar(b); !sb.empty()) {
    std::string sa = scalar(a);
    return sa == sb || (sa == "bool" && sb == "int");
  }
  return std::nullopt;
}

}  // namespace ts::frontend
