// libFuzzer target for the readers of src/serialize (see README.md here). The first byte picks
// the reader, the rest is its input:
//   0: torch.load of a zip archive (libzip + our checks + the unpickler + storages)
//   1: the unpickler alone, with storages made up from the persistent ids (so the fuzzer can
//      explore pickles without forging zip CRCs)
//   2: .npy    3: safetensors
// A ts::Error is the expected outcome for bad input; anything else (a sanitizer report, another
// exception type, a hang, a large allocation) is a bug. What loads is saved again and must load
// back the same (round_trip), so the writer runs under the sanitizers too.
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <map>
#include <memory>
#include <string>
#include <string_view>

#include "serialize/pickle.h"
#include "serialize/serialize.h"

// libts.so registers one autograd derivative twice at load time (see tests/fuzz/README.md).
extern "C" const char* __lsan_default_suppressions() { return "leak:ts::ops::make_derivative\n"; }
extern "C" const char* __lsan_default_options() { return "print_suppressions=0"; }

namespace {

// Like the real loader: one storage per key (a real archive needs an entry per key, so memory
// stays bounded by the input); at most 64 keys of at most 65536 elements here.
std::map<std::string, std::shared_ptr<ts::serialize::StorageObject>> fake_storages;

ts::IValue fake_storage(const ts::IValue& pid) {
  const auto& a = pid.items();
  if (a.size() != 5 || !a[1].is_object() || !a[2].is_string() || !a[4].is_int()) TS_ERROR("bad persistent id");
  auto* g = dynamic_cast<const ts::serialize::GlobalObject*>(a[1].object_ptr().get());
  auto dtype = g ? ts::serialize::dtype_of_storage_name(g->name) : std::nullopt;
  int64_t numel = a[4].to_int();
  if (!dtype || numel < 0 || numel > (1 << 16)) TS_ERROR("bad persistent id");
  auto it = fake_storages.find(a[2].to_string());
  if (it != fake_storages.end()) {
    if (it->second->dtype != *dtype || it->second->numel != numel) TS_ERROR("storage used with two types");
    return ts::IValue(std::static_pointer_cast<ts::IValue::Object>(it->second));
  }
  if (fake_storages.size() >= 64) TS_ERROR("too many storages");
  auto obj = std::make_shared<ts::serialize::StorageObject>();
  obj->storage = ts::util::make_intrusive<ts::StorageImpl>(size_t(numel) * ts::element_size(*dtype), ts::Device{});
  obj->dtype = *dtype;
  obj->numel = numel;
  fake_storages[a[2].to_string()] = obj;
  return ts::IValue(std::static_pointer_cast<ts::IValue::Object>(obj));
}

[[noreturn]] void mismatch(const std::string& what) {
  std::fprintf(stderr, "load -> save -> load changed the value: %s\n", what.c_str());
  std::abort();
}

// Structural equality for the round-trip check: values, tensor geometry, flags and bytes.
void expect_same(const ts::IValue& a, const ts::IValue& b) {
  if (a.payload().index() != b.payload().index()) mismatch("kind " + a.type_name() + " vs " + b.type_name());
  if (a.is_none()) return;
  if (a.is_bool() && a.to_bool() != b.to_bool()) mismatch("bool");
  if (a.is_int() && a.to_int() != b.to_int()) mismatch("int");
  if (a.is_double() && std::memcmp(&std::get<double>(a.payload()), &std::get<double>(b.payload()), 8) != 0) mismatch("float");
  if (a.is_string() && a.to_string() != b.to_string()) mismatch("str");
  if (a.is_dtype() && a.to_dtype() != b.to_dtype()) mismatch("dtype");
  if (a.is_device() && !(a.to_device() == b.to_device())) mismatch("device");
  if (a.is_list() || a.is_tuple()) {
    if (a.items().size() != b.items().size()) mismatch("length");
    for (size_t i = 0; i < a.items().size(); ++i) expect_same(a.items()[i], b.items()[i]);
  }
  if (a.is_dict()) {
    const auto& x = a.dict_ptr()->items;
    const auto& y = b.dict_ptr()->items;
    if (x.size() != y.size()) mismatch("dict size");
    for (size_t i = 0; i < x.size(); ++i) {
      expect_same(x[i].first, y[i].first);
      expect_same(x[i].second, y[i].second);
    }
  }
  if (a.is_tensor()) {
    const ts::Tensor &s = a.to_tensor(), &t = b.to_tensor();
    if (s.dtype() != t.dtype() || !(s.sizes() == t.sizes()) || !(s.strides() == t.strides()) ||
        s.storage_offset() != t.storage_offset() || s.requires_grad() != t.requires_grad() ||
        s.impl()->is_parameter != t.impl()->is_parameter)
      mismatch("tensor geometry or flags");
    const auto& p = s.impl()->storage();
    const auto& q = t.impl()->storage();
    size_t n = p->nbytes() / s.element_size() * s.element_size();
    if (q->nbytes() != n || (n && std::memcmp(p->data(), q->data(), n) != 0)) mismatch("tensor storage");
  }
}

// What loaded must save, and load back the same (this runs the writer under the sanitizers).
void round_trip(const ts::IValue& v) {
  std::string bytes = ts::serialize::save_to_bytes(v);
  expect_same(v, ts::serialize::load_from_bytes(bytes));
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size < 1) return 0;
  std::string_view in(reinterpret_cast<const char*>(data) + 1, size - 1);
  try {
    switch (data[0] % 4) {
      case 0: round_trip(ts::serialize::load_from_bytes(in)); break;
      case 1:
        fake_storages.clear();
        round_trip(ts::serialize::unpickle(in, fake_storage));
        break;
      case 2: ts::serialize::load_npy_from_bytes(in); break;
      case 3: ts::serialize::load_safetensors_from_bytes(in); break;
    }
  } catch (const ts::Error& e) {
    if (std::string_view(e.what()).starts_with("internal error")) {
      std::fprintf(stderr, "internal error on fuzz input: %s\n", e.what());
      std::abort();
    }
  }
  return 0;
}
