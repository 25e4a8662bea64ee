// Python's collections module: OrderedDict, defaultdict and Counter are Dict types, deque a
// List type, each named by its class (Note [collections are named containers]); namedtuple
// (Note [namedtuple]); and their methods. itertools, functools and copy are in check_pylib.cpp.
#include <algorithm>
#include <cctype>
#include <optional>
#include <set>

#include "frontend/check/checker.h"

namespace ts::frontend {

// Note [collections are named containers]
// An OrderedDict, defaultdict or Counter is a `Dict[K, V]` whose type carries the class's name,
// a deque a `List[T]` named "deque", so element types, iteration, indexing, `len`, `in` and the
// dict and list methods work as for the plain containers (they are assignable both ways); the
// name adds the class's own methods (`move_to_end`, `most_common`, `appendleft`, ...) and
// attributes. At run time they are dicts and lists tagged with their class (IValue::Dict and
// IValue::List), which keep the tag through copies and give CPython's printing and the
// missing-key behaviour (a defaultdict calls its factory, a Counter reads 0). An empty one takes
// its element types from its first use, as `{}` and `[]` do (Note [Refining locals]);
// `defaultdict(list)` has `List[Any]` values unless an annotation gives them.

namespace {
bool numeric(const Type* t) {
  return t->kind == TypeKind::Int || t->kind == TypeKind::Float || t->kind == TypeKind::Bool;
}
}  // namespace

// Note [namedtuple]
// `Point = namedtuple("Point", ["x", "y"])` (or "x y", "x, y", a tuple of names) names a tuple
// type whose fields are the names: the name and fields must be literals, since they are the
// type. Its fields are typed Any (the call gives no types), checked at run time. `Point(1, 2)` /
// `Point(x=1, y=2)` is a tuple tagged with the name and fields (prim::TupleConstruct, as an op's
// named results), so it unpacks, indexes, compares and prints as CPython's (`Point(x=1, y=2)`);
// `p.x` reads a field; `p._asdict()`, `p._replace(x=3)` and `Point._fields` are there.
// `Point` itself cannot be used as a value (passed, printed), and `defaults=` is not there.
const Type* Checker::namedtuple_class(const Expr& e) {
  const std::string what = "`collections.namedtuple()`";
  for (const auto& x : e.elts) expr(*x);
  for (const auto& k : e.keywords) {
    expr(*k.value);
    error(k.name_span, what + "'s `" + k.name + "=` is not supported");
  }
  if (e.elts.size() != 2) {
    error(e.span, what + " takes the type's name and its field names, got " + std::to_string(e.elts.size()) + " arguments");
    return types.error();
  }
  if (e.elts[0]->kind != ExprKind::Str) {
    error(e.elts[0]->span, "the name given to " + what + " must be a string literal: it names a type");
    return types.error();
  }
  std::vector<std::string> fields;
  const Expr& f = *e.elts[1];
  if (f.kind == ExprKind::Str) {
    std::string cur;
    for (char c : f.name + " ") {
      if (c == ' ' || c == ',') {
        if (!cur.empty()) fields.push_back(cur);
        cur.clear();
      } else {
        cur += c;
      }
    }
  } else if (f.kind == ExprKind::List || f.kind == ExprKind::Tuple) {
    for (const auto& x : f.elts) {
      if (x->kind != ExprKind::Str) {
        error(x->span, "the field names given to " + what + " must be string literals: they are the type's fields");
        return types.error();
      }
      fields.push_back(x->name);
    }
  } else {
    error(f.span, "the field names given to " + what + " must be a string or a list of string literals: they are the type's fields");
    return types.error();
  }
  // CPython's checks (Lib/collections/__init__.py), as check errors.
  std::set<std::string> seen;
  auto ident = [](const std::string& s) {
    if (s.empty() || std::isdigit(static_cast<unsigned char>(s[0]))) return false;
    return std::all_of(s.begin(), s.end(), [](char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; });
  };
  for (const std::string& name : std::vector<std::string>{e.elts[0]->name}) {
    if (!ident(name)) {
      error(e.elts[0]->span, "Type names and field names must be valid identifiers: '" + name + "'");
      return types.error();
    }
  }
  for (const std::string& name : fields) {
    if (!ident(name)) {
      error(f.span, "Type names and field names must be valid identifiers: '" + name + "'");
      return types.error();
    }
    if (name[0] == '_') {
      error(f.span, "Field names cannot start with an underscore: '" + name + "'");
      return types.error();
    }
    if (!seen.insert(name).second) {
      error(f.span, "Encountered duplicate field name: '" + name + "'");
      return types.error();
    }
  }
  const std::string& tname = e.elts[0]->name;
  const Type* nt = types.named_tuple(std::vector<const Type*>(fields.size(), types.any()), tname, fields);
  if (nt->fields != fields) {
    error(e.elts[0]->span, "another namedtuple `" + tname + "` has other fields; give this one another name");
    return types.error();
  }
  return types.get(TypeKind::Builtin, {nt}, nullptr, nullptr, nullptr, kNamedTupleClass);
}

const Type* Checker::namedtuple_new(const Type* cls, const Expr& e) {
  const Type* nt = cls->args[0];
  const std::string what = "`" + nt->name + "()`";
  std::vector<bool> filled(nt->fields.size(), false);
  if (e.elts.size() > nt->fields.size())
    error(e.span, what + " takes " + std::to_string(nt->fields.size()) + " arguments, got " + std::to_string(e.elts.size()));
  for (size_t i = 0; i < e.elts.size(); ++i) {
    if (e.elts[i]->kind == ExprKind::Starred) {
      expr(*e.elts[i]->a);
      error(e.elts[i]->span, what + " takes its fields one by one: `*` unpacking into a namedtuple is not supported");
      return nt;
    }
    expr(*e.elts[i]);
    if (i < filled.size()) filled[i] = true;
  }
  for (const auto& k : e.keywords) {
    expr(*k.value);
    size_t i = std::find(nt->fields.begin(), nt->fields.end(), k.name) - nt->fields.begin();
    if (i == nt->fields.size()) error(k.name_span, what + " got an unexpected keyword argument `" + k.name + "`");
    else if (filled[i]) error(k.name_span, what + " got multiple values for argument `" + k.name + "`");
    else filled[i] = true;
  }
  for (size_t i = 0; i < filled.size(); ++i)
    if (!filled[i]) error(e.span, what + " missing required argument `" + nt->fields[i] + "`");
  return nt;
}

// A namedtuple's `_asdict()` (a dict of its fields, in order) and `_replace(field=value, ...)`
// (a copy with those fields changed); `_fields` is an attribute (check_call.cpp).
const Type* Checker::namedtuple_method(const std::string& n, const Expr& e) {
  const Type* nt = e.a->a->type;
  const std::string what = "`" + nt->name + "." + n.substr(n.find('.') + 1) + "()`";
  for (const auto& x : e.elts) expr(*x);
  if (n == "namedtuple._asdict") {
    if (!e.elts.empty() || !e.keywords.empty()) error(e.span, what + " takes no arguments");
    const Type* v = nullptr;
    for (const Type* x : nt->args) v = v ? join(v, x) : x;
    return types.dict(types.str(), v && v->kind != TypeKind::Error ? v : types.any());
  }
  if (!e.elts.empty()) error(e.elts[0]->span, what + " takes its fields as keyword arguments");
  for (const auto& k : e.keywords) {
    const Type* v = expr(*k.value);
    if (k.name.empty()) {
      error(k.name_span, "`**` unpacking into " + what + " is not supported");
      continue;
    }
    size_t i = std::find(nt->fields.begin(), nt->fields.end(), k.name) - nt->fields.begin();
    if (i == nt->fields.size()) error(k.name_span, what + " got an unexpected field name `" + k.name + "`");
    else if (!assignable(v, nt->args[i])) error(k.value->span, "field `" + k.name + "` of " + nt->name + " is " + nt->args[i]->str() + ", not " + v->str());
  }
  return nt;
}

const Type* Checker::collections_class(const Type* t) {
  if (t->kind != TypeKind::Builtin) return nullptr;
  const Type* A = types.any();
  if (t->name == "collections.deque") return types.get(TypeKind::List, {A}, nullptr, nullptr, nullptr, "deque");
  for (const char* c : {"OrderedDict", "defaultdict", "Counter"})
    if (t->name == std::string("collections.") + c)
      return types.get(TypeKind::Dict, {A, c == std::string("Counter") ? types.integer() : A}, nullptr, nullptr, nullptr, c);
  return nullptr;
}

const Type* Checker::collections_call(const std::string& n, const Expr& e, const std::vector<const Type*>& a) {
  auto named_dict = [&](const char* name, const Type* k, const Type* v) {
    return types.get(TypeKind::Dict, {k, v}, nullptr, nullptr, nullptr, name);
  };
  auto kw_value = [&](const char* name) -> const Expr* {
    for (const auto& k : e.keywords)
      if (k.name == name) return k.value.get();
    return nullptr;
  };
  auto only_kw = [&](std::initializer_list<const char*> allowed) {
    for (const auto& k : e.keywords) {
      bool ok = false;
      for (const char* x : allowed) ok |= k.name == x;
      if (!ok) error(k.name_span, "`" + n.substr(n.find('.') + 1) + "()` got an unexpected keyword argument `" + k.name + "`");
    }
  };
  // The (key, value) types of dict(src): a dict, or a list of pairs.
  auto entries = [&](const Type* src, const Span& at, const char* who) -> std::pair<const Type*, const Type*> {
    if (dynamic(src)) return {types.any(), types.any()};
    if (src->kind == TypeKind::Dict) return {src->args[0], src->args[1]};
    if (src->kind == TypeKind::List && src->args[0]->kind == TypeKind::Tuple && src->args[0]->args.size() == 2)
      return {src->args[0]->args[0], src->args[0]->args[1]};
    if (src->kind == TypeKind::List && dynamic(src->args[0])) return {types.any(), types.any()};
    error(at, std::string("`") + who + "()` takes a dict or a list of (key, value) pairs, not " + src->str());
    return {types.error(), types.error()};
  };
  // Keyword entries (`OrderedDict(a=1)`): str keys.
  auto with_keywords = [&](std::pair<const Type*, const Type*> kv) {
    for (const auto& k : e.keywords) {
      if (k.name == "maxlen") continue;
      const Type* key = dynamic(kv.first) ? types.str() : kv.first;
      if (!assignable(types.str(), key)) error(k.name_span, "keyword entries have str keys, but the keys here are " + key->str());
      const Type* v = dynamic(kv.second) ? k.value->type : join(kv.second, k.value->type);
      if (!v) {
        error(k.value->span, "entry of type " + k.value->type->str() + " among values of type " + kv.second->str());
        v = types.error();
      }
      kv = {key, v};
    }
    return kv;
  };

  if (n == "collections.OrderedDict") {
    if (a.size() > 1) error(e.span, "`OrderedDict()` takes at most 1 positional argument, got " + std::to_string(a.size()));
    auto kv = a.empty() ? std::pair(types.any(), types.any()) : entries(a[0], e.elts[0]->span, "OrderedDict");
    kv = with_keywords(kv);
    return named_dict("OrderedDict", kv.first, kv.second);
  }
  if (n == "collections.defaultdict") {
    // defaultdict(factory, entries...): the values are what the factory makes.
    const Type* v = types.any();
    if (!a.empty()) {
      const Type* f = a[0];
      const Span& at = e.elts[0]->span;
      if (f->kind == TypeKind::Builtin && (f->name == "list" || f->name == "dict" || f->name == "int" ||
                                           f->name == "float" || f->name == "str" || f->name == "bool")) {
        v = f->name == "list" ? types.list(types.any()) : f->name == "dict" ? types.dict(types.any(), types.any())
            : f->name == "int" ? types.integer() : f->name == "float" ? types.floating()
            : f->name == "str" ? types.str() : types.boolean();
      } else if (f->kind == TypeKind::Function) {
        if (f->fn) {
          auto& fn = const_cast<FunctionInfo&>(*f->fn);
          check_function(fn);
          size_t need = 0;
          for (const auto& p : fn.params) need += !p.has_default && !p.vararg && !p.kwvar;
          if (need > 0) error(at, "the factory of `defaultdict()` is called with no arguments, but `" + fn.name + "` takes " +
                                      std::to_string(need));
          v = fn.ret ? fn.ret : types.any();
        } else {
          v = f->args.empty() ? types.any() : f->args[0];
        }
      } else if (f->kind == TypeKind::None) {
        v = types.any();
      } else if (!dynamic(f)) {
        auto& d = error(at, "the first argument of `defaultdict()` must be callable or None (the factory of missing values), not " + f->str());
        d.hints.push_back("write `defaultdict(list)`, `defaultdict(int)` or `defaultdict(lambda: ...)`");
        v = types.error();
      }
    }
    if (a.size() > 2) error(e.span, "`defaultdict()` takes at most 2 positional arguments, got " + std::to_string(a.size()));
    std::pair<const Type*, const Type*> kv = {types.any(), v};
    if (a.size() >= 2) {
      auto [k, given] = entries(a[1], e.elts[1]->span, "defaultdict");
      kv.first = k;
      if (!dynamic(given) && !dynamic(v) && !assignable(given, v) && !assignable(v, given))
        error(e.elts[1]->span, "the entries' values are " + given->str() + " but the factory makes " + v->str());
      if (dynamic(v)) kv.second = given;
    }
    kv = with_keywords(kv);
    return named_dict("defaultdict", kv.first, kv.second);
  }
  if (n == "collections.Counter") {
    // Counter(iterable or mapping): counts of the elements (or the mapping's int values).
    if (a.size() > 1) error(e.span, "`Counter()` takes at most 1 positional argument, got " + std::to_string(a.size()));
    const Type* k = types.any();
    if (!a.empty() && !dynamic(a[0])) {
      const Type* src = a[0];
      if (src->kind == TypeKind::Dict) {
        k = src->args[0];
        if (!dynamic(src->args[1]) && src->args[1]->kind != TypeKind::Int && src->args[1]->kind != TypeKind::Bool)
          error(e.elts[0]->span, "a Counter's counts are ints; this mapping's values are " + src->args[1]->str());
      } else if (src->kind == TypeKind::List || src->kind == TypeKind::Tuple || src->kind == TypeKind::Str ||
                 src->kind == TypeKind::Range || src->kind == TypeKind::Tensor) {
        k = element_type(src, e.elts[0]->span);
      } else {
        error(e.elts[0]->span, "`Counter()` counts the elements of an iterable or takes a mapping of counts, not " + src->str());
        k = types.error();
      }
    }
    for (const auto& kw : e.keywords) {
      if (!dynamic(kw.value->type) && kw.value->type->kind != TypeKind::Int && kw.value->type->kind != TypeKind::Bool)
        error(kw.value->span, "a Counter's counts are ints, not " + kw.value->type->str());
      if (dynamic(k)) k = types.str();
    }
    return named_dict("Counter", k, types.integer());
  }
  if (n == "collections.deque") {
    only_kw({"iterable", "maxlen"});
    if (a.size() > 2) error(e.span, "`deque()` takes at most 2 arguments, got " + std::to_string(a.size()));
    const Expr* src = !e.elts.empty() ? e.elts[0].get() : kw_value("iterable");
    const Expr* maxlen = e.elts.size() > 1 ? e.elts[1].get() : kw_value("maxlen");
    const Type* el = src ? element_type(src->type, src->span) : types.any();
    if (maxlen && !dynamic(maxlen->type) && maxlen->type->kind != TypeKind::Int && maxlen->type->kind != TypeKind::None)
      error(maxlen->span, "`maxlen` of deque() must be an int or None, not " + maxlen->type->str());
    return types.get(TypeKind::List, {el}, nullptr, nullptr, nullptr, "deque");
  }
  if (n == "collections.namedtuple") return namedtuple_class(e);

  // Methods. The receiver was typed when the callee was checked.
  const Expr& recv_e = *e.a->a;
  const Type* recv = recv_e.type ? recv_e.type : expr(recv_e);
  std::string m = n.substr(n.find('.') + 1);
  auto arity = [&](size_t lo, size_t hi) {
    if (a.size() >= lo && a.size() <= hi) return true;
    std::string want = lo == hi ? std::to_string(lo) : std::to_string(lo) + " to " + std::to_string(hi);
    error(e.span, "`" + n + "()` takes " + want + " argument" + (hi == 1 ? "" : "s") + ", got " + std::to_string(a.size()));
    return false;
  };
  if (n.starts_with("deque.")) {
    const Type* el = recv->args[0];
    auto element = [&](const Type* v, const Expr& at, const char* verb) {
      if (dynamic(el) && !dynamic(v) && refine_local(recv_e, types.like(recv, {v}))) el = v;
      if (!assignable(v, el)) error(at.span, std::string("cannot ") + verb + " " + v->str() + " to " + types.like(recv, {el})->str());
    };
    if (m == "append" || m == "appendleft") {
      if (arity(1, 1)) element(a[0], *e.elts[0], m.c_str());
      return types.none();
    }
    if (m == "extend" || m == "extendleft") {
      if (arity(1, 1)) element(element_type(a[0], e.elts[0]->span), *e.elts[0], m.c_str());
      return types.none();
    }
    if (m == "insert") {
      if (arity(2, 2)) {
        if (!dynamic(a[0]) && a[0]->kind != TypeKind::Int) error(e.elts[0]->span, "deque indices must be int, not " + a[0]->str());
        element(a[1], *e.elts[1], "insert");
      }
      return types.none();
    }
    if (m == "pop" || m == "popleft") {
      arity(0, 0);
      return el;
    }
    if (m == "rotate") {
      if (arity(0, 1) && !a.empty() && !dynamic(a[0]) && a[0]->kind != TypeKind::Int && a[0]->kind != TypeKind::Bool)
        error(e.elts[0]->span, "`deque.rotate()` takes an int, not " + a[0]->str());
      return types.none();
    }
    if (m == "index" || m == "remove") {
      if (arity(1, 1) && !assignable(a[0], el) && !(numeric(a[0]) && numeric(el)))
        error(e.elts[0]->span, "cannot look for " + a[0]->str() + " in " + recv->str());
      return m == "index" ? types.integer() : types.none();
    }
  }
  if (recv->kind != TypeKind::Dict) return types.any();
  const Type* k = recv->args[0];
  const Type* v = recv->args[1];
  if (m == "popitem") {
    if (n == "OrderedDict.popitem") {
      for (const auto& kw : e.keywords)
        if (kw.name != "last") error(kw.name_span, "`OrderedDict.popitem()` got an unexpected keyword argument `" + kw.name + "`");
      arity(0, 1);
    } else {
      arity(0, 0);
    }
    return types.tuple({k, v});
  }
  if (m == "move_to_end") {
    for (const auto& kw : e.keywords)
      if (kw.name != "last") error(kw.name_span, "`OrderedDict.move_to_end()` got an unexpected keyword argument `" + kw.name + "`");
    if (arity(1, 2) && !assignable(a[0], k)) error(e.elts[0]->span, "key of type " + a[0]->str() + " for " + recv->str());
    return types.none();
  }
  if (m == "most_common") {
    if (arity(0, 1) && !a.empty() && !dynamic(a[0]) && a[0]->kind != TypeKind::Int && a[0]->kind != TypeKind::None)
      error(e.elts[0]->span, "`Counter.most_common()` takes an int or None, not " + a[0]->str());
    return types.list(types.tuple({k, types.integer()}));
  }
  if (m == "elements") {
    arity(0, 0);
    return types.list(k);
  }
  if (m == "total") {
    arity(0, 0);
    return types.integer();
  }
  if (m == "update" || m == "subtract") {
    // Counts from an iterable of keys or a mapping of counts.
    if (!arity(0, 1) || a.empty() || dynamic(a[0])) return types.none();
    const Type* src = a[0];
    const Type* key = nullptr;
    if (src->kind == TypeKind::Dict) {
      key = src->args[0];
      if (!dynamic(src->args[1]) && src->args[1]->kind != TypeKind::Int && src->args[1]->kind != TypeKind::Bool)
        error(e.elts[0]->span, "a Counter's counts are ints; this mapping's values are " + src->args[1]->str());
    } else if (src->kind == TypeKind::List || src->kind == TypeKind::Tuple || src->kind == TypeKind::Str ||
               src->kind == TypeKind::Range) {
      key = element_type(src, e.elts[0]->span);
    } else {
      error(e.elts[0]->span, "`Counter." + m + "()` takes an iterable of keys or a mapping of counts, not " + src->str());
      return types.none();
    }
    if (dynamic(k) && !dynamic(key) && refine_local(recv_e, types.like(recv, {key, v}))) k = key;
    if (!assignable(key, k)) error(e.elts[0]->span, "keys of type " + key->str() + " for " + recv->str());
    return types.none();
  }
  return types.any();
}

}  // namespace ts::frontend
