// src/data: the IDX reader (and read_bytes) on files these tests write (raw and gzip, every element type, the
// big-endian byte order), its errors on bad files (each must name the file), the real
// Fashion-MNIST test labels when Debian's dataset-fashion-mnist is installed, and
// multinomial (with and without replacement) against PyTorch 1.13's output for the same seed.
#include <doctest/doctest.h>
#include <zlib.h>

#include <unistd.h>

#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "data/data.h"
#include "ops/api_random.h"

using namespace ts;
namespace fs = std::filesystem;

namespace {

// A scratch directory for this process, removed at exit.
struct ScratchDir {
  fs::path dir = fs::temp_directory_path() / ("ts_data_test_" + std::to_string(::getpid()));
  ScratchDir() { fs::create_directories(dir); }
  ~ScratchDir() {
    std::error_code ec;
    fs::remove_all(dir, ec);
  }
};

std::string temp_path(const std::string& name) {
  static ScratchDir scratch;
  return (scratch.dir / name).string();
}

void write_raw(const std::string& path, const std::vector<uint8_t>& bytes) {
  std::ofstream f(path, std::ios::binary);
  f.write(reinterpret_cast<const char*>(bytes.data()), std::streamsize(bytes.size()));
}

void write_gz(const std::string& path, const std::vector<uint8_t>& bytes) {
  gzFile f = gzopen(path.c_str(), "wb");
  REQUIRE(f != nullptr);
  REQUIRE(gzwrite(f, bytes.data(), unsigned(bytes.size())) == int(bytes.size()));
  gzclose(f);
}

std::vector<uint8_t> read_bytes(const std::string& path) {
  std::ifstream f(path, std::ios::binary);
  return {std::istreambuf_iterator<char>(f), std::istreambuf_iterator<char>()};
}

// An IDX header: 0, 0, type code, ndim, then the sizes big-endian.
std::vector<uint8_t> header(uint8_t code, const std::vector<uint32_t>& dims) {
  std::vector<uint8_t> out = {0, 0, code, uint8_t(dims.size())};
  for (uint32_t d : dims) {
    for (int s = 24; s >= 0; s -= 8) out.push_back(uint8_t(d >> s));
  }
  return out;
}

std::string error_of(const std::string& path) {
  try {
    data::read_idx(path);
  } catch (const std::exception& e) {
    return e.what();
  }
  return "";
}

}  // namespace

TEST_CASE("read_idx: uint8 images, raw and gzip") {
  std::vector<uint8_t> bytes = header(0x08, {2, 3, 4});
  for (int i = 0; i < 24; ++i) bytes.push_back(uint8_t(i * 11));
  std::string raw = temp_path("images-idx3-ubyte"), gz = temp_path("images-idx3-ubyte.gz");
  write_raw(raw, bytes);
  write_gz(gz, bytes);
  for (const std::string& p : {raw, gz}) {
    Tensor t = data::read_idx(p);
    CHECK(t.dtype() == DType::UInt8);
    REQUIRE(t.dim() == 3);
    CHECK(t.size(0) == 2);
    CHECK(t.size(1) == 3);
    CHECK(t.size(2) == 4);
    const auto* d = static_cast<const uint8_t*>(t.data_ptr());
    for (int i = 0; i < 24; ++i) CHECK(d[i] == uint8_t(i * 11));
  }
}

TEST_CASE("read_idx: multi-byte element types are big-endian") {
  // int16 [2]: 0x0102 = 258 and 0xFFFE = -2.
  std::vector<uint8_t> b16 = header(0x0B, {2});
  for (uint8_t v : {0x01, 0x02, 0xFF, 0xFE}) b16.push_back(v);
  std::string p16 = temp_path("i16.gz");
  write_gz(p16, b16);
  Tensor t16 = data::read_idx(p16);
  CHECK(t16.dtype() == DType::Int16);
  CHECK(static_cast<const int16_t*>(t16.data_ptr())[0] == 258);
  CHECK(static_cast<const int16_t*>(t16.data_ptr())[1] == -2);
  // int32 [1]: 0x00010000 = 65536; float32 [1]: 0x3FC00000 = 1.5; float64 [1]: 0xC004000000000000 = -2.5.
  std::vector<uint8_t> b32 = header(0x0C, {1});
  for (uint8_t v : {0x00, 0x01, 0x00, 0x00}) b32.push_back(v);
  std::string p32 = temp_path("i32");
  write_raw(p32, b32);
  CHECK(static_cast<const int32_t*>(data::read_idx(p32).data_ptr())[0] == 65536);
  std::vector<uint8_t> bf = header(0x0D, {1});
  for (uint8_t v : {0x3F, 0xC0, 0x00, 0x00}) bf.push_back(v);
  std::string pf = temp_path("f32");
  write_raw(pf, bf);
  Tensor tf = data::read_idx(pf);
  CHECK(tf.dtype() == DType::Float32);
  CHECK(static_cast<const float*>(tf.data_ptr())[0] == 1.5f);
  std::vector<uint8_t> bd = header(0x0E, {1});
  for (uint8_t v : {0xC0, 0x04, 0, 0, 0, 0, 0, 0}) bd.push_back(v);
  std::string pd = temp_path("f64.gz");
  write_gz(pd, bd);
  CHECK(static_cast<const double*>(data::read_idx(pd).data_ptr())[0] == -2.5);
  // int8 labels [3].
  std::vector<uint8_t> b8 = header(0x09, {3});
  for (uint8_t v : {0x05, 0x80, 0x7F}) b8.push_back(v);
  std::string p8 = temp_path("i8");
  write_raw(p8, b8);
  Tensor t8 = data::read_idx(p8);
  CHECK(static_cast<const int8_t*>(t8.data_ptr())[1] == -128);
}

