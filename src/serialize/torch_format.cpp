// torch.save / torch.load: PyTorch 1.13's zip + pickle format (../shared/reference/pytorch-facts.md
// §4.4-4.5). The pickle is written the way Python's pickle writes it for torch.save, so PyTorch's
// torch.load reads it unchanged; see src/serialize/README.md for what is accepted on load.
#include <cstring>
#include <unordered_map>

#include "serialize/pickle.h"
#include "serialize/serialize.h"
#include "serialize/zip.h"

namespace ts::serialize {

namespace {

constexpr const char* kArchiveName = "archive";
// caffe2/serialize/versions.h: the newest file format version PyTorch 1.13 reads.
constexpr int64_t kMaxFileFormatVersion = 10;

struct StorageRecord {
  Storage storage;
  DType dtype;
  uint64_t nbytes;
};

// A collections.OrderedDict (a state_dict is one, as PyTorch's) is written as one; other
// dicts as dicts.
bool is_ordered_dict(const IValue::Dict& d) { return d.type_name == "collections.OrderedDict"; }

class TorchPickler {
 public:
  PickleWriter w;
  std::vector<StorageRecord> storages;

  void save(const IValue& v, int depth) {
    // `depth` counts the containers around v; as deep as load accepts (kMaxPickleDepth), no deeper.
    bool container = v.is_list() || v.is_tuple() || v.is_dict();
    TS_CHECK(!container || depth < kMaxPickleDepth,
             "torch.save: the object nests containers more than ", kMaxPickleDepth, " deep (or contains itself through a tuple)");
    if (v.is_none()) return w.none();
    if (v.is_bool()) return w.boolean(v.to_bool());
    if (v.is_int()) return w.integer(v.to_int());
    if (v.is_double()) return w.floating(v.to_double());
    if (v.is_string()) return w.str(v.to_string());
    if (v.is_tensor()) {
      if (!v.to_tensor().defined()) return w.none();
      return tensor(v.to_tensor());
    }
    if (v.is_dtype()) return w.global("torch", dtype_name(v.to_dtype()));
    if (v.is_device()) {
      w.global("torch", "device");
      w.str(v.to_device().str());
      w.op(0x85);  // TUPLE1
      w.op('R');
      w.put();
      return;
    }
    if (v.is_list()) {
      const void* id = v.list_ptr().get();
      if (memoized(id)) return;
      w.op(']');
      memo_[id] = w.put();
      items(v.items(), depth);
      return;
    }
    if (v.is_tuple()) {
      const void* id = v.tuple_ptr().get();
      if (memoized(id)) return;
      const auto& it = v.items();
      if (it.empty()) {
        w.op(')');
        return;
      }
      if (it.size() > 3) w.mark();
      for (const auto& x : it) save(x, depth + 1);
      // Only a list inside the tuple can lead back to it; Python handles that, we refuse.
      TS_CHECK(!memo_.count(id), "torch.save: a tuple that contains itself cannot be saved");
      w.op(it.size() == 1 ? 0x85 : it.size() == 2 ? 0x86 : it.size() == 3 ? 0x87 : 't');
      memo_[id] = w.put();
      return;
    }
    if (v.is_dict()) {
      const void* id = v.dict_ptr().get();
      if (memoized(id)) return;
      const auto& d = *v.dict_ptr();
      if (is_ordered_dict(d)) {
        w.global("collections", "OrderedDict");
        w.op(')');
        w.op('R');
      } else {
        w.op('}');
      }
      memo_[id] = w.put();
      // SETITEMS in batches of 1000, as Python's pickler.
      for (size_t i = 0; i < d.items.size(); i += 1000) {
        size_t n = std::min<size_t>(1000, d.items.size() - i);
        if (n > 1) w.mark();
        for (size_t j = i; j < i + n; ++j) {
          save(d.items[j].first, depth + 1);
          save(d.items[j].second, depth + 1);
        }
        w.op(n > 1 ? 'u' : 's');
      }
      return;
    }
    TS_CHECK_TYPE(false, "torch.save: cannot save an object of type ", v.type_name(),
                  " (tensors, dicts, lists, tuples, int, float, str, bool and None can be saved)");
  }

 private:
  std::unordered_map<const void*, uint32_t> memo_;

  bool memoized(const void* id) {
    auto it = memo_.find(id);
    if (it == memo_.end()) return false;
    w.get(it->second);
    return true;
  }
  void items(const std::vector<IValue>& xs, int depth) {
    for (size_t i = 0; i < xs.size(); i += 1000) {
      size_t n = std::min<size_t>(1000, xs.size() - i);
      if (n > 1) w.mark();
      for (size_t j = i; j < i + n; ++j) save(xs[j], depth + 1);
      w.op(n > 1 ? 'e' : 'a');
    }
  }

