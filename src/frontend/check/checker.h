// The Ts type checker (internal to frontend/check). One Checker per program: it loads modules,
// declares classes and functions, then checks every statement, reporting all errors it finds.
#pragma once

#include <deque>
#include <functional>
#include <map>
#include <optional>
#include <memory>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "frontend/ast.h"
#include "frontend/diagnostics.h"
#include "frontend/types.h"

namespace ts::ops {
struct OpDef;
}

namespace ts::frontend {

// Deepest expression/statement nesting the checker follows (the parser already bounds it).
constexpr int kMaxCheckDepth = 3000;

struct LoadedModule {
  std::unique_ptr<Module> ast;
  ModuleInfo info;
  int state = 0;  // 0 new, 1 checking (import cycles), 2 done
};

// Per-function checking context.
// What the checker learns about a loop while checking it once (Checker::loop_checked): the
// names its body binds to a value the facts at its entry do not cover.
struct LoopFacts {
  const std::map<std::string, const Type*>* entry = nullptr;  // narrowed names at the loop's entry
  std::set<std::string> assigned;                           // names bound by assignments in the body
  std::set<std::string> broken;                             // ... to a value outside their entry fact
  LoopFacts* outer = nullptr;
};

struct FrameCtx {
  FunctionInfo* fn = nullptr;  // null at module level
  ClassInfo* cls = nullptr;    // the class whose method this is
  std::map<std::string, Symbol>* vars = nullptr;
  std::set<std::string> globals;
  std::vector<const Type*> returns;  // inferred return types seen
  Span first_return;
  int loop_depth = 0;
  // Refinement of inferred locals (Note [Refining locals] in check_stmt.cpp): the types a
  // previous pass settled on, and what this pass found.
  const std::map<std::string, const Type*>* preset = nullptr;
  std::map<std::string, const Type*> refined;
  std::vector<size_t>* errors = nullptr;  // indices of the diagnostics this pass reported
  LoopFacts* loop = nullptr;              // the innermost loop being checked
  // Nested defs whose parameters wait for a call: checked at the end of the pass if none came.
  std::vector<FunctionInfo*> nested_waiting;
};

// Any or Error: a type whose uses are checked at run time (or already reported).
inline bool dynamic(const Type* t) { return t->kind == TypeKind::Any || t->kind == TypeKind::Error; }
// os.environ: a builtin module whose items are the process's environment variables (`env[k]`,
// `env[k] = v`, `del env[k]`, `k in env` call its dunder functions, ir/module_functions.h).
inline bool is_environ(const Type* t) { return t->kind == TypeKind::Module && t->mod->name == "os.environ"; }

// A function of the math module as the checker sees it; the runtime's are in
// src/runtime/builtins_math.cpp, one per entry here.
struct MathFunction {
  const char* name;
  int min_args, max_args;  // max_args -1: any number
  char args;               // 'f' numbers, 'i' ints, 's' iterables of numbers, 'l' ldexp's (number, int)
  char result;             // 'f' float, 'i' int, 'b' bool, 'e' the iterable's element (prod), 'r' frexp's, 'm' modf's
  const char* keywords;    // the keyword arguments it takes, space-separated
};
const std::vector<MathFunction>& math_functions();
bool is_numeric(const Type* t);  // int, float or bool

// PyTorch's public names (pytorch_names.cpp): whether PyTorch has `dotted` ("torch.hub"), and the
// names it lists directly under a module ("torch.nn" -> "Linear", ...).
bool pytorch_has(std::string_view dotted);
std::vector<std::string> pytorch_members(std::string_view module);

// The narrowing key of `name.attr` ("self.bias"); empty for anything else.
std::string narrow_key(const Expr& e);

// Note [User decorators] (check_decl.cpp): `@d def f` becomes `def f; f = d(f)`.
void expand_user_decorators(Module& m);

class Checker {
 public:
  Checker(SourceManager& sm, Diagnostics& diags, std::vector<std::string> search_path);
  // Loads, parses and checks the script at `path` and everything it imports.
  void check_script(const std::string& path);

