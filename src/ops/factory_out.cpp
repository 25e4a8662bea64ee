// torch.zeros(3, dtype=torch.float64, out=t) and the other factory functions: PyTorch's Python
// binding accepts dtype/layout/device next to out= and checks them against out
// (check_out_type_matches), although the aten out= schemas have no such arguments. For each
// out= overload of the named factories, add_out_dtype_twins registers a twin "<overload>_dtype"
// taking them too, which checks them and runs the out= overload; tsc, the IR parser and
// ops::call see it like any other overload.
#include <string>
#include <vector>

#include "ops/registry.h"
#include "util/error.h"

namespace ts::ops {
namespace {

constexpr const char* kOptions =
    "ScalarType? dtype=None, Layout? layout=None, Device? device=None, bool? pin_memory=None, ";

void check_matches(const IValue& dtype, const IValue& device, const Tensor& out) {
  if (!dtype.is_none())
    TS_CHECK(dtype.to_dtype() == out.dtype(), "dtype ", scalar_type_name(dtype.to_dtype()),
             " does not match dtype of out parameter (", scalar_type_name(out.dtype()), ")");
  if (!device.is_none())
    TS_CHECK(device.to_device().type == out.device().type, "device ", device.to_device().str(),
             " does not match device of out parameter (", out.device().str(), ")");
}

}  // namespace

void add_out_dtype_twins(Registry& r, std::initializer_list<const char*> factories) {
  for (const char* name : factories) {
    std::vector<const OpDef*> outs;  // collected first: def() grows the overload list
    for (const OpDef* op : r.overloads(name))
      if (op->schema.is_out()) outs.push_back(op);
    TS_INTERNAL_ASSERT(!outs.empty(), "factory ", name, " has no out= overload");
    for (const OpDef* op : outs) {
      std::string text = op->schema_text;
      size_t paren = text.find('('), at = text.rfind("Tensor(a!) out");
      TS_INTERNAL_ASSERT(paren != std::string::npos && at != std::string::npos, "factory schema ", text);
      text.insert(at, kOptions);
      text.insert(paren, "_dtype");
      // dtype, layout, device, pin_memory sit just before out, the last argument.
      BoxedFn run = op->fn;
      r.def(text, [run](Stack& s) {
         const size_t n = s.size();
         check_matches(s[n - 5], s[n - 3], s[n - 1].to_tensor());
         s.erase(s.begin() + std::ptrdiff_t(n - 5), s.begin() + std::ptrdiff_t(n - 1));
         run(s);
       }).not_differentiable();
    }
  }
}

}  // namespace ts::ops
