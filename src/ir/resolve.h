// Matching a call's static argument types against a registry op's overloads: which overload,
// and which argument feeds each schema parameter.
#pragma once

#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "ir/type.h"

namespace ts::ops {
struct OpDef;
}

namespace ts::ir {

struct OpBinding {
  const ops::OpDef* op = nullptr;
  // Per schema parameter: the positional arguments feeding it (several when ints are packed
  // into an int[], as in `x.view(2, 3)`), or the keyword argument, or neither (its default).
  struct Source {
    std::vector<size_t> positional;
    int keyword = -1;
  };
  std::vector<Source> params;
};

// Binds positional `pos` (for a method call, pos[0] is self) and keyword `kw` arguments to an
// overload of `name`: exact types first, then overloads that wrap numbers as tensors. With
// `only`, just that overload is tried. `method`: called as Tensor.name (self given first).
// `any_variant`: also internal entries that are neither torch.X nor Tensor.X (slice, alias),
// which the emitter uses for indexing.
std::optional<OpBinding> bind_op(const std::string& name, const std::vector<const Type*>& pos,
                                 const std::vector<std::pair<std::string, const Type*>>& kw,
                                 bool method, const ops::OpDef* only = nullptr, bool any_variant = false);

}  // namespace ts::ir