TEST_CASE("read_idx: bad files are errors naming the file") {
  std::string missing = temp_path("no-such-file-idx1-ubyte");
  std::string e = error_of(missing);
  CHECK(e.find(missing) != std::string::npos);
  CHECK(e.find("does not exist") != std::string::npos);

  std::vector<uint8_t> good = header(0x08, {4});
  for (uint8_t v : {1, 2, 3, 4}) good.push_back(v);

  std::string magic = temp_path("bad-magic");
  std::vector<uint8_t> bm = good;
  bm[0] = 0x1F;
  bm[1] = 0x00;
  write_raw(magic, bm);
  e = error_of(magic);
  CHECK(e.find(magic) != std::string::npos);
  CHECK(e.find("wrong magic number") != std::string::npos);

  std::string code = temp_path("bad-type");
  std::vector<uint8_t> bc = good;
  bc[2] = 0x07;
  write_raw(code, bc);
  e = error_of(code);
  CHECK(e.find(code) != std::string::npos);
  CHECK(e.find("unknown element type code 0x07") != std::string::npos);

  std::string shorth = temp_path("short-header");
  write_raw(shorth, {0, 0, 8});
  e = error_of(shorth);
  CHECK(e.find(shorth) != std::string::npos);
  CHECK(e.find("truncated") != std::string::npos);

  std::string dims = temp_path("short-dims");
  write_raw(dims, {0, 0, 8, 3, 0, 0, 0, 4});
  e = error_of(dims);
  CHECK(e.find("truncated inside its header") != std::string::npos);

  std::string shortd = temp_path("short-data.gz");
  std::vector<uint8_t> bs(good.begin(), good.end() - 2);
  write_gz(shortd, bs);
  e = error_of(shortd);
  CHECK(e.find(shortd) != std::string::npos);
  CHECK(e.find("declares 4 bytes of data but it has 2") != std::string::npos);

  std::string extra = temp_path("extra-data");
  std::vector<uint8_t> bx = good;
  bx.push_back(9);
  write_raw(extra, bx);
  e = error_of(extra);
  CHECK(e.find("data past the 4 bytes") != std::string::npos);

  std::string huge = temp_path("huge-sizes");
  write_raw(huge, header(0x0E, {0xFFFFFFFFu, 0xFFFFFFFFu}));
  e = error_of(huge);
  CHECK(e.find(huge) != std::string::npos);
  CHECK(e.find("more than 2^40 bytes") != std::string::npos);

  // A gzip stream cut in half, and one with its compressed bytes overwritten.
  std::vector<uint8_t> big = header(0x08, {4096});
  for (int i = 0; i < 4096; ++i) big.push_back(uint8_t((i * 7919) % 251));
  std::string whole = temp_path("whole.gz");
  write_gz(whole, big);
  std::vector<uint8_t> z = read_bytes(whole);
  std::string cut = temp_path("cut.gz");
  write_raw(cut, std::vector<uint8_t>(z.begin(), z.begin() + long(z.size() / 2)));
  e = error_of(cut);
  CHECK(e.find(cut) != std::string::npos);
  CHECK((e.find("corrupt") != std::string::npos || e.find("truncated") != std::string::npos));
  std::string bad = temp_path("bad.gz");
  std::vector<uint8_t> zb = z;
  for (size_t i = 12; i < zb.size() - 8; i += 3) zb[i] ^= 0x5A;
  write_raw(bad, zb);
  e = error_of(bad);
  CHECK(e.find(bad) != std::string::npos);
  CHECK(e.find("is corrupt") != std::string::npos);

  std::string dir = temp_path("a-directory");
  fs::create_directories(dir);
  CHECK(error_of(dir).find("is a directory") != std::string::npos);
}

