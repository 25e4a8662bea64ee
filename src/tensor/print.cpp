// Tensor printing: a line-for-line port of torch/_tensor_str.py (PyTorch 1.13) for strided
// real tensors. Elements are read straight from memory with the tensor's strides, so printing
// runs no ops; summarized tensors only ever touch the elements that are shown.
#include "tensor/print.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstring>
#include <ostream>
#include <utility>
#include <vector>

namespace ts {

PrintOptions& print_options() {
  static PrintOptions options;
  return options;
}

void set_printoptions(std::optional<int64_t> precision, std::optional<double> threshold,
                      std::optional<int64_t> edgeitems, std::optional<int64_t> linewidth,
                      std::optional<std::string_view> profile, std::optional<bool> sci_mode) {
  PrintOptions& o = print_options();
  if (profile) {
    if (*profile == "default") {
      o.precision = 4;
      o.threshold = 1000;
      o.edgeitems = 3;
      o.linewidth = 80;
    } else if (*profile == "short") {
      o.precision = 2;
      o.threshold = 1000;
      o.edgeitems = 2;
      o.linewidth = 80;
    } else if (*profile == "full") {
      o.precision = 4;
      o.threshold = INFINITY;
      o.edgeitems = 3;
      o.linewidth = 80;
    }
  }
  if (precision) o.precision = *precision;
  if (threshold) o.threshold = *threshold;
  if (edgeitems) o.edgeitems = *edgeitems;
  if (linewidth) o.linewidth = *linewidth;
  o.sci_mode = sci_mode;
}

namespace {

void append_format(std::string& out, double v, char spec, int64_t precision) {
  TS_CHECK_VALUE(precision >= 0, "Format specifier missing precision");
  TS_CHECK_VALUE(precision <= INT32_MAX, "precision too big");
  if (std::isnan(v)) {  // Python never prints the sign of a NaN
    out += "nan";
    return;
  }
  if (std::isinf(v)) {
    out += v > 0 ? "inf" : "-inf";
    return;
  }
  // to_chars is correctly rounded like Python's formatting, and locale-independent.
  auto fmt = spec == 'e' ? std::chars_format::scientific : std::chars_format::fixed;
  char buf[512];
  auto r = std::to_chars(buf, buf + sizeof buf, v, fmt, int(precision));
  if (r.ec == std::errc()) {
    out.append(buf, r.ptr);
    return;
  }
  // Huge precision: 310 integer digits at most, plus the fraction and the exponent.
  std::string big(size_t(precision) + 340, '\0');
  r = std::to_chars(big.data(), big.data() + big.size(), v, fmt, int(precision));
  TS_INTERNAL_ASSERT(r.ec == std::errc(), "to_chars buffer too small");
  out.append(big.data(), r.ptr);
}

// Where the elements of a CPU tensor live; offsets are in elements from `data`.
struct Layout {
  const char* data;
  DType dtype;
  int64_t esize;
  const int64_t* sizes;
  const int64_t* strides;
  int64_t ndim;
};

double read_float(const Layout& l, int64_t off) {
  const char* p = l.data + off * l.esize;
  switch (l.dtype) {
    case DType::Float32: {
      float v;
      std::memcpy(&v, p, sizeof v);
      return v;
    }
    case DType::Float64: {
      double v;
      std::memcpy(&v, p, sizeof v);
      return v;
    }
    case DType::Float16: {  // PyTorch prints half types through .float()
      Half v;
      std::memcpy(&v, p, sizeof v);
      return float(v);
    }
    case DType::BFloat16: {
      BFloat16 v;
      std::memcpy(&v, p, sizeof v);
      return float(v);
    }
    default: break;
  }
  TS_INTERNAL_ASSERT(false, "read_float on ", dtype_name(l.dtype));
  return 0;
}

int64_t read_int(const Layout& l, int64_t off) {
  const char* p = l.data + off * l.esize;
  auto get = [p](auto v) {
    std::memcpy(&v, p, sizeof v);
    return int64_t(v);
  };
  switch (l.dtype) {
    case DType::Bool: return get(bool());
    case DType::UInt8: return get(uint8_t());
    case DType::Int8: return get(int8_t());
    case DType::Int16: return get(int16_t());
    case DType::Int32: return get(int32_t());
    case DType::Int64: return get(int64_t());
    default: break;
  }
  TS_INTERNAL_ASSERT(false, "read_int on ", dtype_name(l.dtype));
  return 0;
}

// [begin, end) of Python's seq[start:stop] on a sequence of length n.
std::pair<int64_t, int64_t> py_slice(std::optional<int64_t> start, std::optional<int64_t> stop,
                                     int64_t n) {
  auto clamp = [n](int64_t i) { return std::clamp(i < 0 ? i + n : i, int64_t(0), n); };
  int64_t b = start ? clamp(*start) : 0;
  int64_t e = stop ? clamp(*stop) : n;
  return {b, std::max(b, e)};
}

// The indices of one dimension that are shown: a head, then (when summarized) "..." and a tail.
struct Shown {
  int64_t b0, e0, b1, e1;
  bool ellipsis;
};

Shown shown_indices(int64_t n, bool summarize, bool vector, int64_t edge) {
  // n > 2 * edge without overflow (n >= 1 here).
  bool cut = summarize && (edge <= 0 || edge <= (n - 1) / 2);
  if (!cut) return {0, n, 0, 0, false};
  if (vector) {  // self[:edge] and self[-edge:], Python slices (edge 0 shows everything after "...")
    auto [b0, e0] = py_slice(std::nullopt, edge, n);
    auto [b1, e1] = py_slice(-edge, std::nullopt, n);
    return {b0, e0, b1, e1, true};
  }
  return {0, edge, n - edge, n, true};  // edge > 0: checked in tensor_str
}

// Calls f(offset) for every shown element, in display order.
template <typename F>
void visit_shown(const Layout& l, int64_t d, int64_t off, bool summarize, int64_t edge, F& f) {
  if (d == l.ndim) {
    f(off);
    return;
  }
  Shown s = shown_indices(l.sizes[d], summarize, d == l.ndim - 1, edge);
  int64_t st = l.strides[d];
  if (d == l.ndim - 1) {
    for (int64_t i = s.b0; i < s.e0; ++i) f(off + i * st);
    for (int64_t i = s.b1; i < s.e1; ++i) f(off + i * st);
    return;
  }
  for (int64_t i = s.b0; i < s.e0; ++i) visit_shown(l, d + 1, off + i * st, summarize, edge, f);
  for (int64_t i = s.b1; i < s.e1; ++i) visit_shown(l, d + 1, off + i * st, summarize, edge, f);
}

// PyTorch's _Formatter: picks int/fixed/scientific notation and one width for all elements.
class Formatter {
 public:
  Formatter(const Layout& l, bool summarize, const PrintOptions& o)
      : l_(l), floating_(is_floating(l.dtype)), precision_(o.precision) {
    std::string tmp;
    auto widen = [&] { max_width_ = std::max(max_width_, int64_t(tmp.size())); };
    if (!floating_) {
      auto f = [&](int64_t off) {
        tmp.clear();
        append_int(tmp, read_int(l, off));
        widen();
      };
      visit_shown(l, 0, 0, summarize, o.edgeitems, f);
    } else {
      // Only nonzero finite values take part in choosing the notation and the width.
      bool any = false;
      double lo = INFINITY, hi = 0;
      auto stats = [&](int64_t off) {
        double v = read_float(l, off);
        if (!std::isfinite(v) || v == 0) return;
        any = true;
        lo = std::min(lo, std::fabs(v));
        hi = std::max(hi, std::fabs(v));
        if (v != std::ceil(v)) int_mode_ = false;
      };
      visit_shown(l, 0, 0, summarize, o.edgeitems, stats);
      if (!any) return;  // PyTorch returns before applying PRINT_OPTS.sci_mode here
      sci_mode_ = hi / lo > 1000.0 || hi > 1.0e8 || (!int_mode_ && lo < 1.0e-4);
      auto width = [&](int64_t off) {
        double v = read_float(l, off);
        if (!std::isfinite(v) || v == 0) return;
        tmp.clear();
        if (sci_mode_) {
          append_format(tmp, v, 'e', precision_);
        } else if (int_mode_) {
          append_format(tmp, v, 'f', 0);
          tmp += '.';
        } else {
          append_format(tmp, v, 'f', precision_);
        }
        widen();
      };
      visit_shown(l, 0, 0, summarize, o.edgeitems, width);
    }
    if (o.sci_mode) sci_mode_ = *o.sci_mode;
  }

