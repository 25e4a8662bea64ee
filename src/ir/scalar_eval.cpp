// Python semantics for the scalar kinds: ints are int64 but never silently wrap (overflow
// gives nullopt, Python would have made a big int), floor division and remainder round toward
// -inf, int/int `div` is true division, comparisons of int with float are exact.
#include "ir/scalar_eval.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstring>
#include <limits>
#include <string_view>
#include <unordered_set>

#include "util/depth.h"
#include "util/utf8_code_points.h"

namespace ts::ir {

namespace {

using Opt = std::optional<IValue>;

bool intlike(const IValue& v) { return v.is_int() || v.is_bool(); }
bool numeric(const IValue& v) { return v.is_int() || v.is_bool() || v.is_double(); }
int64_t as_int(const IValue& v) { return v.is_bool() ? int64_t(v.to_bool()) : v.to_int(); }
double as_double(const IValue& v) { return v.is_bool() ? double(v.to_bool()) : v.to_double(); }

// Exact three-way comparison of an int with a double (Python compares the true values):
// -1, 0, 1, or 2 when unordered (nan).
int cmp_int_double(int64_t i, double d) {
  if (std::isnan(d)) return 2;
  if (d >= 9223372036854775808.0) return -1;
  if (d < -9223372036854775808.0) return 1;
  double fl = std::floor(d);
  auto fi = static_cast<int64_t>(fl);
  if (i < fi) return -1;
  if (i > fi) return 1;
  return d > fl ? -1 : 0;
}

// Three-way comparison of two numbers (2 when unordered).
int cmp_num(const IValue& a, const IValue& b) {
  if (intlike(a) && intlike(b)) {
    int64_t x = as_int(a), y = as_int(b);
    return x < y ? -1 : x > y ? 1 : 0;
  }
  if (intlike(a)) return cmp_int_double(as_int(a), b.to_double());
  if (intlike(b)) {
    int c = cmp_int_double(as_int(b), a.to_double());
    return c == 2 ? 2 : -c;
  }
  double x = a.to_double(), y = b.to_double();
  if (std::isnan(x) || std::isnan(y)) return 2;
  return x < y ? -1 : x > y ? 1 : 0;
}

// Python equality for the constant kinds; nullopt when it cannot tell (tensors, devices).
std::optional<bool> equal(const IValue& a, const IValue& b) {
  if (numeric(a) && numeric(b)) return cmp_num(a, b) == 0;
  if (a.is_string() && b.is_string()) return a.to_string() == b.to_string();
  if (a.is_none() || b.is_none()) return a.is_none() && b.is_none();
  if ((a.is_list() && b.is_list()) || (a.is_tuple() && b.is_tuple())) {
    const auto &x = a.items(), &y = b.items();
    if (&x == &y) return true;  // the same container (Python compares identical elements as equal)
    if (x.size() != y.size()) return false;
    util::DepthGuard guard("in comparison");
    for (size_t i = 0; i < x.size(); ++i) {
      auto e = equal(x[i], y[i]);
      if (!e || !*e) return e;
    }
    return true;
  }
  if (a.is_tensor() || b.is_tensor() || a.is_device() || b.is_device() || a.is_dtype() || b.is_dtype())
    return std::nullopt;
  // Dicts and objects are the runtime's (py_equal): an object's class may define __eq__.
  if (a.is_dict() || a.is_object() || b.is_dict() || b.is_object()) return std::nullopt;
  return false;  // different kinds (str vs int, list vs tuple) are never equal
}

std::optional<bool> truthy(const IValue& v) {
  if (v.is_bool()) return v.to_bool();
  if (v.is_int()) return v.to_int() != 0;
  if (v.is_double()) return v.to_double() != 0.0;
  if (v.is_string()) return !v.to_string().empty();
  if (v.is_none()) return false;
  if (v.is_list() || v.is_tuple()) return !v.items().empty();
  return std::nullopt;
}

bool is_ascii(const std::string& s) {
  return std::all_of(s.begin(), s.end(), [](char c) { return static_cast<unsigned char>(c) < 0x80; });
}

std::string strip(const std::string& s) {
  size_t b = s.find_first_not_of(" \t\n\r\f\v"), e = s.find_last_not_of(" \t\n\r\f\v");
  return b == std::string::npos ? std::string() : s.substr(b, e - b + 1);
}

Opt parse_int(const std::string& text) {
  std::string s = strip(text), digits;
  size_t i = 0;
  bool neg = false;
  if (i < s.size() && (s[i] == '+' || s[i] == '-')) neg = s[i++] == '-';
  for (; i < s.size(); ++i) {
    if (std::isdigit(static_cast<unsigned char>(s[i]))) digits += s[i];
    else if (s[i] == '_' && !digits.empty() && i + 1 < s.size() && std::isdigit(static_cast<unsigned char>(s[i + 1]))) continue;
    else return std::nullopt;
  }
  if (digits.empty()) return std::nullopt;
  uint64_t v = 0;
  auto r = std::from_chars(digits.data(), digits.data() + digits.size(), v);
  if (r.ec != std::errc()) return std::nullopt;
  if (neg ? v > uint64_t(1) << 63 : v > uint64_t(INT64_MAX)) return std::nullopt;
  return IValue(neg ? int64_t(0 - v) : int64_t(v));
}

Opt parse_float(const std::string& text) {
  std::string s = strip(text), low;
  for (char c : s) low += char(std::tolower(static_cast<unsigned char>(c)));
  bool neg = !low.empty() && low[0] == '-';
  std::string body = (!low.empty() && (low[0] == '-' || low[0] == '+')) ? low.substr(1) : low;
  double inf = std::numeric_limits<double>::infinity();
  if (body == "inf" || body == "infinity") return IValue(neg ? -inf : inf);
  if (body == "nan") return IValue(std::numeric_limits<double>::quiet_NaN());
  if (body.empty() || !(std::isdigit(static_cast<unsigned char>(body[0])) || body[0] == '.')) return std::nullopt;
  // Underscores may separate digits ("1_000"), as in Python literals.
  std::string digits;
  for (size_t i = 0; i < body.size(); ++i) {
    if (body[i] != '_') {
      digits += body[i];
      continue;
    }
    bool between = i > 0 && i + 1 < body.size() && std::isdigit(static_cast<unsigned char>(body[i - 1])) &&
                   std::isdigit(static_cast<unsigned char>(body[i + 1]));
    if (!between) return std::nullopt;
  }
  body = digits;
  double d = 0;
  auto r = std::from_chars(body.data(), body.data() + body.size(), d);
  if (r.ec != std::errc() || r.ptr != body.data() + body.size()) return std::nullopt;
  return IValue(neg ? -d : d);
}

std::optional<std::string> repr(const IValue& v);

std::optional<std::string> to_str(const IValue& v) {
  if (v.is_string()) return v.to_string();
  return repr(v);
}

std::optional<std::string> repr(const IValue& v) {
  if (v.is_bool()) return std::string(v.to_bool() ? "True" : "False");
  if (v.is_int()) return std::to_string(v.to_int());
  if (v.is_double()) return float_repr(v.to_double());
  if (v.is_none()) return std::string("None");
  if (v.is_string()) {
    const std::string& s = v.to_string();
    for (char c : s)
      if (c == '\'' || c == '\\' || static_cast<unsigned char>(c) < 0x20 || static_cast<unsigned char>(c) >= 0x7f)
        return std::nullopt;  // Python's escaping rules are not worth mirroring here
    return "'" + s + "'";
  }
  if (v.is_list() || v.is_tuple()) {
    std::string out = v.is_list() ? "[" : "(";
    const auto& items = v.items();
    for (size_t i = 0; i < items.size(); ++i) {
      auto r = repr(items[i]);
      if (!r) return std::nullopt;
      out += (i ? ", " : "") + *r;
    }
    if (v.is_tuple() && items.size() == 1) out += ",";
    return out + (v.is_list() ? "]" : ")");
  }
  return std::nullopt;
}

Opt int_pow(int64_t a, int64_t b) {
  if (b < 0) {
    if (a == 0) return std::nullopt;  // ZeroDivisionError
    return IValue(std::pow(double(a), double(b)));
  }
  int64_t result = 1, base = a;
  while (b) {
    if (b & 1 && __builtin_mul_overflow(result, base, &result)) return std::nullopt;
    b >>= 1;
    if (b && __builtin_mul_overflow(base, base, &base)) return std::nullopt;
  }
  return IValue(result);
}

Opt float_floordiv(double x, double y) {
  if (y == 0) return std::nullopt;
  double mod = std::fmod(x, y), div = (x - mod) / y;
  if (mod != 0) {
    if ((y < 0) != (mod < 0)) div -= 1.0;
  }
  double fl;
  if (div != 0) {
    fl = std::floor(div);
    if (div - fl > 0.5) fl += 1.0;
  } else {
    fl = std::copysign(0.0, x / y);
  }
  return IValue(fl);
}

Opt float_mod(double x, double y) {
  if (y == 0) return std::nullopt;
  double mod = std::fmod(x, y);
  if (mod != 0) {
    if ((y < 0) != (mod < 0)) mod += y;
  } else {
    mod = std::copysign(0.0, y);
  }
  return IValue(mod);
}

Opt binary(const std::string& k, const IValue& a, const IValue& b) {
  bool ints = intlike(a) && intlike(b), nums = numeric(a) && numeric(b);
  if (k == "add" || k == "sub" || k == "mul") {
    if (ints) {
      int64_t r, x = as_int(a), y = as_int(b);
      bool of = k == "add" ? __builtin_add_overflow(x, y, &r)
                : k == "sub" ? __builtin_sub_overflow(x, y, &r)
                             : __builtin_mul_overflow(x, y, &r);
      if (of) return std::nullopt;
      return IValue(r);
    }
    if (nums) {
      double x = as_double(a), y = as_double(b);
      return IValue(k == "add" ? x + y : k == "sub" ? x - y : x * y);
    }
    if (k == "add" && a.is_string() && b.is_string()) return IValue(a.to_string() + b.to_string());
    if (k == "mul" && ((a.is_string() && intlike(b)) || (intlike(a) && b.is_string()))) {
      const std::string& s = a.is_string() ? a.to_string() : b.to_string();
      int64_t n = a.is_string() ? as_int(b) : as_int(a);
      if (n <= 0) return IValue(std::string());
      if (double(n) * double(s.size()) > 1e6) return std::nullopt;
      std::string out;
      for (int64_t i = 0; i < n; ++i) out += s;
      return IValue(out);
    }
    return std::nullopt;
  }
  if (k == "div") {
    if (!nums || as_double(b) == 0) return std::nullopt;
    return IValue(as_double(a) / as_double(b));
  }
  if (k == "floordiv") {
    if (ints) {
      int64_t x = as_int(a), y = as_int(b);
      if (y == 0 || (x == INT64_MIN && y == -1)) return std::nullopt;
      int64_t q = x / y;
      if (x % y != 0 && ((x < 0) != (y < 0))) --q;
      return IValue(q);
    }
    return nums ? float_floordiv(as_double(a), as_double(b)) : std::nullopt;
  }
  if (k == "remainder") {
    if (ints) {
      int64_t x = as_int(a), y = as_int(b);
      if (y == 0) return std::nullopt;
      if (y == -1) return IValue(int64_t(0));
      int64_t r = x % y;
      if (r != 0 && ((r < 0) != (y < 0))) r += y;
      return IValue(r);
    }
    return nums ? float_mod(as_double(a), as_double(b)) : std::nullopt;
  }
  if (k == "pow") {
    if (ints) return int_pow(as_int(a), as_int(b));
    if (!nums) return std::nullopt;
    double x = as_double(a), y = as_double(b);
    // Infinities and nans follow C99's pow, as CPython does before its error checks.
    if (!std::isfinite(x) || !std::isfinite(y)) return IValue(std::pow(x, y));
    if (x == 0 && y < 0) return std::nullopt;                 // ZeroDivisionError
    if (x < 0 && y != std::floor(y)) return std::nullopt;     // complex result
    double r = std::pow(x, y);
    if (std::isinf(r) && std::isfinite(x) && std::isfinite(y)) return std::nullopt;  // OverflowError
    return IValue(r);
  }
  if (k == "eq" || k == "ne") {
    auto e = equal(a, b);
    if (!e) return std::nullopt;
    return IValue(k == "eq" ? *e : !*e);
  }
  if (k == "lt" || k == "le" || k == "gt" || k == "ge") {
    int c;
    if (nums) c = cmp_num(a, b);
    else if (a.is_string() && b.is_string()) c = a.to_string().compare(b.to_string()) < 0 ? -1 : a.to_string() == b.to_string() ? 0 : 1;
    else return std::nullopt;  // TypeError, or containers: left to run time
    if (c == 2) return IValue(false);
    bool r = k == "lt" ? c < 0 : k == "le" ? c <= 0 : k == "gt" ? c > 0 : c >= 0;
    return IValue(r);
  }
  if (k == "__and__" || k == "__or__" || k == "__xor__") {
    if (!ints) return std::nullopt;
    int64_t x = as_int(a), y = as_int(b);
    int64_t r = k == "__and__" ? (x & y) : k == "__or__" ? (x | y) : (x ^ y);
    if (a.is_bool() && b.is_bool()) return IValue(r != 0);
    return IValue(r);
  }
  if (k == "__lshift__" || k == "__rshift__") {
    if (!ints) return std::nullopt;
    int64_t x = as_int(a), y = as_int(b);
    if (y < 0) return std::nullopt;  // ValueError: negative shift count
    if (k == "__rshift__") return IValue(y >= 64 ? (x < 0 ? int64_t(-1) : int64_t(0)) : (x >> y));
    if (x == 0) return IValue(int64_t(0));
    if (y >= 64) return std::nullopt;  // would need a big int
    __int128 r = static_cast<__int128>(x) * (static_cast<__int128>(1) << y);
    if (r > INT64_MAX || r < INT64_MIN) return std::nullopt;
    return IValue(static_cast<int64_t>(r));
  }
  if (k == "min" || k == "max") {
    int c;
    if (nums) c = cmp_num(b, a);
    else if (a.is_string() && b.is_string()) c = b.to_string().compare(a.to_string()) < 0 ? -1 : a.to_string() == b.to_string() ? 0 : 1;
    else return std::nullopt;
    // Python keeps the first argument unless the second is strictly better.
    if (k == "min") return c == -1 ? b : a;
    return c == 1 ? b : a;
  }
  if (k == "__getitem__") {
    if (!intlike(b)) return std::nullopt;
    int64_t i = as_int(b);
    if (a.is_string()) {
      const std::string& s = a.to_string();
      if (!is_ascii(s)) {  // by code point
        std::vector<size_t> at = util::code_point_starts(s);
        int64_t n = int64_t(at.size()) - 1;
        if (i < 0) i += n;
        if (i < 0 || i >= n) return std::nullopt;
        return IValue(s.substr(at[size_t(i)], at[size_t(i) + 1] - at[size_t(i)]));
      }
      int64_t n = int64_t(s.size());
      if (i < 0) i += n;
      if (i < 0 || i >= n) return std::nullopt;
      return IValue(std::string(1, s[size_t(i)]));
    }
    if (a.is_list() || a.is_tuple()) {
      int64_t n = int64_t(a.items().size());
      if (i < 0) i += n;
      if (i < 0 || i >= n) return std::nullopt;
      return a.items()[size_t(i)];
    }
    return std::nullopt;
  }
  if (k == "__contains__") {
    if (a.is_string() && b.is_string()) return IValue(a.to_string().find(b.to_string()) != std::string::npos);
    if (a.is_list() || a.is_tuple()) {
      for (const IValue& x : a.items()) {
        auto e = equal(x, b);
        if (!e) return std::nullopt;
        if (*e) return IValue(true);
      }
      return IValue(false);
    }
    return std::nullopt;
  }
  return std::nullopt;
}

Opt unary(const std::string& k, const IValue& a) {
  if (k == "neg") {
    if (intlike(a)) {
      int64_t x = as_int(a);
      if (x == INT64_MIN) return std::nullopt;
      return IValue(-x);
    }
    if (a.is_double()) return IValue(-a.to_double());
    return std::nullopt;
  }
  if (k == "__invert__") return intlike(a) ? Opt(IValue(~as_int(a))) : std::nullopt;
  if (k == "__not__") {
    auto t = truthy(a);
    return t ? Opt(IValue(!*t)) : std::nullopt;
  }
  if (k == "Bool") {
    auto t = truthy(a);
    return t ? Opt(IValue(*t)) : std::nullopt;
  }
  if (k == "Int") {
    if (intlike(a)) return IValue(as_int(a));
    if (a.is_double()) {
      double d = std::trunc(a.to_double());
      if (!std::isfinite(d) || d >= 9223372036854775808.0 || d < -9223372036854775808.0) return std::nullopt;
      return IValue(static_cast<int64_t>(d));
    }
    if (a.is_string()) return parse_int(a.to_string());
    return std::nullopt;
  }
  if (k == "Float") {
    if (numeric(a)) return IValue(as_double(a));
    if (a.is_string()) return parse_float(a.to_string());
    return std::nullopt;
  }
  if (k == "str") {
    auto s = to_str(a);
    return s ? Opt(IValue(*s)) : std::nullopt;
  }
  if (k == "abs") {
    if (intlike(a)) {
      int64_t x = as_int(a);
      if (x == INT64_MIN) return std::nullopt;
      return IValue(x < 0 ? -x : x);
    }
    if (a.is_double()) return IValue(std::fabs(a.to_double()));
    return std::nullopt;
  }
  if (k == "len") {
    if (a.is_string()) return IValue(int64_t(util::code_point_count(a.to_string())));
    if (a.is_list() || a.is_tuple()) return IValue(int64_t(a.items().size()));
    return std::nullopt;
  }
  return std::nullopt;
}

const char* const kUnary[] = {"neg", "__invert__", "__not__", "Int", "Float", "Bool", "str", "abs", "len"};
const char* const kBinary[] = {"add", "sub", "mul", "div", "floordiv", "remainder", "pow", "eq", "ne",
                               "lt", "le", "gt", "ge", "__and__", "__or__", "__xor__", "__lshift__",
                               "__rshift__", "min", "max", "__getitem__", "__contains__"};

std::string strip_ns(const std::string& kind) { return kind.rfind("aten::", 0) == 0 ? kind.substr(6) : kind; }

}  // namespace

bool is_scalar_kind(const std::string& kind) {
  // Called for every node by the passes: no allocation, one hash lookup.
  static const std::unordered_set<std::string_view> kKinds = [] {
    std::unordered_set<std::string_view> s;
    for (const char* u : kUnary) s.insert(u);
    for (const char* b : kBinary) s.insert(b);
    return s;
  }();
  std::string_view k = kind;
  if (k.substr(0, 6) == "aten::") k.remove_prefix(6);
  return kKinds.count(k) != 0;
}

std::optional<IValue> eval_scalar(const std::string& kind, const std::vector<IValue>& in) {
  std::string k = strip_ns(kind);
  if (in.size() == 1) {
    for (const char* u : kUnary)
      if (k == u) return unary(k, in[0]);
  } else if (in.size() == 2) {
    for (const char* b : kBinary)
      if (k == b) return binary(k, in[0], in[1]);
  }
  return std::nullopt;
}

std::string float_repr(double d) {
  if (std::isnan(d)) return "nan";
  if (std::isinf(d)) return d < 0 ? "-inf" : "inf";
  char buf[64];
  auto r = std::to_chars(buf, buf + sizeof(buf), d, std::chars_format::scientific);
  std::string sci(buf, r.ptr);  // shortest round-trip digits: "-1.2345e+16"
  std::string sign;
  if (sci[0] == '-') {
    sign = "-";
    sci.erase(0, 1);
  }
  size_t e = sci.find('e');
  int exp = std::stoi(sci.substr(e + 1));
  std::string digits;
  for (char c : sci.substr(0, e))
    if (c != '.') digits += c;
  if (exp >= -4 && exp < 16) {
    std::string out;
    if (exp >= 0) {
      std::string ip = digits.substr(0, std::min(digits.size(), size_t(exp + 1)));
      while (ip.size() < size_t(exp + 1)) ip += '0';
      std::string fp = digits.size() > size_t(exp + 1) ? digits.substr(size_t(exp + 1)) : "0";
      out = ip + "." + fp;
    } else {
      out = "0." + std::string(size_t(-exp - 1), '0') + digits;
    }
    return sign + out;
  }
  std::string mant = digits.substr(0, 1) + (digits.size() > 1 ? "." + digits.substr(1) : "");
  std::string es = std::to_string(std::abs(exp));
  if (es.size() < 2) es = "0" + es;
  return sign + mant + "e" + (exp < 0 ? "-" : "+") + es;
}

}  // namespace ts::ir
