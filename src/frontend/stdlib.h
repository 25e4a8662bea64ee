// The Ts standard library (stdlib/ in the source tree), embedded into the binaries at build
// time by tools/embed_stdlib.py, so tsc and tsrun need no files beside them.
#pragma once

#include <cstddef>
#include <string>

namespace ts::frontend {

struct StdlibFile {
  const char* path;  // relative to stdlib/: "torch/nn/__init__.ts"
  const char* text;
};
extern const StdlibFile kStdlibFiles[];
extern const size_t kStdlibFileCount;

// The text of stdlib file `path` ("torch/nn/__init__.ts"), or null.
const char* stdlib_file(const std::string& path);

// The prefix stdlib paths carry in diagnostics and tracebacks.
inline const char* kStdlibPrefix = "<stdlib>/";

}  // namespace ts::frontend
