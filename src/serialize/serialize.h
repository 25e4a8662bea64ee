// Files shared with PyTorch and numpy: torch.save/torch.load's zip + pickle format, .npy and
// safetensors. Every writer here goes through AtomicFile (temp file, fsync, rename), so a crash
// leaves either the old file or the new one. See src/serialize/README.md.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "ops/ivalue.h"

namespace ts::serialize {

// ---- torch.save / torch.load (PyTorch 1.13's zip format, pickle protocol 2) ----

// Writes `obj` (tensors, dicts, lists, tuples, int, float, str, bool, None, dtypes, devices).
// A collections.OrderedDict (Module.state_dict() returns one, as PyTorch's) is written as one,
// and read back as one.
void save(const IValue& obj, const std::string& path);
// The same bytes, in memory (the fuzz target and tests use it).
std::string save_to_bytes(const IValue& obj);

// map_location: none (storages stay where they were saved: only "cpu" exists here),
// or a device string ("cpu").
IValue load(const std::string& path, std::optional<std::string> map_location = std::nullopt);
IValue load_from_bytes(std::string_view bytes, std::optional<std::string> map_location = std::nullopt);

// ---- .npy (numpy's format 1.0/2.0/3.0) ----
void save_npy(const Tensor& t, const std::string& path);
Tensor load_npy(const std::string& path);
Tensor load_npy_from_bytes(std::string_view bytes);

// ---- safetensors ----
using TensorMap = std::vector<std::pair<std::string, Tensor>>;  // in the caller's order
void save_safetensors(const TensorMap& tensors, const std::string& path,
                      const std::map<std::string, std::string>& metadata = {});
// Tensors in file order (by data offset); `metadata` receives __metadata__ when given.
TensorMap load_safetensors(const std::string& path, std::map<std::string, std::string>* metadata = nullptr);
TensorMap load_safetensors_from_bytes(std::string_view bytes,
                                      std::map<std::string, std::string>* metadata = nullptr);

// ---- atomic writes ----

// A file written under a temporary name in the target's directory and renamed over the target
// by commit() after fsync; destroyed without commit() it removes the temporary file. A symbolic
// link is followed (its target is replaced, the link stays); a device node or FIFO is written in
// place, all at commit() (Note [Atomic writes] in README.md). Every file writer uses it.
class AtomicFile {
 public:
  explicit AtomicFile(const std::string& path);
  ~AtomicFile();
  AtomicFile(const AtomicFile&) = delete;
  AtomicFile& operator=(const AtomicFile&) = delete;

  void write(const void* data, size_t n);
  // Overwrites n bytes at `offset` (< position()) already written.
  void patch(uint64_t offset, const void* data, size_t n);
  uint64_t position() const { return pos_; }
  void commit();
  const std::string& temp_path() const { return tmp_; }

 private:
  void flush_buffer();
  std::string path_, target_, tmp_;  // as given, with links resolved, the temporary name
  int fd_ = -1;
  int slot_ = -1;        // in the signal handlers' registry
  bool direct_ = false;  // a device node or FIFO, written in place
  uint64_t pos_ = 0;
  std::vector<char> buf_;
  bool committed_ = false;
};

// Writes `bytes` to `path` atomically.
void write_file_atomic(const std::string& path, std::string_view bytes);

}  // namespace ts::serialize
