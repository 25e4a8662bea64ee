// PyTorch's public names (pytorch_names.inc, generated from PyTorch by tools/gen_pytorch_names)
// and the one message for a PyTorch name Ts does not have yet.
#include <algorithm>
#include <iterator>
#include <string_view>

#include "frontend/check/checker.h"
#include "ops/registry.h"

namespace ts::frontend {

namespace {

constexpr std::string_view kPyTorchNames[] = {
#include "frontend/check/pytorch_names.inc"
};

}  // namespace

bool pytorch_has(std::string_view dotted) {
  return std::binary_search(std::begin(kPyTorchNames), std::end(kPyTorchNames), dotted);
}

std::vector<std::string> pytorch_members(std::string_view module) {
  std::vector<std::string> out;
  std::string prefix = std::string(module) + ".";
  for (std::string_view n : kPyTorchNames)
    if (n.starts_with(prefix) && n.find('.', prefix.size()) == std::string_view::npos) out.emplace_back(n.substr(prefix.size()));
  return out;
}

const Type* Checker::not_available(const Span& at, const std::string& dotted) {
  auto& d = error(at, "`" + dotted + "` is not available in tsrun yet");
  // torch.special.erf, torch.linalg.x...: the top-level torch function of that name, where Ts has it.
  std::string last = dotted.substr(dotted.rfind('.') + 1);
  if (dotted.starts_with("torch.") && dotted.find('.', 6) != std::string::npos)
    for (const auto* op : ops::Registry::get().overloads(last))
      if (op->is_function) {
        d.hints.push_back("`torch." + last + "` is available");
        break;
      }
  return types.error();
}

}  // namespace ts::frontend
