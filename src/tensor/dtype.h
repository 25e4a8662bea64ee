// Scalar types. Every list of dtypes is generated from TS_FORALL_DTYPES (one table).
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string_view>

#include "tensor/half.h"
#include "util/error.h"

namespace ts {

// _(C++ type, enum name, PyTorch name, ScalarType name used in PyTorch's messages)
#define TS_FORALL_DTYPES(_)                              \
  _(bool, Bool, "bool", "Bool")                          \
  _(uint8_t, UInt8, "uint8", "Byte")                     \
  _(int8_t, Int8, "int8", "Char")                        \
  _(int16_t, Int16, "int16", "Short")                    \
  _(int32_t, Int32, "int32", "Int")                      \
  _(int64_t, Int64, "int64", "Long")                     \
  _(::ts::Half, Float16, "float16", "Half")              \
  _(::ts::BFloat16, BFloat16, "bfloat16", "BFloat16")    \
  _(float, Float32, "float32", "Float")                  \
  _(double, Float64, "float64", "Double")

enum class DType : uint8_t {
#define TS_ENUM(t, name, s, r) name,
  TS_FORALL_DTYPES(TS_ENUM)
#undef TS_ENUM
};

constexpr int kNumDTypes = 0
#define TS_COUNT(t, name, s, r) +1
    TS_FORALL_DTYPES(TS_COUNT)
#undef TS_COUNT
    ;

size_t element_size(DType t);
// "float32", "int64", ...; as printed after "torch.".
const char* dtype_name(DType t);
// "Float", "Long", ...: the ScalarType names PyTorch's error messages use.
const char* scalar_type_name(DType t);
// The C++ type name PyTorch's messages print via caffe2::TypeMeta ("long int", "c10::Half").
const char* cpp_type_name(DType t);
// Accepts PyTorch's names and aliases: float32/float, float64/double, int64/long, ...
std::optional<DType> dtype_from_name(std::string_view name);

inline bool is_floating(DType t) {
  return t == DType::Float16 || t == DType::BFloat16 || t == DType::Float32 || t == DType::Float64;
}
inline bool is_integral(DType t, bool include_bool) {
  return (include_bool && t == DType::Bool) || t == DType::UInt8 || t == DType::Int8 ||
         t == DType::Int16 || t == DType::Int32 || t == DType::Int64;
}
inline bool is_signed(DType t) { return t != DType::Bool && t != DType::UInt8; }

// The default floating dtype (torch.get_default_dtype()).
DType default_dtype();
void set_default_dtype(DType t);

// PyTorch's promoteTypes table.
DType promote_types(DType a, DType b);

template <typename T>
struct DTypeOf;
#define TS_DTYPE_OF(t, name, s, r) \
  template <>                      \
  struct DTypeOf<t> {              \
    static constexpr DType value = DType::name; \
  };
TS_FORALL_DTYPES(TS_DTYPE_OF)
#undef TS_DTYPE_OF

template <DType D>
struct CppTypeOf;
#define TS_CPP_TYPE_OF(t, name, s, r) \
  template <>                         \
  struct CppTypeOf<DType::name> {     \
    using type = t;                   \
  };
TS_FORALL_DTYPES(TS_CPP_TYPE_OF)
#undef TS_CPP_TYPE_OF

// Accumulation type for reductions (float for half types, double stays double).
template <typename T>
struct AccType {
  using type = T;
};
template <>
struct AccType<Half> {
  using type = float;
};
template <>
struct AccType<BFloat16> {
  using type = float;
};

}  // namespace ts

// Dispatch a generic lambda over dtypes: the lambda receives a value of the C++ type
// (TS_DISPATCH gives `scalar_t` inside the body).
namespace ts {
template <typename T>
struct TypeTag {
  using type = T;
};
}  // namespace ts

#define TS_DISPATCH_CASE(t, name, s, r) \
  case ::ts::DType::name:               \
    return body_(::ts::TypeTag<t>{});

#define TS_DISPATCH_ALL(dtype, opname, ...)                                                    \
  [&] {                                                                                         \
    auto body_ = [&](auto tag_) { using scalar_t = typename decltype(tag_)::type; __VA_ARGS__ };                                                           \
    switch (dtype) {                                                                            \
      TS_FORALL_DTYPES(TS_DISPATCH_CASE)                                                        \
    }                                                                                           \
    TS_ERROR("\"", opname, "\" not implemented for '", ::ts::dtype_name(dtype), "'");           \
  }()

#define TS_DISPATCH_FLOATING(dtype, opname, ...)                                               \
  [&] {                                                                                         \
    auto body_ = [&](auto tag_) { using scalar_t = typename decltype(tag_)::type; __VA_ARGS__ };                                                           \
    switch (dtype) {                                                                            \
      TS_DISPATCH_CASE(float, Float32, 0, 0)                                                    \
      TS_DISPATCH_CASE(double, Float64, 0, 0)                                                   \
      TS_DISPATCH_CASE(::ts::Half, Float16, 0, 0)                                               \
      TS_DISPATCH_CASE(::ts::BFloat16, BFloat16, 0, 0)                                          \
      default: break;                                                                           \
    }                                                                                           \
    TS_ERROR("\"", opname, "\" not implemented for '", ::ts::dtype_name(dtype), "'");           \
  }()

#define TS_DISPATCH_NUMERIC(dtype, opname, ...)                                                \
  [&] {                                                                                         \
    auto body_ = [&](auto tag_) { using scalar_t = typename decltype(tag_)::type; __VA_ARGS__ };                                                           \
    switch (dtype) {                                                                            \
      TS_DISPATCH_CASE(uint8_t, UInt8, 0, 0)                                                    \
      TS_DISPATCH_CASE(int8_t, Int8, 0, 0)                                                      \
      TS_DISPATCH_CASE(int16_t, Int16, 0, 0)                                                    \
      TS_DISPATCH_CASE(int32_t, Int32, 0, 0)                                                    \
      TS_DISPATCH_CASE(int64_t, Int64, 0, 0)                                                    \
      TS_DISPATCH_CASE(float, Float32, 0, 0)                                                    \
      TS_DISPATCH_CASE(double, Float64, 0, 0)                                                   \
      TS_DISPATCH_CASE(::ts::Half, Float16, 0, 0)                                               \
      TS_DISPATCH_CASE(::ts::BFloat16, BFloat16, 0, 0)                                          \
      default: break;                                                                           \
    }                                                                                           \
    TS_ERROR("\"", opname, "\" not implemented for '", ::ts::dtype_name(dtype), "'");           \
  }()
