#include "tensor/dtype.h"

#include <atomic>
#include <string>

namespace ts {

size_t element_size(DType t) {
  switch (t) {
#define TS_SIZE(ct, name, s, r) \
  case DType::name:             \
    return sizeof(ct);
    TS_FORALL_DTYPES(TS_SIZE)
#undef TS_SIZE
  }
  return 0;
}

const char* dtype_name(DType t) {
  switch (t) {
#define TS_NAME_CASE(ct, name, s, r) \
  case DType::name:                  \
    return s;
    TS_FORALL_DTYPES(TS_NAME_CASE)
#undef TS_NAME_CASE
  }
  return "?";
}

const char* cpp_type_name(DType t) {
  switch (t) {
    case DType::Bool: return "bool";
    case DType::UInt8: return "unsigned char";
    case DType::Int8: return "signed char";
    case DType::Int16: return "short int";
    case DType::Int32: return "int";
    case DType::Int64: return "long int";
    case DType::Float16: return "c10::Half";
    case DType::BFloat16: return "c10::BFloat16";
    case DType::Float32: return "float";
    case DType::Float64: return "double";
  }
  return "?";
}

const char* scalar_type_name(DType t) {
  switch (t) {
#define TS_ST_CASE(ct, name, s, r) \
  case DType::name:                \
    return r;
    TS_FORALL_DTYPES(TS_ST_CASE)
#undef TS_ST_CASE
  }
  return "?";
}

std::optional<DType> dtype_from_name(std::string_view n) {
  if (n.starts_with("torch.")) n.remove_prefix(6);
  struct Alias {
    const char* name;
    DType t;
  };
  static constexpr Alias kAliases[] = {
      {"bool", DType::Bool},        {"uint8", DType::UInt8},      {"int8", DType::Int8},
      {"int16", DType::Int16},      {"short", DType::Int16},      {"int32", DType::Int32},
      {"int", DType::Int32},        {"int64", DType::Int64},      {"long", DType::Int64},
      {"float16", DType::Float16},  {"half", DType::Float16},     {"bfloat16", DType::BFloat16},
      {"float32", DType::Float32},  {"float", DType::Float32},    {"float64", DType::Float64},
      {"double", DType::Float64},
  };
  for (const auto& a : kAliases)
    if (n == a.name) return a.t;
  return std::nullopt;
}

namespace {
std::atomic<DType> g_default_dtype{DType::Float32};
}

DType default_dtype() { return g_default_dtype.load(std::memory_order_relaxed); }

void set_default_dtype(DType t) {
  TS_CHECK_TYPE(t == DType::Float32 || t == DType::Float64 || t == DType::Float16 ||
                    t == DType::BFloat16,
                "only floating-point types are supported as the default type");
  g_default_dtype.store(t);
}

DType promote_types(DType a, DType b) {
  if (a == b) return a;
  if (a == DType::Bool) return b;
  if (b == DType::Bool) return a;
  bool fa = is_floating(a), fb = is_floating(b);
  if (fa && fb) {
    if ((a == DType::Float16 && b == DType::BFloat16) ||
        (a == DType::BFloat16 && b == DType::Float16))
      return DType::Float32;
    return element_size(a) >= element_size(b) ? a : b;
  }
  if (fa) return a;
  if (fb) return b;
  // Both integral. uint8 mixed with a signed type needs a wider signed type.
  if (a == DType::UInt8 || b == DType::UInt8) {
    DType other = a == DType::UInt8 ? b : a;
    return other == DType::Int8 ? DType::Int16 : other;
  }
  return element_size(a) >= element_size(b) ? a : b;
}

}  // namespace ts
