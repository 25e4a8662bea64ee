// tsrun MODEL.pt: run a method of a model archive on .npy inputs.
#include <cstdio>
#include <cstring>

#include "archive/archive.h"
#include "archive/export.h"
#include "serialize/serialize.h"
#include "tensor/grad_mode.h"
#include "tensor/print.h"
#include "util/error.h"

namespace ts::archive {
namespace {

constexpr const char* kUsage =
    "usage: tsrun MODEL.pt [--input X.npy]... [--output Y.npy]... [--method NAME] [--mmap] [--trust-archive]\n";

void outputs_of(const IValue& v, std::vector<IValue>& out) {
  if (v.is_tuple() || v.is_list()) {
    for (const auto& x : v.items()) outputs_of(x, out);
    return;
  }
  out.push_back(v);
}

}  // namespace

int run_archive(const std::string& path, const std::vector<std::string>& args) {
  std::vector<std::string> inputs, outputs;
  std::string method = "forward";
  bool mmap = false, trusted = false;
  for (size_t i = 0; i < args.size(); ++i) {
    const std::string& a = args[i];
    bool value = a == "--input" || a == "--output" || a == "--method";
    if (value && i + 1 >= args.size()) {
      std::fprintf(stderr, "tsrun: %s needs a value\n%s", a.c_str(), kUsage);
      return 2;
    }
    if (a == "--input") inputs.push_back(args[++i]);
    else if (a == "--output") outputs.push_back(args[++i]);
    else if (a == "--method") method = args[++i];
    else if (a == "--mmap") mmap = true;
    else if (a == "--trust-archive") trusted = true;
    else {
      std::fprintf(stderr, "tsrun: unknown option for a model archive: %s\n%s", a.c_str(), kUsage);
      return 2;
    }
  }
  IValue m = load(path, std::nullopt, mmap, trusted);
  std::vector<IValue> in;
  for (const auto& p : inputs) in.push_back(IValue(serialize::load_npy(p)));
  IValue result;
  {
    // Inference: no graph is recorded, as under torch.no_grad().
    GradModeGuard guard(false);
    result = call_method(m, method, in);
  }
  std::vector<IValue> outs;
  outputs_of(result, outs);
  if (!outputs.empty()) {
    TS_CHECK(outputs.size() == outs.size(), "tsrun: ", method, " returned ", outs.size(), " values but ", outputs.size(),
             " --output files were given");
    for (size_t i = 0; i < outs.size(); ++i) {
      TS_CHECK(outs[i].is_tensor(), "tsrun: output ", i, " is a ", outs[i].type_name(), ", not a tensor; it cannot go to ",
               outputs[i]);
      serialize::save_npy(outs[i].to_tensor(), outputs[i]);
    }
    return 0;
  }
  for (const auto& o : outs) {
    if (o.is_tensor()) std::printf("%s\n", repr(o.to_tensor()).c_str());
    else if (o.is_double()) std::printf("%.17g\n", o.to_double());
    else if (o.is_int()) std::printf("%lld\n", static_cast<long long>(o.to_int()));
    else if (o.is_bool()) std::printf("%s\n", o.to_bool() ? "True" : "False");
    else if (o.is_string()) std::printf("%s\n", o.to_string().c_str());
    else if (o.is_none()) std::printf("None\n");
    else std::printf("<%s>\n", o.type_name().c_str());
  }
  return 0;
}

}  // namespace ts::archive
