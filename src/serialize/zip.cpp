// The zip container: our writer (64-byte aligned stored entries, ZIP64) and a checked libzip reader.
#include "serialize/zip.h"

#include <zip.h>
#include <zlib.h>

#include <algorithm>
#include <cstring>
#include <exception>
#include <filesystem>
#include <thread>

#include "util/error.h"

namespace ts::serialize {

namespace {

constexpr uint32_t kLocalSig = 0x04034b50, kCentralSig = 0x02014b50, kEnd64Sig = 0x06064b50,
                   kLocator64Sig = 0x07064b50, kEndSig = 0x06054b50;
constexpr uint64_t kMax32 = 0xffffffffu;
constexpr uint16_t kZip64Version = 45;
constexpr size_t kAlign = 64;
// Deflate cannot expand data by more than about 1032:1; a larger declared size is a lie.
constexpr uint64_t kMaxDeflateRatio = 1032;
constexpr uint64_t kChunk = 1 << 20;

struct Bytes {
  std::string b;
  void u16(uint16_t v) { for (int i = 0; i < 2; ++i) b.push_back(char(v >> (8 * i))); }
  void u32(uint32_t v) { for (int i = 0; i < 4; ++i) b.push_back(char(v >> (8 * i))); }
  void u64(uint64_t v) { for (int i = 0; i < 8; ++i) b.push_back(char(v >> (8 * i))); }
  void str(const std::string& s) { b += s; }
};

[[noreturn]] void zip_fail(const std::string& what) {
  TS_ERROR("PytorchStreamReader failed reading zip archive: ", what);
}

}  // namespace

void ZipWriter::put(const void* p, size_t n) {
  if (n == 0) return;
  sink_(p, n);
  pos_ += n;
}

void ZipWriter::add(const std::string& name, const void* data, uint64_t n) {
  TS_INTERNAL_ASSERT(name.size() < 0xffff, "zip entry name too long");
  bool big = n >= kMax32;
  Bytes h;
  h.u32(kLocalSig);
  h.u16(kZip64Version);
  h.u16(0);  // flags
  h.u16(0);  // stored
  h.u16(0);  // time
  h.u16(0x21);  // date: 1980-01-01
  h.u32(0);  // the CRC, patched below
  h.u32(big ? uint32_t(kMax32) : uint32_t(n));
  h.u32(big ? uint32_t(kMax32) : uint32_t(n));
  h.u16(uint16_t(name.size()));
  size_t z64 = big ? 20 : 0;
  // The "FB" extra field pads the header so the data starts on a 64-byte boundary.
  size_t before = pos_ + 30 + name.size() + z64 + 4;
  size_t pad = (kAlign - before % kAlign) % kAlign;
  h.u16(uint16_t(z64 + 4 + pad));
  h.str(name);
  if (big) {
    h.u16(1);
    h.u16(16);
    h.u64(n);
    h.u64(n);
  }
  h.u16(0x4246);  // 'F','B'
  h.u16(uint16_t(pad));
  h.b.append(pad, 'Z');
  uint64_t header = pos_;
  put(h.b.data(), h.b.size());
  last_data_offset_ = pos_;
  // One pass over the data: each 1 MiB is CRC'd and written while it is in cache.
  uint32_t crc = 0;
  auto* p = static_cast<const char*>(data);
  for (uint64_t at = 0; at < n; at += kChunk) {
    size_t k = size_t(std::min<uint64_t>(kChunk, n - at));
    crc = crc32_update(crc, p + at, k);
    put(p + at, k);
  }
  uint8_t c[4] = {uint8_t(crc), uint8_t(crc >> 8), uint8_t(crc >> 16), uint8_t(crc >> 24)};
  patch_(header + 14, c, 4);
  entries_.push_back({name, header, n, crc});
}

void ZipWriter::finish() {
  uint64_t cd_start = pos_;
  for (const Entry& e : entries_) {
    bool big_size = e.size >= kMax32, big_off = e.offset >= kMax32;
    Bytes h;
    h.u32(kCentralSig);
    h.u16(kZip64Version | (3 << 8));  // made by: unix
    h.u16(kZip64Version);
    h.u16(0);
    h.u16(0);
    h.u16(0);
    h.u16(0x21);
    h.u32(e.crc);
    h.u32(big_size ? uint32_t(kMax32) : uint32_t(e.size));
    h.u32(big_size ? uint32_t(kMax32) : uint32_t(e.size));
    h.u16(uint16_t(e.name.size()));
    uint16_t extra = uint16_t((big_size ? 16 : 0) + (big_off ? 8 : 0));
    h.u16(extra ? uint16_t(extra + 4) : 0);
    h.u16(0);  // comment
    h.u16(0);  // disk
    h.u16(0);  // internal attributes
    h.u32(0100644u << 16);  // external attributes: a regular file, rw-r--r--
    h.u32(big_off ? uint32_t(kMax32) : uint32_t(e.offset));
    h.str(e.name);
    if (extra) {
      h.u16(1);
      h.u16(extra);
      if (big_size) {
        h.u64(e.size);
        h.u64(e.size);
      }
      if (big_off) h.u64(e.offset);
    }
    put(h.b.data(), h.b.size());
  }
  uint64_t cd_size = pos_ - cd_start, end64 = pos_, count = entries_.size();
  Bytes t;
  // Always ZIP64 end records, as PyTorch's writer; the classic record saturates where needed.
  t.u32(kEnd64Sig);
  t.u64(44);
  t.u16(kZip64Version | (3 << 8));
  t.u16(kZip64Version);
  t.u32(0);
  t.u32(0);
  t.u64(count);
  t.u64(count);
  t.u64(cd_size);
  t.u64(cd_start);
  t.u32(kLocator64Sig);
  t.u32(0);
  t.u64(end64);
  t.u32(1);
  t.u32(kEndSig);
  t.u16(0);
  t.u16(0);
  t.u16(uint16_t(std::min<uint64_t>(count, 0xffff)));
  t.u16(uint16_t(std::min<uint64_t>(count, 0xffff)));
  t.u32(uint32_t(std::min<uint64_t>(cd_size, kMax32)));
  t.u32(uint32_t(std::min<uint64_t>(cd_start, kMax32)));
  t.u16(0);
  put(t.b.data(), t.b.size());
}

// ---- reader ----

std::unique_ptr<ZipReader> ZipReader::open_file(const std::string& path) {
  std::error_code ec;
  if (std::filesystem::is_directory(path, ec)) TS_ERROR("[Errno 21] Is a directory: '", path, "'");
  uintmax_t size = std::filesystem::file_size(path, ec);
  if (ec) TS_ERROR("[Errno 2] No such file or directory: '", path, "'");
  std::unique_ptr<ZipReader> r(new ZipReader());
  int err = 0;
  r->za_ = zip_open(path.c_str(), ZIP_RDONLY | ZIP_CHECKCONS, &err);
  if (!r->za_) {
    if (err == ZIP_ER_NOZIP) zip_fail("failed finding central directory");
    if (err == ZIP_ER_EXISTS) zip_fail("duplicate entry names");
    zip_error_t ze;
    zip_error_init_with_code(&ze, err);
    std::string msg = zip_error_strerror(&ze);
    zip_error_fini(&ze);
    zip_fail(msg);
  }
  r->path_ = path;
  r->init(uint64_t(size));
  return r;
}

std::unique_ptr<ZipReader> ZipReader::open_bytes(std::string_view bytes) {
  std::unique_ptr<ZipReader> r(new ZipReader());
  zip_error_t ze;
  zip_error_init(&ze);
  zip_source_t* src = zip_source_buffer_create(bytes.data(), bytes.size(), 0, &ze);
  if (!src) {
    zip_error_fini(&ze);
    zip_fail("out of memory");
  }
  r->za_ = zip_open_from_source(src, ZIP_RDONLY | ZIP_CHECKCONS, &ze);
  if (!r->za_) {
    zip_source_free(src);
    int code = zip_error_code_zip(&ze);
    std::string msg = zip_error_strerror(&ze);
    zip_error_fini(&ze);
    if (code == ZIP_ER_NOZIP) zip_fail("failed finding central directory");
    if (code == ZIP_ER_EXISTS) zip_fail("duplicate entry names");
    zip_fail(msg);
  }
  zip_error_fini(&ze);
  r->init(bytes.size());
  return r;
}

ZipReader::~ZipReader() {
  if (za_) zip_discard(static_cast<zip_t*>(za_));
}

void ZipReader::init(uint64_t archive_size) {
  auto* za = static_cast<zip_t*>(za_);
  zip_int64_t n = zip_get_num_entries(za, 0);
  if (n <= 0) zip_fail("archive has no entries");
  entries_.reserve(size_t(n));
  for (zip_int64_t i = 0; i < n; ++i) {
    zip_stat_t st;
    zip_stat_init(&st);
    if (zip_stat_index(za, zip_uint64_t(i), ZIP_FL_ENC_RAW, &st) != 0 || !(st.valid & ZIP_STAT_NAME))
      zip_fail("cannot read entry " + std::to_string(i));
    std::string name = st.name;
    // Names are never used as paths here, but an archive that has them was not written by
    // PyTorch or by us, and a tool that extracts it would write outside its folder.
    bool bad = name.empty() || name[0] == '/' || name.find('\\') != std::string::npos ||
               name.find(':') != std::string::npos;
    size_t start = 0;
    while (!bad && start <= name.size()) {
      size_t end = name.find('/', start);
      if (end == std::string::npos) end = name.size();
      std::string part = name.substr(start, end - start);
      if (part == ".." || part == ".") bad = true;
      start = end + 1;
    }
    if (bad) zip_fail("unsafe entry name: " + name);
    if (!by_name_.emplace(name, entries_.size()).second) zip_fail("duplicate entry name: " + name);
    size_t slash = name.find('/');
    if (slash == std::string::npos || slash == 0) TS_ERROR("file in archive is not in a subdirectory: ", name);
    std::string top = name.substr(0, slash);
    if (i == 0) prefix_ = top;
    else if (top != prefix_) TS_ERROR("file in archive is not in a subdirectory: ", name);
    if ((st.valid & ZIP_STAT_ENCRYPTION_METHOD) && st.encryption_method != ZIP_EM_NONE)
      zip_fail("encrypted entry: " + name);
    if (!(st.valid & ZIP_STAT_SIZE) || !(st.valid & ZIP_STAT_COMP_SIZE) || !(st.valid & ZIP_STAT_COMP_METHOD))
      zip_fail("entry without sizes: " + name);
    if (st.comp_size > archive_size) zip_fail("entry " + name + " is larger than the archive");
    if (st.comp_method == ZIP_CM_STORE) {
      if (st.size != st.comp_size) zip_fail("stored entry " + name + " has inconsistent sizes");
    } else if (st.comp_method == ZIP_CM_DEFLATE) {
      if (st.size / kMaxDeflateRatio > st.comp_size + 64)
        zip_fail("entry " + name + " declares an impossible uncompressed size");
    } else {
      zip_fail("entry " + name + " uses unsupported compression method " + std::to_string(st.comp_method));
    }
    if (!(st.valid & ZIP_STAT_CRC)) zip_fail("entry without a CRC: " + name);
    entries_.push_back({name, st.size, st.crc, st.comp_method == ZIP_CM_STORE});
  }
}

int64_t ZipReader::index(const std::string& name) const {
  auto it = by_name_.find(name);
  return it == by_name_.end() ? -1 : int64_t(it->second);
}

bool ZipReader::has(const std::string& name) const { return index(name) >= 0; }

std::vector<std::string> ZipReader::names() const {
  std::vector<std::string> out;
  out.reserve(entries_.size());
  for (const auto& e : entries_) out.push_back(e.name);
  return out;
}

uint64_t ZipReader::size(const std::string& name) const {
  int64_t i = index(name);
  if (i < 0) zip_fail("file not found: " + name);
  return entries_[size_t(i)].size;
}

void ZipReader::read_range(void* handle, int64_t i, uint64_t start, uint64_t n, char* dst, uint32_t* crc) const {
  auto* za = static_cast<zip_t*>(handle);
  const std::string& name = entries_[size_t(i)].name;
  zip_source_t* s = zip_source_zip(za, za, zip_uint64_t(i), 0, start, zip_int64_t(n));
  if (!s) zip_fail(std::string("cannot open ") + name + ": " + zip_strerror(za));
  if (zip_source_open(s) < 0) {
    std::string msg = zip_error_strerror(zip_source_error(s));
    zip_source_free(s);
    zip_fail("cannot open " + name + ": " + msg);
  }
  uint64_t got = 0;
  std::string msg;
  // 1 MiB at a time, each CRC'd while it is still in cache.
  while (got < n) {
    zip_int64_t k = zip_source_read(s, dst + got, std::min<uint64_t>(n - got, uint64_t(1) << 20));
    if (k < 0) msg = zip_error_strerror(zip_source_error(s));
    if (k <= 0) break;
    *crc = crc32_update(*crc, dst + got, uint64_t(k));
    got += uint64_t(k);
  }
  zip_source_close(s);
  zip_source_free(s);
  if (!msg.empty()) zip_fail("reading " + name + ": " + msg);
  if (got != n) zip_fail("entry " + name + " is truncated");
}

void ZipReader::read_bytes(const std::string& name, uint64_t start, uint64_t n, void* dst) const {
  int64_t i = index(name);
  if (i < 0) zip_fail("file not found: " + name);
  const Info& e = entries_[size_t(i)];
  if (!e.stored) zip_fail("entry " + name + " is compressed; it cannot be read in parts");
  if (start > e.size || n > e.size - start) zip_fail("entry " + name + ": bytes beyond its end requested");
  if (n == 0) return;
  uint32_t crc = 0;
  read_range(za_, i, start, n, static_cast<char*>(dst), &crc);
}

void ZipReader::read(const std::string& name, void* dst) const {
  int64_t i = index(name);
  if (i < 0) zip_fail("file not found: " + name);
  read_index(za_, i, dst);
}

void ZipReader::read_all(const std::vector<std::pair<std::string, void*>>& jobs) const {
  std::vector<std::pair<int64_t, void*>> idx;
  uint64_t total = 0;
  for (const auto& [name, dst] : jobs) {
    int64_t i = index(name);
    if (i < 0) zip_fail("file not found: " + name);
    idx.emplace_back(i, dst);
    total += entries_[size_t(i)].size;
  }
  if (path_.empty() || total < (uint64_t(16) << 20) || std::thread::hardware_concurrency() < 2) {
    for (const auto& [i, dst] : idx) read_index(za_, i, dst);
    return;
  }
  // A second handle on the same file; its entries must be the ones checked at open.
  int err = 0;
  zip_t* second = zip_open(path_.c_str(), ZIP_RDONLY, &err);
  if (!second) zip_fail("the archive changed while it was being read");
  std::unique_ptr<zip_t, void (*)(zip_t*)> guard(second, zip_discard);
  if (zip_get_num_entries(second, 0) != zip_int64_t(entries_.size())) zip_fail("the archive changed while it was being read");
  for (const auto& [i, dst] : idx) {
    zip_stat_t st;
    if (zip_stat_index(second, zip_uint64_t(i), ZIP_FL_ENC_RAW, &st) != 0 || entries_[size_t(i)].name != st.name ||
        st.size != entries_[size_t(i)].size || st.crc != entries_[size_t(i)].crc)
      zip_fail("the archive changed while it was being read");
  }
  // Alternate entries between the threads, largest first, to balance bytes.
  std::sort(idx.begin(), idx.end(), [&](const auto& a, const auto& b) {
    return entries_[size_t(a.first)].size > entries_[size_t(b.first)].size;
  });
  std::vector<std::pair<int64_t, void*>> mine, theirs;
  uint64_t a = 0, b = 0;
  for (const auto& j : idx) {
    uint64_t sz = entries_[size_t(j.first)].size;
    if (a <= b) {
      mine.push_back(j);
      a += sz;
    } else {
      theirs.push_back(j);
      b += sz;
    }
  }
  std::exception_ptr failed;
  std::thread t([&] {
    try {
      for (const auto& [i, dst] : theirs) read_index(second, i, dst);
    } catch (...) {
      failed = std::current_exception();
    }
  });
  std::exception_ptr mine_failed;
  try {
    for (const auto& [i, dst] : mine) read_index(za_, i, dst);
  } catch (...) {
    mine_failed = std::current_exception();
  }
  t.join();
  if (mine_failed) std::rethrow_exception(mine_failed);
  if (failed) std::rethrow_exception(failed);
}

void ZipReader::read_index(void* handle, int64_t i, void* dst) const {
  const std::string& name = entries_[size_t(i)].name;
  const Info& e = entries_[size_t(i)];
  uint64_t want = e.size;
  if (e.stored && want >= (1u << 20)) {
    // libzip checks a CRC only on a whole-entry read, with zlib's table CRC (the slowest step of
    // loading a large checkpoint); two partial reads skip it and the CRC is checked here instead.
    char* out = static_cast<char*>(dst);
    uint32_t crc = 0;
    read_range(handle, i, 0, want - 1, out, &crc);
    read_range(handle, i, want - 1, 1, out + want - 1, &crc);
    if (crc != e.crc) zip_fail("reading " + name + ": CRC error");
    return;
  }
  auto* za = static_cast<zip_t*>(handle);
  zip_file_t* f = zip_fopen_index(za, zip_uint64_t(i), 0);
  if (!f) zip_fail(std::string("cannot open ") + name + ": " + zip_strerror(za));
  auto* out = static_cast<char*>(dst);
  uint64_t got = 0;
  while (got < want) {
    zip_int64_t k = zip_fread(f, out + got, std::min<uint64_t>(want - got, uint64_t(1) << 30));
    if (k < 0) {
      std::string msg = zip_file_strerror(f);
      zip_fclose(f);
      zip_fail("reading " + name + ": " + msg);
    }
    if (k == 0) break;
    got += uint64_t(k);
  }
  // One more read: a stored CRC is checked when the end is reached.
  char extra;
  zip_int64_t k = got == want ? zip_fread(f, &extra, 1) : 0;
  std::string msg = k < 0 ? zip_file_strerror(f) : "";
  zip_fclose(f);
  if (got != want) zip_fail("entry " + name + " is truncated");
  if (k < 0) zip_fail("reading " + name + ": " + msg);
  if (k > 0) zip_fail("entry " + name + " is longer than its declared size");
}

std::string ZipReader::read_string(const std::string& name) const {
  std::string s(size(name), '\0');
  read(name, s.data());
  return s;
}

}  // namespace ts::serialize