  std::string storage_key(const Tensor& t) {
    StorageImpl* s = t.impl()->storage().get();
    for (size_t i = 0; i < storages.size(); ++i) {
      if (storages[i].storage.get() == s) {
        TS_CHECK(storages[i].dtype == t.dtype(),
                 "Cannot save multiple tensors or storages that view the same data as different types");
        return std::to_string(i);
      }
    }
    TS_CHECK(t.device().type == DeviceType::CPU, "torch.save: saving tensors on ", t.device().str(),
             " is not supported yet");
    uint64_t nbytes = s->nbytes() / element_size(t.dtype()) * element_size(t.dtype());
    storages.push_back({t.impl()->storage(), t.dtype(), nbytes});
    return std::to_string(storages.size() - 1);
  }

  void rebuild_v2(const Tensor& t, bool requires_grad) {
    w.global("torch._utils", "_rebuild_tensor_v2");
    w.mark();
    {
      // Persistent id ('storage', torch.XStorage, key, location, numel).
      std::string key = storage_key(t);
      const StorageRecord& r = storages[std::stoul(key)];
      w.mark();
      w.str("storage");
      w.global("torch", storage_type_name(t.dtype()));
      w.str(key);
      w.str(t.device().str());
      w.integer(int64_t(r.nbytes / element_size(t.dtype())));
      w.op('t');
      w.put();
      w.op('Q');
    }
    w.integer(t.storage_offset());
    int_tuple(t.sizes());
    int_tuple(t.strides());
    w.boolean(requires_grad);
    w.global("collections", "OrderedDict");
    w.op(')');
    w.op('R');
    w.put();
    w.op('t');
    w.put();
    w.op('R');
  }

  void tensor(const Tensor& t) {
    const void* id = t.impl();
    if (memoized(id)) return;
    if (t.impl()->is_parameter) {
      // _rebuild_parameter(_rebuild_tensor_v2(..., requires_grad=False, ...), requires_grad, OrderedDict())
      w.global("torch._utils", "_rebuild_parameter");
      rebuild_v2(t, false);
      w.put();
      w.boolean(t.requires_grad());
      w.global("collections", "OrderedDict");
      w.op(')');
      w.op('R');
      w.put();
      w.op(0x87);
      w.put();
      w.op('R');
    } else {
      rebuild_v2(t, t.requires_grad());
    }
    memo_[id] = w.put();
  }

