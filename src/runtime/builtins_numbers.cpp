// int() and float() of numbers, strings and one-element tensors, and hex/oct/bin, with
// CPython's rules for literals (bases 2 to 36 or 0, prefixes, underscores between digits).
#include <algorithm>
#include <cmath>
#include <map>
#include <optional>
#include <string>

#include "runtime/builtins.h"
#include "runtime/scalar_ops.h"

namespace ts::runtime {
namespace {

std::string trimmed(const std::string& s) {
  const char* ws = " \t\n\r\f\v";
  size_t b = s.find_first_not_of(ws);
  if (b == std::string::npos) return "";
  return s.substr(b, s.find_last_not_of(ws) + 1 - b);
}

// The whole of `t` as a number (std::stod), or nullopt.
template <class T, class F>
std::optional<T> parse_all(const std::string& t, F conv) {
  size_t pos = 0;
  T v{};
  try {
    v = conv(t, &pos);
  } catch (...) {
    return std::nullopt;
  }
  if (t.empty() || pos != t.size()) return std::nullopt;
  return v;
}

int digit_value(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'z') return c - 'a' + 10;
  if (c >= 'A' && c <= 'Z') return c - 'A' + 10;
  return 99;
}

// int(s, base) as CPython reads it: surrounding whitespace, a sign, for bases 2/8/16 (and 0,
// which takes the base from the prefix) an optional 0b/0o/0x prefix, then digits of the base
// with single underscores between them (and after a prefix); base 0 without a prefix admits no
// leading zeros ("010"). Ts ints are 64-bit: a valid literal beyond them is an OverflowError.
int64_t parse_int(const std::string& s, int64_t base) {
  if (base != 0 && (base < 2 || base > 36)) raise("ValueError", "int() base must be >= 2 and <= 36, or 0");
  auto invalid = [&] {
    raise("ValueError", "invalid literal for int() with base " + std::to_string(base) + ": '" + s + "'");
  };
  std::string t = trimmed(s);
  size_t i = 0;
  bool neg = false;
  if (i < t.size() && (t[i] == '+' || t[i] == '-')) neg = t[i++] == '-';
  int b = int(base);
  bool prefixed = false;
  if (i + 1 < t.size() && t[i] == '0') {
    char p = char(std::tolower(static_cast<unsigned char>(t[i + 1])));
    int pb = p == 'x' ? 16 : p == 'o' ? 8 : p == 'b' ? 2 : 0;
    if (pb && (b == 0 || b == pb)) {
      b = pb;
      prefixed = true;
      i += 2;
    }
  }
  if (b == 0) b = 10;
  bool leading_zero = !prefixed && base == 0 && i < t.size() && t[i] == '0';
  unsigned __int128 v = 0;
  bool need_digit = true, nonzero = false, over = false;
  bool underscore_ok = prefixed;  // "0x_1f" is valid; "_1", "1__2" and "1_" are not
  for (; i < t.size(); ++i) {
    if (t[i] == '_') {
      if (!underscore_ok) invalid();
      underscore_ok = false;
      need_digit = true;
      continue;
    }
    int d = digit_value(t[i]);
    if (d >= b) invalid();
    need_digit = false;
    underscore_ok = true;
    nonzero |= d != 0;
    v = v * unsigned(b) + unsigned(d);
    if (v > (unsigned __int128)(1) << 64) over = true, v = (unsigned __int128)(1) << 64;
  }
  if (need_digit || (leading_zero && nonzero)) invalid();
  unsigned __int128 limit = neg ? (unsigned __int128)(1) << 63 : ((unsigned __int128)(1) << 63) - 1;
  if (over || v > limit) raise("OverflowError", "int() of '" + s + "' does not fit in 64 bits");
  return neg ? int64_t(-(v - 1)) - 1 : int64_t(v);
}

IValue b_int(Interp&, Args& a, const Kw& kw) {
  std::optional<int64_t> base;
  size_t npos = a.size() - kw.size();
  if (npos > 1) base = a[1].to_int();
  if (const IValue* b = kwarg(a, kw, "base")) base = b->to_int();
  if (npos == 0) {
    if (base) raise("TypeError", "int() missing string argument");
    return IValue(int64_t(0));
  }
  const IValue& v = a[0];
  if (base && !v.is_string()) raise("TypeError", "int() can't convert non-string with explicit base");
  if (v.is_int()) return v;
  if (v.is_bool()) return IValue(int64_t(v.to_bool()));
  if (v.is_double()) return IValue(float_to_int(v.to_double()));
  if (v.is_string()) return IValue(parse_int(v.to_string(), base.value_or(10)));
  if (v.is_tensor()) {
    const Tensor& t = v.to_tensor();
    if (t.numel() != 1) raise("ValueError", "only one element tensors can be converted to Python scalars");
    Scalar s = t.item();
    return IValue(s.is_float() ? float_to_int(s.to_double()) : s.to_int());
  }
  raise("TypeError", "int() argument must be a string, a number or a tensor, not '" + v.type_name() + "'");
}

IValue b_float(Interp&, Args& a, const Kw&) {
  if (a.empty()) return IValue(0.0);
  const IValue& v = a[0];
  if (v.is_number()) return IValue(v.is_bool() ? double(v.to_bool()) : v.to_double());
  if (v.is_string()) {
    std::string s = v.to_string();
    std::string t = trimmed(s);
    std::string low = t;
    std::transform(low.begin(), low.end(), low.begin(), ::tolower);
    if (low == "inf" || low == "+inf" || low == "infinity") return IValue(INFINITY);
    if (low == "-inf" || low == "-infinity") return IValue(-INFINITY);
    if (low == "nan" || low == "+nan" || low == "-nan") return IValue(NAN);
    auto d = parse_all<double>(t, [](const std::string& x, size_t* p) { return std::stod(x, p); });
    if (!d) raise("ValueError", "could not convert string to float: '" + s + "'");
    return IValue(*d);
  }
  if (v.is_tensor()) {
    const Tensor& t = v.to_tensor();
    if (t.numel() != 1) raise("ValueError", "only one element tensors can be converted to Python scalars");
    return IValue(t.item().to_double());
  }
  raise("TypeError", "float() argument must be a string or a number, not '" + v.type_name() + "'");
}


// hex(), oct(), bin(): the sign, the prefix, then the magnitude's digits.
template <int Base>
IValue b_radix(Interp&, Args& a, const Kw&) {
  const IValue& v = a[0];
  if (!v.is_int() && !v.is_bool()) raise("TypeError", "'" + v.type_name() + "' object cannot be interpreted as an integer");
  int64_t x = v.is_bool() ? int64_t(v.to_bool()) : v.to_int();
  uint64_t m = x < 0 ? uint64_t(0) - uint64_t(x) : uint64_t(x);
  std::string digits;
  do {
    digits += "0123456789abcdef"[m % Base];
    m /= Base;
  } while (m);
  std::reverse(digits.begin(), digits.end());
  const char* prefix = Base == 16 ? "0x" : Base == 8 ? "0o" : "0b";
  return IValue((x < 0 ? "-" : "") + std::string(prefix) + digits);
}

}  // namespace

const std::map<std::string, BuiltinFn>& number_builtins() {
  static const std::map<std::string, BuiltinFn> m = {
      {"int", b_int}, {"float", b_float}, {"hex", b_radix<16>}, {"oct", b_radix<8>}, {"bin", b_radix<2>}};
  return m;
}

}  // namespace ts::runtime
