// A bound on recursive walks over user data (nested lists, dicts, objects): repr, equality,
// hashing, copying, pickling. See src/util/README.md, Note [Bounded recursion].
#pragma once

#include "util/error.h"

namespace ts::util {

// Levels of nesting a walk may enter before it raises RecursionError: CPython's default
// recursion limit, so the same data that makes CPython give up makes us give up.
constexpr int kMaxWalkDepth = 1000;

// One level of a walk; throws RecursionError ("maximum recursion depth exceeded <what>") when
// the thread is already kMaxWalkDepth levels deep. The count is per thread.
class DepthGuard {
 public:
  explicit DepthGuard(const char* what);
  ~DepthGuard();
  DepthGuard(const DepthGuard&) = delete;
  DepthGuard& operator=(const DepthGuard&) = delete;
};

}  // namespace ts::util
