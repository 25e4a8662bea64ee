// The SSA intermediate representation, shaped like PyTorch's graphs (see
// ../shared/reference/pytorch-facts.md §2): a Graph owns Nodes, Values and Blocks; control flow
// is structured (prim::If, prim::Loop) and block outputs play the role of phi nodes.
#pragma once

#include <deque>
#include <map>
#include <memory>
#include <new>
#include <optional>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

#include "ir/symbol.h"
#include "ir/type.h"
#include "ops/ivalue.h"

namespace ts::ops {
struct OpDef;
}

namespace ts::ir {

struct Node;
struct Block;
class Graph;
struct Function;

// The script text a node came from (for `# file:line:col` comments and tracebacks).
struct SourceFile {
  std::string path;
  std::string text;
  std::string line(int n) const;  // 1-based, without the newline; empty when out of range
};
struct InlinedAt;
struct SourceLoc {
  const SourceFile* file = nullptr;
  int line = 0, col = 0;  // 1-based; 0 = unknown
  // For a node copied into a caller by inlining: the function it came from and the call site
  // (itself possibly inlined further), so tracebacks keep every frame.
  std::shared_ptr<const InlinedAt> inlined_at;
};
struct InlinedAt {
  std::string function;  // "f", "Net.forward"
  SourceLoc call;
};
// `loc` with `outer` appended at the end of its inlined-at chain.
SourceLoc append_inlined_at(const SourceLoc& loc, const std::shared_ptr<const InlinedAt>& outer);

struct Use {
  Node* user;
  size_t index;
};

// A value's debug name ("x.1"). Most values have none, so it is held by pointer: 8 bytes in
// every Value instead of a string's 32 (Note [Graph memory] in README.md).
class DebugName {
 public:
  DebugName() = default;
  DebugName(DebugName&&) noexcept = default;
  DebugName& operator=(DebugName&&) noexcept = default;
  DebugName& operator=(std::string s) {
    if (s.empty()) s_.reset();
    else s_ = std::make_unique<std::string>(std::move(s));
    return *this;
  }
  bool empty() const { return !s_; }
  const std::string& str() const;  // "" when empty
  operator const std::string&() const { return str(); }  // NOLINT

 private:
  std::unique_ptr<std::string> s_;
};

struct Value {
  Node* node = nullptr;  // defining node (prim::Param for block inputs)
  const Type* type = nullptr;
  DebugName name;  // empty: printed as its number
  size_t id = 0;
  std::vector<Use> uses;
  uint32_t offset = 0;  // index among its node's outputs
  uint32_t mark = 0;  // scratch for a pass: equal to the pass's Graph::fresh_mark() when set
  void replace_all_uses_with(Value* other);
  void set_name(const std::string& base);  // "x" becomes "x.N", unique in the graph
};

struct Node {
  Symbol kind;  // "aten::add", "prim::If", ... (reads as a string; ir/symbol.h)
  uint32_t mark = 0;  // scratch for a pass: equal to the pass's Graph::fresh_mark() when set
  std::vector<Value*> inputs, outputs;
  std::vector<Block*> blocks;
  std::vector<std::pair<Symbol, IValue>> attrs;  // in print order
  SourceLoc loc;
  Block* owner = nullptr;
  Node *prev = nullptr, *next = nullptr;
  // Resolved targets: the registry entry of an aten:: node (null: resolved at run time by
  // name), the callee of prim::CallFunction.
  const ops::OpDef* op = nullptr;
  Function* fn = nullptr;
  Graph* graph = nullptr;

  Value* add_input(Value* v);
  void replace_input(size_t i, Value* v);
  void remove_input(size_t i);
  void remove_all_inputs();
  Value* add_output(const Type* t);
  void erase_output(size_t i);  // must be unused
  Block* add_block();
  const IValue* attr(Symbol name) const;
  const IValue* attr(std::string_view name) const;
  void set_attr(Symbol name, IValue v);
  void set_attr(std::string_view name, IValue v) { set_attr(Symbol(name), std::move(v)); }
  // Unlinks the node (its outputs must be unused), drops its uses and its blocks.
  void destroy();
  void insert_before(Node* n);  // puts this node before n (this node must be unlinked)
  void insert_after(Node* n);
  void move_before(Node* n);
  bool in_block() const { return owner != nullptr; }
  bool is(Symbol k) const { return kind == k; }
  bool is(std::string_view k) const { return kind.str() == k; }
};

struct Block {
  Graph* graph = nullptr;
  Node* owner = nullptr;  // null for the graph's top block
  Node* param = nullptr;  // prim::Param: its outputs are the block inputs
  Node* ret = nullptr;    // prim::Return: its inputs are the block outputs; the list sentinel

