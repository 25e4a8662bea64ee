// IR emission (internal to frontend/emit): walks the checked AST (every expression carries its
// type and, for op calls, its overload) and builds SSA graphs. Control flow becomes prim::If /
// prim::Loop with block outputs for the variables they assign; break, continue and return
// become flags, and the statements after one that may exit are wrapped in an If on the flag
// (src/frontend/README.md, Note [Exits as flags]).
#pragma once

#include <functional>
#include <optional>
#include <map>
#include <set>
#include <string>
#include <tuple>
#include <vector>

#include "frontend/check/checker.h"
#include "ir/ir.h"

namespace ts::frontend {

// The value of a literal expression (numbers, strings, bools, None, tuples of them).
std::optional<IValue> literal_value(const Expr& e);


// The variables visible in one block: a child env sees its parents' bindings.
struct Env {
  Env* parent = nullptr;
  ir::Block* block = nullptr;
  std::map<std::string, ir::Value*> vars;  // bindings made in this block
  bool raised = false;  // control never leaves this block normally (raise)
  bool exited = false;  // break / continue / return: the rest of the block is skipped
  ir::Value* lookup(const std::string& n) const;
};

// What the function being emitted is.
struct FnCtx {
  ir::Function* fn = nullptr;
  const FunctionInfo* info = nullptr;  // null for module-level code
  ir::ModuleUnit* mod = nullptr;
  const LoadedModule* lmod = nullptr;
  std::set<std::string> locals;    // assigned somewhere in the body (or parameters)
  std::set<std::string> globals;   // declared `global`
  std::vector<std::set<std::string>> comp_scopes;  // comprehension variables
  bool flags = false;   // returns nested in control flow: use $returned / $ret
  int loop_depth = 0;
  const ClassInfo* cls = nullptr;
};

class Emitter {
 public:
  Emitter(Checker& ck, ir::Program& prog, SourceManager& sm);
  void emit_program();

  // ---- modules, classes, functions (emit_module.cpp) ----
  ir::ClassType* class_type(const ClassInfo* c);
  ir::Function* function(const FunctionInfo* f);
  const ir::Type* to_ir(const Type* t);
  ir::ModuleUnit* module_unit(const ModuleInfo* m);
  // Class attributes (Note [Class attributes]): the class of c's chain that gives `name` a
  // class-level value (most derived first), or null; reading and writing that value; giving a
  // new instance every class attribute of its class.
  const ClassInfo* class_attr_owner(const ClassInfo* c, const std::string& name) const;
  ir::Value* class_attr_get(const ClassInfo* owner, const std::string& name, const Span& at);
  void class_attr_set(const ClassInfo* owner, const std::string& name, ir::Value* v, const Span& at);
  void init_class_attrs(ir::Value* obj, const ClassInfo* c, const Span& at);
  void emit_class_body(const ClassInfo& c);
  // self_ref: a nested def that names itself in its body (Note [Nested recursive functions]).
  void emit_function(const FunctionInfo& f, ir::Function* out, const std::vector<std::string>& captures,
                     bool self_ref = false);
  void emit_module_code(LoadedModule& m, ir::ModuleUnit* unit);
  ir::Value* closure(const FunctionInfo& f, const Span& at);
  bool is_local(const std::string& n) const;

  // ---- statements (emit_stmt.cpp) ----
  void stmts(const Block& b, size_t from = 0);
  void stmt(const Stmt& s);
  void assign_to(const Expr& target, ir::Value* v);
  void emit_if(const Expr& test, const Block& body, const Block& orelse, const Span& at);
  void emit_for(const Stmt& s);
  void emit_while(const Stmt& s);
  void loop_else(const Stmt& s, bool has_return);
  std::set<std::string> loop_names(const Stmt& s, bool* ret, bool* exits);
  void emit_with(const Stmt& s);
  struct Handler {
    std::vector<std::string> types;  // empty: any exception
    std::string name;                // `as` name
    std::function<void(ir::Value*)> fn;  // emits the handler body given the exception
  };
  void try_node(const std::function<void()>& body, const std::vector<Handler>& handlers, const Span& at);
  void emit_try(const Stmt& s);
  std::vector<ir::Value*> handled_;  // exceptions of the enclosing except blocks (bare raise)
  void emit_return(ir::Value* v, const Span& at);
  void set_flag(const std::string& n, bool v);
  // Emits `then_fn` / `else_fn` into the two blocks of a prim::If on `cond` and joins the
  // variables they assign (a branch that raises contributes prim::Uninitialized).
  void branch(ir::Value* cond, const std::function<void()>& then_fn, const std::function<void()>& else_fn,
              const Span& at);
  // A value-producing If (conditional expressions, and/or): each side returns its value.
  ir::Value* select(ir::Value* cond, const std::function<ir::Value*()>& then_fn,
                    const std::function<ir::Value*()>& else_fn, const Span& at);
  bool may_exit(const Stmt& s) const;

