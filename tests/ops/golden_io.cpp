#include "golden_io.h"

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>

namespace ts::conform {

namespace {

[[noreturn]] void bad_golden(const std::string& what) {
  throw std::runtime_error("malformed golden data: " + what);
}

DType dtype_of(const Json& j) {
  auto t = dtype_from_name(j.get<std::string>());
  if (!t) bad_golden("unknown dtype " + j.dump());
  return *t;
}

double parse_float(const Json& j) {
  if (j.is_number()) return j.get<double>();
  if (!j.is_string()) bad_golden("expected a float, got " + j.dump());
  const std::string& s = j.get_ref<const std::string&>();
  char* end = nullptr;
  double v = std::strtod(s.c_str(), &end);  // C99 hex floats, "inf", "-inf", "nan"
  if (end == s.c_str() || *end != '\0') bad_golden("bad float " + s);
  return v;
}

int64_t parse_int(const Json& j) {
  if (j.is_boolean()) return j.get<bool>() ? 1 : 0;
  if (!j.is_number_integer()) bad_golden("expected an integer, got " + j.dump());
  return j.get<int64_t>();
}

// Writes storage values (as encoded in the golden file) into a 1-d contiguous tensor.
void fill_storage(const Tensor& base, const Json& values) {
  char* p = static_cast<char*>(base.data_ptr());
  size_t n = values.size();
  TS_DISPATCH_ALL(base.dtype(), "golden", {
    auto* d = reinterpret_cast<scalar_t*>(p);
    for (size_t i = 0; i < n; ++i) {
      if constexpr (std::is_same_v<scalar_t, bool>) {
        d[i] = parse_int(values[i]) != 0;
      } else if constexpr (std::is_integral_v<scalar_t>) {
        d[i] = scalar_t(parse_int(values[i]));
      } else if constexpr (std::is_same_v<scalar_t, double>) {
        d[i] = parse_float(values[i]);
      } else {
        d[i] = scalar_t(float(parse_float(values[i])));  // exact: the value came from this dtype
      }
    }
  });
}

Tensor decode_tensor(const Json& t) {
  DType dtype = dtype_of(t.at("dtype"));
  DimVector sizes(t.at("sizes").get<std::vector<int64_t>>());
  DimVector strides(t.at("strides").get<std::vector<int64_t>>());
  int64_t offset = t.at("offset").get<int64_t>();
  const Json& storage = t.at("storage");
  Tensor base = empty({int64_t(storage.size())}, TensorOptions(dtype));
  fill_storage(base, storage);
  return make_view(base, std::move(sizes), std::move(strides), offset);
}

// Element i (row-major over sizes) of `t` read through its strides, as a double / int64.
template <typename F>
void for_each_element(const Tensor& t, F&& f) {
  int64_t n = t.numel();
  if (n == 0) return;
  int64_t nd = t.dim();
  std::vector<int64_t> idx(size_t(nd), 0);
  const char* base = static_cast<const char*>(t.data_ptr());
  size_t es = t.element_size();
  for (int64_t i = 0; i < n; ++i) {
    int64_t off = 0;
    for (int64_t d = 0; d < nd; ++d) off += idx[d] * t.strides()[d];
    f(i, base + off * int64_t(es));
    for (int64_t d = nd - 1; d >= 0; --d) {
      if (++idx[d] < t.sizes()[d]) break;
      idx[d] = 0;
    }
  }
}

std::string index_str(IntArrayRef sizes, int64_t flat) {
  std::vector<int64_t> idx(sizes.size());
  for (int64_t d = int64_t(sizes.size()) - 1; d >= 0; --d) {
    idx[d] = sizes[d] ? flat % sizes[d] : 0;
    flat = sizes[d] ? flat / sizes[d] : 0;
  }
  return shape_str(IntArrayRef(idx));
}

bool float_close(double a, double e, Tol tol) {
  if (std::isnan(e)) return std::isnan(a);
  if (std::isnan(a)) return false;
  if (std::isinf(e) || std::isinf(a)) return a == e;
  return std::fabs(a - e) <= tol.atol + tol.rtol * std::fabs(e);
}

std::string compare_tensor(const Tensor& t, const Json& e, const Tensor& self,
                           const Json* sample_tol, const std::string& path) {
  DType want = dtype_of(e.at("dtype"));
  if (t.dtype() != want)
    return util::str(path, ": dtype ", dtype_name(t.dtype()), ", expected ", dtype_name(want));
  auto sizes = e.at("sizes").get<std::vector<int64_t>>();
  if (std::vector<int64_t>(t.sizes().begin(), t.sizes().end()) != sizes)
    return util::str(path, ": sizes ", shape_str(t.sizes()), ", expected ",
                     shape_str(IntArrayRef(sizes)));
  if (e.contains("strides")) {
    auto st = e.at("strides").get<std::vector<int64_t>>();
    if (std::vector<int64_t>(t.strides().begin(), t.strides().end()) != st)
      return util::str(path, ": strides ", shape_str(t.strides()), ", expected ",
                       shape_str(IntArrayRef(st)));
    int64_t off = e.at("offset").get<int64_t>();
    if (t.storage_offset() != off)
      return util::str(path, ": storage offset ", t.storage_offset(), ", expected ", off);
  }
  if (e.contains("shares_self") && self.defined()) {
    bool want_shared = e.at("shares_self").get<bool>();
    bool shared = t.impl()->storage().get() == self.impl()->storage().get();
    if (shared != want_shared)
      return util::str(path, want_shared ? ": is a copy, expected a view sharing the input's storage"
                                         : ": shares the input's storage, expected a copy");
  }
  if (!e.contains("values")) return "";
  const Json& vals = e.at("values");
  if (int64_t(vals.size()) != t.numel()) bad_golden(path + ": value count differs from sizes");
  Tol tol = tolerance_for(t.dtype(), sample_tol);
  int64_t bad = 0, first = -1;
  double worst = 0;
  std::string first_msg;
  for_each_element(t, [&](int64_t i, const char* p) {
    std::string msg;
    TS_DISPATCH_ALL(t.dtype(), "compare", {
      scalar_t v;
      std::memcpy(&v, p, sizeof v);
      if constexpr (std::is_same_v<scalar_t, bool>) {
        bool ev = parse_int(vals[size_t(i)]) != 0;
        if (v != ev) msg = util::str(ev ? "True" : "False", " got ", v ? "True" : "False");
      } else if constexpr (std::is_integral_v<scalar_t>) {
        int64_t ev = parse_int(vals[size_t(i)]);
        if (int64_t(v) != ev) msg = util::str(ev, " got ", int64_t(v));
      } else {
        double ev = parse_float(vals[size_t(i)]);
        double av = double(v);
        if constexpr (!std::is_same_v<scalar_t, double>) av = double(float(v));
        if (!float_close(av, ev, tol)) {
          msg = util::str(describe_float(ev), " got ", describe_float(av));
          if (std::isfinite(av) && std::isfinite(ev))
            worst = std::max(worst, std::fabs(av - ev));
        }
      }
    });
    if (!msg.empty()) {
      if (first < 0) {
        first = i;
        first_msg = msg;
      }
      ++bad;
    }
  });
  if (bad == 0) return "";
  std::string r = util::str(path, ": ", bad, " of ", t.numel(), " values differ; at ",
                            index_str(t.sizes(), first), " expected ", first_msg);
  if (worst > 0) r += util::str(" (max abs diff ", worst, ", rtol ", tol.rtol, ", atol ", tol.atol, ")");
  return r;
}

}  // namespace

Tol tolerance_for(DType dtype, const Json* sample_tol) {
  if (sample_tol && sample_tol->is_object()) {
    for (const char* key : {dtype_name(dtype), "*"}) {
      auto it = sample_tol->find(key);
      if (it != sample_tol->end() && is_floating(dtype))
        return {(*it)[0].get<double>(), (*it)[1].get<double>()};
    }
  }
  switch (dtype) {
    case DType::Float32: return {1.3e-6, 1e-5};
    case DType::Float64: return {1e-7, 1e-7};
    case DType::Float16: return {1e-3, 1e-5};
    case DType::BFloat16: return {1.6e-2, 1e-5};
    default: return {0, 0};
  }
}

std::string describe_float(double v) {
  char buf[64];
  std::snprintf(buf, sizeof buf, "%.9g", v);
  char hex[64];
  std::snprintf(hex, sizeof hex, "%a", v);
  return util::str(buf, " (", hex, ")");
}

IValue decode_value(const Json& j) {
  if (j.is_null()) return IValue();
  if (j.is_boolean()) return IValue(j.get<bool>());
  if (j.is_number_integer()) return IValue(j.get<int64_t>());
  if (j.is_string()) return IValue(j.get<std::string>());
  if (j.is_array()) {
    std::vector<IValue> items;
    for (const Json& x : j) items.push_back(decode_value(x));
    return IValue::list(std::move(items));
  }
  if (j.is_object()) {
    if (j.contains("tensor")) return IValue(decode_tensor(j.at("tensor")));
    if (j.contains("float")) return IValue(parse_float(j.at("float")));
    if (j.contains("dtype")) return IValue(dtype_of(j.at("dtype")));
  }
  bad_golden("cannot decode " + j.dump());
}

std::string compare_value(const IValue& a, const Json& e, const Tensor& self,
                          const Json* sample_tol, const std::string& path) {
  if (e.is_null())
    return a.is_none() ? "" : util::str(path, ": got ", a.type_name(), ", expected None");
  if (e.is_boolean()) {
    if (!a.is_bool()) return util::str(path, ": got ", a.type_name(), ", expected bool");
    return a.to_bool() == e.get<bool>()
               ? ""
               : util::str(path, ": got ", a.to_bool() ? "True" : "False", ", expected ",
                           e.get<bool>() ? "True" : "False");
  }
  if (e.is_number_integer()) {
    if (!a.is_int()) return util::str(path, ": got ", a.type_name(), ", expected int");
    return a.to_int() == e.get<int64_t>()
               ? ""
               : util::str(path, ": got ", a.to_int(), ", expected ", e.get<int64_t>());
  }
  if (e.is_array()) {
    if (!a.is_list() && !a.is_tuple())
      return util::str(path, ": got ", a.type_name(), ", expected a sequence of ", e.size());
    const auto& items = a.items();
    if (items.size() != e.size())
      return util::str(path, ": got ", items.size(), " elements, expected ", e.size());
    for (size_t i = 0; i < items.size(); ++i) {
      std::string d = compare_value(items[i], e[i], self, sample_tol, util::str(path, "[", i, "]"));
      if (!d.empty()) return d;
    }
    return "";
  }
  if (e.is_object() && e.contains("float")) {
    if (!a.is_double()) return util::str(path, ": got ", a.type_name(), ", expected float");
    double ev = parse_float(e.at("float"));
    return float_close(a.to_double(), ev, tolerance_for(DType::Float64, sample_tol))
               ? ""
               : util::str(path, ": got ", describe_float(a.to_double()), ", expected ",
                           describe_float(ev));
  }
  if (e.is_object() && e.contains("dtype")) {
    DType want = dtype_of(e.at("dtype"));
    if (!a.is_dtype()) return util::str(path, ": got ", a.type_name(), ", expected dtype");
    return a.to_dtype() == want ? ""
                                : util::str(path, ": got ", dtype_name(a.to_dtype()), ", expected ",
                                            dtype_name(want));
  }
  if (e.is_object() && e.contains("tensor")) {
    if (!a.is_tensor()) return util::str(path, ": got ", a.type_name(), ", expected Tensor");
    if (!a.to_tensor().defined()) return util::str(path, ": got an undefined tensor");
    return compare_tensor(a.to_tensor(), e.at("tensor"), self, sample_tol, path);
  }
  bad_golden("cannot compare with " + e.dump());
}

}  // namespace ts::conform
