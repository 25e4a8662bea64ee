// torch.tensor(data) and Tensor.new_tensor(data): a tensor from nested Python lists and numbers,
// with PyTorch's dtype inference, range checks and TypeErrors.
#include <cstring>
#include <limits>

#include "ops/api_core.h"
#include "ops/api_creation.h"
#include "ops/api_shape.h"
#include "ops/factory_util.h"
#include "ops/registry.h"

namespace ts {

using factory::check_requires_grad;
using factory::leaf;
using factory::scalar_overflows;

namespace {

bool is_seq(const IValue& v) { return v.is_list() || v.is_tuple(); }

// Python's type name of a value, for TypeErrors ("list", "float").
const char* py_type(const IValue& v) {
  if (v.is_list()) return "list";
  if (v.is_tuple()) return "tuple";
  if (v.is_bool()) return "bool";
  if (v.is_int()) return "int";
  if (v.is_double()) return "float";
  if (v.is_string()) return "str";
  if (v.is_tensor()) return "Tensor";
  if (v.is_none()) return "NoneType";
  return "object";
}

// PyTorch's infer_scalar_type: promote over every element; an empty sequence is the default.
DType infer_dtype(const IValue& v) {
  if (v.is_bool()) return DType::Bool;
  if (v.is_int()) return DType::Int64;
  if (v.is_double()) return default_dtype();
  if (v.is_tensor()) return v.to_tensor().dtype();
  if (is_seq(v)) {
    const auto& items = v.items();
    if (items.empty()) return default_dtype();
    DType t = infer_dtype(items[0]);
    for (size_t i = 1; i < items.size(); ++i) t = promote_types(t, infer_dtype(items[i]));
    return t;
  }
  util::throw_error(ErrorKind::Type, util::str("Could not infer dtype of ", py_type(v)));
}

// The element number `v` as a Scalar, with Python's TypeErrors for non-numbers.
Scalar element_scalar(const IValue& v, DType t) {
  if (v.is_tensor()) {
    const Tensor& x = v.to_tensor();
    TS_CHECK_VALUE(x.numel() == 1, "only one element tensors can be converted to Python scalars");
    return x.item();
  }
  if (v.is_number()) return v.to_scalar();
  if (is_floating(t))
    util::throw_error(ErrorKind::Type, util::str("must be real number, not ", py_type(v)));
  if (t == DType::Bool)
    util::throw_error(ErrorKind::Type, util::str("must be real number, not ", py_type(v)));
  util::throw_error(ErrorKind::Type,
                    util::str("'", py_type(v), "' object cannot be interpreted as an integer"));
}

// torch.tensor's own conversion: integer dtypes check the range (naming the dtype as
// "int32"), floats and bool convert without a check.
void store(char* p, const Scalar& s, DType t) {
  if (is_integral(t, false)) {
    const char* name = t == DType::UInt8   ? "uint8"
                       : t == DType::Int8  ? "int8"
                       : t == DType::Int16 ? "int16"
                       : t == DType::Int32 ? "int32"
                                           : "int64";
    TS_CHECK(!scalar_overflows(s, t), "value cannot be converted to type ", name,
             " without overflow");
  }
  TS_DISPATCH_ALL(t, "tensor", {
    scalar_t x;
    if constexpr (std::is_same_v<scalar_t, bool>) {
      x = s.to_bool();
    } else if constexpr (std::is_integral_v<scalar_t>) {
      x = s.is_float() ? scalar_t(int64_t(s.to_double())) : scalar_t(s.to_int());
    } else {
      x = scalar_t(s.to<double>());
    }
    std::memcpy(p, &x, sizeof x);
  });
}

void fill_recursive(const IValue& v, const DimVector& sizes, size_t dim, DType t, char*& p) {
  if (dim == sizes.size()) {
    store(p, element_scalar(v, t), t);
    p += element_size(t);
    return;
  }
  TS_CHECK_TYPE(is_seq(v), "not a sequence");
  const auto& items = v.items();
  TS_CHECK_VALUE(int64_t(items.size()) == sizes[dim], "expected sequence of length ", sizes[dim],
                 " at dim ", dim, " (got ", items.size(), ")");
  for (const IValue& x : items) fill_recursive(x, sizes, dim + 1, t, p);
}

}  // namespace

Tensor tensor_from_ivalue(const IValue& data, std::optional<DType> dtype,
                          std::optional<Device> device, bool requires_grad) {
  DimVector sizes;
  for (const IValue* v = &data; is_seq(*v);) {
    const auto& items = v->items();
    sizes.push_back(int64_t(items.size()));
    if (items.empty()) break;
    v = &items[0];
  }
  const DType t = dtype ? *dtype : infer_dtype(data);
  check_requires_grad(requires_grad, t);
  Tensor r = empty(sizes, TensorOptions(t));
  char* p = static_cast<char*>(r.data_ptr());
  fill_recursive(data, sizes, 0, t, p);
  if (device && !(*device == r.device())) r = to_device(r, *device, t);
  return leaf(r, requires_grad);
}

TensorData::TensorData(std::initializer_list<TensorData> items) {
  std::vector<IValue> v;
  v.reserve(items.size());
  for (const TensorData& d : items) v.push_back(d.value_);
  value_ = IValue::list(std::move(v));
}

Tensor tensor(const TensorData& data, TensorOptions opts) {
  std::optional<Device> device;
  if (!opts.device.is_cpu()) device = opts.device;
  return tensor_from_ivalue(data.value(), opts.dtype, device, opts.requires_grad);
}

namespace {

// aten::tensor(t[] data, ...) and its number overloads share one boxed body.
void tensor_boxed(Stack& s) {
  std::optional<DType> dtype;
  std::optional<Device> device;
  if (!s[1].is_none()) dtype = s[1].to_dtype();
  if (!s[2].is_none()) device = s[2].to_device();
  Tensor r = tensor_from_ivalue(s[0], dtype, device, s[3].to_bool());
  s.clear();
  s.emplace_back(std::move(r));
}

// Tensor.new_tensor(data, ...): torch.tensor(data) with self's dtype and device unless given.
void new_tensor_boxed(Stack& s) {
  const Tensor self = s[0].to_tensor();
  const DType dtype = s[2].is_none() ? self.dtype() : s[2].to_dtype();
  const Device device = s[3].is_none() ? self.device() : s[3].to_device();
  Tensor r = tensor_from_ivalue(s[1], dtype, device, s[4].to_bool());
  s.clear();
  s.emplace_back(std::move(r));
}

}  // namespace

TS_REGISTER_OPS(tensor_data) {
  // Number overloads before the list one: a Float parameter would also take an int.
  const char* kTensorTail =
      "*, ScalarType? dtype=None, Device? device=None, bool requires_grad=False) -> Tensor";
  r.def(util::str("tensor.bool(bool t, ", kTensorTail), &tensor_boxed).not_differentiable();
  r.def(util::str("tensor.int(int t, ", kTensorTail), &tensor_boxed).not_differentiable();
  r.def(util::str("tensor.float(float t, ", kTensorTail), &tensor_boxed).not_differentiable();
  r.def(util::str("tensor(t[] data, ", kTensorTail), &tensor_boxed).not_differentiable();
  for (const char* head : {"new_tensor.bool(Tensor self, bool data, ", "new_tensor.int(Tensor self, int data, ",
                           "new_tensor.float(Tensor self, float data, ", "new_tensor(Tensor self, t[] data, "})
    r.def(util::str(head, kTensorTail), &new_tensor_boxed).variants("method").not_differentiable();
}

}  // namespace ts