  void int_tuple(IntArrayRef xs) {
    if (xs.empty()) {
      w.op(')');
      return;
    }
    if (xs.size() > 3) w.mark();
    for (int64_t x : xs) w.integer(x);
    w.op(xs.size() == 1 ? 0x85 : xs.size() == 2 ? 0x86 : xs.size() == 3 ? 0x87 : 't');
    w.put();
  }
};

void write_archive(const IValue& obj, const ZipWriter::Sink& sink, const ZipWriter::Patch& patch) {
  TorchPickler p;
  p.w.proto();
  p.save(obj, 0);
  p.w.stop();
  ZipWriter z(sink, patch);
  std::string pre = std::string(kArchiveName) + "/";
  z.add(pre + "data.pkl", p.w.out.data(), p.w.out.size());
  z.add(pre + "byteorder", "little", 6);
  for (size_t i = 0; i < p.storages.size(); ++i) {
    const auto& r = p.storages[i];
    z.add(pre + "data/" + std::to_string(i), r.storage->data(), r.nbytes);
  }
  z.add(pre + "version", "3\n", 2);
  z.finish();
}

// Unpickles `pickle` with its storages from `data_dir`, checked before anything is read.
IValue read_pickle(const ZipReader& z, const std::string& pickle, const std::string& data_dir,
                   const std::optional<std::string>& map_location, bool script_objects) {
  const std::string pre = z.prefix() + "/";
  std::optional<Device> target;
  if (map_location) target = parse_device(*map_location);
  std::unordered_map<std::string, std::shared_ptr<StorageObject>> loaded;
  std::vector<std::pair<std::string, void*>> reads;
  auto persistent_load = [&](const IValue& pid) -> IValue {
    const auto& a = pid.items();
    if (a.size() != 5) TS_ERROR("storage persistent id must have 5 fields, got ", a.size());
    auto* g = a[1].is_object() ? dynamic_cast<const GlobalObject*>(a[1].object_ptr().get()) : nullptr;
    std::optional<DType> dtype = g && g->module == "torch" ? dtype_of_storage_name(g->name) : std::nullopt;
    if (!dtype) TS_ERROR("storage persistent id: unsupported storage type ", a[1].type_name());
    if (!a[2].is_string() || !a[3].is_string() || !a[4].is_int())
      TS_ERROR("storage persistent id must be ('storage', type, str key, str location, int numel)");
    const std::string& key = a[2].to_string();
    const std::string& location = a[3].to_string();
    int64_t numel = a[4].to_int();
    // Where the storage goes: map_location, else where it was saved. Only the CPU exists here, so
    // a CUDA destination gets PyTorch's message for a machine without CUDA.
    bool cuda = target ? target->type != DeviceType::CPU : location.rfind("cuda", 0) == 0;
    if (!target && location != "cpu" && !cuda)
      TS_ERROR("don't know how to restore data location of torch.storage.UntypedStorage (tagged with ", location, ")");
    if (cuda)
      TS_ERROR("Attempting to deserialize object on a CUDA device but torch.cuda.is_available() is False. If you "
               "are running on a CPU-only machine, please use torch.load with map_location=torch.device('cpu') "
               "to map your storages to the CPU.");
    auto it = loaded.find(key);
    if (it != loaded.end()) {
      TS_CHECK(it->second->dtype == *dtype && it->second->numel == numel,
               "storage ", key, " is used with two different types or sizes");
      return IValue(std::static_pointer_cast<IValue::Object>(it->second));
    }
    std::string entry = pre + data_dir + "/" + key;
    TS_CHECK(key.find('/') == std::string::npos && z.has(entry), "PytorchStreamReader failed locating file ", data_dir,
             "/", key, ": file not found");
    uint64_t nbytes = z.size(entry);
    uint64_t want;
    if (numel < 0 || __builtin_mul_overflow(uint64_t(numel), uint64_t(element_size(*dtype)), &want) || want != nbytes)
      TS_ERROR("storage ", data_dir, "/", key, " holds ", nbytes, " bytes but its persistent id declares ", numel,
               " elements of ", element_size(*dtype), " bytes");
    auto obj = std::make_shared<StorageObject>();
    obj->storage = util::make_intrusive<StorageImpl>(size_t(nbytes), Device{});
    if (nbytes) reads.emplace_back(entry, obj->storage->data());  // read after the pickle checks out
    obj->dtype = *dtype;
    obj->numel = numel;
    loaded[key] = obj;
    return IValue(std::static_pointer_cast<IValue::Object>(obj));
  };
  std::string pkl = pre + pickle;
  if (!z.has(pkl)) TS_ERROR("PytorchStreamReader failed locating file ", pickle, ": file not found");
  std::string data = z.read_string(pkl);
  IValue result = unpickle(data, persistent_load, script_objects);
  z.read_all(reads);
  return result;
}

IValue read_archive(const ZipReader& z, const std::optional<std::string>& map_location) {
  const std::string pre = z.prefix() + "/";
  std::string vname = z.has(pre + ".data/version") ? pre + ".data/version" : pre + "version";
  if (!z.has(vname)) TS_ERROR("PytorchStreamReader failed locating file version: file not found");
  TS_CHECK(z.size(vname) <= 32, "PytorchStreamReader failed reading file version: bad version record");
  std::string vs = z.read_string(vname);
  while (!vs.empty() && (vs.back() == '\n' || vs.back() == '\r' || vs.back() == ' ')) vs.pop_back();
  int64_t version = -1;
  if (!vs.empty() && vs.size() < 10 && vs.find_first_not_of("0123456789") == std::string::npos) version = std::stoll(vs);
  TS_CHECK(version >= 1 && version <= kMaxFileFormatVersion, "Attempted to read a PyTorch file with version ", vs,
           ", but the maximum supported version for reading is ", kMaxFileFormatVersion,
           ". Your PyTorch installation may be too old.");
  if (z.has(pre + "byteorder")) {
    TS_CHECK(z.size(pre + "byteorder") <= 16, "bad byteorder record");
    std::string bo = z.read_string(pre + "byteorder");
    TS_CHECK(bo == "little", "torch.load: files written on a big-endian machine are not supported (byteorder '", bo, "')");
  }
  return read_pickle(z, "data.pkl", "data", map_location, false);
}

}  // namespace

std::string save_to_bytes(const IValue& obj) {
  std::string out;
  write_archive(
      obj, [&](const void* p, size_t n) { out.append(static_cast<const char*>(p), n); },
      [&](uint64_t at, const void* p, size_t n) { std::memcpy(out.data() + at, p, n); });
  return out;
}

void save(const IValue& obj, const std::string& path) {
  AtomicFile f(path);
  write_archive(
      obj, [&](const void* p, size_t n) { f.write(p, n); }, [&](uint64_t at, const void* p, size_t n) { f.patch(at, p, n); });
  f.commit();
}

IValue read_pickle_entry(const ZipReader& z, const std::string& pickle, const std::string& data_dir, bool script_objects) {
  return read_pickle(z, pickle, data_dir, std::nullopt, script_objects);
}

IValue load(const std::string& path, std::optional<std::string> map_location) {
  auto z = ZipReader::open_file(path);
  return read_archive(*z, map_location);
}

IValue load_from_bytes(std::string_view bytes, std::optional<std::string> map_location) {
  auto z = ZipReader::open_bytes(bytes);
  return read_archive(*z, map_location);
}

}  // namespace ts::serialize