  // ---- used across the checker's files ----
  TypeArena types;
  Diagnostic& error(const Span& s, std::string msg) {
    if (frame_ && frame_->errors) frame_->errors->push_back(diags_.size());
    return diags_.error(s, std::move(msg));
  }
  Diagnostic& warning(const Span& s, std::string msg) {
    if (frame_ && frame_->errors) frame_->errors->push_back(diags_.size());
    return diags_.warning(s, std::move(msg));
  }
  // Note [Optional used directly]: `e` (of type Optional[T]) is used where a T is needed and
  // flow typing cannot prove it is not None. Warns (an error under --strict), makes `e` a T
  // for the rest of the check, and asks the emitter for a run-time check that raises
  // CPython's `cls`: `msg` if it is None there. Returns T.
  const Type* use_maybe_none(const Expr& e, const char* cls, std::string msg);

  // Modules (check_module.cpp).
  LoadedModule* load_module(const std::string& path, const Span& from);
  // Resolves an import; in restricted code a library module must be on the archive allow-list.
  const Type* import_module(const std::string& dotted, const Span& at, const std::string& from_dir);
  const Type* resolve_module(const std::string& dotted, const Span& at, const std::string& from_dir);
  void check_module(LoadedModule& m);
  const ModuleInfo* torch_module();
  const Type* jit_module();
  // The one error for a name PyTorch has and Ts does not yet: "`torch.hub` is not available in
  // tsrun yet", with the top-level torch function of that name as the hint where there is one.
  const Type* not_available(const Span& at, const std::string& dotted);

  // Declarations and statements (check_stmt.cpp).
  void declare_block(const Block& body, std::map<std::string, Symbol>& into, ClassInfo* cls);
  FunctionInfo* declare_function(const Stmt& s, ClassInfo* cls);
  void resolve_signature(FunctionInfo& f);
  // `outer`: for a def nested in a function, the enclosing locals it captures (by value, at the def).
  void check_function(FunctionInfo& f, const std::map<std::string, Symbol>* outer = nullptr);
  void check_cache_decorators(const FunctionInfo& f);
  const Type* unique_result(const Expr& e, bool method, bool consecutive);
  // Tensor methods that are runtime builtins, not registry ops (their call is typed in
  // call_builtin): Tensor.unique and unique_consecutive (their result's type depends on their
  // flags) and Tensor.register_hook (it takes a function).
  static bool builtin_tensor_method(const std::string& n) {
    return n == "Tensor.unique" || n == "Tensor.unique_consecutive" || n == "Tensor.register_hook" || n == "Tensor.type";
  }
  void check_function_pass(FunctionInfo& f, const std::map<std::string, Symbol>* outer, FrameCtx& ctx);
  // Records that inferred local `name` (a Name expression) needs type `t` from its first
  // binding on: the function is checked again with it. False when `e` is not such a local.
  bool refine_local(const Expr& e, const Type* t);
  // Whether `e`'s element types are still to be learnt from its uses: not a local bound to a
  // non-empty literal whose Any elements are its own mixed values (Symbol::literal_elements).
  bool elements_unknown(const Expr& e);
  void holds_optional(const Expr& target, const Type* var_type, const Type* value_type);
  // Note [Refining attributes] (check_module.cpp): the attribute types earlier checks of the
  // program settled on, by attribute_key; whether this check widened one.
  std::map<std::string, const Type*> attribute_presets_;
  bool attributes_refined_ = false;
  std::string attribute_key(const ClassInfo& c, const std::string& name) const;
  // `self.x = v` (or `self.x += v`) where attribute x, typed by an earlier unannotated
  // assignment, does not take `t`: widens it (int to float, None to Optional, a class to a
  // base, a number to a run-time number) and asks for the program to be checked again.
  bool refine_attribute(const Expr& target, const Type* t);
  void check_class(ClassInfo& c);
  void block(const Block& b);
  void stmt(const Stmt& s);
  // Whether control can fall off the end of `b` (false after return/raise/break/continue).
  static bool falls_through(const Block& b);

