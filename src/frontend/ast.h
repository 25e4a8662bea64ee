// The Ts abstract syntax tree: plain structs owned by unique_ptr, every node with its source
// span. Made by frontend/parse (its recursive-descent parser, or the converter from ANTLR's parse
// tree, alike) and never refers to ANTLR.
// One node struct per family with a kind tag keeps the converter and checker short; the fields
// each kind uses are listed next to it.
#pragma once

#include <cstdint>
#include <memory>
#include <set>
#include <string>
#include <vector>

#include "frontend/source.h"

namespace ts::frontend {

struct Type;
struct Expr;
struct Stmt;
using ExprPtr = std::unique_ptr<Expr>;
using StmtPtr = std::unique_ptr<Stmt>;
using Block = std::vector<StmtPtr>;

enum class BinOp { Add, Sub, Mul, MatMul, Div, FloorDiv, Mod, Pow, LShift, RShift, BitOr, BitXor, BitAnd };
enum class UnaryOp { Neg, Pos, Invert, Not };
enum class CmpOp { Lt, Gt, Eq, Ge, Le, Ne, In, NotIn, Is, IsNot };
const char* binop_str(BinOp op);
const char* unaryop_str(UnaryOp op);
const char* cmpop_str(CmpOp op);

// A vector most nodes leave empty, held by pointer (8 bytes instead of 24; a 200k-line script has
// a million expressions): it reads as an empty vector until something is added.
template <class T>
class RareVec {
 public:
  using value_type = T;
  RareVec() = default;
  RareVec(RareVec&&) noexcept = default;
  RareVec& operator=(RareVec&&) noexcept = default;
  RareVec& operator=(std::vector<T>&& v) {
    if (v.empty()) p_.reset();
    else p_ = std::make_unique<std::vector<T>>(std::move(v));
    return *this;
  }
  operator std::vector<T>&() { return get(); }
  operator const std::vector<T>&() const { return p_ ? *p_ : none(); }
  std::vector<T>& get() {
    if (!p_) p_ = std::make_unique<std::vector<T>>();
    return *p_;
  }
  const std::vector<T>& get() const { return *this; }
  size_t size() const { return p_ ? p_->size() : 0; }
  bool empty() const { return !p_ || p_->empty(); }
  T& operator[](size_t i) { return (*p_)[i]; }
  const T& operator[](size_t i) const { return (*p_)[i]; }
  const T& at(size_t i) const { return get().at(i); }
  T& back() { return p_->back(); }
  const T& back() const { return p_->back(); }
  T& front() { return p_->front(); }
  const T& front() const { return p_->front(); }
  void push_back(T&& v) { get().push_back(std::move(v)); }
  void push_back(const T& v) { get().push_back(v); }
  template <class... A>
  T& emplace_back(A&&... a) {
    return get().emplace_back(std::forward<A>(a)...);
  }
  auto begin() { return get().begin(); }
  auto end() { return get().end(); }
  auto begin() const { return get().begin(); }
  auto end() const { return get().end(); }

