// src/serialize: torch.save/torch.load bytes, the restricted unpickler, the zip checks, .npy,
// safetensors and atomic writes. The PyTorch side (every dtype, both directions, the kill test)
// is tests/serialize/run.
#include <doctest/doctest.h>
#include <unistd.h>

#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>

#include "ops/ivalue.h"
#include "serialize/serialize.h"
#include "serialize/zip.h"

using namespace ts;
using namespace std::string_literals;
namespace ser = ts::serialize;

namespace {

std::string unhex(const std::string& h) {
  std::string s;
  for (size_t i = 0; i + 1 < h.size(); i += 2) s.push_back(char(std::stoi(h.substr(i, 2), nullptr, 16)));
  return s;
}

// PyTorch 1.13: a = torch.arange(6.).reshape(2, 3); buf = io.BytesIO()
// torch.save({'a': a, 'v': a[:, 1], 'n': [1, -2, 2.5, 'x', True, None, (3,)],
//             'i': torch.tensor([1, 2], dtype=torch.int16)}, buf); buf.getvalue().hex()
const char* kTorchSaved =
    "504b03040000080800000000000000000000000000000000000010001200617263686976652f646174612e706b6c4642"
    "0e005a5a5a5a5a5a5a5a5a5a5a5a5a5a80027d710028580100000061710163746f7263682e5f7574696c730a5f726562"
    "75696c645f74656e736f725f76320a71022828580700000073746f72616765710363746f7263680a466c6f617453746f"
    "726167650a71045801000000307105580300000063707571064b06747107514b004b024b038671084b034b0186710989"
    "63636f6c6c656374696f6e730a4f726465726564446963740a710a2952710b74710c52710d580100000076710e680228"
    "2868036804680568064b0674710f514b014b028571104b0385711189680a2952711274711352711458010000006e7115"
    "5d7116284b014afeffffff4740040000000000005801000000787117884e4b0385711865580100000069711968022828"
    "680363746f7263680a53686f727453746f726167650a711a580100000031711b68064b0274711c514b004b0285711d4b"
    "0185711e89680a2952711f747120527121752e504b07089e3c65765301000053010000504b0304000008080000000000"
    "000000000000000000000000000e003100617263686976652f646174612f3046422d005a5a5a5a5a5a5a5a5a5a5a5a5a"
    "5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a000000000000803f0000004000004040"
    "000080400000a040504b07081790e7911800000018000000504b03040000080800000000000000000000000000000000"
    "00000e002c00617263686976652f646174612f31464228005a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a"
    "5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a01000200504b0708fbdaceab0400000004000000504b03040000080800000000"
    "00000000000000000000000000000f003f00617263686976652f76657273696f6e46423b005a5a5a5a5a5a5a5a5a5a5a"
    "5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a"
    "330a504b0708d19e67550200000002000000504b01020000000008080000000000009e3c657653010000530100001000"
    "00000000000000000000000000000000617263686976652f646174612e706b6c504b0102000000000808000000000000"
    "1790e79118000000180000000e00000000000000000000000000a3010000617263686976652f646174612f30504b0102"
    "000000000808000000000000fbdaceab04000000040000000e0000000000000000000000000028020000617263686976"
    "652f646174612f31504b0102000000000808000000000000d19e675502000000020000000f0000000000000000000000"
    "000094020000617263686976652f76657273696f6e504b06062c000000000000001e032d000000000000000000040000"
    "00000000000400000000000000f3000000000000001203000000000000504b0607000000000504000000000000010000"
    "00504b05060000000004000400f3000000120300000000"
    ;

std::string expect_error(const std::function<void()>& f) {
  try {
    f();
  } catch (const std::exception& e) {
    return e.what();
  }
  return "<no error>";
}

// A minimal zip made by our writer around one pickle (and optional storages).
std::string archive(const std::string& pickle, std::vector<std::pair<std::string, std::string>> more = {},
                    const std::string& prefix = "archive/") {
  std::string out;
  ser::ZipWriter z([&](const void* p, size_t n) { out.append(static_cast<const char*>(p), n); },
                   [&](uint64_t at, const void* p, size_t n) { std::memcpy(out.data() + at, p, n); });
  z.add(prefix + "data.pkl", pickle.data(), pickle.size());
  for (auto& [k, v] : more) z.add(k, v.data(), v.size());
  z.add(prefix + "version", "3\n", 2);
  z.finish();
  return out;
}

Tensor arange_f(int64_t n) {
  Tensor t = empty({n}, TensorOptions(DType::Float32));
  for (int64_t i = 0; i < n; ++i) t.data<float>()[i] = float(i);
  return t;
}

std::string temp_dir() {
  auto d = std::filesystem::temp_directory_path() / ("ts_ser_test_" + std::to_string(::getpid()));
  std::filesystem::create_directories(d);
  return d.string();
}

}  // namespace

