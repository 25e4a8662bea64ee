// .npy files (numpy/lib/format.py): magic, version, a Python dict literal header, raw data.
#include <algorithm>
#include <cstring>

#include "serialize/serialize.h"
#include "serialize/zip.h"

namespace ts::serialize {

namespace {

constexpr char kMagic[] = "\x93NUMPY";
constexpr size_t kMagicLen = 6;
// numpy's own limit on header size (max_header_size): keeps a hostile header cheap to parse.
constexpr uint64_t kMaxHeader = 1 << 20;

const char* descr_of(DType t) {
  switch (t) {
    case DType::Bool: return "|b1";
    case DType::UInt8: return "|u1";
    case DType::Int8: return "|i1";
    case DType::Int16: return "<i2";
    case DType::Int32: return "<i4";
    case DType::Int64: return "<i8";
    case DType::Float16: return "<f2";
    case DType::Float32: return "<f4";
    case DType::Float64: return "<f8";
    default: break;
  }
  TS_CHECK_TYPE(false, "Got unsupported ScalarType ", scalar_type_name(t));
}

struct Header {
  DType dtype = DType::Float32;
  bool swap = false;
  bool fortran = false;
  DimVector shape;
};

// The header is a Python literal: {'descr': '<f4', 'fortran_order': False, 'shape': (2, 3), }
class HeaderParser {
 public:
  explicit HeaderParser(std::string_view s) : s_(s) {}

  Header parse() {
    Header h;
    bool have_descr = false, have_fortran = false, have_shape = false;
    expect('{');
    while (true) {
      ws();
      if (peek() == '}') break;
      std::string key = string();
      ws();
      expect(':');
      ws();
      if (key == "descr") {
        set_descr(h, string());
        have_descr = true;
      } else if (key == "fortran_order") {
        h.fortran = boolean();
        have_fortran = true;
      } else if (key == "shape") {
        h.shape = shape();
        have_shape = true;
      } else {
        bad("unexpected key '" + key + "'");
      }
      ws();
      if (peek() == ',') ++p_;
      else if (peek() != '}') bad("expected ',' or '}'");
    }
    ++p_;
    ws();
    if (p_ != s_.size()) bad("trailing characters");
    if (!have_descr || !have_fortran || !have_shape) bad("missing keys");
    return h;
  }

 private:
  [[noreturn]] void bad(const std::string& what) { TS_CHECK_VALUE(false, "Cannot parse .npy header: ", what); }
  char peek() const { return p_ < s_.size() ? s_[p_] : '\0'; }
  void ws() {
    while (p_ < s_.size() && (s_[p_] == ' ' || s_[p_] == '\n' || s_[p_] == '\t')) ++p_;
  }
  void expect(char c) {
    ws();
    if (peek() != c) bad(std::string("expected '") + c + "'");
    ++p_;
  }
  std::string string() {
    char q = peek();
    if (q != '\'' && q != '"') bad("expected a string");
    size_t e = s_.find(q, p_ + 1);
    if (e == std::string_view::npos) bad("unterminated string");
    std::string r(s_.substr(p_ + 1, e - p_ - 1));
    p_ = e + 1;
    return r;
  }
  bool boolean() {
    if (s_.substr(p_, 4) == "True") {
      p_ += 4;
      return true;
    }
    if (s_.substr(p_, 5) == "False") {
      p_ += 5;
      return false;
    }
    bad("expected True or False");
  }
  DimVector shape() {
    DimVector r;
    expect('(');
    while (true) {
      ws();
      if (peek() == ')') break;
      if (peek() < '0' || peek() > '9') bad("expected a dimension");
      int64_t v = 0;
      while (peek() >= '0' && peek() <= '9') {
        if (__builtin_mul_overflow(v, 10, &v) || __builtin_add_overflow(v, peek() - '0', &v)) bad("dimension too large");
        ++p_;
      }
      if (peek() == 'L') ++p_;  // Python 2 longs
      r.push_back(v);
      if (r.size() > 64) bad("too many dimensions");
      ws();
      if (peek() == ',') ++p_;
      else if (peek() != ')') bad("expected ',' or ')' in shape");
    }
    ++p_;
    return r;
  }
  void set_descr(Header& h, const std::string& d) {
    if (d.size() < 3) bad("unsupported dtype '" + d + "'");
    char order = d[0];
    std::string kind = d.substr(1);
    static const std::pair<const char*, DType> kinds[] = {
        {"b1", DType::Bool}, {"u1", DType::UInt8}, {"i1", DType::Int8}, {"i2", DType::Int16},
        {"i4", DType::Int32}, {"i8", DType::Int64}, {"f2", DType::Float16}, {"f4", DType::Float32},
        {"f8", DType::Float64}};
    bool found = false;
    for (const auto& [k, t] : kinds) {
      if (kind == k) {
        h.dtype = t;
        found = true;
      }
    }
    if (!found || (order != '<' && order != '>' && order != '|' && order != '='))
      TS_CHECK_TYPE(false, "can't convert np.ndarray of type numpy.", d,
                    ". The only supported types are: float64, float32, float16, int64, int32, int16, int8, uint8, and bool.");
    h.swap = order == '>' && element_size(h.dtype) > 1;
  }

