// Operator schemas in PyTorch's syntax, parsed into typed signatures:
//   add.Tensor(Tensor self, Tensor other, *, Scalar alpha=1) -> Tensor
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "ops/ivalue.h"

namespace ts::ops {

struct SchemaType {
  enum class Kind : uint8_t {
    Tensor, Int, Float, Bool, Str, Scalar, ScalarType, Layout, Device, Generator,
    MemoryFormat, Dimname, Any, TypeVar
  };
  Kind kind = Kind::Tensor;
  bool optional = false;       // T?
  bool list = false;           // T[] or T[N]
  bool optional_elem = false;  // Tensor?[]
  int fixed_len = 0;           // N in int[N]; 0 when unsized
  std::string alias;           // "a" in Tensor(a!) / Tensor(a)
  bool is_write = false;       // "!" in Tensor(a!)

  std::string str() const;  // back to schema syntax
};

struct SchemaArg {
  std::string name;
  SchemaType type;
  std::optional<IValue> default_value;
  bool kwarg_only = false;
};

struct FunctionSchema {
  std::string name;      // "add"
  std::string overload;  // "Tensor"; empty for the default overload
  std::vector<SchemaArg> args;
  std::vector<SchemaArg> returns;  // names may be empty
  bool returns_list = false;       // "-> Tensor[]"

  std::string full_name() const { return overload.empty() ? name : name + "." + overload; }
  // Whether this is an in-place variant (name ends in '_' and self is written).
  bool is_inplace() const;
  // An out= variant: it writes keyword-only arguments (out=, or values=/indices= for named
  // tuple results).
  bool is_out() const {
    for (const SchemaArg& a : args)
      if (a.kwarg_only && a.type.is_write) return true;
    return false;
  }
  std::string str() const;  // canonical schema text
};

// Parses a schema; a malformed schema is an internal error naming the position.
FunctionSchema parse_schema(std::string_view text);

}  // namespace ts::ops