  const std::vector<Value*>& inputs() const;
  const std::vector<Value*>& outputs() const;
  Value* add_input(const Type* t, const std::string& name = {});
  void erase_input(size_t i);
  size_t add_output(Value* v);
  void erase_output(size_t i);
  void append(Node* n);   // at the end, before the return sentinel
  void prepend(Node* n);
  Node* front() const { return ret->next; }
  Node* back() const { return ret->prev; }
  bool empty() const { return ret->next == ret; }

  // Range-for over the nodes; safe against destroying the current node.
  struct Iter {
    Node* n;
    Node* next;
    Node* operator*() const { return n; }
    Iter& operator++() {
      n = next;
      next = n->next;
      return *this;
    }
    bool operator!=(const Iter& o) const { return n != o.n; }
  };
  Iter begin() const { return {front(), front()->next}; }
  Iter end() const { return {ret, ret->next}; }
};

// Stable storage for a graph's nodes, values and blocks: objects made one after another lie
// next to each other in chunks, so the passes' walks over a large graph (a 200,000-line script
// makes a million nodes) read memory in order instead of chasing one heap block per object.
// Objects live until the graph does (src/ir/README.md, Note [Graph memory]).
template <class T>
class Arena {
 public:
  Arena() = default;
  Arena(const Arena&) = delete;
  Arena& operator=(const Arena&) = delete;
  ~Arena() {
    for (size_t c = 0; c < chunks_.size(); ++c) {
      size_t n = c + 1 == chunks_.size() ? used_ : chunk_size(c);
      for (size_t i = 0; i < n; ++i) std::launder(reinterpret_cast<T*>(chunks_[c][i].bytes))->~T();
    }
  }
  T* make() {
    if (chunks_.empty() || used_ == chunk_size(chunks_.size() - 1)) {
      chunks_.push_back(std::make_unique_for_overwrite<Slot[]>(chunk_size(chunks_.size())));
      used_ = 0;
    }
    return new (chunks_.back()[used_++].bytes) T();
  }

 private:
  // Chunks grow from 8 objects to 256: a small function's graph stays small.
  static size_t chunk_size(size_t c) { return c >= 5 ? 256 : size_t(8) << c; }
  struct Slot {
    alignas(T) unsigned char bytes[sizeof(T)];
  };
  std::vector<std::unique_ptr<Slot[]>> chunks_;
  size_t used_ = 0;
};

class Graph {
 public:
  Graph();
  Graph(const Graph&) = delete;
  Graph& operator=(const Graph&) = delete;

  Block* block() const { return top_; }
  const std::vector<Value*>& inputs() const { return top_->inputs(); }
  const std::vector<Value*>& outputs() const { return top_->outputs(); }
  Value* add_input(const Type* t, const std::string& name = {}) { return top_->add_input(t, name); }

  // A new unlinked node with `nout` outputs of the given types.
  Node* create(Symbol kind, const std::vector<Value*>& inputs = {},
               const std::vector<const Type*>& out_types = {});
  Node* create(std::string_view kind, const std::vector<Value*>& inputs = {},
               const std::vector<const Type*>& out_types = {}) {
    return create(Symbol(kind), inputs, out_types);
  }
  Block* create_block(Node* owner);
  Value* create_value(Node* n, size_t offset, const Type* t);
  size_t next_id() { return next_id_++; }
  // A number no node or value of this graph has as its `mark` yet: a pass sets marks to it
  // instead of keeping a hash set of visited objects.
  uint32_t fresh_mark() { return ++mark_; }
  std::string unique_name(const std::string& base);
  // A string attribute's value, shared with every equal one set on this graph's nodes before
  // (a 200,000-line script names its module and globals in 400,000 attributes).
  IValue intern(const IValue& s);