 private:
  static const std::vector<T>& none() {
    static const std::vector<T> e;
    return e;
  }
  std::unique_ptr<std::vector<T>> p_;
};

struct Keyword {
  std::string name;  // empty for `**mapping`, whose keys name the arguments at run time
  Span name_span;
  ExprPtr value;
};

struct Param {
  std::string name;
  Span span;
  ExprPtr annotation;  // null: Tensor (or inferred for lambdas)
  ExprPtr default_value;
  bool kwonly = false;
  bool vararg = false;  // *args: a tuple of the annotated element type
  bool kwvar = false;   // **kwargs: a dict of the annotated value type (last)
};

// One `for` clause of a comprehension with its `if` filters.
struct Comprehension {
  ExprPtr target;
  ExprPtr iter;
  std::vector<ExprPtr> ifs;
};

// One piece of an f-string: literal text, or `{expr!conv:spec}`.
struct FStringPart {
  bool is_field = false;
  std::string text;          // literal text; for a field, its expression's source
  Span span;                 // a field's expression
  ExprPtr expr;              // a field's parsed expression
  char conversion = 0;       // 'r', 's', 'a' or 0
  std::vector<FStringPart> spec;  // the format spec, itself an f-string
};

enum class ExprKind {
  Name,       // name
  Int,        // ival
  Float,      // fval
  Str,        // str (decoded)
  FString,    // fparts
  Bool,       // ival (0/1)
  None,
  Ellipsis,
  Tuple,      // elts
  List,       // elts
  Dict,       // elts (keys), elts2 (values)
  ListComp,   // a (element), comps
  DictComp,   // a (key), b (value), comps
  Attribute,  // a (value), name (attr)
  Subscript,  // a (value), elts (indices; more than one for t[i, j])
  Slice,      // a, b, c (lower, upper, step; each may be null)
  Call,       // a (callee), elts (positional), keywords
  Starred,    // a
  Unary,      // uop, a
  Binary,     // bop, a, b
  BoolOp,     // is_and, elts (two or more)
  Compare,    // a (left), cmp_ops, elts (comparators)
  IfExp,      // a (body), b (test), c (orelse)
  Lambda,     // params, a (body)
};

// Note [Generator arguments]: a generator expression is a ListComp whose ival says so. As a
// call's argument (`sum(x for x in xs)`, `max((a for a in xs), key=f)`, `f(*(g for g in gs))`)
// it is taken as the list comprehension, which the callee consumes whole; anywhere else the
// checker refuses it (a generator object would be lazy).
inline constexpr int64_t kGeneratorExpression = 1;
inline constexpr int64_t kGeneratorArgument = 2;

struct Expr {
  ExprKind kind;
  Span span;
  std::string name;  // Name, Attribute (attr), Str (value)
  int64_t ival = 0;
  double fval = 0;
  bool is_and = false;
  bool parenthesized = false;
  BinOp bop = BinOp::Add;
  UnaryOp uop = UnaryOp::Neg;
  Span name_span;  // Attribute: the attribute name
  ExprPtr a, b, c;
  std::vector<ExprPtr> elts;
  RareVec<ExprPtr> elts2;
  RareVec<CmpOp> cmp_ops;
  RareVec<Keyword> keywords;
  RareVec<Comprehension> comps;
  RareVec<FStringPart> fparts;
  RareVec<Param> params;
  // Filled by the checker for the emitter: the expression's type (after narrowing).
  mutable const Type* type = nullptr;
  // Set by the checker when an Optional value is used as its non-None type without proof
  // (Note [Optional used directly]): the error a None raises there, as CPython's.
  struct NoneCheck {
    std::string cls, msg;
  };
  mutable std::shared_ptr<const NoneCheck> none_check;

  Expr(ExprKind k, Span s) : kind(k), span(s) {}
};

struct ExceptHandler {
  Span span;
  ExprPtr type;  // null: bare except
  std::string name;
  Block body;
};

struct WithItem {
  ExprPtr context;
  ExprPtr target;  // may be null
};

struct Alias {
  std::string name;  // dotted for `import a.b`
  std::string asname;
  Span span;
};

enum class StmtKind {
  Expr,      // value
  Assign,    // targets (one or more, `a = b = v`), value
  AugAssign, // targets[0], bop, value
  AnnAssign, // targets[0], annotation, value (may be null)
  If,        // test, body, orelse (an elif is an If alone in orelse)
  While,     // test, body
  For,       // targets[0], value (iterable), body
  Break,
  Continue,
  Pass,
  Return,    // value (may be null)
  FunctionDef,  // name, params, returns, body, decorators
  ClassDef,  // name, bases (in targets), body, decorators
  With,      // items, body
  Try,       // body, handlers, orelse, finalbody
  Raise,     // value (may be null), cause (annotation)
  Assert,    // test, value (message, may be null)
  Del,       // targets
  Global,    // names
  Nonlocal,  // names
  Import,    // aliases
  ImportFrom,  // module, level, aliases (one alias "*" for star imports)
};

struct Stmt {
  StmtKind kind;
  Span span;
  std::string name;  // FunctionDef/ClassDef name, ImportFrom module
  Span name_span;
  int level = 0;     // ImportFrom: leading dots
  BinOp bop = BinOp::Add;
  ExprPtr value, test, annotation, returns;
  std::vector<ExprPtr> targets;
  RareVec<ExprPtr> decorators;
  std::vector<Param> params;
  Block body, orelse;
  RareVec<StmtPtr> finalbody;
  RareVec<ExceptHandler> handlers;
  RareVec<WithItem> items;
  RareVec<std::string> names;
  RareVec<Alias> aliases;

  Stmt(StmtKind k, Span s) : kind(k), span(s) {}
};

struct Module {
  FileId file = 0;
  std::string path;
  Block body;
};

// Scans (ast_scan.cpp). Names bound by assignment-like statements in `b` (not inside nested functions or classes).
void assigned_names(const Block& b, std::set<std::string>& out);
void target_names(const Expr& target, std::set<std::string>& out);
// Whether `b` contains a return (outside nested functions); break/continue at this loop level.
bool has_return(const Block& b);
bool has_break(const Block& b, bool include_continue);

}  // namespace ts::frontend
