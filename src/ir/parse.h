// Reads the text `to_string(const Graph&)` prints back into a Graph (pytorch-facts.md §2.2).
#pragma once

#include <functional>
#include <memory>
#include <string>

#include "ir/ir.h"

namespace ts::ir {

// Parses one graph. Value names are kept (`%x.1` stays `x.1`); numeric names get fresh ids.
// `aten::` nodes get `Node::op` from the registry by matching input types, except scalar
// arithmetic (no Tensor in or out); no fitting overload for a Tensor input is an error.
// Class types (`__torch__.Net`) become placeholder classes known by name only.
// Malformed text is a ts::Error naming the line and column and what was expected.
std::unique_ptr<Graph> parse_graph(const std::string& text);

// As above; `prim::CallFunction[fn="qualname"]` nodes get `Node::fn` from `resolve` (an
// unknown name is an error). Used by tests to build callers of other parsed graphs.
using FunctionResolver = std::function<Function*(const std::string& qualname)>;
std::unique_ptr<Graph> parse_graph(const std::string& text, const FunctionResolver& resolve);

// The type a spelling such as `int[]`, `(int, float)`, `Dict(str, int)` or `Tensor?` names.
const Type* parse_type(const std::string& text);

}  // namespace ts::ir
