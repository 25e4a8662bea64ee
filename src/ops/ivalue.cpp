#include "ops/ivalue.h"

#include "util/depth.h"

namespace ts {

namespace {

// The values waiting to be freed by the outermost release_values on this thread.
thread_local std::vector<IValue>* release_queue = nullptr;

// Whether dropping `v` would free a container or object (its last reference).
bool frees_container(const IValue& v) {
  if (v.is_list()) return v.list_ptr().use_count() == 1;
  if (v.is_tuple()) return v.tuple_ptr().use_count() == 1;
  if (v.is_dict()) return v.dict_ptr().use_count() == 1;
  if (v.is_object()) return v.object_ptr().use_count() == 1;
  return false;
}

}  // namespace

void release_values(std::vector<IValue>& values) {
  bool outermost = release_queue == nullptr;
  std::vector<IValue> queue;
  if (outermost) release_queue = &queue;
  for (IValue& v : values)
    if (frees_container(v)) release_queue->push_back(std::move(v));
  if (!outermost) return;
  // Freeing one value may queue its own elements; each is freed here, one level deep.
  while (!queue.empty()) {
    IValue v = std::move(queue.back());
    queue.pop_back();
  }
  release_queue = nullptr;
}

IValue::List::~List() { release_values(items); }
IValue::Tuple::~Tuple() { release_values(items); }
IValue::Dict::~Dict() {
  std::vector<IValue> values;
  values.reserve(items.size() * 2);
  for (auto& [k, v] : items) {
    if (frees_container(k)) values.push_back(std::move(k));
    if (frees_container(v)) values.push_back(std::move(v));
  }
  release_values(values);
}

IValue::IValue(const Scalar& s) {
  if (s.is_bool()) v_ = s.to_bool();
  else if (s.is_int()) v_ = s.to_int();
  else v_ = s.to_double();
}

IValue::IValue(IntArrayRef v) {
  auto l = std::make_shared<List>();
  for (int64_t x : v) l->items.emplace_back(x);
  v_ = std::move(l);
}

IValue::IValue(std::vector<Tensor> v) {
  auto l = std::make_shared<List>();
  for (auto& t : v) l->items.emplace_back(std::move(t));
  v_ = std::move(l);
}

IValue IValue::list(std::vector<IValue> items) {
  IValue r;
  auto l = std::make_shared<List>();
  l->items = std::move(items);
  r.v_ = std::move(l);
  return r;
}

IValue IValue::tuple(std::vector<IValue> items) {
  IValue r;
  auto t = std::make_shared<Tuple>();
  t->items = std::move(items);
  r.v_ = std::move(t);
  return r;
}

IValue IValue::dict() {
  IValue r;
  r.v_ = std::make_shared<Dict>();
  return r;
}

Scalar IValue::to_scalar() const {
  if (is_bool()) return Scalar(to_bool());
  if (is_int()) return Scalar(to_int());
  if (is_double()) return Scalar(std::get<double>(v_));
  if (is_tensor()) return to_tensor().item();
  TS_ERROR("expected a number but got ", type_name());
}

const std::vector<IValue>& IValue::items() const {
  if (is_list()) return std::get<ListPtr>(v_)->items;
  TS_CHECK(is_tuple(), "expected a list or tuple but got ", type_name());
  return std::get<TuplePtr>(v_)->items;
}

std::vector<int64_t> IValue::to_int_list() const {
  std::vector<int64_t> r;
  for (const auto& v : items()) r.push_back(v.to_int());
  return r;
}

std::vector<double> IValue::to_double_list() const {
  std::vector<double> r;
  for (const auto& v : items()) r.push_back(v.to_double());
  return r;
}

std::vector<Tensor> IValue::to_tensor_list() const {
  std::vector<Tensor> r;
  for (const auto& v : items()) r.push_back(v.to_tensor());
  return r;
}

std::string IValue::type_name() const {
  switch (v_.index()) {
    case 0: return "NoneType";
    case 1: return "bool";
    case 2: return "int";
    case 3: return "float";
    case 4: return "Tensor";
    case 5: return "str";
    case 6: {
      const auto& it = std::get<ListPtr>(v_)->items;
      return it.empty() ? "List[]" : "List[" + it[0].type_name() + "]";
    }
    case 7: {
      std::string s = "Tuple[";
      const auto& it = std::get<TuplePtr>(v_)->items;
      for (size_t i = 0; i < it.size(); ++i) s += (i ? ", " : "") + it[i].type_name();
      return s + "]";
    }
    case 8: return "Device";
    case 9: return "dtype";
    case 10: return "Dict";
    case 11: return std::get<ObjectPtr>(v_)->type_name();
  }
  return "?";
}

bool ivalue_equal(const IValue& a, const IValue& b) {
  if (a.is_number() && b.is_number()) {
    if (a.is_double() || b.is_double()) return a.to_double() == b.to_double();
    int64_t x = a.is_bool() ? int64_t(a.to_bool()) : a.to_int();
    int64_t y = b.is_bool() ? int64_t(b.to_bool()) : b.to_int();
    return x == y;
  }
  if (a.is_none() || b.is_none()) return a.is_none() && b.is_none();
  if (a.is_string() && b.is_string()) return a.to_string() == b.to_string();
  if (a.is_tensor() && b.is_tensor()) return a.to_tensor().is_same(b.to_tensor());
  if ((a.is_tuple() && b.is_tuple()) || (a.is_list() && b.is_list())) {
    if (a.is_list() ? a.list_ptr() == b.list_ptr() : a.tuple_ptr() == b.tuple_ptr()) return true;
    util::DepthGuard guard("in comparison");
    const auto& x = a.items();
    const auto& y = b.items();
    if (x.size() != y.size()) return false;
    for (size_t i = 0; i < x.size(); ++i)
      if (!ivalue_equal(x[i], y[i])) return false;
    return true;
  }
  if (a.is_dtype() && b.is_dtype()) return a.to_dtype() == b.to_dtype();
  if (a.is_device() && b.is_device()) return a.to_device() == b.to_device();
  if (a.is_object() && b.is_object()) return a.object_ptr() == b.object_ptr();
  if (a.is_dict() && b.is_dict()) {
    if (a.dict_ptr() == b.dict_ptr()) return true;
    util::DepthGuard guard("in comparison");
    const auto& x = a.dict_ptr()->items;
    if (x.size() != b.dict_ptr()->items.size()) return false;
    for (const auto& [k, v] : x) {
      const IValue* o = b.dict_ptr()->find(k);
      if (!o || !ivalue_equal(v, *o)) return false;
    }
    return true;
  }
  return false;
}

size_t ivalue_hash(const IValue& v) {
  if (v.is_bool()) return std::hash<int64_t>()(v.to_bool());
  if (v.is_int()) return std::hash<int64_t>()(v.to_int());
  if (v.is_double()) {
    double d = v.to_double();
    if (d == double(int64_t(d))) return std::hash<int64_t>()(int64_t(d));
    return std::hash<double>()(d);
  }
  if (v.is_string()) return std::hash<std::string>()(v.to_string());
  if (v.is_none()) return 0x9e3779b9;
  if (v.is_tensor()) return std::hash<const void*>()(v.to_tensor().impl());
  if (v.is_tuple()) {
    util::DepthGuard guard("while hashing");
    size_t h = 0x345678;
    for (const auto& x : v.items()) h = h * 1000003 ^ ivalue_hash(x);
    return h;
  }
  if (v.is_dtype()) return std::hash<int>()(int(v.to_dtype())) + 7;
  if (v.is_object()) return std::hash<const void*>()(v.object_ptr().get());
  TS_CHECK_TYPE(false, "unhashable type: '", v.is_list() ? "list" : v.is_dict() ? "dict" : v.type_name(), "'");
  return 0;
}

const IValue* IValue::Dict::find(const IValue& key) const {
  auto [b, e] = index_.equal_range(ivalue_hash(key));
  for (auto it = b; it != e; ++it)
    if (ivalue_equal(items[it->second].first, key)) return &items[it->second].second;
  return nullptr;
}

IValue* IValue::Dict::find(const IValue& key) {
  return const_cast<IValue*>(static_cast<const Dict*>(this)->find(key));
}

void IValue::Dict::set(const IValue& key, IValue value) {
  if (IValue* v = find(key)) {
    *v = std::move(value);
    return;
  }
  index_.emplace(ivalue_hash(key), items.size());
  items.emplace_back(key, std::move(value));
}

bool IValue::Dict::erase(const IValue& key) {
  size_t h = ivalue_hash(key);
  auto [b, e] = index_.equal_range(h);
  for (auto it = b; it != e; ++it) {
    if (ivalue_equal(items[it->second].first, key)) {
      items.erase(items.begin() + long(it->second));
      reindex();
      return true;
    }
  }
  return false;
}

void IValue::Dict::reindex() {
  index_.clear();
  for (size_t i = 0; i < items.size(); ++i) index_.emplace(ivalue_hash(items[i].first), i);
}

Generator* generator_of(const IValue& v) {
  if (v.is_none()) return nullptr;
  auto* g = v.is_object() ? dynamic_cast<GeneratorValue*>(v.object_ptr().get()) : nullptr;
  TS_CHECK_TYPE(g, "argument 'generator' must be torch.Generator, not ", v.type_name());
  return g->gen.get();
}

}  // namespace ts
