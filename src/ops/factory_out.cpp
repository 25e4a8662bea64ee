// torch.zeros(3, dtype=torch.float64, out=t) and the other factory functions: PyTorch's Python
// binding accepts dtype/layout/device next to out= and checks them against out
// (check_out_type_matches), although the aten out= schemas have no such arguments. For each
// factory's out= overload this registers a twin "<overload>_dtype" taking them too, which checks
// them and runs the out= overload; tsc and the dynamic call path both see it.
#include <string>

#include "ops/registry.h"
#include "util/error.h"

namespace ts::ops {
namespace {

const char* const kFactories[] = {"zeros", "ones",     "full",  "empty", "arange", "range", "linspace",
                                  "logspace", "eye", "rand", "randn", "randint", "randperm"};
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

void add_twins(Registry& r) {
  for (const char* name : kFactories) {
    std::vector<const OpDef*> outs;
    for (const OpDef* op : r.overloads(name))
      if (op->schema.is_out() && op->schema_text.find("ScalarType") == std::string::npos)
        outs.push_back(op);
    for (const OpDef* op : outs) {
      std::string text = op->schema_text;
      size_t paren = text.find('('), at = text.rfind("Tensor(a!) out");
      TS_INTERNAL_ASSERT(paren != std::string::npos && at != std::string::npos, "factory schema ", text);
      text.insert(at, kOptions);
      text.insert(paren, "_dtype");
      // dtype, layout, device, pin_memory sit just before out, the last argument.
      BoxedFn run = op->fn;
      OpDef& twin = r.def(text, [run](Stack& s) {
        const size_t n = s.size();
        check_matches(s[n - 5], s[n - 3], s[n - 1].to_tensor());
        s.erase(s.begin() + std::ptrdiff_t(n - 5), s.begin() + std::ptrdiff_t(n - 1));
        run(s);
      });
      twin.not_differentiable();
    }
  }
}

}  // namespace

TS_REGISTER_OPS(factory_out) { r.defer(add_twins); }

}  // namespace ts::ops
