// Internal to src/archive: reading PyTorch's TorchScript archives (torch.jit.save), README.md
// section "PyTorch TorchScript archives".
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <utility>
#include <vector>

#include "ops/ivalue.h"

namespace ts::serialize {
class ZipReader;
}

namespace ts::archive::torchscript {

// The version records of PyTorch's archives this build reads: 3 is what PyTorch 1.13 writes
// unless an operator needs a later one; 10 is the newest PyTorch 1.13 reads.
constexpr int kMinVersion = 3;
constexpr int kMaxVersion = 10;

// Whether the zip holds a TorchScript archive (data.pkl and code/, no manifest.json).
bool is_torchscript(const serialize::ZipReader& z);

// The Ts attribute name of a TorchScript attribute: itself when it is an identifier, else
// "_attr_" and its characters with each non-identifier one as '_' (nn.Sequential's "0").
std::string attr_name(const std::string& name);

// One class of the archive's code, as translated.
struct ClassInfo {
  std::string qualname;  // "__torch__.torch.nn.modules.linear.___torch_mangle_0.Linear"
  std::string ts_name;   // its name in the translated module
  bool is_module = false;
  std::vector<std::string> parameters, buffers;
  std::vector<std::pair<std::string, IValue>> constants;  // `x : Final[int] = 3`: not in data.pkl
  bool uses_constants = false;  // its methods read CONSTANTS.cN: its objects hold constants.pkl's tensors
};

// The attribute through which methods read constants.pkl's tensors (`CONSTANTS.c0` is
// `self._archive_constants[0]`): an attribute, so that saving a loaded module again keeps them.
constexpr const char* kConstantsAttr = "_archive_constants";

// The archive's code as one Ts module.
struct Translation {
  std::string text;
  // Where each line of `text` comes from: the code entry ("code/__torch__.py") and its line;
  // an empty entry for lines the translation adds.
  std::vector<std::pair<std::string, uint32_t>> origin;
  std::map<std::string, std::string> sources;  // code entry -> its text
  std::vector<ClassInfo> classes;
  bool uses_constants = false;  // some class reads CONSTANTS.cN
};

// Parses each code entry (name -> text) with the front end and translates it. A syntax error or
// a construct not supported is a ts::Error naming `archive`/entry:line.
Translation translate(const std::string& archive, const std::map<std::string, std::string>& code);

// Loads a TorchScript archive whose zip `z` is open; see archive.h load().
IValue load(const serialize::ZipReader& z, const std::string& path, bool trusted);
// Its translated code's graphs, optimized (tsc --emit-ir MODEL.pt).
std::string ir_text(const serialize::ZipReader& z, const std::string& path);

}  // namespace ts::archive::torchscript
