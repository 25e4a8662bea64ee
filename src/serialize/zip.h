// Internal to src/serialize: the zip container of torch.save files (and, later, model archives).
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace ts::serialize {

// CRC-32 of zip (crc32.cpp): PCLMULQDQ folding where available; crc32_zlib is the reference.
uint32_t crc32_update(uint32_t crc, const void* data, uint64_t n);
uint32_t crc32_zlib(uint32_t crc, const void* data, uint64_t n);

// Writes a zip archive of uncompressed entries whose data starts on a 64-byte boundary (as
// PyTorch's writer does, so storages can be memory-mapped), with ZIP64 records where sizes or
// offsets need them. Bytes go to `sink` in one forward pass.
class ZipWriter {
 public:
  using Sink = std::function<void(const void*, size_t)>;
  // Overwrites bytes already sunk (the CRC in a local header, known only after the data).
  using Patch = std::function<void(uint64_t offset, const void*, size_t)>;
  ZipWriter(Sink sink, Patch patch) : sink_(std::move(sink)), patch_(std::move(patch)) {}
  void add(const std::string& name, const void* data, uint64_t n);
  // Where the last added entry's data starts in the archive (model archives record it so
  // storages can be memory-mapped).
  uint64_t last_data_offset() const { return last_data_offset_; }
  void finish();

 private:
  struct Entry {
    std::string name;
    uint64_t offset, size;
    uint32_t crc;
  };
  void put(const void* p, size_t n);
  Sink sink_;
  Patch patch_;
  uint64_t pos_ = 0;
  uint64_t last_data_offset_ = 0;
  std::vector<Entry> entries_;
};

// Reads a zip archive through libzip after checking what an archive from someone else could get
// wrong: names (absolute, "..", backslashes, duplicates, not under one top folder), compression
// methods, encryption, and declared sizes against the archive's own size.
class ZipReader {
 public:
  static std::unique_ptr<ZipReader> open_file(const std::string& path);
  static std::unique_ptr<ZipReader> open_bytes(std::string_view bytes);
  ~ZipReader();

  // The folder every entry lives in ("archive" for "archive/data.pkl").
  const std::string& prefix() const { return prefix_; }
  bool has(const std::string& name) const;
  // Every entry's name, in the archive's order.
  std::vector<std::string> names() const;
  uint64_t size(const std::string& name) const;  // uncompressed size; a ts::Error when absent
  // Reads the whole entry into dst (exactly size(name) bytes).
  void read(const std::string& name, void* dst) const;
  // Reads several entries; large file-backed reads are split over two threads (each with its
  // own libzip handle: a zip_t is not thread-safe).
  void read_all(const std::vector<std::pair<std::string, void*>>& jobs) const;
  std::string read_string(const std::string& name) const;
  // Bytes [start, start + n) of a stored entry (no CRC check: the entry is not read whole).
  void read_bytes(const std::string& name, uint64_t start, uint64_t n, void* dst) const;

 private:
  ZipReader() = default;
  void init(uint64_t archive_size);
  int64_t index(const std::string& name) const;
  void* za_ = nullptr;  // zip_t*
  void* src_ = nullptr;  // zip_source_t* for open_bytes, owned by za_ once opened
  std::string prefix_;
  struct Info {
    std::string name;
    uint64_t size;
    uint32_t crc;
    bool stored;
  };
  // Reads bytes [start, start + n) of a stored entry without libzip's CRC; updates *crc.
  void read_range(void* za, int64_t index, uint64_t start, uint64_t n, char* dst, uint32_t* crc) const;
  void read_index(void* za, int64_t index, void* dst) const;
  std::string path_;  // empty for open_bytes
  std::vector<Info> entries_;
  std::unordered_map<std::string, size_t> by_name_;
};

}  // namespace ts::serialize

namespace ts::serialize {

// Random-access bytes of a file or a memory buffer (the .npy and safetensors readers).
class Source {
 public:
  virtual ~Source() = default;
  virtual uint64_t size() const = 0;
  // Reads exactly n bytes at `offset` (a ts::Error when they are not there).
  virtual void read_at(uint64_t offset, void* dst, size_t n) const = 0;
  std::string read_string(uint64_t offset, size_t n) const {
    std::string s(n, '\0');
    read_at(offset, s.data(), n);
    return s;
  }
};
std::unique_ptr<Source> file_source(const std::string& path);  // "[Errno 2] ..." when missing
std::unique_ptr<Source> bytes_source(std::string_view bytes);

}  // namespace ts::serialize