TEST_CASE("serialize: reads a file PyTorch 1.13 wrote") {
  IValue v = ser::load_from_bytes(unhex(kTorchSaved));
  REQUIRE(v.is_dict());
  const auto& d = *v.dict_ptr();
  REQUIRE(d.items.size() == 4);
  Tensor a = d.find(IValue("a"))->to_tensor();
  Tensor view = d.find(IValue("v"))->to_tensor();
  CHECK(a.dtype() == DType::Float32);
  CHECK(std::vector<int64_t>(a.sizes().begin(), a.sizes().end()) == std::vector<int64_t>{2, 3});
  for (int i = 0; i < 6; ++i) CHECK(a.data<float>()[i] == float(i));
  // The column view shares a's storage: offset 1, size (2,), stride (3,).
  CHECK(view.impl()->storage().get() == a.impl()->storage().get());
  CHECK(view.storage_offset() == 1);
  CHECK(view.stride(0) == 3);
  CHECK(view.size(0) == 2);
  const auto& n = d.find(IValue("n"))->items();
  REQUIRE(n.size() == 7);
  CHECK(n[0].to_int() == 1);
  CHECK(n[1].to_int() == -2);
  CHECK(n[2].to_double() == 2.5);
  CHECK(n[3].to_string() == "x");
  CHECK(n[4].to_bool());
  CHECK(n[5].is_none());
  CHECK(n[6].is_tuple());
  Tensor i = d.find(IValue("i"))->to_tensor();
  CHECK(i.dtype() == DType::Int16);
  CHECK(i.data<int16_t>()[1] == 2);
}

TEST_CASE("serialize: round trip keeps dtype, geometry, sharing and parameters") {
  Tensor base = arange_f(12);
  Tensor m = base.view({3, 4});
  Tensor col = m.select(1, 2);  // stride 4, offset 2
  Tensor p = arange_f(3);
  p.requires_grad_(true);
  p.impl()->is_parameter = true;
  IValue d = IValue::dict();
  d.dict_ptr()->set(IValue("m"), IValue(m));
  d.dict_ptr()->set(IValue("col"), IValue(col));
  d.dict_ptr()->set(IValue("p"), IValue(p));
  d.dict_ptr()->set(IValue("nest"), IValue::list({IValue(int64_t(1) << 40), IValue(-7.25), IValue::tuple({IValue("é"), IValue()})}));
  d.dict_ptr()->set(IValue("dt"), IValue(DType::BFloat16));
  IValue back = ser::load_from_bytes(ser::save_to_bytes(d));
  const auto& b = *back.dict_ptr();
  Tensor m2 = b.find(IValue("m"))->to_tensor(), col2 = b.find(IValue("col"))->to_tensor();
  CHECK(m2.impl()->storage().get() == col2.impl()->storage().get());
  CHECK(col2.storage_offset() == 2);
  CHECK(col2.stride(0) == 4);
  CHECK(m2.data<float>()[11] == 11.0f);
  Tensor p2 = b.find(IValue("p"))->to_tensor();
  CHECK(p2.impl()->is_parameter);
  CHECK(p2.requires_grad());
  const auto& nest = b.find(IValue("nest"))->items();
  CHECK(nest[0].to_int() == (int64_t(1) << 40));
  CHECK(nest[1].to_double() == -7.25);
  CHECK(nest[2].items()[0].to_string() == "é");
  CHECK(b.find(IValue("dt"))->to_dtype() == DType::BFloat16);
}

