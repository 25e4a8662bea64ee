// Dataset files. IDX (the MNIST format): a 4-byte magic (0, 0, type code, number of dimensions), the
// dimensions as big-endian uint32, then the elements big-endian. gzip files are inflated by
// zlib as they are read; a file without the gzip header is read as it is.
#include <zlib.h>

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <memory>
#include <vector>

#include "data/data.h"
#include "util/error.h"

namespace ts::data {

namespace {

struct GzCloser {
  void operator()(gzFile_s* f) const { gzclose(f); }
};

// Reads up to `n` bytes; fewer only at the end of the data. A corrupt or truncated gzip
// stream is an error naming the file.
size_t read_some(gzFile f, void* out, size_t n, const std::string& path) {
  size_t got = 0;
  char* p = static_cast<char*>(out);
  while (got < n) {
    unsigned chunk = unsigned(std::min<size_t>(n - got, size_t(1) << 30));
    int r = gzread(f, p + got, chunk);
    if (r < 0) {
      int code = 0;
      const char* msg = gzerror(f, &code);
      TS_ERROR("IDX file '", path, "' is corrupt: ", (msg && *msg) ? msg : "gzip read error");
    }
    if (r == 0) {
      int code = 0;
      const char* msg = gzerror(f, &code);
      // zlib reports a gzip stream cut short as Z_BUF_ERROR ("unexpected end of file").
      TS_CHECK(code == Z_OK, "IDX file '", path, "' is corrupt: ", (msg && *msg) ? msg : "gzip read error");
      break;
    }
    got += size_t(r);
  }
  return got;
}

struct IdxType {
  DType dtype;
  size_t size;
};

IdxType idx_type(uint8_t code, const std::string& path) {
  switch (code) {
    case 0x08: return {DType::UInt8, 1};
    case 0x09: return {DType::Int8, 1};
    case 0x0B: return {DType::Int16, 2};
    case 0x0C: return {DType::Int32, 4};
    case 0x0D: return {DType::Float32, 4};
    case 0x0E: return {DType::Float64, 8};
    default: break;
  }
  TS_ERROR("IDX file '", path, "' has an unknown element type code 0x", "0123456789abcdef"[code >> 4],
           "0123456789abcdef"[code & 15], " (expected 0x08 uint8, 0x09 int8, 0x0b int16, 0x0c int32, 0x0d float32 ",
           "or 0x0e float64)");
}

}  // namespace

Tensor read_idx(const std::string& path) {
  std::error_code ec;
  TS_CHECK(std::filesystem::exists(path, ec), "IDX file '", path, "' does not exist");
  TS_CHECK(!std::filesystem::is_directory(path, ec), "IDX file '", path, "' is a directory");
  std::unique_ptr<gzFile_s, GzCloser> f(gzopen(path.c_str(), "rb"));
  TS_CHECK(f != nullptr, "cannot open IDX file '", path, "': ", std::strerror(errno));
  gzbuffer(f.get(), 1 << 17);

  uint8_t magic[4];
  size_t got = read_some(f.get(), magic, 4, path);
  TS_CHECK(got == 4, "IDX file '", path, "' is truncated: ", got, " bytes, fewer than the 4-byte header");
  TS_CHECK(magic[0] == 0 && magic[1] == 0, "IDX file '", path, "' has a wrong magic number (bytes ", int(magic[0]),
           " ", int(magic[1]), " ", int(magic[2]), " ", int(magic[3]), "; an IDX file starts with two zero bytes)");
  IdxType type = idx_type(magic[2], path);
  int ndim = magic[3];
  TS_CHECK(ndim >= 1, "IDX file '", path, "' has a wrong magic number: 0 dimensions");

  std::vector<uint8_t> dims_raw(size_t(ndim) * 4);
  got = read_some(f.get(), dims_raw.data(), dims_raw.size(), path);
  TS_CHECK(got == dims_raw.size(), "IDX file '", path, "' is truncated inside its header (", ndim, " dimensions)");
  std::vector<int64_t> sizes(static_cast<size_t>(ndim));
  uint64_t numel = 1;
  for (int d = 0; d < ndim; ++d) {
    const uint8_t* b = &dims_raw[size_t(d) * 4];
    sizes[size_t(d)] = int64_t(uint32_t(b[0]) << 24 | uint32_t(b[1]) << 16 | uint32_t(b[2]) << 8 | uint32_t(b[3]));
    // Sizes beyond 2^40 bytes cannot be a real dataset: refuse before allocating.
    uint64_t s = uint64_t(sizes[size_t(d)]);
    TS_CHECK(s == 0 || numel <= (uint64_t(1) << 40) / type.size / s, "IDX file '", path,
             "' is corrupt: its header declares more than 2^40 bytes of data");
    numel *= s;
  }

  Tensor out = empty(sizes, TensorOptions(type.dtype));
  size_t nbytes = size_t(numel) * type.size;
  auto* data = static_cast<uint8_t*>(out.data_ptr());
  got = read_some(f.get(), data, nbytes, path);
  TS_CHECK(got == nbytes, "IDX file '", path, "' is truncated: its header declares ", nbytes, " bytes of data but it has ",
           got);
  uint8_t extra;
  TS_CHECK(read_some(f.get(), &extra, 1, path) == 0, "IDX file '", path, "' is corrupt: it has data past the ", nbytes,
           " bytes its header declares");
  // Big-endian to the machine's order (x86: little-endian).
  if (type.size > 1) {
    for (size_t i = 0; i < nbytes; i += type.size) std::reverse(data + i, data + i + type.size);
  }
  return out;
}

Tensor read_bytes(const std::string& path) {
  std::error_code ec;
  TS_CHECK(std::filesystem::is_regular_file(path, ec), "file '", path, "' does not exist or is not a regular file");
  uint64_t size = std::filesystem::file_size(path, ec);
  TS_CHECK(!ec, "cannot read the size of '", path, "': ", ec.message());
  Tensor out = empty({int64_t(size)}, TensorOptions(DType::UInt8));
  std::unique_ptr<FILE, int (*)(FILE*)> f(std::fopen(path.c_str(), "rb"), &std::fclose);
  TS_CHECK(f != nullptr, "cannot open '", path, "': ", std::strerror(errno));
  size_t got = size ? std::fread(out.data_ptr(), 1, size_t(size), f.get()) : 0;
  TS_CHECK(got == size, "'", path, "' is truncated: read ", got, " of ", size, " bytes");
  return out;
}

}  // namespace ts::data
