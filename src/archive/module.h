// Loading a model archive from C++: `auto m = ts::load("model.pt"); auto y = m.forward({x});`
// (installed as <ts/archive/module.h>, included by <ts/ts.h>; link with pkg-config ts_script).
#pragma once

#include <string>
#include <vector>

#include "ops/ivalue.h"

namespace ts {

// A module loaded from an archive. Copies share the same module object.
class Module {
 public:
  explicit Module(IValue root) : root_(std::move(root)) {}
  // forward(*inputs); the result is a Tensor, a tuple, ... as the script returns it.
  IValue forward(std::vector<IValue> inputs) const { return run_method("forward", std::move(inputs)); }
  IValue run_method(const std::string& name, std::vector<IValue> inputs) const;
  // Attribute `name` of the module (a submodule, a tensor, a number...).
  IValue attr(const std::string& name) const;
  // The module's state_dict(), in the script's order.
  std::vector<std::pair<std::string, Tensor>> state_dict() const;
  // train(False) / eval() as in the script.
  void eval() const;
  const IValue& value() const { return root_; }

 private:
  IValue root_;
};

struct LoadOptions {
  // Tensors use the file's pages (copy-on-write) instead of being read into memory.
  bool mmap = false;
  // The archive's code may use files, processes and the network (for archives you wrote);
  // otherwise it may use only computations (src/archive/README.md, Note [Archive code has no I/O]).
  bool trusted = false;
};

// Loads a model archive (tsc export, torch.jit.save). Errors are ts::Error with the reason.
Module load(const std::string& path, const LoadOptions& options);
inline Module load(const std::string& path, bool mmap = false) { return load(path, LoadOptions{mmap, false}); }

}  // namespace ts