TEST_CASE("serialize: storages are 64-byte aligned in the archive") {
  IValue d = IValue::dict();
  d.dict_ptr()->set(IValue("x"), IValue(arange_f(5)));
  std::string bytes = ser::save_to_bytes(d);
  // The storage's little-endian floats 0..4 start on a 64-byte boundary.
  std::string want(reinterpret_cast<const char*>(arange_f(5).data_ptr()), 20);
  size_t at = bytes.find(want);
  REQUIRE(at != std::string::npos);
  CHECK(at % 64 == 0);
}

TEST_CASE("serialize: the unpickler rejects what torch.save never writes") {
  // PROTO 2, GLOBAL 'os system', STOP
  CHECK(expect_error([] { ser::load_from_bytes(archive(std::string("\x80\x02" "cos\nsystem\n.", 14))); }) ==
        "Unsupported class os.system");
  // Protocol 0's INT opcode.
  CHECK(expect_error([] { ser::load_from_bytes(archive(std::string("\x80\x02I1\n.", 6))); })
            .starts_with("Unsupported operand 73 (pickle opcode 0x49 at offset 2)"));
  CHECK(expect_error([] { ser::load_from_bytes(archive(std::string("\x80\x02h\x05.", 5))); }) ==
        "Memo value not found at index 5");
  CHECK(expect_error([] { ser::load_from_bytes(archive(std::string("\x80\x02" "a.", 4))); })
            .starts_with("unpickling stack underflow"));
  CHECK(expect_error([] { ser::load_from_bytes(archive(std::string("\x80\x02X\xff\x00\x00\x00" "ab.", 11))); }) ==
        "pickle data was truncated");
  // A list that contains itself: EMPTY_LIST BINPUT 0 BINGET 0 APPEND STOP
  CHECK(expect_error([] { ser::load_from_bytes(archive(std::string("\x80\x02]q\x00h\x00" "a.", 9))); }) ==
        "the pickle changes a List[] after using it (self-containing or mutated shared structures are not supported)");
  // 5000 nested tuples: MARK x 5000, EMPTY_TUPLE, TUPLE x 5000
  std::string deep = "\x80\x02" + std::string(5000, '(') + ")" + std::string(5000, 't') + ".";
  CHECK(expect_error([&] { ser::load_from_bytes(archive(deep)); }) ==
        "the pickle nests containers too deeply (more than 1000 levels)");
  // A storage type as a value (PROTO 2, GLOBAL 'torch FloatStorage', STOP) or inside a list.
  CHECK(expect_error([] { ser::load_from_bytes(archive(std::string("\x80\x02" "ctorch\nFloatStorage\n.", 23))); }) ==
        "Unsupported value in the pickle: a torch.FloatStorage is not a loadable value");
  CHECK(expect_error([] { ser::load_from_bytes(archive(std::string("\x80\x02]ctorch\nFloatStorage\na.", 25))); }) ==
        "Unsupported value in the pickle: a torch.FloatStorage is not a loadable value");
  // bytes objects (_codecs.encode) are named.
  CHECK(expect_error([] { ser::load_from_bytes(archive(std::string("\x80\x02" "c_codecs\nencode\n.", 19))); })
            .starts_with("Unsupported class _codecs.encode"));
}

