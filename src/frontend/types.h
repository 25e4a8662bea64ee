// Static types of the Ts checker. Types are interned in a TypeArena, so pointer equality is
// type equality.
#pragma once

#include <deque>
#include <map>
#include <memory>
#include <set>
#include <string>
#include <vector>

#include "frontend/ast.h"

namespace ts::frontend {

struct ClassInfo;
struct FunctionInfo;
struct ModuleInfo;

enum class TypeKind {
  Error,     // an expression that already produced a diagnostic: accepted everywhere, silently
  Any,       // dynamic: checked at run time
  None, Bool, Int, Float, Str, Tensor, Device, DType,
  List, Tuple, Dict, Optional,
  Range,     // range(...)
  Class,     // an instance of a user class
  ClassObj,  // the class itself (callable: constructs)
  Function,  // a user function or lambda
  Module,    // an imported module
  Builtin,   // a builtin function (name)
  TorchOp,   // torch.<op> (name)
  Method,    // a bound method: Tensor.<op> (name, args[0] = Tensor) or a class method (fn)
  TypeObj,   // int, float, str, ... used as values (casts) or in annotations (args[0])
  ClassValue,  // a class as a run-time value: type(x), x.__class__ (its name, compared with others)
};

struct Type {
  TypeKind kind;
  std::vector<const Type*> args;  // List[T], Dict[K, V], Tuple[...], Optional[T], Method self
  const ClassInfo* cls = nullptr;
  const FunctionInfo* fn = nullptr;
  const ModuleInfo* mod = nullptr;
  // Builtin, TorchOp, Method (op name); a named tuple's type name; a List's or Dict's class when
  // it is one of collections' ("deque", "OrderedDict", "defaultdict", "Counter") or torch.Size.
  std::string name;
  std::vector<std::string> fields;  // a named tuple's field names (torch.return_types.max: values, indices)
  std::string str() const;
};

class TypeArena {
 public:
  const Type* get(TypeKind k, std::vector<const Type*> args = {}, const ClassInfo* cls = nullptr,
                  const FunctionInfo* fn = nullptr, const ModuleInfo* mod = nullptr,
                  std::string name = {});
  const Type* error() { return get(TypeKind::Error); }
  const Type* any() { return get(TypeKind::Any); }
  const Type* none() { return get(TypeKind::None); }
  const Type* boolean() { return get(TypeKind::Bool); }
  const Type* integer() { return get(TypeKind::Int); }
  const Type* floating() { return get(TypeKind::Float); }
  const Type* str() { return get(TypeKind::Str); }
  const Type* tensor() { return get(TypeKind::Tensor); }
  const Type* list(const Type* t) { return get(TypeKind::List, {t}); }
  // torch.Size (Tensor.shape, Tensor.size(), torch.Size(...)): a List[int] everywhere (it is
  // assignable both ways) that also has numel(); a tuple tagged "torch.Size" at run time.
  const Type* torch_size() { return get(TypeKind::List, {integer()}, nullptr, nullptr, nullptr, "torch.Size"); }
  const Type* dict(const Type* k, const Type* v) { return get(TypeKind::Dict, {k, v}); }
  const Type* tuple(std::vector<const Type*> ts) { return get(TypeKind::Tuple, std::move(ts)); }
  // A tuple whose elements are also fields (an op's named results: `torch.max(x, 1).values`).
  // It is a tuple everywhere else: it unpacks, indexes and converts to Tuple[...] of its types.
  const Type* named_tuple(std::vector<const Type*> ts, std::string name, std::vector<std::string> fields);
  // t's kind and name (a collections dict or deque stays one) with other arguments.
  const Type* like(const Type* t, std::vector<const Type*> args) {
    return get(t->kind, std::move(args), nullptr, nullptr, nullptr, t->name);
  }
  // Optional[T]; Optional[None] is None and Optional[Optional[T]] is Optional[T].
  const Type* optional(const Type* t);

