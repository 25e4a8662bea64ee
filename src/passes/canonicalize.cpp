// Canonicalization: constants on the right of commutative scalar ops (`2 * x` prints as
// `x * 2`, `2 < x` as `x > 2`) so CSE and peephole see one form, immutable constants pooled at
// the top of the graph, and unnamed values renumbered in print order (stable output).
#include <algorithm>
#include <functional>
#include <unordered_map>

#include "passes/common.h"
#include "passes/passes.h"

namespace ts::passes {

using namespace ir;

namespace {

bool numeric(const Value* v) {
  TypeKind k = v->type->kind;
  return k == TypeKind::Int || k == TypeKind::Float || k == TypeKind::Bool;
}

bool swap_operands(Block& b) {
  static constexpr std::pair<Symbol, Symbol> kSwapped[] = {
      {kinds::add, kinds::add}, {kinds::mul, kinds::mul}, {kinds::eq, kinds::eq}, {kinds::ne, kinds::ne},
      {kinds::lt, kinds::gt},   {kinds::gt, kinds::lt},   {kinds::le, kinds::ge}, {kinds::ge, kinds::le}};
  bool changed = false;
  for (Node* n : b) {
    for (Block* s : n->blocks) changed |= swap_operands(*s);
    const auto* it = std::find_if(std::begin(kSwapped), std::end(kSwapped), [&](const auto& p) { return p.first == n->kind; });
    if (it == std::end(kSwapped) || n->op || n->inputs.size() != 2) continue;
    Value *a = n->inputs[0], *c = n->inputs[1];
    if (!numeric(a) || !numeric(c) || !constant_value(a) || constant_value(c)) continue;
    n->replace_input(0, c);
    n->replace_input(1, a);
    n->kind = it->second;
    changed = true;
  }
  return changed;
}

// A constant's identity for pooling: its type and value (constant_equal; a constant
// without a value attribute is None, but stays apart from an explicit `value=None`).
struct ConstantKey {
  const Type* type;
  const IValue* value;
  bool operator==(const ConstantKey& o) const {
    return type == o.type && (value && o.value ? constant_equal(*value, *o.value) : value == o.value);
  }
};
struct ConstantKeyHash {
  size_t operator()(const ConstantKey& k) const {
    return std::hash<const void*>()(k.type) ^ (k.value ? constant_hash(*k.value) * 31 : 0);
  }
};

// Moves immutable constants to the start of the graph, merging equal ones.
bool pool_constants(Graph& g) {
  std::vector<Node*> consts;
  std::vector<Block*> work{g.block()};
  while (!work.empty()) {
    Block* b = work.back();
    work.pop_back();
    for (Node* n : *b) {
      if (n->is(kinds::Constant) && !is_mutable_type(n->outputs[0]->type)) consts.push_back(n);
      for (Block* s : n->blocks) work.push_back(s);
    }
  }
  bool changed = false;
  std::unordered_map<ConstantKey, Node*, ConstantKeyHash> seen;
  Node* insert_after = g.block()->ret;  // the sentinel: insert_after(ret) puts first in the block
  for (Node* n : consts) {
    ConstantKey k{n->outputs[0]->type, n->attr(attr_names::value)};
    auto it = seen.find(k);
    if (it != seen.end()) {
      replace_node(n, it->second->outputs);
      changed = true;
      continue;
    }
    seen.emplace(k, n);
    if (n->prev != insert_after) {
      n->prev->next = n->next;
      n->next->prev = n->prev;
      n->prev = n->next = nullptr;
      n->owner = nullptr;
      n->insert_after(insert_after);
      changed = true;
    }
    insert_after = n;
  }
  return changed;
}

// Every value gets a new id in print order (named ones too, so ids stay unique); only the
// unnamed ones show them.
void renumber(Block& b, size_t& next) {
  for (Value* v : b.inputs()) v->id = next++;
  for (Node* n : b) {
    for (Value* v : n->outputs) v->id = next++;  // printed before the node's blocks
    for (Block* s : n->blocks) renumber(*s, next);
  }
}

}  // namespace

bool canonicalize(Graph& g) {
  bool changed = swap_operands(*g.block());
  changed |= pool_constants(g);
  size_t next = 0;
  renumber(*g.block(), next);
  return changed;
}

}  // namespace ts::passes