TEST_CASE("serialize: storages and views are checked against the entries") {
  // _rebuild_tensor_v2(('storage', FloatStorage, '0', 'cpu', N), 0, (4,), (1,), False, OrderedDict())
  auto pickle = [](int numel, int size) {
    std::string s = "\x80\x02" "ctorch._utils\n_rebuild_tensor_v2\n((X\x07\x00\x00\x00storage"
                    "ctorch\nFloatStorage\nX\x01\x00\x00\x00" "0X\x03\x00\x00\x00" "cpuK"s;
    s += char(numel);
    s += "tQK\x00K"s;
    s += char(size);
    s += "\x85K\x01\x85\x89" "ccollections\nOrderedDict\n)RtR.";
    return s;
  };
  std::string four(16, '\0');
  CHECK(ser::load_from_bytes(archive(pickle(4, 4), {{"archive/data/0", four}})).to_tensor().numel() == 4);
  CHECK(expect_error([&] { ser::load_from_bytes(archive(pickle(100, 4), {{"archive/data/0", four}})); }) ==
        "storage data/0 holds 16 bytes but its persistent id declares 100 elements of 4 bytes");
  CHECK(expect_error([&] { ser::load_from_bytes(archive(pickle(4, 9), {{"archive/data/0", four}})); })
            .find("reaches beyond its storage of 4 elements") != std::string::npos);
  CHECK(expect_error([&] { ser::load_from_bytes(archive(pickle(4, 4))); }) ==
        "PytorchStreamReader failed locating file data/0: file not found");
}

TEST_CASE("serialize: zip container errors") {
  std::string good = ser::save_to_bytes(IValue(int64_t(3)));
  CHECK(ser::load_from_bytes(good).to_int() == 3);
  CHECK(expect_error([&] { ser::load_from_bytes(good.substr(0, good.size() / 2)); }) ==
        "PytorchStreamReader failed reading zip archive: failed finding central directory");
  CHECK(expect_error([] { ser::load_from_bytes(archive("\x80\x02K\x01.", {{"archive/../evil", "x"}})); }) ==
        "PytorchStreamReader failed reading zip archive: unsafe entry name: archive/../evil");
  CHECK(expect_error([] { ser::load_from_bytes(archive("\x80\x02K\x01.", {{"/etc/passwd", "x"}})); }) ==
        "PytorchStreamReader failed reading zip archive: unsafe entry name: /etc/passwd");
  CHECK(expect_error([] { ser::load_from_bytes(archive("\x80\x02K\x01.", {{"archive/version", "3\n"}})); }) ==
        "PytorchStreamReader failed reading zip archive: duplicate entry names");
  CHECK(expect_error([] { ser::load_from_bytes(archive("\x80\x02K\x01.", {{"other/x", "x"}})); }) ==
        "file in archive is not in a subdirectory: other/x");
  CHECK(expect_error([] { ser::load(std::string("/nonexistent-dir/x.pt")); }) ==
        "[Errno 2] No such file or directory: '/nonexistent-dir/x.pt'");
}

TEST_CASE("serialize: atomic writes replace the file only on commit") {
  std::string dir = temp_dir(), path = dir + "/f.bin";
  ser::write_file_atomic(path, "old");
  {
    ser::AtomicFile f(path);
    f.write("new-but-abandoned", 17);
    CHECK(std::filesystem::exists(f.temp_path()));
  }
  std::ifstream in(path);
  std::string s((std::istreambuf_iterator<char>(in)), {});
  CHECK(s == "old");
  int files = 0;
  for (auto& e : std::filesystem::directory_iterator(dir)) files += e.is_regular_file();
  CHECK(files == 1);  // the abandoned temp file is gone
  ser::write_file_atomic(path, "new");
  std::ifstream in2(path);
  std::string s2((std::istreambuf_iterator<char>(in2)), {});
  CHECK(s2 == "new");
  std::filesystem::remove_all(dir);
}

