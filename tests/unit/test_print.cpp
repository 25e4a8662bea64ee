// Tensor printing against PyTorch 1.13's repr: the corpus in tests/golden/print.json comes from
// tools/gen_print_golden.py (every dtype, 0-d to 4-d, strided views, summarization, wrapping,
// notation choice, print options, autograd and device suffixes).
#include <doctest/doctest.h>

#include <cmath>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <limits>
#include <sstream>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "tensor/print.h"
#include "tensor/tensor.h"
#include "test_util.h"

using namespace ts;
using nlohmann::json;

namespace {

// Stands in for src/autograd's metadata, which only has to answer these two questions.
class FakeAutogradMeta : public AutogradMetaBase {
 public:
  FakeAutogradMeta(bool requires_grad, std::string grad_fn)
      : requires_grad_(requires_grad), grad_fn_(std::move(grad_fn)) {}
  bool requires_grad() const override { return requires_grad_; }
  std::string grad_fn_name() const override { return grad_fn_; }

 private:
  bool requires_grad_;
  std::string grad_fn_;
};

// Restores PyTorch's default print options and default dtype when a test ends.
struct OptionsGuard {
  DType dtype = default_dtype();
  ~OptionsGuard() {
    set_printoptions(std::nullopt, std::nullopt, std::nullopt, std::nullopt, "default");
    set_default_dtype(dtype);
  }
};

double parse_float(const json& v) {
  std::string s = v.get<std::string>();
  if (s == "-nan") return -std::numeric_limits<double>::quiet_NaN();
  return std::strtod(s.c_str(), nullptr);  // hex floats, "inf", "-inf", "nan"
}

// Writes one storage element of `dtype` at p from its JSON form.
void write_element(char* p, DType dtype, const json& v) {
  TS_DISPATCH_ALL(dtype, "write_element", {
    scalar_t x;
    if constexpr (std::is_same_v<scalar_t, bool>) {
      x = v.get<bool>();
    } else if constexpr (std::is_integral_v<scalar_t>) {
      x = scalar_t(v.get<int64_t>());
    } else {
      x = scalar_t(parse_float(v));  // exact: the value came from this dtype
    }
    std::memcpy(p, &x, sizeof x);
  });
}

DimVector dims(const json& v) {
  DimVector d;
  for (const auto& x : v) d.push_back(x.get<int64_t>());
  return d;
}

void apply_options(const json& o) {
  auto int_opt = [&](const char* k) {
    return o.contains(k) ? std::optional<int64_t>(o[k].get<int64_t>()) : std::nullopt;
  };
  std::optional<double> threshold;
  if (o.contains("threshold")) threshold = o["threshold"].get<double>();
  std::optional<std::string> profile;
  if (o.contains("profile")) profile = o["profile"].get<std::string>();
  std::optional<bool> sci_mode;
  if (o.contains("sci_mode") && !o["sci_mode"].is_null()) sci_mode = o["sci_mode"].get<bool>();
  set_printoptions(int_opt("precision"), threshold, int_opt("edgeitems"), int_opt("linewidth"),
                   profile ? std::optional<std::string_view>(*profile) : std::nullopt, sci_mode);
}

std::vector<json> load_cases() { return test::golden_json("print.json").get<std::vector<json>>(); }

void set_default_dtype_name(const std::string& name) {
  auto d = dtype_from_name(name);
  REQUIRE(d);
  set_default_dtype(*d);
}

}  // namespace

TEST_CASE("repr matches PyTorch 1.13 on the golden corpus") {
  std::vector<json> cases = load_cases();
  REQUIRE(cases.size() >= 60);
  int passed = 0;
  for (const json& c : cases) {
    OptionsGuard guard;
    const std::string name = c["name"].get<std::string>();
    auto dtype = dtype_from_name(c["dtype"].get<std::string>());
    REQUIRE_MESSAGE(dtype, name);
    const json& storage = c["storage"];
    int64_t n = int64_t(storage.size());
    DimVector sizes = dims(c["sizes"]), strides = dims(c["strides"]);
    int64_t offset = c["offset"].get<int64_t>();

    Tensor base = empty({n}, *dtype);
    char* p = static_cast<char*>(base.data_ptr());
    size_t es = element_size(*dtype);
    for (int64_t i = 0; i < n; ++i) write_element(p + size_t(i) * es, *dtype, storage[size_t(i)]);
    Tensor values = make_view(base, sizes, strides, offset);

    // The tensor whose repr is taken: the CPU view itself, or (device cases) a tensor that says
    // it lives on CUDA, printed with the CPU values beside it.
    Tensor t = values;
    if (c.contains("device")) {
      Device d = parse_device(c["device"].get<std::string>());
      t = from_blob(p + offset * int64_t(es), sizes, strides, *dtype, {}, d);
    }
    bool requires_grad = c["requires_grad"].get<bool>();
    std::string grad_fn = c["grad_fn"].get<std::string>();
    if (requires_grad || !grad_fn.empty())
      t.impl()->autograd_meta = std::make_unique<FakeAutogradMeta>(requires_grad, grad_fn);
    if (c.contains("default_dtype")) set_default_dtype_name(c["default_dtype"].get<std::string>());
    apply_options(c["options"]);

    std::string want = c["repr"].get<std::string>();
    std::string got;
    try {
      got = c.contains("device") ? repr(t, values) : repr(t);
    } catch (const Error& e) {
      got = std::string("<error: ") + e.what() + ">";
    }
    CHECK_MESSAGE(got == want, "case '", name, "'\n--- expected ---\n", want,
                  "\n--- got ---\n", got);
    passed += got == want;
  }
  MESSAGE("print golden cases passed: ", passed, " of ", cases.size());
}

