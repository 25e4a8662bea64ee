// Test driver for src/serialize, run by tests/serialize/run (which holds PyTorch's side):
//   ser_tool dump FILE [MAP_LOCATION]   torch.load FILE and print it canonically (describe() in run)
//   ser_tool roundtrip IN OUT           torch.load IN, torch.save OUT
//   ser_tool load FILE                  "ok" or "error: MESSAGE" (bad-input tests)
//   ser_tool npy-dump FILE | npy-copy IN OUT | npy-view OUT
//   ser_tool st-dump FILE | st-copy IN OUT
//   ser_tool atomic-writer PATH MB      torch.save forever, alternating contents (the kill test)
//   ser_tool plain-writer PATH MB       the same written in place, non-atomically (the test's self-check)
//   ser_tool bench PATH NPARAMS         save + load a state_dict of NPARAMS float32, prints seconds
#include <bit>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <iostream>
#include <map>
#include <sstream>

#include "ops/ivalue.h"
#include "serialize/serialize.h"

using namespace ts;

namespace {

std::string hex(const void* p, size_t n) {
  static const char* d = "0123456789abcdef";
  std::string s;
  s.reserve(2 * n);
  auto* b = static_cast<const uint8_t*>(p);
  for (size_t i = 0; i < n; ++i) {
    s.push_back(d[b[i] >> 4]);
    s.push_back(d[b[i] & 15]);
  }
  return s;
}

std::string ints(IntArrayRef xs) {
  std::string s = "[";
  for (size_t i = 0; i < xs.size(); ++i) s += (i ? "," : "") + std::to_string(xs[i]);
  return s + "]";
}

// The canonical form tests/serialize/run's describe() prints for a PyTorch object.
struct Describer {
  std::map<const void*, int> storages;
  std::string operator()(const IValue& v) {
    if (v.is_none()) return "None";
    if (v.is_bool()) return v.to_bool() ? "True" : "False";
    if (v.is_int()) return std::to_string(v.to_int());
    if (v.is_double()) {
      char b[32];
      std::snprintf(b, sizeof b, "f%016llx", (unsigned long long)std::bit_cast<uint64_t>(v.to_double()));
      return b;
    }
    if (v.is_string()) return "s'" + hex(v.to_string().data(), v.to_string().size()) + "'";
    if (v.is_dtype()) return std::string("dtype(") + dtype_name(v.to_dtype()) + ")";
    if (v.is_device()) return "device(" + v.to_device().str() + ")";
    if (v.is_list() || v.is_tuple()) {
      std::string s = v.is_list() ? "[" : "(";
      for (size_t i = 0; i < v.items().size(); ++i) s += (i ? ", " : "") + (*this)(v.items()[i]);
      return s + (v.is_list() ? "]" : ")");
    }
    if (v.is_dict()) {
      std::string s = "{";
      bool first = true;
      for (const auto& [k, x] : v.dict_ptr()->items) {
        s += (first ? "" : ", ") + (*this)(k) + ": " + (*this)(x);
        first = false;
      }
      return s + "}";
    }
    if (v.is_tensor()) {
      const Tensor& t = v.to_tensor();
      const StorageImpl* st = t.impl()->storage().get();
      auto it = storages.find(st);
      std::string data;
      int id;
      if (it == storages.end()) {
        id = int(storages.size());
        storages[st] = id;
        size_t nb = st->nbytes() / t.element_size() * t.element_size();
        data = ", data=" + hex(st->data(), nb);
      } else {
        id = it->second;
      }
      return std::string("T(") + dtype_name(t.dtype()) + ", size=" + ints(t.sizes()) + ", stride=" + ints(t.strides()) +
             ", offset=" + std::to_string(t.storage_offset()) + ", storage=" + std::to_string(id) +
             ", requires_grad=" + (t.requires_grad() ? "True" : "False") +
             ", param=" + (t.impl()->is_parameter ? "True" : "False") + data + ")";
    }
    return "<" + v.type_name() + ">";
  }
};

std::string describe_map(const serialize::TensorMap& m) {
  std::vector<std::pair<std::string, Tensor>> sorted(m.begin(), m.end());
  std::sort(sorted.begin(), sorted.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
  std::string s;
  for (const auto& [k, t] : sorted) s += k + ": " + Describer()(IValue(t)) + "\n";
  return s;
}

Tensor filled(int64_t n, float value) {
  Tensor t = empty({n}, TensorOptions(DType::Float32));
  float* p = t.data<float>();
  for (int64_t i = 0; i < n; ++i) p[i] = value;
  return t;
}

double seconds_since(std::chrono::steady_clock::time_point t0) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
}

int run(int argc, char** argv) {
  if (argc < 3) {
    std::cerr << "usage: see the comment at the top of ser_tool.cpp\n";
    return 2;
  }
  std::string cmd = argv[1];
  if (cmd == "dump") {
    std::optional<std::string> loc;
    if (argc > 3) loc = argv[3];
    std::cout << Describer()(serialize::load(argv[2], loc)) << "\n";
    return 0;
  }
  if (cmd == "roundtrip" && argc > 3) {
    serialize::save(serialize::load(argv[2]), argv[3]);
    return 0;
  }
  if (cmd == "load") {
    try {
      IValue v = serialize::load(argv[2]);
      std::cout << "ok\n";
    } catch (const std::exception& e) {
      std::cout << "error: " << e.what() << "\n";
    }
    return 0;
  }
  if (cmd == "npy-dump") {
    std::cout << Describer()(IValue(serialize::load_npy(argv[2]))) << "\n";
    return 0;
  }
  if (cmd == "npy-copy" && argc > 3) {
    serialize::save_npy(serialize::load_npy(argv[2]), argv[3]);
    return 0;
  }
  if (cmd == "st-dump") {
    std::map<std::string, std::string> meta;
    std::cout << describe_map(serialize::load_safetensors(argv[2], &meta));
    for (const auto& [k, v] : meta) std::cout << "meta " << k << "=" << v << "\n";
    return 0;
  }
  if (cmd == "st-copy" && argc > 3) {
    std::map<std::string, std::string> meta;
    auto m = serialize::load_safetensors(argv[2], &meta);
    serialize::save_safetensors(m, argv[3], meta);
    return 0;
  }
  if ((cmd == "atomic-writer" || cmd == "plain-writer") && argc > 3) {
    // plain-writer overwrites the file in place: the kill test must catch it tearing files.
    int64_t n = std::stoll(argv[3]) * (1 << 20) / 4;
    for (int64_t k = 1;; ++k) {
      IValue d = IValue::dict();
      d.dict_ptr()->set(IValue("k"), IValue(k));
      d.dict_ptr()->set(IValue("t"), IValue(filled(n, float(k))));
      if (cmd == "atomic-writer") {
        serialize::save(d, argv[2]);
      } else {
        std::string bytes = serialize::save_to_bytes(d);
        FILE* f = std::fopen(argv[2], "wb");
        for (size_t i = 0; i < bytes.size(); i += 4096) {
          std::fwrite(bytes.data() + i, 1, std::min<size_t>(4096, bytes.size() - i), f);
          std::fflush(f);
        }
        std::fclose(f);
      }
      std::cout << k << std::endl;
    }
  }
  if (cmd == "bench" && argc > 3) {
    // A state_dict of 1024x1024 float32 weights (plus a remainder) adding up to NPARAMS.
    int64_t total = std::stoll(argv[3]), chunk = 1 << 20;
    IValue sd = IValue::dict();
    int64_t i = 0;
    for (int64_t left = total; left > 0; left -= chunk, ++i) {
      Tensor t = filled(std::min(chunk, left), 0.5f);
      sd.dict_ptr()->set(IValue("layer" + std::to_string(i) + ".weight"), IValue(t));
    }
    auto t0 = std::chrono::steady_clock::now();
    serialize::save(sd, argv[2]);
    double ts = seconds_since(t0);
    t0 = std::chrono::steady_clock::now();
    IValue back = serialize::load(argv[2]);
    double tl = seconds_since(t0);
    std::printf("save %.3f s, load %.3f s (%zu tensors)\n", ts, tl, back.dict_ptr()->items.size());
    return 0;
  }
  std::cerr << "unknown command " << cmd << "\n";
  return 2;
}

}  // namespace

int main(int argc, char** argv) {
  try {
    return run(argc, argv);
  } catch (const std::exception& e) {
    std::cout << "error: " << e.what() << "\n";
    return 1;
  }
}
