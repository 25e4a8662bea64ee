// Copies of script object graphs: copy.deepcopy, and the copy a DataLoader worker gets of the
// program's state (src/runtime/README.md, Note [Values crossing threads]).
#pragma once

#include <unordered_map>
#include <vector>

#include "ops/ivalue.h"

namespace ts::runtime {

class ValueCopier {
 public:
  enum class Mode {
    Deep,  // copy.deepcopy: tensors are cloned (new memory), with requires_grad and Parameter-ness
           // (and a plain tensor's grad, as PyTorch's; a non-leaf is an error)
    Fork,  // a worker's private copy: tensors are new tensor objects over the same memory
  };
  explicit ValueCopier(Mode mode) : mode_(mode) {}

  // The copy of `v`. Lists, tuples, dicts, class instances, closures, generators and exception
  // values are copied; numbers, strings, dtypes and devices are immutable and shared; other
  // native objects (iterators, worker pools, autograd nodes) are shared. A value reached twice
  // (or through a cycle) is copied once, here and in every later call on this copier. The walk
  // keeps its own stack, so data nested a million levels deep copies like flat data.
  IValue copy(const IValue& v);

 private:
  IValue shell(const IValue& v);  // an empty copy of a container, queued to be filled
  void fill(const IValue& src, const IValue& dst);

  Mode mode_;
  std::unordered_map<const void*, IValue> memo_;
  std::vector<std::pair<IValue, IValue>> pending_;  // (original, copy) whose elements are still to copy
  // Dicts are filled last: a tuple key hashes by its elements, so every tuple must be complete.
  struct DictFill {
    IValue dict;
    std::vector<std::pair<IValue, IValue>> items;
  };
  std::vector<DictFill> dicts_;
};

}  // namespace ts::runtime
