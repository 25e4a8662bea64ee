// The ctx of a script torch.autograd.Function: wraps the engine's FunctionCtx, with the
// attributes the script sets on it (ctx.k = 3) and needs_input_grad per forward argument.
#pragma once

#include <map>
#include <string>
#include <vector>

#include "autograd/function.h"
#include "ops/ivalue.h"

namespace ts::runtime {

struct ScriptFnCtx : IValue::Object {
  autograd::FunctionCtx* ctx = nullptr;  // owned by the graph node (or the apply call)
  std::vector<bool> needs;               // needs_input_grad, one per forward argument
  std::map<std::string, IValue> attrs;
  std::string type_name() const override { return "FunctionCtx"; }
};

// getattr / setattr / method calls on a ctx (builtins_autograd.cpp); null: not a ctx.
ScriptFnCtx* fn_ctx(const IValue& v);
IValue fn_ctx_getattr(ScriptFnCtx& c, const std::string& name);
void fn_ctx_setattr(ScriptFnCtx& c, const std::string& name, const IValue& v);
IValue fn_ctx_call(ScriptFnCtx& c, const std::string& name, const std::vector<IValue>& args);

}  // namespace ts::runtime