  // Expressions (check_expr.cpp).
  // Checks `e` and records its type in `e.type` for the emitter.
  const Type* expr(const Expr& e, const Type* expected = nullptr);
  const Type* expr_kind(const Expr& e, const Type* expected);
  const Type* annotation(const Expr& e);
  const Type* annotation_kind(const Expr& e);
  void assign(const Expr& target, const Type* t, const Span& value_span, const Expr* value);
  bool assignable(const Type* from, const Type* to) const;
  const Type* join(const Type* a, const Type* b);
  // The type of `a op b`, or null when the operands do not support it.
  const Type* binary_result(BinOp op, const Type* a, const Type* b);
  // binary_result, or with an Optional operand (Note [Optional used directly]) the result for
  // its non-None type, the operand then checked for None where it is used.
  const Type* binary_result_of(BinOp op, const Expr& ea, const Type* a, const Expr& eb, const Type* b);
  const Type* element_type(const Type* iterable, const Span& at);
  const Type* lookup(const std::string& name, const Span& at);
  const Type* attribute(const Type* base, const Expr& e);
  // torch.X written in Ts (stdlib/torch/_functions.ts: finfo, quantile, ...), or null.
  const Type* torch_library_member(const std::string& n, const Span& at);
  static bool names_class(const Type* t);
  static bool builtin_class(const std::string& n);
  // Narrowing facts from a condition: (name, type) that hold when it is true / false.
  using Facts = std::vector<std::pair<std::string, const Type*>>;
  void conditions(const Expr& cond, Facts* when_true, Facts* when_false);
  void apply(const Facts& f);
  void unnarrow(const std::string& name);
  void loop_checked(const Block& body, const std::function<void()>& check_once);

  // Calls (check_call.cpp).
  const Type* call(const Expr& e);
  void expand_tuple_stars(const Expr& e);
  void gather_tensor_varargs(const std::string& op, const Expr& e);
  bool nonzero_as_tuple(const Expr& e);
  void value_call_args(const Expr& e, bool star);
  const Type* call_function(const FunctionInfo& f, const Expr& e, bool skip_self, const std::string& what,
                            bool skip_ctx = false);
  // Note [Parameter types from calls] (check_builtins.cpp): gives parameter `i` of `f` the type
  // `t` of argument `arg` when calls type it; true when it did (the argument is then taken).
  static bool awaits(const ParamInfo& p) { return p.from_call && !p.bound; }
  const Type* expected_argument(const ParamInfo& p, const Expr& arg);
  void function_argument(const Expr& f, const std::vector<const Type*>& params);
  void dunder_argument(FunctionInfo* f, size_t i, const Expr& arg, const Type* t);
  bool param_from_call(FunctionInfo& f, size_t i, const Expr& arg, const Type* t, const std::string& what);
  void bind_param(ParamInfo& p, const Type* t, const Span& at);
  void unannotated_hint(const FunctionInfo& f, size_t i, const Type* t, Diagnostic& d);
  // Functions and methods whose parameters waited for a call when their module was checked:
  // checked at the end of the program (check_script).
  std::vector<FunctionInfo*> awaiting_;
  const Type* call_builtin(const std::string& name, const Expr& e);
  const Type* map_filter_call(const std::string& n, const Expr& e);
  // Sets (Note [Sets are dicts] in check_python_builtins.cpp).
  const Type* set_call(const Expr& e);
  const Type* set_type(const Type* el);
  const Type* set_method(const std::string& m, const Expr& e);
  const Type* module_function(const std::string& name, const std::vector<const Type*>& args);
  // collections' constructors and the methods of its classes (check_pylib.cpp).
  const Type* collections_call(const std::string& name, const Expr& e, const std::vector<const Type*>& args);
  // itertools, functools and copy (check_pylib.cpp): they check their arguments themselves, so a
  // lambda argument gets parameter types from the others (`reduce(lambda a, b: a + b, xs)`).
  const Type* pylib_call(const std::string& name, const Expr& e);
  // collections.OrderedDict / defaultdict / Counter / deque named in an annotation: the named
  // container type with Any elements; null for other types.
  const Type* collections_class(const Type* t);
  // `namedtuple("Point", ["x", "y"])`: the class (a Builtin named kNamedTupleClass whose
  // argument is the tuple type); a call of it (Note [namedtuple] in check_pylib.cpp).
  const Type* namedtuple_class(const Expr& call);
  const Type* namedtuple_new(const Type* cls, const Expr& call);
  const Type* namedtuple_method(const std::string& n, const Expr& call);
  static constexpr const char* kNamedTupleClass = "collections.namedtuple.class";
  // A lambda checked with these parameter types (then cleared), else Tensor or Any (check_value.cpp).
  std::vector<const Type*> lambda_params_;
  // A call of a math module function: arguments, keywords and the result (math_functions()).
  const Type* math_call(const struct MathFunction& f, const Expr& e, const std::vector<const Type*>& args);
  // The forward method that calling an instance of `c` runs, when `c` is an nn.Module.
  // torch.nn.Module itself (not a subclass): what indexing a Sequential or ModuleList and an
  // `nn.Module` annotation give. Note [Module attributes at run time] in check_call.cpp.
  bool is_module_base(const ClassInfo* c) const;
  // `m.parameters()` and the other Module methods that return generators in PyTorch (lists in
  // Ts): next() of such a call takes the first element.
  bool module_generator_call(const Expr& e) const;
  // issubclass(A, B) of classes named in the script (Note [issubclass]); nullopt when an
  // argument is not a class known here.
  std::optional<bool> static_subclass(const Expr& cls, const Expr& of) const;
  // f(**mapping): the mapping's check, and whether a call has one.
  void mapping_argument(const Expr& e);
  static bool spreads_keywords(const Expr& e);
  // A callee whose `**mapping` call the runtime can bind: a Ts function, method or class.
  bool binds_at_run_time(const Type* callee) const;
  // functools.wraps(fn)(wrapper), the call a `@functools.wraps(fn)` decorator becomes.
  static bool wraps_call(const Expr& e);
  // The type of a literal: a number, string, bool, or a tuple of them (`-1` and `(3, 3)` count);
  // null for anything else. Hoisted module constants and parameter defaults are literals.
  const Type* literal_type(const Expr& e);
  FunctionInfo* module_forward(const ClassInfo* c) const;
  // Whether calling an instance of `c` runs a forward only its run-time class knows: the one
  // found is nn.Module's own placeholder.
  bool forward_at_run_time(const ClassInfo* c) const;
  // `self.register_buffer("name", v)`, `self.register_parameter("name", p)` or
  // `self.add_module("name", m)`: the attribute name it declares, else null.
  static const std::string* registered_attribute(const Expr& call);
  // `super().__init__(...)` in a method of `cls`, an exception class whose bases define no
  // `__init__`: the builtin exception's initializer, which sets `self.args`.
  static bool exception_super_init(const Expr& call, const ClassInfo* cls);
  // Whether `t` names an exception class: a builtin one (`ValueError`) or a class deriving from
  // one; Any and Error pass (checked at run time or already reported).
  static bool exception_class(const Type* t);
  const Type* known_target_type(const Expr& target);
  // Whether `c` derives from torch.autograd.Function (stdlib/torch/autograd).
  bool is_autograd_function(const ClassInfo* c) const;
  const Type* call_op(const std::string& name, bool method, const Expr& e);
  const Type* op_return(const ops::OpDef& op);
  std::vector<std::string> tensor_members() const;
  const Type* tensor_attribute(const std::string& name);

