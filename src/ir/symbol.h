// Interned strings for node kinds and attribute names (src/ir/README.md, Note [Symbols]): a
// Symbol is a small index into one process-wide table, so `n->is(kinds::If)` is an integer
// compare. It converts to `const std::string&` and compares with strings, so code that treats
// `Node::kind` as a string still compiles and reads the same text.
#pragma once

#include <cstdint>
#include <functional>
#include <iosfwd>
#include <string>
#include <string_view>

namespace ts::ir {

// The symbols made when the table is, in this order: kinds::X and attr_names::X below are
// their indices. (C++ name, text).
#define TS_IR_KIND_SYMBOLS(_)                                                                       \
  _(Param, "prim::Param") _(Return, "prim::Return") _(Constant, "prim::Constant") _(If, "prim::If")      \
  _(Loop, "prim::Loop") _(Try, "prim::Try") _(TupleConstruct, "prim::TupleConstruct")                   \
  _(TupleUnpack, "prim::TupleUnpack") _(TupleIndex, "prim::TupleIndex")                                \
  _(ListConstruct, "prim::ListConstruct") _(ListUnpack, "prim::ListUnpack")                             \
  _(DictConstruct, "prim::DictConstruct") _(Uninitialized, "prim::Uninitialized")                       \
  _(unchecked_cast, "prim::unchecked_cast") _(isinstance, "prim::isinstance")                           \
  _(MakeClosure, "prim::MakeClosure") _(GetAttr, "prim::GetAttr") _(Builtin, "prim::Builtin")           \
  _(CallFunction, "prim::CallFunction") _(add, "aten::add") _(sub, "aten::sub") _(mul, "aten::mul")    \
  _(div, "aten::div") _(floordiv, "aten::floordiv") _(remainder, "aten::remainder") _(neg, "aten::neg") \
  _(abs, "aten::abs") _(len, "aten::len") _(not_, "aten::__not__") _(is, "aten::__is__")               \
  _(isnot, "aten::__isnot__") _(eq, "aten::eq") _(ne, "aten::ne") _(lt, "aten::lt") _(le, "aten::le")  \
  _(gt, "aten::gt") _(ge, "aten::ge") _(getitem, "aten::__getitem__") _(contains, "aten::__contains__") \
  _(and_, "aten::__and__") _(or_, "aten::__or__") _(xor_, "aten::__xor__")                             \
  _(invert, "aten::__invert__") _(min, "aten::min") _(max, "aten::max") _(Str, "aten::str")           \
  _(Float, "aten::Float") _(Bool, "aten::Bool") _(t, "aten::t") _(contiguous, "aten::contiguous")
#define TS_IR_ATTR_SYMBOLS(_) _(value, "value") _(name, "name") _(fields, "fields")

class Symbol {
 public:
  constexpr Symbol() = default;  // the empty string
  // The symbol of `s`, added to the table if new (thread-safe).
  explicit Symbol(std::string_view s);
  static constexpr Symbol from_index(uint32_t i) {
    Symbol s;
    s.index_ = i;
    return s;
  }

  uint32_t index() const { return index_; }
  const std::string& str() const;
  operator const std::string&() const { return str(); }
  const char* c_str() const { return str().c_str(); }
  bool empty() const { return index_ == 0; }
  // Starts with "aten::".
  bool is_aten() const;
  // An `aten::` kind that eval_scalar knows (ir/scalar_eval.h is_scalar_kind), computed once.
  bool is_scalar_kind() const;
  Symbol& operator=(std::string_view s) { return *this = Symbol(s); }

  friend bool operator==(Symbol a, Symbol b) { return a.index_ == b.index_; }
  friend bool operator==(Symbol a, std::string_view b) { return a.str() == b; }
  friend bool operator==(Symbol a, const char* b) { return a.str() == b; }
  friend bool operator==(Symbol a, const std::string& b) { return a.str() == b; }

 private:
  uint32_t index_ = 0;
};

std::ostream& operator<<(std::ostream& os, Symbol s);
inline std::string operator+(const std::string& a, Symbol b) { return a + b.str(); }
inline std::string operator+(const char* a, Symbol b) { return a + b.str(); }
inline std::string operator+(Symbol a, const std::string& b) { return a.str() + b; }
inline std::string operator+(Symbol a, const char* b) { return a.str() + b; }

namespace detail {
enum : uint32_t {
  kEmptySymbol,
#define TS_IR_ENUM(id, text) kKind_##id,
  TS_IR_KIND_SYMBOLS(TS_IR_ENUM)
#undef TS_IR_ENUM
#define TS_IR_ENUM(id, text) kAttr_##id,
  TS_IR_ATTR_SYMBOLS(TS_IR_ENUM)
#undef TS_IR_ENUM
  kFirstDynamicSymbol
};
}  // namespace detail

// Node kinds the IR code tests for: kinds::If is "prim::If", kinds::add "aten::add".
namespace kinds {
#define TS_IR_CONST(id, text) inline constexpr Symbol id = Symbol::from_index(detail::kKind_##id);
TS_IR_KIND_SYMBOLS(TS_IR_CONST)
#undef TS_IR_CONST
}  // namespace kinds
// Attribute names: attr_names::value is "value".
namespace attr_names {
#define TS_IR_CONST(id, text) inline constexpr Symbol id = Symbol::from_index(detail::kAttr_##id);
TS_IR_ATTR_SYMBOLS(TS_IR_CONST)
#undef TS_IR_CONST
}  // namespace attr_names

}  // namespace ts::ir

template <>
struct std::hash<ts::ir::Symbol> {
  size_t operator()(ts::ir::Symbol s) const { return s.index(); }
};
