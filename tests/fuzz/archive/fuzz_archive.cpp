// libFuzzer target for the model-archive reader (src/archive/read.cpp). The first byte picks
// what the rest is:
//   0: a whole archive (zip bytes)
//   1: a manifest.json, stored with the code and storages of a small template archive built at
//      start-up (so the fuzzer explores manifests without forging zip CRCs), its "code" and
//      "imports" replaced by the template's (no recompiling)
//   2: the same with the manifest's own "code" and "imports"
// A ts::Error (or a script exception from running the loaded module) is the expected outcome
// for bad input; anything else (a sanitizer report, another exception type, a hang, a large
// allocation) is a bug. What loads is run (forward on a 1x2 input) and saved again.
#include <unistd.h>

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "archive/archive.h"
#include "frontend/compile.h"
#include "ops/ops.h"
#include "runtime/interp.h"
#include "serialize/zip.h"
#include "util/error.h"

extern "C" const char* __lsan_default_suppressions() { return "leak:ts::ops::make_derivative\nleak:ts::archive::\n"; }
extern "C" const char* __lsan_default_options() { return "print_suppressions=0"; }

namespace {

const char* kTemplate = R"(import torch
import torch.nn as nn
from typing import Dict, List, Optional


class Inner(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(2, 2)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return self.fc(x)


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.inner = Inner()
        self.names: List[str] = ["a", "b"]
        self.d: Dict[str, float] = {"k": 1.5}
        self.t = torch.arange(6.0).view(2, 3)[:, 1:]
        self.opt: Optional[torch.Tensor] = None
        self.n = 3

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return self.inner(x) * self.n + self.d["k"]


net = Net()
)";

struct Entry {
  std::string name, data;
};
std::vector<Entry> g_template;  // the template archive's entries but its manifest
std::string g_prefix;
nlohmann::json g_code, g_imports;  // the template manifest's "code" and "imports"

std::string read_file(const std::string& p) {
  std::ifstream in(p, std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

void build_template() {
  std::string dir = "/tmp/fuzz_archive_" + std::to_string(getpid());
  std::string script = dir + ".ts", out = dir + ".pt";
  std::ofstream(script) << kTemplate;
  ts::frontend::SourceManager sm;
  ts::frontend::Diagnostics diags;
  auto prog = ts::frontend::compile_program(script, {}, sm, diags);
  if (!prog) {
    std::fprintf(stderr, "fuzz_archive: the template does not compile\n");
    std::abort();
  }
  ts::runtime::Interp I(*prog, {});
  I.prepare();
  for (auto& u : prog->modules) {
    std::vector<ts::IValue> none;
    if (u.init) I.call(*u.init, none);
  }
  auto& main = prog->modules.back();
  ts::IValue net = I.globals(main.name)[main.slot("net")];
  ts::archive::save(*prog, net, out);
  auto z = ts::serialize::ZipReader::open_file(out);
  g_prefix = z->prefix() + "/";
  std::string man = z->read_string(g_prefix + "manifest.json");
  // Entries by the manifest's own names, in the writer's order.
  std::vector<std::string> names = {"version", "ir/graphs.ir"};
  for (size_t k = 0; z->has(g_prefix + "data/" + std::to_string(k)); ++k) names.push_back("data/" + std::to_string(k));
  std::string stem = script.substr(script.rfind('/') + 1);
  stem = stem.substr(0, stem.size() - 3);
  names.push_back("code/" + stem + ".ts");
  for (const auto& n : names) g_template.push_back({n, z->read_string(g_prefix + n)});
  {
    auto j = nlohmann::json::parse(man);
    g_code = j["code"];
    g_imports = j["imports"];
  }
  std::ofstream(dir + ".manifest.json") << man;  // a seed for the corpus (make_corpus copies it)
  std::remove(script.c_str());
  std::remove(out.c_str());
}

std::string zip_with_manifest(const std::string& manifest) {
  std::string out;
  ts::serialize::ZipWriter w([&](const void* p, size_t n) { out.append(static_cast<const char*>(p), n); },
                             [&](uint64_t at, const void* p, size_t n) { std::memcpy(out.data() + at, p, n); });
  for (const auto& e : g_template) w.add(g_prefix + e.name, e.data.data(), e.data.size());
  w.add(g_prefix + "manifest.json", manifest.data(), manifest.size());
  w.finish();
  return out;
}

}  // namespace

extern "C" int LLVMFuzzerInitialize(int*, char***) {
  build_template();
  return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size < 1) return 0;
  std::string rest(reinterpret_cast<const char*>(data) + 1, size - 1);
  // 1: the manifest's "code" and "imports" are the template's, so the run explores objects,
  // tensors and storages instead of recompiling the stdlib for every new import list.
  if (data[0] % 3 == 1) {
    try {
      auto j = nlohmann::json::parse(rest);
      if (j.is_object()) {
        j["code"] = g_code;
        j["imports"] = g_imports;
        rest = j.dump();
      }
    } catch (const std::exception&) {
    }
  }
  std::string bytes = data[0] % 3 == 0 ? rest : zip_with_manifest(rest);
  try {
    ts::IValue m = ts::archive::load_from_bytes(bytes, "/tmp/fuzz.pt");
    try {
      // A valid archive may hold huge expanded views (stride 0); running such a model allocates
      // what it declares, which is the model's doing, not the reader's: skip those.
      ts::IValue sd = ts::archive::call_method(m, "state_dict", {});
      int64_t total = 0;
      for (const auto& [k, v] : sd.dict_ptr()->items)
        if (v.is_tensor()) total += v.to_tensor().numel();
      if (total <= (int64_t(1) << 20)) ts::archive::call_method(m, "forward", {ts::IValue(ts::ones({1, 2}))});
    } catch (const ts::Error&) {
    }
  } catch (const ts::Error&) {
  }
  return 0;
}