  SourceManager& sm;
  Diagnostics& diags_;
  std::vector<std::string> search_path_;
  std::map<std::string, std::unique_ptr<LoadedModule>> modules_;  // by canonical path
  std::vector<LoadedModule*> order_;
  // Model archives: user modules come only from given_text_, never from the disk.
  bool given_only_ = false;
  // Model archives not trusted: code outside the standard library may use only what the archive
  // allow-list names (Note [Archive code has no I/O]; check/sandbox.cpp).
  bool restricted_ = false;
  bool restricted(const Span& s) const;
  // Restricted code names builtin or library function `t` (at `e`), calls library function `f`,
  // or calls a method of an Any value: reports what is not allowed; in library code, records
  // what it names and calls for its callers.
  void sandbox_builtin(const Type* t, const Expr& e);
  void sandbox_call(const FunctionInfo& f, const Expr& e, const std::string& what);
  void sandbox_dynamic_call(const Expr& e);
  // The builtin outside the allow-list that `f` reaches through its calls (empty: none).
  std::string reaches_io(const FunctionInfo& f) const;
  std::map<std::string, std::string> given_text_;  // scripts given as text (tsrun -c), by path  // modules in the order their checking finished (imports first)
  std::map<std::string, std::unique_ptr<ModuleInfo>> builtin_modules_;
  std::deque<ClassInfo> classes_;
  std::deque<FunctionInfo> functions_;
  std::deque<std::map<std::string, Symbol>> scopes_;
  std::map<std::string, Symbol>* globals_ = nullptr;  // the module being checked
  LoadedModule* current_module_ = nullptr;
  FrameCtx* frame_ = nullptr;
  std::map<std::string, const Type*> narrowed_;
  int depth_ = 0;
};

}  // namespace ts::frontend
