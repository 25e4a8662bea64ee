#include "ops/ivalue.h"

namespace ts {

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
  r.v_ = std::make_shared<List>(List{std::move(items)});
  return r;
}

IValue IValue::tuple(std::vector<IValue> items) {
  IValue r;
  auto t = std::make_shared<Tuple>();
  t->items = std::move(items);
  r.v_ = std::move(t);
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
  }
  return "?";
}

}  // namespace ts
