// Returning freed memory to the system.
#pragma once

#if defined(__GLIBC__)
#include <malloc.h>
#endif

namespace ts::util {

// Hands the pages the allocator holds free back to the system (glibc's malloc_trim). Compiling
// a large script frees memory in pieces the next allocations do not fit (syntax trees as their
// statements are emitted, destroyed IR when a graph is compacted); without this they stay
// resident until the process ends. It walks the allocator's free lists: call it after freeing
// much, not per object.
inline void release_free_memory() {
#if defined(__GLIBC__)
  malloc_trim(0);
#endif
}

}  // namespace ts::util