TEST_CASE("read_idx: Debian's Fashion-MNIST test labels") {
  const std::string p = "/usr/share/datasets/fashion-mnist/t10k-labels-idx1-ubyte.gz";
  if (!fs::exists(p)) return;  // dataset-fashion-mnist not installed
  Tensor t = data::read_idx(p);
  REQUIRE(t.dim() == 1);
  CHECK(t.size(0) == 10000);
  // torchvision.datasets.FashionMNIST(train=False).targets[:10] under PyTorch 1.13.
  const int want[10] = {9, 2, 1, 1, 6, 1, 4, 6, 5, 7};
  const auto* d = static_cast<const uint8_t*>(t.data_ptr());
  for (int i = 0; i < 10; ++i) CHECK(int(d[i]) == want[i]);
  Tensor img = data::read_idx("/usr/share/datasets/fashion-mnist/t10k-images-idx3-ubyte.gz");
  CHECK(img.size(0) == 10000);
  CHECK(img.size(1) == 28);
  CHECK(img.size(2) == 28);
  // ToTensor()(ds[0][0]).sum() is 131.2 under PyTorch: the pixel sum is 131.2 * 255.
  const auto* px = static_cast<const uint8_t*>(img.data_ptr());
  int64_t sum = 0;
  for (int i = 0; i < 784; ++i) sum += px[i];
  CHECK(sum == 33456);
}

TEST_CASE("multinomial with replacement matches PyTorch for the same seed") {
  Generator g(5);
  Tensor w = empty({5}, TensorOptions(DType::Float64));
  double* p = static_cast<double*>(w.data_ptr());
  const double vals[5] = {0.1, 0.9, 0.4, 0.0, 2.0};
  for (int i = 0; i < 5; ++i) p[i] = vals[i];
  // torch.multinomial(weights, 20, True, generator=torch.Generator().manual_seed(5)), then 3 more.
  const int64_t want[20] = {4, 1, 2, 2, 1, 4, 4, 4, 4, 4, 2, 2, 4, 1, 1, 2, 2, 2, 4, 4};
  Tensor a = multinomial(w, 20, true, &g);
  for (int i = 0; i < 20; ++i) CHECK(static_cast<const int64_t*>(a.data_ptr())[i] == want[i]);
  Tensor b = multinomial(w, 3, true, &g);
  const int64_t want_b[3] = {4, 2, 1};
  for (int i = 0; i < 3; ++i) CHECK(static_cast<const int64_t*>(b.data_ptr())[i] == want_b[i]);
  p[2] = -1;
  CHECK_THROWS_WITH(multinomial(w, 3, true, &g),
                    "invalid multinomial distribution (encountering probability entry < 0)");
}

TEST_CASE("multinomial without replacement matches PyTorch for the same seed") {
  Generator g(4);
  Tensor w = empty({7}, TensorOptions(DType::Float64));
  double* p = static_cast<double*>(w.data_ptr());
  const double vals[7] = {0.5, 3.0, 1.0, 0.25, 2.0, 0.0, 1.5};
  for (int i = 0; i < 7; ++i) p[i] = vals[i];
  // torch.multinomial(w, 6, False, generator=torch.Generator().manual_seed(4)), then n=1.
  const int64_t want[6] = {2, 6, 1, 0, 4, 3};
  Tensor a = multinomial(w, 6, false, &g);
  for (int i = 0; i < 6; ++i) CHECK(static_cast<const int64_t*>(a.data_ptr())[i] == want[i]);
  Tensor b = multinomial(w, 1, false, &g);
  CHECK(static_cast<const int64_t*>(b.data_ptr())[0] == 6);
  CHECK_THROWS_WITH(multinomial(w, 8, false, &g),
                    "cannot sample n_sample > prob_dist.size(-1) samples without replacement");
}

TEST_CASE("read_bytes: a whole file, and a missing one names it") {
  std::string p = temp_path("bytes.bin");
  write_raw(p, {7, 0, 255, 3});
  Tensor t = data::read_bytes(p);
  REQUIRE(t.dim() == 1);
  REQUIRE(t.size(0) == 4);
  const auto* d = static_cast<const uint8_t*>(t.data_ptr());
  CHECK(d[0] == 7);
  CHECK(d[2] == 255);
  std::string missing = temp_path("no-such.bin");
  try {
    data::read_bytes(missing);
    CHECK(false);
  } catch (const std::exception& e) {
    CHECK(std::string(e.what()).find(missing) != std::string::npos);
  }
}