  std::string_view s_;
  size_t p_ = 0;
};

Tensor read_npy(const Source& src) {
  uint64_t size = src.size();
  TS_CHECK_VALUE(size >= kMagicLen + 2 + 2, "EOFError: the .npy file is shorter than its header");
  std::string pre = src.read_string(0, kMagicLen + 2);
  TS_CHECK_VALUE(pre.compare(0, kMagicLen, kMagic, kMagicLen) == 0,
                 "the magic string is not correct; expected b'\\x93NUMPY'");
  int major = uint8_t(pre[6]);
  TS_CHECK_VALUE(major >= 1 && major <= 3, "we only support format version (1,0), (2,0), and (3,0), not (", major,
                 ", ", int(uint8_t(pre[7])), ")");
  size_t lenbytes = major == 1 ? 2 : 4;
  std::string lb = src.read_string(kMagicLen + 2, lenbytes);
  uint64_t hlen = 0;
  for (size_t i = 0; i < lenbytes; ++i) hlen |= uint64_t(uint8_t(lb[i])) << (8 * i);
  uint64_t start = kMagicLen + 2 + lenbytes;
  TS_CHECK_VALUE(hlen <= kMaxHeader && hlen <= size - start, "EOFError: the .npy header is longer than the file");
  Header h = HeaderParser(src.read_string(start, size_t(hlen))).parse();
  uint64_t data_start = start + hlen;
  uint64_t numel = 1;
  for (int64_t d : h.shape)
    TS_CHECK_VALUE(!__builtin_mul_overflow(numel, uint64_t(d), &numel), ".npy shape is too large");
  uint64_t nbytes;
  TS_CHECK_VALUE(!__builtin_mul_overflow(numel, uint64_t(element_size(h.dtype)), &nbytes), ".npy shape is too large");
  TS_CHECK_VALUE(nbytes == size - data_start, ".npy data holds ", size - data_start, " bytes but the header (shape ",
                 shape_str(h.shape), ", ", dtype_name(h.dtype), ") needs ", nbytes);
  DimVector strides(h.shape.size());
  int64_t acc = 1;
  if (h.fortran) {
    for (size_t i = 0; i < h.shape.size(); ++i) {
      strides[i] = acc;
      acc *= std::max<int64_t>(h.shape[i], 1);
    }
  } else {
    for (size_t i = h.shape.size(); i-- > 0;) {
      strides[i] = acc;
      acc *= std::max<int64_t>(h.shape[i], 1);
    }
  }
  Tensor t = empty_strided(h.shape, strides, TensorOptions(h.dtype));
  if (nbytes) src.read_at(data_start, t.impl()->storage()->data(), size_t(nbytes));
  if (h.swap) {
    size_t es = element_size(h.dtype);
    auto* p = static_cast<uint8_t*>(t.impl()->storage()->data());
    for (uint64_t i = 0; i < numel; ++i) std::reverse(p + i * es, p + (i + 1) * es);
  }
  return t;
}

}  // namespace

void save_npy(const Tensor& t0, const std::string& path) {
  TS_CHECK(t0.defined(), "save_npy: undefined tensor");
  TS_CHECK(t0.device().type == DeviceType::CPU, "save_npy: the tensor must be on the CPU");
  std::string descr = descr_of(t0.dtype());
  Tensor t = t0.contiguous();
  std::string shape = "(";
  for (int64_t i = 0; i < t.dim(); ++i) shape += std::to_string(t.size(i)) + (t.dim() == 1 ? ",)" : i + 1 < t.dim() ? ", " : ")");
  if (t.dim() == 0) shape += ")";
  std::string header = "{'descr': '" + descr + "', 'fortran_order': False, 'shape': " + shape + ", }";
  // Padded with spaces and a newline so the data starts on a 64-byte boundary (numpy >= 1.?).
  size_t fixed = kMagicLen + 2 + 2;
  bool v2 = header.size() + 1 + fixed + 64 > 65535;
  if (v2) fixed += 2;
  size_t total = fixed + header.size() + 1;
  header.append((64 - total % 64) % 64, ' ');
  header.push_back('\n');
  std::string pre(kMagic, kMagicLen);
  pre.push_back(char(v2 ? 2 : 1));
  pre.push_back(0);
  for (size_t i = 0; i < (v2 ? 4u : 2u); ++i) pre.push_back(char(header.size() >> (8 * i)));
  AtomicFile f(path);
  f.write(pre.data(), pre.size());
  f.write(header.data(), header.size());
  if (t.nbytes()) f.write(t.data_ptr(), t.nbytes());
  f.commit();
}

Tensor load_npy(const std::string& path) { return read_npy(*file_source(path)); }
Tensor load_npy_from_bytes(std::string_view bytes) { return read_npy(*bytes_source(bytes)); }

}  // namespace ts::serialize
