// What the passes need to know about nodes: purity, side effects, constants (common.cpp).
#pragma once

#include <string>

#include "ir/ir.h"

namespace ts::passes {

// Pure (README of src/ir): same inputs give the same result and nothing else happens, so the
// node may be folded, shared and moved (moving still asks may_raise and reads_memory).
// Runs `sweep` (which returns whether it changed the graph) until nothing changes, at most
// 100 times; returns whether anything changed.
template <class F>
bool run_to_fixpoint(F sweep) {
  bool any = false;
  for (int round = 0; round < 100 && sweep(); ++round) any = true;
  return any;
}

// One walk of constprop or peephole (the passes repeat it until nothing changes; the -O
// pipeline's cleanup loop repeats anyway, so it calls one walk each round).
bool constprop_sweep(ir::Graph& g);
bool peephole_sweep(ir::Graph& g);

bool is_pure(const ir::Node& n);
// Reads data that can change between two executions (tensor contents, list elements): sharing
// or hoisting such a node needs no writes in between.
bool reads_memory(const ir::Node& n);
// May raise at run time for values the graph does not pin down: division, indexing, parsing
// casts, int arithmetic that may overflow 64 bits, every tensor op that checks shapes, dtypes
// or indices. Such a node is never deleted, folded away or moved where it might not have run
// (README, Note [What may raise]). The one place that decides it.
bool may_raise(const ir::Node& n);
// An unused node of this kind may be deleted if it cannot raise: pure, or an allocation such as
// ListConstruct.
bool removable(const ir::Node& n);
// The node (or something in its blocks) writes, acts or calls: not removable.
bool has_side_effects(const ir::Node& n);
// A prim::Loop that surely ends: a counted loop (any trip count but the INT64_MAX of `while`).
bool terminates(const ir::Node& loop);
// DCE must keep the node although its results are unused: side effects, a node that may raise,
// a loop that may not end, or control flow holding one of those.
bool must_keep(const ir::Node& n);

// Every use of `v` only reads it, also through views and tuples of it: it is not returned,
// stored, passed to a call or written. Merging or hoisting the node that makes a fresh mutable
// value (a tensor) is safe only then, as two results would become one object.
bool only_read(const ir::Value* v, int depth = 0);

// The value of a prim::Constant output (None for a value-less constant), else null.
const IValue* constant_value(const ir::Value* v);
bool is_constant(const ir::Value* v, int64_t i);
bool is_constant_true(const ir::Value* v);
// A new prim::Constant of type `t` inserted before `at`.
ir::Value* insert_constant(ir::Graph& g, const IValue& v, const ir::Type* t, ir::Node* at);
// Whether a constant of this IValue may be given IR type `t` (int for int, float for float...).
bool constant_fits(const IValue& v, const ir::Type* t);
// Lists, dicts, objects: values a node can mutate (constants of these are never shared).
bool is_mutable_type(const ir::Type* t);

// Equality of constants for merging them: the same kind (bool, int, float, str, None, list,
// tuple, device, dtype) and value, floats by bit pattern (0.0 and -0.0 differ, a nan equals
// itself), lists and tuples item by item; tensors and other objects only as the same object.
bool constant_equal(const IValue& a, const IValue& b);
// A hash equal for constants constant_equal calls equal.
size_t constant_hash(const IValue& v);

// Replaces all uses of `n`'s outputs by `with` (same count) and destroys `n`.
void replace_node(ir::Node* n, const std::vector<ir::Value*>& with);

// Counts the nodes in a block, sub-blocks included, stopping once past `limit`.
size_t block_size(const ir::Block& b, size_t limit);

}  // namespace ts::passes
