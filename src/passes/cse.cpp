// Common subexpression elimination: a pure node equal to one that dominates it (same kind,
// attributes, op, inputs and output types) is replaced by it. Nodes that read mutable data
// (tensor ops, list reads) only match within one "epoch": any node with side effects between
// them, or a loop whose body has side effects, starts a new one. Nodes that make new tensors
// match only when both results are only read (never written, returned or stored).
#include <cstring>
#include <unordered_map>
#include <string>

#include "passes/common.h"
#include "passes/passes.h"

namespace ts::passes {

using namespace ir;

namespace {

class Cse {
 public:
  bool run(Graph& g) {
    Scope top{nullptr, {}};
    visit(*g.block(), top);
    return changed_;
  }

 private:
  struct Scope {
    const Scope* parent;
    std::unordered_map<std::string, Node*> table;
  };

  Node* lookup(const Scope* s, const std::string& key) {
    for (; s; s = s->parent) {
      auto it = s->table.find(key);
      if (it != s->table.end()) return it->second;
    }
    return nullptr;
  }

  // Pointers and numbers are appended as raw bytes: keys are compared, never printed.
  static void put(std::string& k, const void* p) {
    k.append(reinterpret_cast<const char*>(&p), sizeof p);
  }

  std::string key(const Node& n) {
    std::string k = n.kind;
    k += '|';
    put(k, n.op);
    // Counts make the variable-length parts unambiguous.
    size_t counts[3] = {n.attrs.size(), n.inputs.size(), n.outputs.size()};
    k.append(reinterpret_cast<const char*>(counts), sizeof counts);
    for (const auto& [name, v] : n.attrs) {
      k += name;
      k += '=';
      k += ivalue_key(v);
      k += ';';
    }
    k += '|';
    for (const Value* v : n.inputs) put(k, v);
    k += '|';
    for (const Value* v : n.outputs) put(k, v->type);
    if (reads_memory(n)) {
      k += "|e";
      k.append(reinterpret_cast<const char*>(&epoch_), sizeof epoch_);
    }
    return k;
  }

  // The node makes new mutable objects (tensors, lists): sharing them is safe only while no
  // one writes to or keeps either of them (see only_read).
  static bool fresh_objects(const Node& n) {
    for (const Value* o : n.outputs)
      if (is_mutable_type(o->type)) return true;
    return false;
  }
  static bool all_read_only(const Node& n) {
    for (const Value* o : n.outputs)
      if (is_mutable_type(o->type) && !only_read(o)) return false;
    return true;
  }

  bool eligible(const Node& n) {
    if (!is_pure(n) || !n.blocks.empty()) return false;
    // Mutable constants (lists) must stay distinct objects.
    for (const Value* o : n.outputs)
      if (n.is("prim::Constant") && (o->type->kind == TypeKind::List || o->type->kind == TypeKind::Dict))
        return false;
    return true;
  }

  void visit(Block& b, Scope& scope) {
    for (Node* n : b) {
      if (!n->blocks.empty()) {
        bool effects = has_side_effects(*n);
        // A loop body runs again after its own writes: it starts in a fresh epoch.
        if (n->is("prim::Loop") && effects) ++epoch_;
        for (Block* s : n->blocks) {
          Scope inner{&scope, {}};
          visit(*s, inner);
        }
        if (effects) ++epoch_;
        continue;
      }
      if (!eligible(*n)) {
        if (has_side_effects(*n)) ++epoch_;
        continue;
      }
      std::string k = key(*n);
      Node* prev = lookup(&scope, k);
      if (prev && fresh_objects(*n) && !(all_read_only(*n) && all_read_only(*prev))) prev = nullptr;
      if (prev) {
        replace_node(n, prev->outputs);
        changed_ = true;
      } else {
        scope.table.emplace(std::move(k), n);
      }
    }
  }

  size_t epoch_ = 0;
  bool changed_ = false;
};

}  // namespace

bool cse(Graph& g) { return Cse().run(g); }

}  // namespace ts::passes
