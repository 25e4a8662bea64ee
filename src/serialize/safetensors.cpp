// safetensors: u64 header length, a JSON header, then the packed tensor bytes
// (../shared/reference/pytorch-facts.md §4.8). The reader enforces the reference reader's rules.
#include <algorithm>
#include <nlohmann/json.hpp>
#include <set>

#include "serialize/serialize.h"
#include "serialize/zip.h"

namespace ts::serialize {

namespace {

constexpr uint64_t kMaxHeader = 100'000'000;

// The reference writer orders tensors by its Dtype enum, descending, then by name.
struct DTypeInfo {
  DType dtype;
  const char* name;
  int rank;  // position in safetensors' Dtype enum
};
constexpr DTypeInfo kDTypes[] = {
    {DType::Bool, "BOOL", 0},  {DType::UInt8, "U8", 1},     {DType::Int8, "I8", 2},
    {DType::Int16, "I16", 5},  {DType::Float16, "F16", 7},  {DType::BFloat16, "BF16", 8},
    {DType::Int32, "I32", 9},  {DType::Float32, "F32", 11}, {DType::Float64, "F64", 12},
    {DType::Int64, "I64", 13},
};

const DTypeInfo& info_of(DType t) {
  for (const auto& i : kDTypes)
    if (i.dtype == t) return i;
  TS_ERROR("safetensors: unsupported dtype ", dtype_name(t));
}

[[noreturn]] void bad(const std::string& what) { TS_ERROR("Error while deserializing header: ", what); }

TensorMap read_safetensors(const Source& src, std::map<std::string, std::string>* metadata) {
  uint64_t size = src.size();
  if (size < 8) bad("HeaderTooSmall");
  std::string lb = src.read_string(0, 8);
  uint64_t n = 0;
  for (int i = 0; i < 8; ++i) n |= uint64_t(uint8_t(lb[size_t(i)])) << (8 * i);
  if (n > kMaxHeader) bad("HeaderTooLarge");
  if (n > size - 8) bad("InvalidHeaderLength");
  std::string text = src.read_string(8, size_t(n));
  // Duplicate tensor names are an error (nlohmann would keep the last one silently).
  std::set<std::string> keys;
  std::string dup;
  nlohmann::json::parser_callback_t cb = [&](int depth, nlohmann::json::parse_event_t ev, nlohmann::json& parsed) {
    if (ev == nlohmann::json::parse_event_t::key && depth == 1 && !keys.insert(parsed.get<std::string>()).second)
      dup = parsed.get<std::string>();
    return true;
  };
  nlohmann::json h;
  try {
    h = nlohmann::json::parse(text, cb);
  } catch (const nlohmann::json::exception& e) {
    bad(std::string("InvalidHeaderDeserialization: ") + e.what());
  }
  if (!dup.empty()) bad("duplicate tensor name '" + dup + "'");
  if (!h.is_object()) bad("InvalidHeaderDeserialization: the header is not a JSON object");
  uint64_t buffer = size - 8 - n;
  struct Item {
    std::string name;
    DType dtype;
    DimVector shape;
    uint64_t begin, end;
  };
  std::vector<Item> items;
  for (auto& [name, v] : h.items()) {
    if (name == "__metadata__") {
      if (!v.is_object()) bad("__metadata__ must be an object of strings");
      for (auto& [k, x] : v.items()) {
        if (!x.is_string()) bad("__metadata__ must be an object of strings");
        if (metadata) (*metadata)[k] = x.get<std::string>();
      }
      continue;
    }
    if (!v.is_object() || !v.contains("dtype") || !v.contains("shape") || !v.contains("data_offsets"))
      bad("tensor '" + name + "' needs dtype, shape and data_offsets");
    const auto& dt = v["dtype"];
    const auto& sh = v["shape"];
    const auto& off = v["data_offsets"];
    if (!dt.is_string()) bad("tensor '" + name + "': dtype must be a string");
    const DTypeInfo* di = nullptr;
    for (const auto& i : kDTypes)
      if (dt.get<std::string>() == i.name) di = &i;
    if (!di) bad("tensor '" + name + "': unsupported dtype " + dt.get<std::string>());
    if (!sh.is_array() || sh.size() > 64) bad("tensor '" + name + "': shape must be a list of at most 64 ints");
    if (!off.is_array() || off.size() != 2 || !off[0].is_number_unsigned() || !off[1].is_number_unsigned())
      bad("tensor '" + name + "': data_offsets must be [begin, end]");
    Item it{name, di->dtype, {}, off[0].get<uint64_t>(), off[1].get<uint64_t>()};
    uint64_t numel = 1;
    for (const auto& d : sh) {
      if (!d.is_number_unsigned() || d.get<uint64_t>() > uint64_t(INT64_MAX)) bad("tensor '" + name + "': bad shape");
      it.shape.push_back(int64_t(d.get<uint64_t>()));
      if (__builtin_mul_overflow(numel, d.get<uint64_t>(), &numel)) bad("tensor '" + name + "': shape overflows");
    }
    uint64_t nbytes;
    if (__builtin_mul_overflow(numel, uint64_t(element_size(di->dtype)), &nbytes) || it.end < it.begin ||
        it.end - it.begin != nbytes)
      bad("TensorInvalidInfo: tensor '" + name + "' has data_offsets that do not match its shape and dtype");
    items.push_back(std::move(it));
  }
  std::sort(items.begin(), items.end(), [](const Item& a, const Item& b) {
    return a.begin != b.begin ? a.begin < b.begin : a.end < b.end;
  });
  uint64_t at = 0;
  for (const auto& it : items) {
    if (it.begin != at) bad("InvalidOffset: tensor '" + it.name + "' does not start where the previous one ends");
    at = it.end;
  }
  if (at != buffer) bad("MetadataIncompleteBuffer");
  TensorMap out;
  for (const auto& it : items) {
    Tensor t = empty(it.shape, TensorOptions(it.dtype));
    if (it.end > it.begin) src.read_at(8 + n + it.begin, t.data_ptr(), size_t(it.end - it.begin));
    out.emplace_back(it.name, t);
  }
  return out;
}

}  // namespace

void save_safetensors(const TensorMap& tensors, const std::string& path,
                      const std::map<std::string, std::string>& metadata) {
  std::vector<std::pair<std::string, Tensor>> sorted;
  std::set<std::string> names;
  for (const auto& [name, t] : tensors) {
    TS_CHECK(t.defined(), "safetensors: tensor '", name, "' is undefined");
    TS_CHECK(t.device().type == DeviceType::CPU, "safetensors: tensor '", name, "' must be on the CPU");
    TS_CHECK(name != "__metadata__", "safetensors: '__metadata__' cannot be a tensor name");
    TS_CHECK(names.insert(name).second, "safetensors: duplicate tensor name '", name, "'");
    info_of(t.dtype());
    sorted.emplace_back(name, t.contiguous());
  }
  std::stable_sort(sorted.begin(), sorted.end(), [](const auto& a, const auto& b) {
    int ra = info_of(a.second.dtype()).rank, rb = info_of(b.second.dtype()).rank;
    return ra != rb ? ra > rb : a.first < b.first;
  });
  nlohmann::ordered_json h = nlohmann::ordered_json::object();
  if (!metadata.empty()) {
    nlohmann::ordered_json m = nlohmann::ordered_json::object();
    for (const auto& [k, v] : metadata) m[k] = v;
    h["__metadata__"] = m;
  }
  uint64_t at = 0;
  for (const auto& [name, t] : sorted) {
    nlohmann::ordered_json e;
    e["dtype"] = info_of(t.dtype()).name;
    e["shape"] = std::vector<int64_t>(t.sizes().begin(), t.sizes().end());
    e["data_offsets"] = {at, at + t.nbytes()};
    at += t.nbytes();
    h[name] = e;
  }
  std::string text = h.dump();
  text.append((8 - text.size() % 8) % 8, ' ');
  char len[8];
  for (int i = 0; i < 8; ++i) len[i] = char(uint64_t(text.size()) >> (8 * i));
  AtomicFile f(path);
  f.write(len, 8);
  f.write(text.data(), text.size());
  for (const auto& [name, t] : sorted)
    if (t.nbytes()) f.write(t.data_ptr(), t.nbytes());
  f.commit();
}

TensorMap load_safetensors(const std::string& path, std::map<std::string, std::string>* metadata) {
  return read_safetensors(*file_source(path), metadata);
}

TensorMap load_safetensors_from_bytes(std::string_view bytes, std::map<std::string, std::string>* metadata) {
  return read_safetensors(*bytes_source(bytes), metadata);
}

}  // namespace ts::serialize
