// Common subexpression elimination: a pure node equal to one that dominates it (same kind,
// attributes, op, inputs and output types) is replaced by it. Nodes that read mutable data
// (tensor ops, list reads) only match within one "epoch": any node with side effects between
// them, or a loop whose body has side effects, starts a new one. Nodes that make new tensors
// match only when both results are only read (never written, returned or stored).
#include <functional>
#include <string>
#include <unordered_map>

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
  // A node's identity for matching: what it computes (kind, op, attributes, inputs, output
  // types) and, for nodes that read mutable data, the epoch it reads in. Hashed once; compared
  // field by field only when hashes agree (no key strings are built).
  struct Key {
    const Node* n;
    size_t epoch;  // 0 for nodes that read nothing mutable, else epoch_ + 1
    size_t hash;
  };
  struct KeyHash {
    size_t operator()(const Key& k) const { return k.hash; }
  };
  struct KeyEq {
    bool operator()(const Key& a, const Key& b) const {
      const Node& x = *a.n;
      const Node& y = *b.n;
      if (a.epoch != b.epoch || x.op != y.op || x.kind != y.kind || x.inputs != y.inputs ||
          x.outputs.size() != y.outputs.size() || x.attrs.size() != y.attrs.size())
        return false;
      for (size_t i = 0; i < x.outputs.size(); ++i)
        if (x.outputs[i]->type != y.outputs[i]->type) return false;
      for (size_t i = 0; i < x.attrs.size(); ++i)
        if (x.attrs[i].first != y.attrs[i].first || ivalue_key(x.attrs[i].second) != ivalue_key(y.attrs[i].second))
          return false;
      return true;
    }
  };
  struct Scope {
    const Scope* parent;
    std::unordered_map<Key, Node*, KeyHash, KeyEq> table;
  };

  Node* lookup(const Scope* s, const Key& key) {
    for (; s; s = s->parent) {
      auto it = s->table.find(key);
      if (it != s->table.end()) return it->second;
    }
    return nullptr;
  }

  Key key(const Node& n) {
    auto mix = [](size_t h, size_t x) { return h ^ (x + 0x9e3779b97f4a7c15ULL + (h << 6) + (h >> 2)); };
    size_t h = std::hash<std::string>()(n.kind);
    h = mix(h, std::hash<const void*>()(n.op));
    for (const auto& [name, v] : n.attrs) h = mix(mix(h, std::hash<std::string>()(name)), constant_hash(v));
    for (const Value* v : n.inputs) h = mix(h, std::hash<const void*>()(v));
    for (const Value* v : n.outputs) h = mix(h, std::hash<const void*>()(v->type));
    size_t epoch = reads_memory(n) ? epoch_ + 1 : 0;
    return {&n, epoch, mix(h, epoch)};
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
      Key k = key(*n);
      Node* prev = lookup(&scope, k);
      if (prev && fresh_objects(*n) && !(all_read_only(*n) && all_read_only(*prev))) prev = nullptr;
      if (prev) {
        replace_node(n, prev->outputs);
        changed_ = true;
      } else {
        scope.table.emplace(k, n);
      }
    }
  }

  size_t epoch_ = 0;
  bool changed_ = false;
};

}  // namespace

bool cse(Graph& g) { return Cse().run(g); }

}  // namespace ts::passes