  int64_t width() const { return max_width_; }

  // Appends the element at `off`, right-aligned to width().
  void format(std::string& out, int64_t off) const {
    size_t start = out.size();
    if (!floating_) {
      append_int(out, read_int(l_, off));
    } else {
      double v = read_float(l_, off);
      if (sci_mode_) {
        append_format(out, v, 'e', precision_);
      } else if (int_mode_) {
        append_format(out, v, 'f', 0);
        if (std::isfinite(v)) out += '.';
      } else {
        append_format(out, v, 'f', precision_);
      }
    }
    int64_t len = int64_t(out.size() - start);
    if (len < max_width_) out.insert(start, size_t(max_width_ - len), ' ');
  }

 private:
  void append_int(std::string& out, int64_t v) const {
    if (l_.dtype == DType::Bool) {
      out += v ? "True" : "False";
      return;
    }
    char buf[24];
    auto r = std::to_chars(buf, buf + sizeof buf, v);
    out.append(buf, r.ptr);
  }

  const Layout& l_;
  bool floating_;
  int64_t precision_;
  bool int_mode_ = true;
  bool sci_mode_ = false;
  int64_t max_width_ = 1;
};

// _tensor_str_with_formatter, appending to `out`; d is the first dimension still to print.
void append_body(std::string& out, const Layout& l, int64_t d, int64_t off, int64_t indent,
                 bool summarize, const Formatter& fmt, const PrintOptions& o) {
  int64_t rem = l.ndim - d;
  if (rem == 0) {
    fmt.format(out, off);
    return;
  }
  Shown s = shown_indices(l.sizes[d], summarize, rem == 1, o.edgeitems);
  int64_t st = l.strides[d];
  out += '[';
  if (rem == 1) {
    // _vector_str: fixed-width elements, as many per line as fit in linewidth.
    int64_t element_length = fmt.width() + 2;
    int64_t per_line = std::max<int64_t>(
        1, int64_t(std::floor(double(o.linewidth - indent) / double(element_length))));
    int64_t k = 0;
    auto sep = [&] {
      if (k > 0) {
        if (k % per_line == 0) {
          out += ",\n";
          out.append(size_t(indent + 1), ' ');
        } else {
          out += ", ";
        }
      }
      ++k;
    };
    for (int64_t i = s.b0; i < s.e0; ++i) {
      sep();
      fmt.format(out, off + i * st);
    }
    if (s.ellipsis) {
      sep();
      out += " ...";
    }
    for (int64_t i = s.b1; i < s.e1; ++i) {
      sep();
      fmt.format(out, off + i * st);
    }
  } else {
    // Sub-tensors joined by "," and rem-1 newlines, indented one column deeper.
    bool first = true;
    auto sep = [&] {
      if (!first) {
        out += ',';
        out.append(size_t(rem - 1), '\n');
        out.append(size_t(indent + 1), ' ');
      }
      first = false;
    };
    for (int64_t i = s.b0; i < s.e0; ++i) {
      sep();
      append_body(out, l, d + 1, off + i * st, indent + 1, summarize, fmt, o);
    }
    if (s.ellipsis) {
      sep();
      out += "...";
    }
    for (int64_t i = s.b1; i < s.e1; ++i) {
      sep();
      append_body(out, l, d + 1, off + i * st, indent + 1, summarize, fmt, o);
    }
  }
  out += ']';
}

std::string size_tuple(IntArrayRef sizes) {
  std::string s = "(";
  for (size_t i = 0; i < sizes.size(); ++i) {
    if (i) s += ", ";
    s += std::to_string(sizes[i]);
  }
  if (sizes.size() == 1) s += ',';
  return s + ")";
}

// _add_suffixes: each suffix goes on the current line while it fits in linewidth.
std::string add_suffixes(std::string s, const std::vector<std::string>& suffixes, int64_t indent,
                         bool force_newline, int64_t linewidth) {
  size_t nl = s.rfind('\n');
  // len(s) - s.rfind("\n") + 1, with rfind giving -1 when there is no newline.
  int64_t last_line_len = int64_t(s.size()) - (nl == std::string::npos ? -1 : int64_t(nl)) + 1;
  for (const std::string& suffix : suffixes) {
    int64_t len = int64_t(suffix.size());
    if (force_newline || last_line_len + len + 2 > linewidth) {
      s += ",\n";
      s.append(size_t(indent), ' ');
      s += suffix;
      last_line_len = indent + len;
      force_newline = false;
    } else {
      s += ", ";
      s += suffix;
      last_line_len += len + 2;
    }
  }
  return s + ")";
}

std::string repr_impl(const Tensor& t, const Tensor* values) {
  TS_CHECK(t.defined(), "cannot print an undefined tensor");
  const std::string prefix = "tensor(";
  const int64_t indent = int64_t(prefix.size());
  const DType dt = t.dtype();
  std::vector<std::string> suffixes;

  // The device is shown when it is not the default (CPU) device.
  if (!t.device().is_cpu()) {
    Device d = t.device();
    suffixes.push_back(std::string("device='") + device_type_name(d.type) + ":" +
                       std::to_string(d.index < 0 ? 0 : d.index) + "'");
  }
  std::string body;
  if (t.numel() == 0) {
    // Empty tensors show a shape other than (0,), and any dtype but the default float one.
    if (t.dim() != 1) suffixes.push_back("size=" + size_tuple(t.sizes()));
    if (dt != default_dtype()) suffixes.push_back(std::string("dtype=torch.") + dtype_name(dt));
    body = "[]";
  } else {
    bool has_default_dtype = dt == default_dtype() || dt == DType::Int64 || dt == DType::Bool;
    if (!has_default_dtype) suffixes.push_back(std::string("dtype=torch.") + dtype_name(dt));
    if (!values) {
      TS_CHECK(t.device().is_cpu(), "printing the values of a ", t.device().str(),
               " tensor needs a copy of them on the CPU");
      values = &t;
    }
    body = tensor_str(*values, indent);
  }
  const AutogradMetaBase* meta = t.impl()->autograd_meta.get();
  std::string fn = meta ? meta->grad_fn_name() : std::string();
  if (!fn.empty()) {
    suffixes.push_back("grad_fn=<" + fn + ">");
  } else if (t.requires_grad()) {
    suffixes.push_back("requires_grad=True");
  }
  return add_suffixes(prefix + body, suffixes, indent, false, print_options().linewidth);
}

}  // namespace

std::string format_scalar(double v, char spec, int64_t precision) {
  TS_INTERNAL_ASSERT(spec == 'f' || spec == 'e', "format_scalar spec must be 'f' or 'e'");
  std::string s;
  append_format(s, v, spec, precision);
  return s;
}

std::string tensor_str(const Tensor& t, int64_t indent) {
  if (t.numel() == 0) return "[]";
  TS_CHECK(t.device().is_cpu(), "printing reads values from CPU memory, but the tensor is on ",
           t.device().str());
  const PrintOptions& o = print_options();
  bool summarize = double(t.numel()) > o.threshold;
  // get_summarized_data stacks no rows at all here, and torch.stack refuses that.
  TS_CHECK(!(summarize && t.dim() >= 2 && o.edgeitems <= 0),
           "stack expects a non-empty TensorList");
  Layout l{static_cast<const char*>(t.data_ptr()), t.dtype(), int64_t(t.element_size()),
           t.sizes().data(),
           t.strides().data(),
           t.dim()};
  Formatter fmt(l, summarize, o);
  std::string out;
  append_body(out, l, 0, 0, indent, summarize, fmt, o);
  return out;
}

std::string repr(const Tensor& t) { return repr_impl(t, nullptr); }

std::string repr(const Tensor& t, const Tensor& cpu_values) {
  TS_CHECK(cpu_values.defined() && cpu_values.device().is_cpu() &&
               cpu_values.dtype() == t.dtype() && cpu_values.sizes() == t.sizes(),
           "repr: cpu_values must be a CPU tensor with the same sizes and dtype");
  return repr_impl(t, &cpu_values);
}

std::ostream& operator<<(std::ostream& os, const Tensor& t) { return os << repr(t); }

}  // namespace ts
