// The collections module: OrderedDict, defaultdict and Counter are dicts tagged with their
// class (IValue::Dict::type_name), deque a tagged list with its maxlen; their constructors and
// methods, with CPython's errors. Reading a missing key of a defaultdict or Counter is in the
// interpreter's GetItem (interp.cpp, missing_key below); their printing is in format.cpp.
#include <algorithm>
#include <functional>

#include "runtime/builtins.h"
#include "runtime/collections.h"

namespace ts::runtime {

namespace {

IValue none() { return IValue(); }
size_t npos(Args& a, const Kw& kw) { return a.size() - kw.size(); }
IValue::Dict& D(const IValue& v) { return *v.dict_ptr(); }
std::vector<IValue>& L(const IValue& v) { return v.list_ptr()->items; }

IValue tagged_dict(const char* name) {
  IValue d = IValue::dict();
  d.dict_ptr()->type_name = name;
  return d;
}

// dict(mapping) / dict(pairs) into d, then keyword entries (the rest of Python's dict()).
void fill_dict(Interp& I, IValue& d, Args& a, const Kw& kw, size_t first) {
  size_t n = npos(a, kw);
  if (n > first + 1)
    raise("TypeError", "expected at most " + std::to_string(first + 1) + " arguments, got " + std::to_string(n));
  if (n > first) {
    const IValue& src = a[first];
    if (src.is_dict()) {
      for (const auto& [k, v] : D(src).items) D(d).set(k, v);
    } else {
      size_t i = 0;
      for (const IValue& p : iterate_value(I, src)) {
        if (!(p.is_tuple() || p.is_list()))
          raise("TypeError", "cannot convert dictionary update sequence element #" + std::to_string(i) + " to a sequence");
        if (p.items().size() != 2)
          raise("ValueError", "dictionary update sequence element #" + std::to_string(i) + " has length " +
                                  std::to_string(p.items().size()) + "; 2 is required");
        D(d).set(p.items()[0], p.items()[1]);
        ++i;
      }
    }
  }
  for (size_t k = 0; k < kw.size(); ++k) D(d).set(IValue(kw[k]), a[n + k]);
}

// ---- OrderedDict ----
IValue od_new(Interp& I, Args& a, const Kw& kw) {
  IValue d = tagged_dict(kOrderedDict);
  fill_dict(I, d, a, kw, 0);
  return d;
}
bool last_flag(Interp& I, Args& a, const Kw& kw, size_t pos) {
  if (const IValue* v = kwarg(a, kw, "last")) return truthy(I, *v);
  return npos(a, kw) > pos ? truthy(I, a[pos]) : true;
}
IValue od_move_to_end(Interp& I, Args& a, const Kw& kw) {
  auto& d = D(a[0]);
  const IValue* v = d.find(a[1]);
  if (!v) raise("KeyError", py_repr(I, a[1]));
  IValue key = a[1], val = *v;
  d.erase(key);
  if (last_flag(I, a, kw, 2)) {
    d.set(key, val);
    return none();
  }
  std::vector<std::pair<IValue, IValue>> rest = std::move(d.items);
  d.clear();
  d.set(key, val);
  for (auto& [k, x] : rest) d.set(k, x);
  return none();
}
// dict.popitem() takes the last entry; OrderedDict.popitem(last=False) the first.
IValue popitem(Interp& I, Args& a, const Kw& kw, bool ordered) {
  auto& d = D(a[0]);
  if (d.items.empty()) raise("KeyError", ordered ? "'dictionary is empty'" : "'popitem(): dictionary is empty'");
  bool last = ordered ? last_flag(I, a, kw, 1) : true;
  auto [k, v] = last ? d.items.back() : d.items.front();
  d.erase(k);
  return IValue::tuple({k, v});
}
IValue od_popitem(Interp& I, Args& a, const Kw& kw) { return popitem(I, a, kw, true); }
IValue d_popitem(Interp& I, Args& a, const Kw& kw) { return popitem(I, a, kw, false); }

// ---- defaultdict ----
bool callable_value(const IValue& f) {
  if (!f.is_object()) return false;
  const IValue::Object* o = f.object_ptr().get();
  if (dynamic_cast<const Closure*>(o) || dynamic_cast<const TypeValue*>(o)) return true;
  auto* s = dynamic_cast<const ScriptObject*>(o);
  return s && s->cls->method("__call__");
}
IValue dd_new(Interp& I, Args& a, const Kw& kw) {
  IValue d = tagged_dict(kDefaultDict);
  if (npos(a, kw) > 0) {
    if (!a[0].is_none() && !callable_value(a[0])) raise("TypeError", "first argument must be callable or None");
    d.dict_ptr()->default_factory = a[0];
  }
  fill_dict(I, d, a, kw, 1);
  return d;
}
IValue dd_factory(Interp&, Args& a, const Kw&) { return D(a[0]).default_factory; }

// ---- Counter ----
int64_t count_of(const IValue& v) {
  if (v.is_int()) return v.to_int();
  if (v.is_bool()) return v.to_bool();
  raise("TypeError", "Counter counts must be ints in Ts, not " + v.type_name());
}
// Counter.update / subtract: counts from a mapping, or one per element of an iterable.
void add_counts(Interp& I, IValue::Dict& d, const IValue& src, int64_t sign) {
  auto bump = [&](const IValue& k, int64_t by) {
    IValue* v = d.find(k);
    int64_t now = v ? count_of(*v) : 0;
    d.set(k, IValue(now + sign * by));
  };
  if (src.is_none()) return;
  if (src.is_dict()) {
    for (const auto& [k, v] : D(src).items) bump(k, count_of(v));
    return;
  }
  for (const IValue& k : iterate_value(I, src)) bump(k, 1);
}
IValue counter_new(Interp& I, Args& a, const Kw& kw) {
  IValue d = tagged_dict(kCounter);
  size_t n = npos(a, kw);
  if (n > 1) raise("TypeError", "expected at most 1 argument, got " + std::to_string(n));
  if (n == 1) add_counts(I, D(d), a[0], 1);
  for (size_t k = 0; k < kw.size(); ++k) D(d).set(IValue(kw[k]), IValue(count_of(a[n + k])));
  return d;
}
IValue counter_update(Interp& I, Args& a, const Kw&) {
  if (a.size() > 1) add_counts(I, D(a[0]), a[1], 1);
  return none();
}
IValue counter_subtract(Interp& I, Args& a, const Kw&) {
  if (a.size() > 1) add_counts(I, D(a[0]), a[1], -1);
  return none();
}
// Entries by count, largest first; equal counts keep insertion order (CPython sorts stably).
std::vector<std::pair<IValue, IValue>> by_count(const IValue::Dict& d) {
  std::vector<std::pair<IValue, IValue>> r = d.items;
  std::stable_sort(r.begin(), r.end(), [](const auto& x, const auto& y) { return count_of(x.second) > count_of(y.second); });
  return r;
}
IValue counter_most_common(Interp&, Args& a, const Kw& kw) {
  std::vector<std::pair<IValue, IValue>> r = by_count(D(a[0]));
  const IValue* n = npos(a, kw) > 1 ? &a[1] : kwarg(a, kw, "n");
  size_t take = r.size();
  if (n && !n->is_none()) {
    if (!n->is_int()) raise("TypeError", "'" + n->type_name() + "' object cannot be interpreted as an integer");
    take = size_t(std::clamp<int64_t>(n->to_int(), 0, int64_t(r.size())));
  }
  std::vector<IValue> out;
  for (size_t i = 0; i < take; ++i) out.push_back(IValue::tuple({r[i].first, r[i].second}));
  return IValue::list(out);
}
IValue counter_elements(Interp&, Args& a, const Kw&) {
  std::vector<IValue> out;
  for (const auto& [k, v] : D(a[0]).items)
    for (int64_t i = 0; i < count_of(v); ++i) out.push_back(k);
  return IValue::list(out);
}
IValue counter_total(Interp&, Args& a, const Kw&) {
  int64_t t = 0;
  for (const auto& [k, v] : D(a[0]).items) t += count_of(v);
  return IValue(t);
}

// ---- namedtuple ----
// The class is static (the checker's type; instances are tagged tuples: Note [namedtuple] in
// src/frontend/check/check_pylib.cpp); its value is the class as a value.
IValue namedtuple_class(Interp&, Args& a, const Kw&) { return type_value(a[0].to_string()); }
// t._asdict(): {field: value} in field order; t._replace(f=v, ...): a copy with those fields.
IValue namedtuple_asdict(Interp&, Args& a, const Kw&) {
  const auto& t = *a[0].tuple_ptr();
  IValue d = IValue::dict();
  for (size_t i = 0; i < t.field_names.size() && i < t.items.size(); ++i) d.dict_ptr()->set(IValue(t.field_names[i]), t.items[i]);
  return d;
}
IValue namedtuple_replace(Interp&, Args& a, const Kw& kw) {
  IValue r = IValue::tuple(a[0].tuple_ptr()->items);
  auto& t = *r.tuple_ptr();
  t.field_names = a[0].tuple_ptr()->field_names;
  t.type_name = a[0].tuple_ptr()->type_name;
  const size_t first = a.size() - kw.size();
  for (size_t k = 0; k < kw.size(); ++k) {
    size_t i = std::find(t.field_names.begin(), t.field_names.end(), kw[k]) - t.field_names.begin();
    if (i >= t.items.size()) raise("ValueError", "Got unexpected field names: ['" + kw[k] + "']");
    t.items[i] = a[first + k];
  }
  return r;
}

// ---- deque ----
void trim_front(IValue::List& l) {
  if (l.maxlen >= 0 && int64_t(l.items.size()) > l.maxlen) l.items.erase(l.items.begin(), l.items.end() - l.maxlen);
}
void trim_back(IValue::List& l) {
  if (l.maxlen >= 0 && int64_t(l.items.size()) > l.maxlen) l.items.resize(size_t(l.maxlen));
}
IValue deque_new(Interp& I, Args& a, const Kw& kw) {
  size_t n = npos(a, kw);
  if (n > 2) raise("TypeError", "deque() takes at most 2 arguments (" + std::to_string(n) + " given)");
  const IValue* src = n > 0 ? &a[0] : kwarg(a, kw, "iterable");
  const IValue* maxlen = n > 1 ? &a[1] : kwarg(a, kw, "maxlen");
  IValue d = IValue::list(src ? iterate_value(I, *src) : std::vector<IValue>{});
  auto& l = *d.list_ptr();
  l.type_name = kDeque;
  if (maxlen && !maxlen->is_none()) {
    if (!maxlen->is_int()) raise("TypeError", "an integer is required");
    if (maxlen->to_int() < 0) raise("ValueError", "maxlen must be non-negative");
    l.maxlen = maxlen->to_int();
  }
  trim_front(l);
  return d;
}
IValue deque_maxlen(Interp&, Args& a, const Kw&) {
  int64_t m = a[0].list_ptr()->maxlen;
  return m < 0 ? none() : IValue(m);
}
IValue deque_append(Interp&, Args& a, const Kw&) {
  L(a[0]).push_back(a[1]);
  trim_front(*a[0].list_ptr());
  return none();
}
IValue deque_appendleft(Interp&, Args& a, const Kw&) {
  L(a[0]).insert(L(a[0]).begin(), a[1]);
  trim_back(*a[0].list_ptr());
  return none();
}
IValue deque_extend(Interp& I, Args& a, const Kw&) {
  std::vector<IValue> xs = iterate_value(I, a[1]);
  L(a[0]).insert(L(a[0]).end(), xs.begin(), xs.end());
  trim_front(*a[0].list_ptr());
  return none();
}
IValue deque_extendleft(Interp& I, Args& a, const Kw&) {
  for (const IValue& x : iterate_value(I, a[1])) L(a[0]).insert(L(a[0]).begin(), x);
  trim_back(*a[0].list_ptr());
  return none();
}
IValue deque_pop(Interp&, Args& a, const Kw&) {
  auto& it = L(a[0]);
  if (it.empty()) raise("IndexError", "pop from an empty deque");
  IValue r = it.back();
  it.pop_back();
  return r;
}
IValue deque_popleft(Interp&, Args& a, const Kw&) {
  auto& it = L(a[0]);
  if (it.empty()) raise("IndexError", "pop from an empty deque");
  IValue r = it.front();
  it.erase(it.begin());
  return r;
}
IValue deque_rotate(Interp&, Args& a, const Kw&) {
  auto& it = L(a[0]);
  int64_t n = a.size() > 1 ? a[1].to_int() : 1, sz = int64_t(it.size());
  if (sz == 0) return none();
  int64_t k = ((n % sz) + sz) % sz;  // right by k
  std::rotate(it.begin(), it.end() - k, it.end());
  return none();
}
IValue deque_insert(Interp&, Args& a, const Kw&) {
  auto& l = *a[0].list_ptr();
  if (l.maxlen >= 0 && int64_t(l.items.size()) >= l.maxlen) raise("IndexError", "deque already at its maximum size");
  int64_t i = a[1].to_int(), sz = int64_t(l.items.size());
  if (i < 0) i += sz;
  l.items.insert(l.items.begin() + std::clamp<int64_t>(i, 0, sz), a[2]);
  return none();
}
size_t deque_find(Interp& I, Args& a) {
  auto& it = L(a[0]);
  for (size_t i = 0; i < it.size(); ++i)
    if (py_equal(I, it[i], a[1])) return i;
  raise("ValueError", py_repr(I, a[1]) + " is not in deque");
}
IValue deque_index(Interp& I, Args& a, const Kw&) { return IValue(int64_t(deque_find(I, a))); }
IValue deque_remove(Interp& I, Args& a, const Kw&) {
  L(a[0]).erase(L(a[0]).begin() + long(deque_find(I, a)));
  return none();
}

}  // namespace

const char* const kOrderedDict = "collections.OrderedDict";
const char* const kDefaultDict = "collections.defaultdict";
const char* const kCounter = "collections.Counter";
const char* const kDeque = "collections.deque";

bool missing_key(Interp& I, const IValue& d, const IValue& key, IValue* out) {
  const IValue::Dict& dict = *d.dict_ptr();
  if (dict.type_name == kCounter) {
    *out = IValue(int64_t(0));
    return true;
  }
  if (dict.type_name != kDefaultDict || dict.default_factory.is_none()) return false;
  std::vector<IValue> none;
  *out = I.call_value(dict.default_factory, none);
  d.dict_ptr()->set(key, *out);
  return true;
}

IValue copy_tags(const IValue& from, IValue to) {
  if (from.is_dict() && to.is_dict()) {
    to.dict_ptr()->type_name = from.dict_ptr()->type_name;
    to.dict_ptr()->default_factory = from.dict_ptr()->default_factory;
  } else if (from.is_list() && to.is_list()) {
    to.list_ptr()->type_name = from.list_ptr()->type_name;
    to.list_ptr()->maxlen = from.list_ptr()->maxlen;
  }
  return to;
}

std::optional<IValue> counter_op(const std::string& kind, const std::vector<IValue>& in) {
  if (in.size() != 2 || !in[0].is_dict() || !in[1].is_dict() || D(in[0]).type_name != kCounter ||
      D(in[1]).type_name != kCounter)
    return std::nullopt;
  const auto &x = D(in[0]), &y = D(in[1]);
  auto get = [](const IValue::Dict& d, const IValue& k) {
    const IValue* v = d.find(k);
    return v ? count_of(*v) : int64_t(0);
  };
  std::function<int64_t(int64_t, int64_t)> f;
  if (kind == "aten::add") f = [](int64_t p, int64_t q) { return p + q; };
  else if (kind == "aten::sub") f = [](int64_t p, int64_t q) { return p - q; };
  else if (kind == "aten::__or__") f = [](int64_t p, int64_t q) { return std::max(p, q); };
  else if (kind == "aten::__and__") f = [](int64_t p, int64_t q) { return std::min(p, q); };
  else return std::nullopt;
  // CPython: the keys of the left operand in order, then the right's new ones; only positive
  // results are kept.
  IValue r = tagged_dict(kCounter);
  bool keep_right = kind != "aten::sub" && kind != "aten::__and__";
  for (const auto& [k, v] : x.items)
    if (int64_t c = f(count_of(v), get(y, k)); c > 0) D(r).set(k, IValue(c));
  if (keep_right)
    for (const auto& [k, v] : y.items)
      if (!x.find(k))
        if (int64_t c = f(0, count_of(v)); c > 0) D(r).set(k, IValue(c));
  return r;
}

std::string collection_repr(Interp& I, const IValue& v) {
  auto entries = [&](const std::vector<std::pair<IValue, IValue>>& items) {
    std::string s = "{";
    for (size_t i = 0; i < items.size(); ++i) s += (i ? ", " : "") + py_repr(I, items[i].first) + ": " + py_repr(I, items[i].second);
    return s + "}";
  };
  if (v.is_list()) {
    const auto& l = *v.list_ptr();
    std::string s = "deque([";
    for (size_t i = 0; i < l.items.size(); ++i) s += (i ? ", " : "") + py_repr(I, l.items[i]);
    s += "]";
    if (l.maxlen >= 0) s += ", maxlen=" + std::to_string(l.maxlen);
    return s + ")";
  }
  const auto& d = D(v);
  if (d.type_name == kOrderedDict) {
    if (d.items.empty()) return "OrderedDict()";
    std::string s = "OrderedDict([";
    for (size_t i = 0; i < d.items.size(); ++i)
      s += (i ? ", " : "") + std::string("(") + py_repr(I, d.items[i].first) + ", " + py_repr(I, d.items[i].second) + ")";
    return s + "])";
  }
  if (d.type_name == kCounter) return d.items.empty() ? "Counter()" : "Counter(" + entries(by_count(d)) + ")";
  return "defaultdict(" + py_repr(I, d.default_factory) + ", " + entries(d.items) + ")";
}

const std::map<std::string, BuiltinFn>& collections_builtins() {
  static const std::map<std::string, BuiltinFn> m = {
      {"collections.OrderedDict", od_new}, {"collections.defaultdict", dd_new},
      {"collections.Counter", counter_new}, {"collections.deque", deque_new},
      {"collections.namedtuple", namedtuple_class}, {"namedtuple._asdict", namedtuple_asdict},
      {"namedtuple._replace", namedtuple_replace},
      {"OrderedDict.move_to_end", od_move_to_end}, {"OrderedDict.popitem", od_popitem}, {"dict.popitem", d_popitem},
      {"defaultdict.default_factory", dd_factory},
      {"Counter.most_common", counter_most_common}, {"Counter.elements", counter_elements},
      {"Counter.update", counter_update}, {"Counter.subtract", counter_subtract}, {"Counter.total", counter_total},
      {"deque.maxlen", deque_maxlen}, {"deque.append", deque_append}, {"deque.appendleft", deque_appendleft},
      {"deque.extend", deque_extend}, {"deque.extendleft", deque_extendleft}, {"deque.pop", deque_pop},
      {"deque.popleft", deque_popleft}, {"deque.rotate", deque_rotate}, {"deque.insert", deque_insert},
      {"deque.index", deque_index}, {"deque.remove", deque_remove},
  };
  return m;
}

}  // namespace ts::runtime