TEST_CASE("format_scalar formats like Python's str.format") {
  // Values from /usr/bin/python3: "{:.4f}", "{:.4e}", "{:.0f}".format(v).
  CHECK(format_scalar(3.14159, 'f', 4) == "3.1416");
  CHECK(format_scalar(0.125, 'f', 2) == "0.12");  // exact binary tie rounds to even
  CHECK(format_scalar(2.5, 'f', 0) == "2");
  CHECK(format_scalar(-0.0, 'f', 0) == "-0");
  CHECK(format_scalar(-0.0, 'e', 4) == "-0.0000e+00");
  CHECK(format_scalar(1e100, 'e', 4) == "1.0000e+100");
  CHECK(format_scalar(1e-5, 'e', 4) == "1.0000e-05");
  CHECK(format_scalar(1e20, 'f', 4) == "100000000000000000000.0000");
  CHECK(format_scalar(-std::numeric_limits<double>::quiet_NaN(), 'f', 4) == "nan");
  CHECK(format_scalar(-INFINITY, 'e', 4) == "-inf");
  CHECK(format_scalar(std::numeric_limits<double>::max(), 'f', 0).size() == 309);
  CHECK(format_scalar(1.0 / 3, 'f', 600).size() == 602);  // past the stack buffer
  CHECK_THROWS_WITH_AS(format_scalar(1.5, 'f', -1), "Format specifier missing precision", Error);
}

TEST_CASE("set_printoptions follows PyTorch's profile and sci_mode rules") {
  OptionsGuard guard;
  set_printoptions(std::nullopt, std::nullopt, std::nullopt, std::nullopt, "short");
  CHECK(print_options().precision == 2);
  CHECK(print_options().edgeitems == 2);
  set_printoptions(6, std::nullopt, std::nullopt, std::nullopt, "full", true);
  CHECK(print_options().precision == 6);  // options apply after the profile
  CHECK(std::isinf(print_options().threshold));
  CHECK(print_options().sci_mode == true);
  set_printoptions(std::nullopt, std::nullopt, std::nullopt, 100);
  CHECK(print_options().linewidth == 100);
  CHECK(!print_options().sci_mode.has_value());  // sci_mode is reset when not given
  set_printoptions(std::nullopt, std::nullopt, std::nullopt, std::nullopt, "no-such-profile");
  CHECK(print_options().precision == 6);  // unknown profiles are ignored, as in PyTorch
}

TEST_CASE("printing errors use PyTorch's words") {
  OptionsGuard guard;
  Tensor m = empty({3, 4});
  for (int i = 0; i < 12; ++i) m.data<float>()[i] = float(i);
  // torch.set_printoptions(threshold=5, edgeitems=0); repr(torch.arange(12.).reshape(3, 4))
  set_printoptions(std::nullopt, 5.0, 0);
  CHECK_THROWS_WITH_AS(repr(m), "stack expects a non-empty TensorList", Error);
  // precision=-1: a ValueError from str.format, but only where a precision is used.
  set_printoptions(-1, std::nullopt, std::nullopt, std::nullopt, "default");
  CHECK(repr(m) == "tensor([[ 0.,  1.,  2.,  3.],\n        [ 4.,  5.,  6.,  7.],\n"
                   "        [ 8.,  9., 10., 11.]])");
  m.data<float>()[0] = 0.5f;
  CHECK_THROWS_WITH_AS(repr(m), "Format specifier missing precision", Error);
  CHECK_THROWS_AS(repr(Tensor()), Error);
}

TEST_CASE("operator<< prints the repr") {
  Tensor t = empty({2}, DType::Int32);
  t.data<int32_t>()[0] = -3;
  t.data<int32_t>()[1] = 14;
  std::ostringstream os;
  os << t;
  CHECK(os.str() == "tensor([-3, 14], dtype=torch.int32)");
  CHECK(tensor_str(t, 7) == "[-3, 14]");
}