  // ---- expressions (emit_expr.cpp, emit_call.cpp) ----
  ir::Value* expr(const Expr& e);
  // `e`'s value checked not None where the checker asked (Note [Optional used directly]).
  ir::Value* none_checked(const Expr& e);
  ir::Value* name(const Expr& e);
  ir::Value* binary(BinOp op, ir::Value* a, ir::Value* b, const Expr& e);
  ir::Value* compare(CmpOp op, ir::Value* a, ir::Value* b, const Span& at);
  ir::Value* to_bool(ir::Value* v, const Span& at);
  ir::Value* subscript(const Expr& e);
  void store_subscript(const Expr& target, ir::Value* v);
  ir::Value* tensor_index(ir::Value* self, const Expr& e, ir::Value* store);
  ir::Value* attribute(const Expr& e);
  // A class named as a value (`int`, `torch.Tensor`, `Net`; Checker::names_class): the
  // run-time type that type(x) of its instances is.
  ir::Value* class_value(const Type* t, const Span& at);
  ir::Value* dynamic_method_call(ir::Value* obj, const std::string& name, const Expr& e, const ir::Type* rt);
  // f(..., **mapping): bound at run time (Interp::call_with_keywords).
  ir::Value* keyword_spread_call(const Expr& e, const ir::Type* rt);
  ir::Value* call(const Expr& e);
  ir::Value* call_op(const std::string& name, const Expr& e, ir::Value* self);
  ir::Value* op(const std::string& name, const std::vector<ir::Value*>& args, const Span& at,
                const std::vector<std::pair<std::string, ir::Value*>>& kw = {}, bool method = true);
  std::vector<ir::Value*> bind_call(const FunctionInfo& f, const Expr& e, size_t skip);
  // A new instance of `cls` (prim::CreateObject) with its class attributes (Note [Class
  // attributes]).
  ir::Value* new_object(const ClassInfo* cls, const Span& at);
  // prim::CallMethod of `m` (named `name`) with arguments bind_call bound.
  ir::Node* method_call(const std::vector<ir::Value*>& args, const ir::Type* rt, const FunctionInfo& m,
                        const std::string& name, const Span& at);
  // obj.args = tuple(xs): an exception's arguments (Note [User exception classes]); an element
  // marked true is a sequence whose items are spread there (`*args`).
  void set_exception_args(ir::Value* obj, const std::vector<std::pair<ir::Value*, bool>>& xs, const Span& at);
  ir::Value* builtin(const std::string& name, const std::vector<ir::Value*>& args, const ir::Type* out,
                     const Span& at, const std::vector<std::string>& kw = {});
  ir::Value* comprehension(const Expr& e);
  ir::Value* fstring(const Expr& e);
  // Iteration: the trip count and a function giving element i.
  struct Iteration {
    ir::Value* trips = nullptr;
    std::function<ir::Value*(ir::Value* i)> elem;
    // The iterator protocol (`__iter__`/`__next__`): fetches the next element, false at the end.
    std::function<ir::Value*()> advance;
  };
  Iteration iteration(const Expr& iter);
  // Emits a for-style loop over `it`, calling `body(elem)` inside; carries `carried` names.
  void loop(const Iteration& it, const std::function<void(ir::Value*)>& body, const Span& at,
            const std::set<std::string>& carried, ir::Value* while_cond,
            const std::function<ir::Value*()>& recheck, bool exits);

  // ---- building ----
  ir::Node* add(const std::string& kind, const std::vector<ir::Value*>& in,
                const std::vector<const ir::Type*>& out, const Span& at);
  ir::Value* constant(const IValue& v, const ir::Type* t, const Span& at = {});
  ir::Value* none(const Span& at = {}) { return constant(IValue(), ir::none_type(), at); }
  ir::Value* uninitialized(const ir::Type* t);
  ir::SourceLoc loc(const Span& s);
  [[noreturn]] void unsupported(const Span& at, const std::string& what);

  Checker& ck;
  ir::Program& prog;
  SourceManager& sm;
  Env* env = nullptr;
  FnCtx* ctx = nullptr;
  std::map<const ClassInfo*, ir::ClassType*> classes_;
  std::map<FileId, std::string> module_of_file_;  // the module name of each script file
  std::map<const FunctionInfo*, ir::Function*> functions_;
  std::map<const ModuleInfo*, ir::ModuleUnit*> modules_;
  std::map<const ModuleInfo*, const LoadedModule*> loaded_;
  std::map<const Stmt*, const FunctionInfo*> fn_by_decl_;
  std::map<const Expr*, const FunctionInfo*> fn_by_lambda_;
  std::map<const Stmt*, const ClassInfo*> cls_by_decl_;
  std::set<const FunctionInfo*> toplevel_fns_;  // module-level functions and methods (callable directly)
  std::map<FileId, ir::SourceFile*> files_;
  std::vector<std::pair<const FunctionInfo*, ir::Function*>> pending_;
  // Note [Constants are pooled] (README.md): each graph's scalar constants, made once at the
  // start of its top block; the last of them (new ones go after it).
  struct ConstPool {
    std::map<std::tuple<const ir::Type*, int, int64_t, std::string>, ir::Value*> values;
    ir::Node* last = nullptr;
  };
  std::map<const ir::Graph*, ConstPool> const_pools_;
  bool released_ = false;  // emitting freed enough syntax trees to hand memory back
};


}  // namespace ts::frontend
