// Common subexpression elimination: a pure node equal to one that dominates it (same kind,
// attributes, op, inputs and output types) is replaced by it. Nodes that read mutable data
// (tensor ops, list reads) only match within one "epoch": any node with side effects between
// them, or a loop whose body has side effects, starts a new one. Nodes that make new tensors
// match only when both results are only read (never written, returned or stored).
#include <functional>
#include <string>
#include <vector>

#include "passes/common.h"
#include "passes/passes.h"

namespace ts::passes {

using namespace ir;

namespace {

class Cse {
 public:
  bool run(Graph& g) {
    heads_.assign(1024, 0);
    visit(*g.block(), 0);
    return changed_;
  }

 private:
  // The nodes available for reuse, in one scoped hash table (README.md, Note [Scale]): a
  // node's identity for matching is what it computes (kind, op, attributes, inputs, output
  // types) and, for nodes that read mutable data, the epoch it reads in. Hashed once; compared
  // field by field only when hashes agree. Entries chain per bucket, newest first, so a lookup
  // meets the innermost block's entries before those of the blocks around it, and leaving a
  // block pops its entries (each is then the head of its chain).
  struct Entry {
    size_t hash;
    size_t epoch;  // 0 for nodes that read nothing mutable, else epoch_ + 1
    Node* n;
    uint32_t next;   // the entry below in the same bucket, plus 1 (0: none)
    uint32_t depth;  // block nesting depth of the scope that holds it
  };

  static bool same(const Entry& e, const Node& y, size_t hash, size_t epoch) {
    const Node& x = *e.n;
    if (e.hash != hash || e.epoch != epoch || x.op != y.op || x.kind != y.kind || x.inputs != y.inputs ||
        x.outputs.size() != y.outputs.size() || x.attrs.size() != y.attrs.size())
      return false;
    for (size_t i = 0; i < x.outputs.size(); ++i)
      if (x.outputs[i]->type != y.outputs[i]->type) return false;
    for (size_t i = 0; i < x.attrs.size(); ++i)
      if (x.attrs[i].first != y.attrs[i].first || !constant_equal(x.attrs[i].second, y.attrs[i].second))
        return false;
    return true;
  }

  // The innermost entry equal to `n`, or null.
  const Entry* lookup(const Node& n, size_t hash, size_t epoch) const {
    for (uint32_t i = heads_[hash & (heads_.size() - 1)]; i; i = entries_[i - 1].next)
      if (same(entries_[i - 1], n, hash, epoch)) return &entries_[i - 1];
    return nullptr;
  }

  void insert(Node* n, size_t hash, size_t epoch, uint32_t depth) {
    if (entries_.size() >= heads_.size()) {  // grow, rebuilding the chains newest first
      heads_.assign(heads_.size() * 2, 0);
      for (size_t i = 0; i < entries_.size(); ++i) {
        uint32_t& head = heads_[entries_[i].hash & (heads_.size() - 1)];
        entries_[i].next = head;
        head = uint32_t(i + 1);
      }
    }
    uint32_t& head = heads_[hash & (heads_.size() - 1)];
    entries_.push_back({hash, epoch, n, head, depth});
    head = uint32_t(entries_.size());
  }

  // Drops the entries made after the first `keep`.
  void pop_to(size_t keep) {
    while (entries_.size() > keep) {
      const Entry& e = entries_.back();
      heads_[e.hash & (heads_.size() - 1)] = e.next;
      entries_.pop_back();
    }
  }

  size_t hash(const Node& n, size_t epoch) const {
    auto mix = [](size_t h, size_t x) { return h ^ (x + 0x9e3779b97f4a7c15ULL + (h << 6) + (h >> 2)); };
    size_t h = std::hash<Symbol>()(n.kind);
    h = mix(h, std::hash<const void*>()(n.op));
    for (const auto& [name, v] : n.attrs) h = mix(mix(h, std::hash<Symbol>()(name)), constant_hash(v));
    for (const Value* v : n.inputs) h = mix(h, std::hash<const void*>()(v));
    for (const Value* v : n.outputs) h = mix(h, std::hash<const void*>()(v->type));
    h = mix(h, epoch);
    return h ^ (h >> 29);  // the table indexes by the low bits
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
      if (n.is(kinds::Constant) && (o->type->kind == TypeKind::List || o->type->kind == TypeKind::Dict))
        return false;
    return true;
  }

  void visit(Block& b, uint32_t depth) {
    for (Node* n : b) {
      if (!n->blocks.empty()) {
        bool effects = has_side_effects(*n);
        // A loop body runs again after its own writes: it starts in a fresh epoch.
        if (n->is(kinds::Loop) && effects) ++epoch_;
        for (Block* s : n->blocks) {
          size_t keep = entries_.size();
          visit(*s, depth + 1);
          pop_to(keep);
        }
        if (effects) ++epoch_;
        continue;
      }
      if (!eligible(*n)) {
        if (has_side_effects(*n)) ++epoch_;
        continue;
      }
      size_t epoch = reads_memory(*n) ? epoch_ + 1 : 0;
      size_t h = hash(*n, epoch);
      const Entry* found = lookup(*n, h, epoch);
      Node* prev = found ? found->n : nullptr;
      if (prev && fresh_objects(*n) && !(all_read_only(*n) && all_read_only(*prev))) prev = nullptr;
      if (prev) {
        replace_node(n, prev->outputs);
        changed_ = true;
      } else if (!found || found->depth != depth) {  // an equal node of this block stays the one
        insert(n, h, epoch, depth);
      }
    }
  }

  std::vector<Entry> entries_;
  std::vector<uint32_t> heads_;  // a power of two long
  size_t epoch_ = 0;
  bool changed_ = false;
};

}  // namespace

bool cse(Graph& g) { return Cse().run(g); }

}  // namespace ts::passes