TEST_CASE("serialize: npy round trip and header errors") {
  std::string dir = temp_dir(), path = dir + "/a.npy";
  Tensor t = arange_f(6).view({2, 3}).t();  // non-contiguous: written in row-major order of t
  ser::save_npy(t, path);
  Tensor back = ser::load_npy(path);
  CHECK(std::vector<int64_t>(back.sizes().begin(), back.sizes().end()) == std::vector<int64_t>{3, 2});
  const float want[] = {0, 3, 1, 4, 2, 5};
  for (int i = 0; i < 6; ++i) CHECK(back.data<float>()[i] == want[i]);
  std::ifstream in(path, std::ios::binary);
  std::string bytes((std::istreambuf_iterator<char>(in)), {});
  CHECK(bytes.size() == 128 + 24);  // header padded to 64 bytes
  CHECK(bytes.substr(10, 59) == "{'descr': '<f4', 'fortran_order': False, 'shape': (3, 2), }");
  // Fortran order: the same bytes read column-major.
  std::string f = bytes;
  f.replace(f.find("False"), 5, "True ");
  Tensor ft = ser::load_npy_from_bytes(f);
  CHECK(ft.stride(0) == 1);
  CHECK(ft.stride(1) == 3);
  std::string shortdata = bytes.substr(0, bytes.size() - 4);
  CHECK(expect_error([&] { ser::load_npy_from_bytes(shortdata); }) ==
        ".npy data holds 20 bytes but the header (shape [3, 2], float32) needs 24");
  std::string c16 = bytes;
  c16.replace(c16.find("<f4"), 3, "<c8");
  CHECK(expect_error([&] { ser::load_npy_from_bytes(c16); }).starts_with("can't convert np.ndarray of type numpy.<c8"));
  Tensor bf = empty({2}, TensorOptions(DType::BFloat16));
  CHECK(expect_error([&] { ser::save_npy(bf, path); }) == "Got unsupported ScalarType BFloat16");
  std::filesystem::remove_all(dir);
}

TEST_CASE("serialize: safetensors round trip and header checks") {
  std::string dir = temp_dir(), path = dir + "/m.safetensors";
  Tensor i64 = empty({2}, TensorOptions(DType::Int64));
  i64.data<int64_t>()[0] = -1;
  i64.data<int64_t>()[1] = 1ll << 50;
  ser::save_safetensors({{"w", arange_f(3)}, {"idx", i64}}, path, {{"format", "pt"}});
  std::ifstream in(path, std::ios::binary);
  std::string bytes((std::istreambuf_iterator<char>(in)), {});
  uint64_t n = 0;
  for (int k = 0; k < 8; ++k) n |= uint64_t(uint8_t(bytes[size_t(k)])) << (8 * k);
  CHECK(n % 8 == 0);
  // I64 sorts before F32 (the reference writer's dtype order, descending).
  CHECK(bytes.substr(8, n).starts_with(
      "{\"__metadata__\":{\"format\":\"pt\"},\"idx\":{\"dtype\":\"I64\",\"shape\":[2],\"data_offsets\":[0,16]},"
      "\"w\":{\"dtype\":\"F32\",\"shape\":[3],\"data_offsets\":[16,28]}}"));
  std::map<std::string, std::string> meta;
  auto m = ser::load_safetensors(path, &meta);
  REQUIRE(m.size() == 2);
  CHECK(meta["format"] == "pt");
  CHECK(m[0].first == "idx");
  CHECK(m[0].second.data<int64_t>()[1] == (1ll << 50));
  CHECK(m[1].second.data<float>()[2] == 2.0f);
  auto with_header = [](const std::string& h, const std::string& data) {
    std::string s;
    for (int k = 0; k < 8; ++k) s.push_back(char(uint64_t(h.size()) >> (8 * k)));
    return s + h + data;
  };
  CHECK(expect_error([&] { ser::load_safetensors_from_bytes(with_header(R"({"a":{"dtype":"F32","shape":[2],"data_offsets":[0,8]}})", "1234")); }) ==
        "Error while deserializing header: MetadataIncompleteBuffer");
  CHECK(expect_error([&] { ser::load_safetensors_from_bytes(with_header(R"({"a":{"dtype":"F32","shape":[3],"data_offsets":[0,8]}})", "12345678")); })
            .starts_with("Error while deserializing header: TensorInvalidInfo"));
  CHECK(expect_error([&] { ser::load_safetensors_from_bytes(with_header(R"({"a":{"dtype":"F32","shape":[1],"data_offsets":[0,4]},"a":{"dtype":"F32","shape":[1],"data_offsets":[4,8]}})", "12345678")); }) ==
        "Error while deserializing header: duplicate tensor name 'a'");
  std::string huge(8, '\xff');
  CHECK(expect_error([&] { ser::load_safetensors_from_bytes(huge); }) == "Error while deserializing header: HeaderTooLarge");
  std::filesystem::remove_all(dir);
}