  // Deep copy of `from` into this (empty) graph, remapping values.
  void clone_from(const Graph& from);
  // Copies the nodes of `from` (a block of another or the same graph) to before `at`, with
  // `from`'s inputs replaced by `args`; returns the values standing for its outputs.
  std::vector<Value*> inline_block(const Block& from, const std::vector<Value*>& args, Node* at);

 private:
  Arena<Node> nodes_;
  Arena<Value> values_;
  Arena<Block> blocks_;
  std::map<std::string, size_t> name_counts_;
  std::unordered_map<std::string_view, IValue> strings_;  // keys view the values' strings
  size_t next_id_ = 0;
  uint32_t mark_ = 0;
  Block* top_ = nullptr;
};

// A compiled function or method: its graph plus what calls need to bind arguments.
struct Param {
  std::string name;
  const Type* type = nullptr;
  bool has_default = false;
  bool default_const = false;  // default_value holds the default (a literal); calls through Any use it
  IValue default_value;
  bool kwonly = false;
  bool vararg = false;  // *args: a call through a function value gathers the extra arguments into a tuple
  bool kwvar = false;   // **kwargs: a Dict[str, V] of the keyword arguments no other parameter takes
};
struct ClassType;
struct Function {
  std::string name;       // "forward"
  std::string qualname;   // "__torch__.Net.forward"
  std::vector<Param> params;  // methods: params[0] is self
  const Type* ret = nullptr;
  std::unique_ptr<Graph> graph;
  ClassType* owner = nullptr;
  SourceLoc loc;
  bool is_static = false;
  bool is_property = false;  // @property: getattr(obj, name) calls it; another method is bound
  std::optional<std::string> doc;  // its docstring: `__doc__`
  // The runtime's register code for this function (runtime/interp.h Code), opaque here.
  std::shared_ptr<void> code;
};

struct ClassType {
  std::string name;      // "Net"
  std::string qualname;  // "__torch__.Net"
  std::string module;    // the script module that defines it: "__main__", "model", "torch.nn.linear"
  SourceLoc loc;         // its `class` statement
  ClassType* base = nullptr;
  std::vector<std::pair<std::string, const Type*>> attrs;  // slot order (base's first)
  std::map<std::string, Function*> methods;                 // own and inherited
  // An exception class (its bases lead to a builtin exception class): that builtin class's
  // name ("Exception", "ValueError"); empty for other classes. ir/exceptions.h, Note [User
  // exception classes].
  std::string exception_base;
  // Whether it or a base has class attributes (Note [Class attributes] in emit_module.cpp):
  // an instance made at run time from the class as a value cannot set them up yet.
  bool has_class_attrs = false;
  size_t slot(const std::string& attr) const;               // attrs.size() when absent
  // Its module-qualified name, as type(x) and class values carry it ("__main__.Net"), or the
  // bare name when it has no module.
  std::string python_name() const { return module.empty() ? name : module + "." + name; }
  Function* method(const std::string& n) const;
  bool derives_from(const ClassType* other) const;
};

// The module-level state of one script file: its global variables live in slots.
struct ModuleUnit {
  std::string name;  // "__main__", "model", ...
  std::string path;  // the script file ("<stdlib>/torch/nn/__init__.ts" for the standard library)
  std::vector<std::string> globals;  // slot order
  Function* init = nullptr;          // the top-level code
  size_t slot(const std::string& n);  // adds when absent

 private:
  std::unordered_map<std::string, size_t> slot_of_;  // globals' indices (a script may have 100k)
};

// Everything compiled from one program: functions, classes, modules, source files.
struct Program {
  std::deque<Function> functions;
  std::deque<ClassType> classes;
  std::deque<ModuleUnit> modules;  // in initialisation order (imports first); the last is main
  std::deque<SourceFile> files;
  Function* add_function(std::string name, std::string qualname);
  ClassType* add_class(std::string name, std::string qualname);
};

// Printing in PyTorch's format (print.cpp).
std::string to_string(const Graph& g);
std::string to_string(const Function& f);  // "def name" header line, then the graph
std::string to_string(const Node& n);
// Checks SSA dominance, block arities, types of control-flow outputs, use lists; returns the
// problems found (empty: valid).
std::vector<std::string> verify(const Graph& g);

}  // namespace ts::ir
