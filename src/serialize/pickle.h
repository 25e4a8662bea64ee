// Internal to src/serialize: the pickle subset of torch.save files, both directions.
#pragma once

#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>

#include "ops/ivalue.h"

namespace ts::serialize {

// A storage handed back by the persistent-load callback (never escapes the unpickler except
// inside the tensors built on it).
struct StorageObject : IValue::Object {
  Storage storage;
  DType dtype = DType::Float32;
  int64_t numel = 0;
  std::string type_name() const override { return "Storage"; }
};

// An allowed global before it is called ("torch FloatStorage", "collections OrderedDict").
struct GlobalObject : IValue::Object {
  std::string module, name;
  std::string type_name() const override { return module + "." + name; }
};

// An object of a TorchScript class in a torch.jit.save data.pkl (`GLOBAL '__torch__.mod Cls'`,
// NEWOBJ with no arguments, BUILD with the dict of its attributes); made only when unpickling
// with `script_objects`. Never part of a cycle (Note [Deep and cyclic pickles]).
struct ScriptPickleObject : IValue::Object {
  std::string qualname;  // "__torch__.torch.nn.modules.linear.Linear"
  IValue state;          // attribute name -> value; None until BUILD
  std::string type_name() const override { return qualname; }
};

// Receives the persistent id (a tuple) of BINPERSID and returns a StorageObject.
using PersistentLoad = std::function<IValue(const IValue& pid)>;

// Unpickles `data` accepting only the opcodes and globals torch.save files need; anything else
// is a ts::Error naming it. Results nest at most kMaxPickleDepth deep and have no cycles.
// `script_objects`: also TorchScript objects (ScriptPickleObject), as torch.jit.save writes them.
constexpr int kMaxPickleDepth = 1000;
IValue unpickle(std::string_view data, const PersistentLoad& persistent_load, bool script_objects = false);

class ZipReader;
// Unpickles entry `<prefix>/<pickle>` of a PyTorch zip archive whose storages are the entries
// `<prefix>/<data_dir>/<key>` (torch.save: "data.pkl" and "data"; torch.jit.save's constants:
// "constants.pkl" and "constants"), checked as torch.load checks them (CPU storages only).
IValue read_pickle_entry(const ZipReader& z, const std::string& pickle, const std::string& data_dir, bool script_objects);

// The storage type name of a dtype ("FloatStorage"), and back.
const char* storage_type_name(DType t);
std::optional<DType> dtype_of_storage_name(std::string_view name);

// Low-level protocol-2 writer; torch_format.cpp walks values with it.
class PickleWriter {
 public:
  std::string out;
  void op(uint8_t c) { out.push_back(char(c)); }
  void proto() { op(0x80), op(2); }
  void stop() { op('.'); }
  void mark() { op('('); }
  void none() { op('N'); }
  void boolean(bool b) { op(b ? 0x88 : 0x89); }
  void integer(int64_t v);
  void floating(double v);
  void str(const std::string& s);  // memoized by value
  void global(const std::string& module, const std::string& name);  // memoized
  // BINPUT/LONG_BINPUT of the top of the stack; returns the memo index.
  uint32_t put();
  void get(uint32_t idx);

 private:
  void u32(uint32_t v) { for (int i = 0; i < 4; ++i) out.push_back(char(v >> (8 * i))); }
  uint32_t next_memo_ = 0;
  std::unordered_map<std::string, uint32_t> str_memo_, global_memo_;
};

}  // namespace ts::serialize