TEST_CASE("serialize: PCLMULQDQ crc32 agrees with zlib") {
  std::vector<uint8_t> buf(70000);
  uint32_t x = 12345;
  for (auto& b : buf) b = uint8_t((x = x * 1103515245u + 12345u) >> 24);
  for (size_t n : {0ul, 1ul, 15ul, 63ul, 64ul, 65ul, 79ul, 80ul, 127ul, 128ul, 1000ul, 4097ul, 69999ul}) {
    for (size_t off : {0ul, 1ul, 7ul}) {
      CHECK(ser::crc32_update(0, buf.data() + off, n) == ser::crc32_zlib(0, buf.data() + off, n));
      CHECK(ser::crc32_update(0xdeadbeef, buf.data() + off, n) == ser::crc32_zlib(0xdeadbeef, buf.data() + off, n));
    }
  }
  CHECK(ser::crc32_update(0, "123456789", 9) == 0xcbf43926u);  // the standard check value
}

TEST_CASE("serialize: large stored entries are CRC-checked") {
  Tensor big = empty({1 << 19}, TensorOptions(DType::Float32));  // 2 MiB: the partial-read path
  for (int64_t i = 0; i < big.numel(); ++i) big.data<float>()[i] = float(i);
  IValue d = IValue::dict();
  d.dict_ptr()->set(IValue("w"), IValue(big));
  std::string bytes = ser::save_to_bytes(d);
  Tensor back = ser::load_from_bytes(bytes).dict_ptr()->find(IValue("w"))->to_tensor();
  CHECK(back.data<float>()[(1 << 19) - 1] == float((1 << 19) - 1));
  std::string want(reinterpret_cast<const char*>(big.data_ptr()) + 4000, 64);
  size_t at = bytes.find(want);
  REQUIRE(at != std::string::npos);
  bytes[at + 3] ^= 1;
  CHECK(expect_error([&] { ser::load_from_bytes(bytes); }) ==
        "PytorchStreamReader failed reading zip archive: reading archive/data/0: CRC error");
}

TEST_CASE("serialize: AtomicFile::patch reaches flushed and buffered bytes") {
  std::string dir = temp_dir(), path = dir + "/p.bin";
  std::string big(3 << 20, 'a');
  {
    ser::AtomicFile f(path);
    f.write("head", 4);
    f.write(big.data(), big.size());  // straight to the file
    f.write("tail", 4);               // still buffered
    f.patch(1, "EA", 2);              // in the file
    f.patch(4 + big.size() - 1, "XT", 2);  // across the file/buffer boundary
    f.commit();
  }
  std::ifstream in(path, std::ios::binary);
  std::string s((std::istreambuf_iterator<char>(in)), {});
  REQUIRE(s.size() == big.size() + 8);
  CHECK(s.substr(0, 4) == "hEAd");
  CHECK(s.substr(s.size() - 6) == "aXTail");
  std::filesystem::remove_all(dir);
}