 private:
  std::deque<Type> types_;
  std::map<std::string, const Type*> index_;
};

struct Field {
  const Type* type;
  Span span;  // where it got its type
  // Given a value in the class body (`k = 5`, `n: int = 3`): a class attribute, which
  // `Cls.k` reads and each new instance starts with (Note [Class attributes]).
  bool class_attr = false;
  // Typed by an unannotated assignment in a method (`self.avg = 0`): a later assignment may
  // widen it (Note [Refining attributes] in check_module.cpp).
  bool inferred = false;
};

struct ParamInfo {
  std::string name;
  const Type* type;
  bool has_default = false;
  bool kwonly = false;
  bool vararg = false;  // *args: type is List[element] (a tuple at run time)
  bool kwvar = false;   // **kwargs: type is Dict[str, value]
  Span span;
  // Unannotated, without a literal default: typed by the calls (Note [Parameter types from
  // calls] in check_builtins.cpp). `bound` once a call or the body's check has fixed the type;
  // `bound_at`: the call that did (empty when the check did: Tensor).
  bool from_call = false;
  bool bound = false;
  Span bound_at;
};

struct LoadedModule;
struct Symbol;

struct FunctionInfo {
  std::string name;
  // The module it is defined in, and that module's scope: its body is checked there, whichever
  // module's call asks for the check.
  LoadedModule* module = nullptr;
  std::map<std::string, Symbol>* globals = nullptr;
  // A def nested in a function whose parameters wait for a call: the enclosing locals as they
  // were at the def, which its body sees when that call checks it.
  std::shared_ptr<const std::map<std::string, Symbol>> captured;
  const Stmt* decl = nullptr;  // FunctionDef (null for lambdas)
  const Expr* lambda = nullptr;
  std::vector<ParamInfo> params;  // for methods, params[0] is self (absent for staticmethods)
  const Type* ret = nullptr;      // declared or inferred; null while unknown
  bool ret_declared = false;
  bool is_static = false;
  // @classmethod: static, with the class passed as its first parameter (`cls`), which calls do
  // not bind (the emitter passes the class named at the call).
  bool is_classmethod = false;
  bool is_property = false;
  // Annotated `-> Self` (typing.Self, as Module.to/train/eval): a call's result has the
  // receiver's type, so `Net().to(device)` stays a Net.
  bool returns_self = false;
  // @functools.lru_cache(maxsize=N) / @cache: -2 not cached, -1 no bound, else maxsize; calls
  // by name go through the runtime's cache (functools.cached_call).
  int64_t cache_size = -2;
  // A module-level def whose name a later assignment rebinds (`f = deco(f)`, a decorator: Note
  // [User decorators]): the name is then a variable holding function values, set at the def.
  bool rebound = false;
  ClassInfo* owner = nullptr;
  int state = 0;  // 0 unchecked, 1 checking, 2 checked
  // The diagnostics of the body's last check, withdrawn when a call widens a parameter typed
  // by calls and the body is checked again (Note [Parameter types from calls]).
  std::vector<size_t> body_diagnostics;
  // Whether a parameter still waits for a call to give its type.
  bool awaits_call() const {
    for (const auto& p : params)
      if (p.from_call && !p.bound) return true;
    return false;
  }
  bool resolved = false;  // parameter and return types known (resolve_signature ran)
  // Restricted compiles only (Note [Archive code has no I/O]): the first builtin outside the
  // archive allow-list this function names, and the functions it calls.
  std::string io;
  std::set<const FunctionInfo*> callees;
};

struct ClassInfo {
  std::string name;
  const Stmt* decl = nullptr;
  ClassInfo* base = nullptr;
  std::map<std::string, Field> fields;
  std::vector<std::string> field_order;  // first declaration or assignment first (PyTorch's module order)
  void add_field(const std::string& n, Field f) {
    if (!fields.count(n)) field_order.push_back(n);
    fields[n] = f;
  }
  std::map<std::string, FunctionInfo*> methods;
  bool fields_done = false;
  // A class whose base is a builtin exception class (`class MyError(Exception)`): that class's
  // name. exception_root() finds it through the bases (empty: not an exception class).
  std::string exception_base;
  const std::string& exception_root() const;
  // Field or method lookup through the base chain.
  const Field* find_field(const std::string& n) const;
  FunctionInfo* find_method(const std::string& n) const;
  bool derives_from(const ClassInfo* other) const;
};

struct Symbol {
  const Type* type;
  Span span;  // definition (or where its type was inferred)
  // A local whose type came from an unannotated assignment: first use may still refine it
  // (an empty `[]`/`{}` gets its element type, an int becomes float); see check_function.
  bool inferred = false;
  // Bound to a non-empty list or dict literal: its element types are the literal's, Any where
  // they differ (`[1, "a"]`), not unknown as an empty `[]`'s, which its first use refines.
  bool literal_elements = false;
};

struct ModuleInfo {
  std::string name;
  std::map<std::string, Symbol> members;
  bool is_torch = false;  // members come from the op registry
  bool library = false;   // a builtin or standard-library module (not the program's own)
};

}  // namespace ts::frontend
