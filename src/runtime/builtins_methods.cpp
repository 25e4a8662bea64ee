// Methods of str, list and dict, and the attributes of tensors, devices and dtypes.
#include <algorithm>

#include "ir/scalar_eval.h"
#include "ops/registry.h"
#include "runtime/builtins.h"
#include "runtime/collections.h"
#include "runtime/scalar_ops.h"

namespace ts::runtime {

namespace {

IValue none() { return IValue(); }
std::vector<IValue>& items(IValue& v) { return v.list_ptr()->items; }
int64_t norm_index(int64_t i, size_t n) { return i < 0 ? i + int64_t(n) : i; }

// ---- list ----
IValue l_append(Interp&, Args& a, const Kw&) { return items(a[0]).push_back(a[1]), none(); }
IValue l_extend(Interp& I, Args& a, const Kw&) {
  std::vector<IValue> xs = iterate_value(I, a[1]);
  auto& it = items(a[0]);
  it.insert(it.end(), xs.begin(), xs.end());
  return none();
}
IValue l_pop(Interp&, Args& a, const Kw&) {
  auto& it = items(a[0]);
  if (it.empty()) raise("IndexError", "pop from empty list");
  int64_t i = a.size() > 1 ? norm_index(a[1].to_int(), it.size()) : int64_t(it.size()) - 1;
  if (i < 0 || i >= int64_t(it.size())) raise("IndexError", "pop index out of range");
  IValue r = it[size_t(i)];
  it.erase(it.begin() + i);
  return r;
}
IValue l_insert(Interp&, Args& a, const Kw&) {
  auto& it = items(a[0]);
  int64_t i = std::clamp<int64_t>(norm_index(a[1].to_int(), it.size()), 0, int64_t(it.size()));
  it.insert(it.begin() + i, a[2]);
  return none();
}
IValue l_index(Interp& I, Args& a, const Kw&) {
  auto& it = items(a[0]);
  for (size_t i = 0; i < it.size(); ++i)
    if (ivalue_equal(it[i], a[1])) return IValue(int64_t(i));
  raise("ValueError", py_repr(I, a[1]) + " is not in list");
}
IValue l_count(Interp&, Args& a, const Kw&) {
  int64_t n = 0;
  for (const auto& x : items(a[0])) n += ivalue_equal(x, a[1]);
  return IValue(n);
}
IValue l_remove(Interp&, Args& a, const Kw&) {
  auto& it = items(a[0]);
  for (size_t i = 0; i < it.size(); ++i) {
    if (ivalue_equal(it[i], a[1])) {
      it.erase(it.begin() + long(i));
      return none();
    }
  }
  raise("ValueError", "list.remove(x): x not in list");
}
IValue l_copy(Interp&, Args& a, const Kw&) { return copy_tags(a[0], IValue::list(items(a[0]))); }
IValue l_clear(Interp&, Args& a, const Kw&) { return items(a[0]).clear(), none(); }
IValue l_reverse(Interp&, Args& a, const Kw&) {
  std::reverse(items(a[0]).begin(), items(a[0]).end());
  return none();
}
IValue l_sort(Interp& I, Args& a, const Kw& kw) {
  Args b = {a[0]};
  for (size_t k = 0; k < kw.size(); ++k) b.push_back(a[a.size() - kw.size() + k]);
  IValue sorted = core_builtins().at("sorted")(I, b, kw);
  items(a[0]) = sorted.items();
  return none();
}

// ---- dict ----
IValue d_keys(Interp&, Args& a, const Kw&) {
  std::vector<IValue> r;
  for (const auto& [k, v] : a[0].dict_ptr()->items) r.push_back(k);
  return IValue::list(r);
}
IValue d_values(Interp&, Args& a, const Kw&) {
  std::vector<IValue> r;
  for (const auto& [k, v] : a[0].dict_ptr()->items) r.push_back(v);
  return IValue::list(r);
}
IValue d_items(Interp&, Args& a, const Kw&) {
  std::vector<IValue> r;
  for (const auto& [k, v] : a[0].dict_ptr()->items) r.push_back(IValue::tuple({k, v}));
  return IValue::list(r);
}
IValue d_get(Interp&, Args& a, const Kw&) {
  const IValue* v = a[0].dict_ptr()->find(a[1]);
  return v ? *v : (a.size() > 2 ? a[2] : none());
}
IValue d_setdefault(Interp&, Args& a, const Kw&) {
  auto& d = *a[0].dict_ptr();
  if (const IValue* v = d.find(a[1])) return *v;
  IValue v = a.size() > 2 ? a[2] : none();
  d.set(a[1], v);
  return v;
}
IValue d_update(Interp&, Args& a, const Kw&) {
  for (const auto& [k, v] : a[1].dict_ptr()->items) a[0].dict_ptr()->set(k, v);
  return none();
}
IValue d_pop(Interp& I, Args& a, const Kw&) {
  auto& d = *a[0].dict_ptr();
  const IValue* v = d.find(a[1]);
  if (!v) {
    if (a.size() > 2) return a[2];
    raise("KeyError", py_repr(I, a[1]));
  }
  IValue r = *v;
  d.erase(a[1]);
  return r;
}
IValue d_copy(Interp&, Args& a, const Kw&) {
  IValue r = IValue::dict();
  for (const auto& [k, v] : a[0].dict_ptr()->items) r.dict_ptr()->set(k, v);
  return copy_tags(a[0], r);
}
IValue d_clear(Interp&, Args& a, const Kw&) { return a[0].dict_ptr()->clear(), none(); }

// ---- str ----
const std::string& S(const IValue& v) { return v.to_string(); }
bool is_space(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v'; }

IValue s_split(Interp&, Args& a, const Kw&) {
  const std::string& s = S(a[0]);
  std::vector<IValue> r;
  if (a.size() < 2 || a[1].is_none()) {
    size_t i = 0;
    while (i < s.size()) {
      while (i < s.size() && is_space(s[i])) ++i;
      size_t b = i;
      while (i < s.size() && !is_space(s[i])) ++i;
      if (i > b) r.emplace_back(s.substr(b, i - b));
    }
    return IValue::list(r);
  }
  const std::string& sep = S(a[1]);
  if (sep.empty()) raise("ValueError", "empty separator");
  size_t b = 0;
  for (size_t p; (p = s.find(sep, b)) != std::string::npos; b = p + sep.size()) r.emplace_back(s.substr(b, p - b));
  r.emplace_back(s.substr(b));
  return IValue::list(r);
}
IValue s_join(Interp&, Args& a, const Kw&) {
  std::string r;
  bool first = true;
  for (const auto& x : a[1].items()) {
    if (!x.is_string()) raise("TypeError", "sequence item: expected str instance, " + x.type_name() + " found");
    r += (first ? "" : S(a[0])) + S(x);
    first = false;
  }
  return IValue(r);
}
std::string strip(const std::string& s, const IValue* chars, bool left, bool right) {
  auto drop = [&](char c) { return chars && !chars->is_none() ? S(*chars).find(c) != std::string::npos : is_space(c); };
  size_t b = 0, e = s.size();
  while (left && b < e && drop(s[b])) ++b;
  while (right && e > b && drop(s[e - 1])) --e;
  return s.substr(b, e - b);
}
IValue s_strip(Interp&, Args& a, const Kw&) { return IValue(strip(S(a[0]), a.size() > 1 ? &a[1] : nullptr, true, true)); }
IValue s_lstrip(Interp&, Args& a, const Kw&) { return IValue(strip(S(a[0]), a.size() > 1 ? &a[1] : nullptr, true, false)); }
IValue s_rstrip(Interp&, Args& a, const Kw&) { return IValue(strip(S(a[0]), a.size() > 1 ? &a[1] : nullptr, false, true)); }
IValue s_startswith(Interp&, Args& a, const Kw&) { return IValue(S(a[0]).rfind(S(a[1]), 0) == 0); }
IValue s_endswith(Interp&, Args& a, const Kw&) {
  const std::string &s = S(a[0]), &t = S(a[1]);
  return IValue(s.size() >= t.size() && s.compare(s.size() - t.size(), t.size(), t) == 0);
}
IValue s_replace(Interp&, Args& a, const Kw&) {
  std::string s = S(a[0]);
  const std::string &from = S(a[1]), &to = S(a[2]);
  int64_t limit = a.size() > 3 ? a[3].to_int() : -1;
  std::string r;
  size_t b = 0;
  for (size_t p; limit != 0 && (p = from.empty() ? (b <= s.size() ? b : std::string::npos) : s.find(from, b)) != std::string::npos; --limit) {
    r += s.substr(b, p - b) + to;
    if (from.empty()) {
      if (p < s.size()) r += s[p];
      b = p + 1;
      if (b > s.size()) break;
    } else {
      b = p + from.size();
    }
  }
  if (b <= s.size()) r += s.substr(b);
  return IValue(r);
}
IValue s_upper(Interp&, Args& a, const Kw&) {
  std::string s = S(a[0]);
  std::transform(s.begin(), s.end(), s.begin(), ::toupper);
  return IValue(s);
}
IValue s_lower(Interp&, Args& a, const Kw&) {
  std::string s = S(a[0]);
  std::transform(s.begin(), s.end(), s.begin(), ::tolower);
  return IValue(s);
}
IValue s_find(Interp&, Args& a, const Kw&) {
  size_t p = S(a[0]).find(S(a[1]));
  return IValue(p == std::string::npos ? int64_t(-1) : int64_t(p));
}
IValue s_count(Interp&, Args& a, const Kw&) {
  const std::string &s = S(a[0]), &t = S(a[1]);
  if (t.empty()) return IValue(int64_t(s.size() + 1));
  int64_t n = 0;
  for (size_t p = s.find(t); p != std::string::npos; p = s.find(t, p + t.size())) ++n;
  return IValue(n);
}
IValue s_isdigit(Interp&, Args& a, const Kw&) {
  const std::string& s = S(a[0]);
  return IValue(!s.empty() && std::all_of(s.begin(), s.end(), ::isdigit));
}
// str.format: {} / {0} / {name} fields with format specs.
IValue s_format(Interp& I, Args& a, const Kw& kw) {
  const std::string& f = S(a[0]);
  size_t npos = a.size() - kw.size();
  std::string r;
  size_t auto_idx = 1;
  for (size_t i = 0; i < f.size(); ++i) {
    char c = f[i];
    if (c == '{' && i + 1 < f.size() && f[i + 1] == '{') { r += '{'; ++i; continue; }
    if (c == '}' && i + 1 < f.size() && f[i + 1] == '}') { r += '}'; ++i; continue; }
    if (c != '{') { r += c; continue; }
    size_t e = f.find('}', i);
    if (e == std::string::npos) raise("ValueError", "Single '{' encountered in format string");
    std::string field = f.substr(i + 1, e - i - 1), spec;
    size_t colon = field.find(':');
    if (colon != std::string::npos) spec = field.substr(colon + 1), field = field.substr(0, colon);
    const IValue* v = nullptr;
    if (field.empty()) {
      if (auto_idx >= npos) raise("IndexError", "Replacement index " + std::to_string(auto_idx - 1) + " out of range");
      v = &a[auto_idx++];
    } else if (std::all_of(field.begin(), field.end(), ::isdigit)) {
      size_t k = std::stoul(field) + 1;
      if (k >= npos) raise("IndexError", "Replacement index " + field + " out of range");
      v = &a[k];
    } else {
      for (size_t k = 0; k < kw.size(); ++k)
        if (kw[k] == field) v = &a[npos + k];
      if (!v) raise("KeyError", "'" + field + "'");
    }
    r += format_spec(I, *v, spec);
    i = e;
  }
  return IValue(r);
}

// ---- tensors, devices, dtypes ----
const Tensor& T(const IValue& v) { return v.to_tensor(); }
IValue size_value(const Tensor& t) {
  std::vector<IValue> s;
  for (int64_t x : t.sizes()) s.emplace_back(x);
  IValue r = IValue::tuple(s);
  r.tuple_ptr()->type_name = "torch.Size";
  return r;
}
IValue t_shape(Interp&, Args& a, const Kw&) { return size_value(T(a[0])); }
// torch.Size(sizes=()) from a sequence of ints, and Size.numel(): the product of the sizes.
IValue size_new(Interp& I, Args& a, const Kw&) {
  std::vector<IValue> s;
  if (!a.empty()) {
    std::vector<IValue> items = iterate_value(I, a[0]);
    for (size_t i = 0; i < items.size(); ++i) {
      const IValue& x = items[i];
      if (x.is_int()) s.push_back(x);
      else if (x.is_bool()) s.emplace_back(int64_t(x.to_bool()));
      else raise("TypeError", "torch.Size() takes an iterable of 'int' (item " + std::to_string(i) + " is '" + x.type_name() + "')");
    }
  }
  IValue r = IValue::tuple(s);
  r.tuple_ptr()->type_name = "torch.Size";
  return r;
}
IValue size_numel(Interp&, Args& a, const Kw&) {
  int64_t n = 1;
  for (const IValue& x : a[0].items()) {
    int64_t r;
    if (__builtin_mul_overflow(n, x.to_int(), &r)) int_overflow("*", n, x.to_int());
    n = r;
  }
  return IValue(n);
}
IValue t_dtype(Interp&, Args& a, const Kw&) { return IValue(T(a[0]).dtype()); }
IValue t_device(Interp&, Args& a, const Kw&) { return IValue(T(a[0]).device()); }
IValue t_requires_grad(Interp&, Args& a, const Kw&) { return IValue(T(a[0]).requires_grad()); }
IValue t_is_leaf(Interp&, Args& a, const Kw&) { return IValue(T(a[0]).is_leaf()); }
IValue t_ndim(Interp&, Args& a, const Kw&) { return IValue(T(a[0]).dim()); }
IValue t_grad(Interp&, Args& a, const Kw&) {
  Tensor g = T(a[0]).grad();
  return g.defined() ? IValue(g) : none();
}
IValue t_data(Interp&, Args& a, const Kw&) { return IValue(T(a[0]).detach()); }
IValue t_T(Interp&, Args& a, const Kw&) {
  const Tensor& t = T(a[0]);
  std::vector<IValue> perm;
  for (int64_t d = t.dim() - 1; d >= 0; --d) perm.emplace_back(d);
  return ops::call("permute", {a[0], IValue::list(perm)})[0];
}
IValue t_is_cuda(Interp&, Args& a, const Kw&) { return IValue(T(a[0]).device().is_cuda()); }
IValue t_set_requires_grad(Interp&, Args& a, const Kw&) {
  Tensor t = T(a[0]);
  t.requires_grad_(a[1].to_bool());
  return none();
}
IValue t_set_grad(Interp&, Args& a, const Kw&) {
  T(a[0]).set_grad(a[1].is_none() ? Tensor() : T(a[1]));
  return none();
}
// `t.data = d`: t keeps its autograd identity and takes d's memory, shape and dtype.
IValue t_set_data(Interp&, Args& a, const Kw&) {
  Tensor self = T(a[0]), src = T(a[1]);
  TensorImpl* s = self.impl();
  TensorImpl* d = src.impl();
  s->set_dtype_unsafe(d->dtype());
  s->set_storage(d->storage(), d->sizes(), d->strides(), d->offset());
  return none();
}
IValue dev_type(Interp&, Args& a, const Kw&) { return IValue(std::string(a[0].to_device().is_cuda() ? "cuda" : "cpu")); }
IValue dtype_is_floating(Interp&, Args& a, const Kw&) { return IValue(is_floating(a[0].to_dtype())); }
IValue dtype_itemsize(Interp&, Args& a, const Kw&) { return IValue(int64_t(element_size(a[0].to_dtype()))); }

}  // namespace

IValue tensor_size_value(const Tensor& t) { return size_value(t); }

const std::map<std::string, BuiltinFn>& method_builtins() {
  static const std::map<std::string, BuiltinFn> m = {
      {"list.append", l_append}, {"list.extend", l_extend}, {"list.pop", l_pop}, {"list.insert", l_insert},
      {"list.index", l_index}, {"list.count", l_count}, {"list.remove", l_remove}, {"list.copy", l_copy},
      {"list.clear", l_clear}, {"list.reverse", l_reverse}, {"list.sort", l_sort},
      {"dict.keys", d_keys}, {"dict.values", d_values}, {"dict.items", d_items}, {"dict.get", d_get},
      {"dict.setdefault", d_setdefault}, {"dict.update", d_update}, {"dict.pop", d_pop}, {"dict.copy", d_copy},
      {"dict.clear", d_clear},
      {"str.split", s_split}, {"str.join", s_join}, {"str.strip", s_strip}, {"str.lstrip", s_lstrip},
      {"str.rstrip", s_rstrip}, {"str.startswith", s_startswith}, {"str.endswith", s_endswith},
      {"str.replace", s_replace}, {"str.upper", s_upper}, {"str.lower", s_lower}, {"str.find", s_find},
      {"str.count", s_count}, {"str.isdigit", s_isdigit}, {"str.format", s_format},
      {"Tensor.shape", t_shape}, {"torch.Size", size_new}, {"Size.numel", size_numel}, {"Tensor.dtype", t_dtype}, {"Tensor.device", t_device},
      {"Tensor.requires_grad", t_requires_grad}, {"Tensor.is_leaf", t_is_leaf}, {"Tensor.ndim", t_ndim},
      {"Tensor.grad", t_grad}, {"Tensor.data", t_data}, {"Tensor.T", t_T}, {"Tensor.is_cuda", t_is_cuda},
      {"Tensor.set_requires_grad", t_set_requires_grad}, {"Tensor.set_grad", t_set_grad},
      {"Tensor.set_data", t_set_data},
      {"Device.type", dev_type}, {"dtype.is_floating_point", dtype_is_floating}, {"dtype.itemsize", dtype_itemsize},
  };
  return m;
}

}  // namespace ts::runtime
