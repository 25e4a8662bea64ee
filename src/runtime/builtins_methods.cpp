// Methods of str, list and dict, and the attributes of tensors, devices and dtypes.
#include <algorithm>

#include "ir/scalar_eval.h"
#include "ops/registry.h"
#include "runtime/builtins.h"
#include "runtime/collections.h"
#include "runtime/scalar_ops.h"
#include "util/unicode_case.h"
#include "util/utf8_code_points.h"

namespace ts::runtime {

namespace {

IValue none() { return IValue(); }
std::vector<IValue>& items(IValue& v) { return v.list_ptr()->items; }
int64_t norm_index(int64_t i, size_t n) { return i < 0 ? i + int64_t(n) : i; }

// ---- list ----
IValue l_append(Interp&, Args& a, const Kw&) { return items(a[0]).push_back(a[1]), none(); }
IValue l_extend(Interp& I, Args& a, const Kw&) {
  std::vector<IValue> xs = iterate_value(I, a[1]);
  auto& it = items(a[0]);
  it.insert(it.end(), xs.begin(), xs.end());
  return none();
}
IValue l_pop(Interp&, Args& a, const Kw&) {
  auto& it = items(a[0]);
  if (it.empty()) raise("IndexError", "pop from empty list");
  int64_t i = a.size() > 1 ? norm_index(a[1].to_int(), it.size()) : int64_t(it.size()) - 1;
  if (i < 0 || i >= int64_t(it.size())) raise("IndexError", "pop index out of range");
  IValue r = it[size_t(i)];
  it.erase(it.begin() + i);
  return r;
}
IValue l_insert(Interp&, Args& a, const Kw&) {
  auto& it = items(a[0]);
  int64_t i = std::clamp<int64_t>(norm_index(a[1].to_int(), it.size()), 0, int64_t(it.size()));
  it.insert(it.begin() + i, a[2]);
  return none();
}
IValue l_index(Interp& I, Args& a, const Kw&) {
  auto& it = items(a[0]);
  for (size_t i = 0; i < it.size(); ++i)
    if (py_equal(I, it[i], a[1])) return IValue(int64_t(i));
  raise("ValueError", py_repr(I, a[1]) + " is not in list");
}
IValue l_count(Interp& I, Args& a, const Kw&) {
  int64_t n = 0;
  for (const auto& x : items(a[0])) n += py_equal(I, x, a[1]);
  return IValue(n);
}
IValue l_remove(Interp& I, Args& a, const Kw&) {
  auto& it = items(a[0]);
  for (size_t i = 0; i < it.size(); ++i) {
    if (py_equal(I, it[i], a[1])) {
      it.erase(it.begin() + long(i));
      return none();
    }
  }
  raise("ValueError", "list.remove(x): x not in list");
}
IValue l_copy(Interp&, Args& a, const Kw&) { return copy_tags(a[0], IValue::list(items(a[0]))); }
IValue l_clear(Interp&, Args& a, const Kw&) { return items(a[0]).clear(), none(); }
IValue l_reverse(Interp&, Args& a, const Kw&) {
  std::reverse(items(a[0]).begin(), items(a[0]).end());
  return none();
}
IValue l_sort(Interp& I, Args& a, const Kw& kw) {
  Args b = {a[0]};
  for (size_t k = 0; k < kw.size(); ++k) b.push_back(a[a.size() - kw.size() + k]);
  IValue sorted = core_builtins().at("sorted")(I, b, kw);
  items(a[0]) = sorted.items();
  return none();
}

// ---- dict ----
IValue d_keys(Interp&, Args& a, const Kw&) {
  std::vector<IValue> r;
  for (const auto& [k, v] : a[0].dict_ptr()->items) r.push_back(k);
  return IValue::list(r);
}
IValue d_values(Interp&, Args& a, const Kw&) {
  std::vector<IValue> r;
  for (const auto& [k, v] : a[0].dict_ptr()->items) r.push_back(v);
  return IValue::list(r);
}
IValue d_items(Interp&, Args& a, const Kw&) {
  std::vector<IValue> r;
  for (const auto& [k, v] : a[0].dict_ptr()->items) r.push_back(IValue::tuple({k, v}));
  return IValue::list(r);
}
IValue d_get(Interp&, Args& a, const Kw&) {
  const IValue* v = a[0].dict_ptr()->find(a[1]);
  return v ? *v : (a.size() > 2 ? a[2] : none());
}
IValue d_setdefault(Interp&, Args& a, const Kw&) {
  auto& d = *a[0].dict_ptr();
  if (const IValue* v = d.find(a[1])) return *v;
  IValue v = a.size() > 2 ? a[2] : none();
  d.set(a[1], v);
  return v;
}
IValue d_update(Interp&, Args& a, const Kw&) {
  for (const auto& [k, v] : a[1].dict_ptr()->items) a[0].dict_ptr()->set(k, v);
  return none();
}
IValue d_pop(Interp& I, Args& a, const Kw&) {
  auto& d = *a[0].dict_ptr();
  const IValue* v = d.find(a[1]);
  if (!v) {
    if (a.size() > 2) return a[2];
    raise("KeyError", py_repr(I, a[1]));
  }
  IValue r = *v;
  d.erase(a[1]);
  return r;
}
IValue d_copy(Interp&, Args& a, const Kw&) {
  IValue r = IValue::dict();
  for (const auto& [k, v] : a[0].dict_ptr()->items) r.dict_ptr()->set(k, v);
  return copy_tags(a[0], r);
}
IValue d_clear(Interp&, Args& a, const Kw&) { return a[0].dict_ptr()->clear(), none(); }

// ---- str ----
const std::string& S(const IValue& v) { return v.to_string(); }
bool is_space(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v'; }
// Unicode's whitespace among the ASCII characters (str.isspace, str.split()).
bool space_c(char c) { return is_space(c) || (c >= '\x1c' && c <= '\x1f'); }

IValue s_join(Interp&, Args& a, const Kw&) {
  std::string r;
  bool first = true;
  for (const auto& x : a[1].items()) {
    if (!x.is_string()) raise("TypeError", "sequence item: expected str instance, " + x.type_name() + " found");
    r += (first ? "" : S(a[0])) + S(x);
    first = false;
  }
  return IValue(r);
}
std::string strip(const std::string& s, const IValue* chars, bool left, bool right) {
  auto drop = [&](char c) { return chars && !chars->is_none() ? S(*chars).find(c) != std::string::npos : is_space(c); };
  size_t b = 0, e = s.size();
  while (left && b < e && drop(s[b])) ++b;
  while (right && e > b && drop(s[e - 1])) --e;
  return s.substr(b, e - b);
}
IValue s_strip(Interp&, Args& a, const Kw&) { return IValue(strip(S(a[0]), a.size() > 1 ? &a[1] : nullptr, true, true)); }
IValue s_lstrip(Interp&, Args& a, const Kw&) { return IValue(strip(S(a[0]), a.size() > 1 ? &a[1] : nullptr, true, false)); }
IValue s_rstrip(Interp&, Args& a, const Kw&) { return IValue(strip(S(a[0]), a.size() > 1 ? &a[1] : nullptr, false, true)); }
// s.startswith(prefix) / s.endswith(suffix), where the argument may be a tuple of them.
template <bool End>
IValue s_affix(Interp&, Args& a, const Kw&) {
  const std::string& s = S(a[0]);
  auto one = [&](const IValue& x) {
    if (!x.is_string())
      raise("TypeError", std::string(End ? "endswith" : "startswith") + " first arg must be str or a tuple of str, not " + x.type_name());
    const std::string& t = x.to_string();
    return End ? s.size() >= t.size() && s.compare(s.size() - t.size(), t.size(), t) == 0 : s.rfind(t, 0) == 0;
  };
  if (!a[1].is_tuple() && !a[1].is_list()) return IValue(one(a[1]));
  for (const IValue& x : a[1].items())
    if (one(x)) return IValue(true);
  return IValue(false);
}
IValue s_startswith(Interp& I, Args& a, const Kw& kw) { return s_affix<false>(I, a, kw); }
IValue s_endswith(Interp& I, Args& a, const Kw& kw) { return s_affix<true>(I, a, kw); }
IValue s_replace(Interp&, Args& a, const Kw&) {
  std::string s = S(a[0]);
  const std::string &from = S(a[1]), &to = S(a[2]);
  int64_t limit = a.size() > 3 ? a[3].to_int() : -1;
  std::string r;
  size_t b = 0;
  for (size_t p; limit != 0 && (p = from.empty() ? (b <= s.size() ? b : std::string::npos) : s.find(from, b)) != std::string::npos; --limit) {
    r += s.substr(b, p - b) + to;
    if (from.empty()) {
      if (p < s.size()) r += s[p];
      b = p + 1;
      if (b > s.size()) break;
    } else {
      b = p + from.size();
    }
  }
  if (b <= s.size()) r += s.substr(b);
  return IValue(r);
}
// `s` with each code point replaced by what `f(cp, out)` appends.
template <class F>
std::string map_code_points(const std::string& s, F f) {
  std::string r;
  r.reserve(s.size());
  for (size_t i = 0; i < s.size();) f(util::next_code_point(s, i), r);
  return r;
}
constexpr uint32_t kSharpS = 0xDF;  // ß: upper case "SS", title case "Ss", case-folded "ss"
void append_upper(uint32_t c, std::string& r) {
  if (c == kSharpS) r += "SS";
  else util::append_utf8(r, util::to_upper_cp(c));
}
void append_lower(uint32_t c, std::string& r) { util::append_utf8(r, util::to_lower_cp(c)); }
void append_title(uint32_t c, std::string& r) {
  if (c == kSharpS) r += "Ss";
  else util::append_utf8(r, util::to_title_cp(c));
}
IValue s_upper(Interp&, Args& a, const Kw&) { return IValue(map_code_points(S(a[0]), append_upper)); }
IValue s_lower(Interp&, Args& a, const Kw&) { return IValue(map_code_points(S(a[0]), append_lower)); }
// More of str's methods. Ts strings are UTF-8 bytes; widths and indices count code points (as
// len() and indexing do). Case mappings are Unicode's one-to-one ones (util/unicode_case.h) plus
// ß's; the other mappings Python makes to several code points (ŉ, ǰ, ΐ, İ's lower case, Greek
// letters with ypogegrammeni) keep the letter as it is. isalpha follows the C library's letter
// class, which also counts combining marks (U+0300-036F, Hebrew points) that Python does not;
// digits and whitespace are ASCII's.
void str_args(Args& a, const Kw& kw, size_t lo, size_t hi, const char* fn) {
  if (!kw.empty()) raise("TypeError", std::string(fn) + "() takes no keyword arguments");
  if (a.size() - 1 < lo || a.size() - 1 > hi)
    raise("TypeError", std::string(fn) + "() takes " +
                           (lo == hi ? (lo == 0 ? std::string("no arguments") : "exactly " + std::to_string(lo) + (lo == 1 ? " argument" : " arguments"))
                                     : "from " + std::to_string(lo) + " to " + std::to_string(hi) + " arguments") +
                           " (" + std::to_string(a.size() - 1) + " given)");
}
const std::string& str_of(const IValue& v, const char* fn) {
  if (!v.is_string()) raise("TypeError", std::string(fn) + "() argument must be str, not " + v.type_name());
  return v.to_string();
}
int64_t int_of(const IValue& v, const char* fn) {
  if (v.is_bool()) return v.to_bool();
  if (!v.is_int()) raise("TypeError", std::string(fn) + "(): '" + v.type_name() + "' object cannot be interpreted as an integer");
  return v.to_int();
}
// The [start, end) window of find/rfind/index/rindex/count, taken as slice bounds are (in code
// points), as byte offsets into `s`; empty (b > e) when start passes end.
std::pair<size_t, size_t> window(Args& a, const std::string& s, const char* fn) {
  std::vector<size_t> at = util::code_point_starts(s);
  int64_t n = int64_t(at.size()) - 1;
  auto bound = [&](size_t i, int64_t dflt) {
    if (a.size() <= i || a[i].is_none()) return dflt;
    int64_t x = int_of(a[i], fn);
    if (x < 0) x += n;
    return std::clamp<int64_t>(x, 0, n);
  };
  int64_t b = bound(2, 0), e = bound(3, n);
  return b > e ? std::pair<size_t, size_t>{1, 0} : std::pair<size_t, size_t>{at[size_t(b)], at[size_t(e)]};
}
int64_t find_in(Args& a, const Kw& kw, bool right, const char* fn) {
  str_args(a, kw, 1, 3, fn);
  const std::string &s = S(a[0]), &t = str_of(a[1], fn);
  auto [b, e] = window(a, s, fn);
  if (b > e || e - b < t.size()) return -1;
  size_t p = right ? s.rfind(t, e - t.size()) : s.find(t, b);
  return p == std::string::npos || p < b || p + t.size() > e ? -1 : int64_t(util::code_point_count(s, p));
}
IValue s_find(Interp&, Args& a, const Kw& kw) { return IValue(find_in(a, kw, false, "find")); }
IValue s_rfind(Interp&, Args& a, const Kw& kw) { return IValue(find_in(a, kw, true, "rfind")); }
IValue s_index(Interp&, Args& a, const Kw& kw) {
  int64_t p = find_in(a, kw, false, "index");
  if (p < 0) raise("ValueError", "substring not found");
  return IValue(p);
}
IValue s_rindex(Interp&, Args& a, const Kw& kw) {
  int64_t p = find_in(a, kw, true, "rindex");
  if (p < 0) raise("ValueError", "substring not found");
  return IValue(p);
}
IValue s_count(Interp&, Args& a, const Kw& kw) {
  str_args(a, kw, 1, 3, "count");
  const std::string& t = str_of(a[1], "count");
  auto [b, e] = window(a, S(a[0]), "count");
  if (b > e) return IValue(int64_t(0));
  const std::string s = S(a[0]).substr(b, e - b);
  if (t.empty()) return IValue(int64_t(util::code_point_count(s) + 1));
  int64_t n = 0;
  for (size_t p = s.find(t); p != std::string::npos; p = s.find(t, p + t.size())) ++n;
  return IValue(n);
}
// split / rsplit (sep=None, maxsplit=-1), positionally or by keyword.
IValue split(Args& a, const Kw& kw, bool right, const char* fn) {
  const std::string& s = S(a[0]);
  const IValue* sepv = nullptr;
  int64_t maxsplit = -1;
  size_t npos = a.size() - kw.size();
  if (npos > 3) raise("TypeError", std::string(fn) + "() takes at most 2 arguments (" + std::to_string(npos - 1) + " given)");
  if (npos > 1) sepv = &a[1];
  if (npos > 2) maxsplit = int_of(a[2], fn);
  for (size_t k = 0; k < kw.size(); ++k) {
    if (kw[k] == "sep") sepv = &a[npos + k];
    else if (kw[k] == "maxsplit") maxsplit = int_of(a[npos + k], fn);
    else raise("TypeError", std::string(fn) + "() got an unexpected keyword argument '" + kw[k] + "'");
  }
  std::vector<std::string> r;
  if (!sepv || sepv->is_none()) {
    // Runs of whitespace; after maxsplit splits the rest is kept as it is, whitespace and all.
    if (!right) {
      size_t i = 0;
      while (true) {
        while (i < s.size() && space_c(s[i])) ++i;
        if (i >= s.size()) break;
        if (maxsplit >= 0 && int64_t(r.size()) == maxsplit) {
          r.push_back(s.substr(i));
          break;
        }
        size_t b = i;
        while (i < s.size() && !space_c(s[i])) ++i;
        r.push_back(s.substr(b, i - b));
      }
    } else {
      size_t i = s.size();
      while (true) {
        while (i > 0 && space_c(s[i - 1])) --i;
        if (i == 0) break;
        if (maxsplit >= 0 && int64_t(r.size()) == maxsplit) {
          r.push_back(s.substr(0, i));
          break;
        }
        size_t e = i;
        while (i > 0 && !space_c(s[i - 1])) --i;
        r.push_back(s.substr(i, e - i));
      }
      std::reverse(r.begin(), r.end());
    }
  } else {
    const std::string& sep = str_of(*sepv, fn);
    if (sep.empty()) raise("ValueError", "empty separator");
    if (!right) {
      size_t b = 0;
      for (size_t p; (maxsplit < 0 || int64_t(r.size()) < maxsplit) && (p = s.find(sep, b)) != std::string::npos; b = p + sep.size())
        r.push_back(s.substr(b, p - b));
      r.push_back(s.substr(b));
    } else {
      size_t e = s.size();
      while (maxsplit < 0 || int64_t(r.size()) < maxsplit) {
        if (e < sep.size()) break;
        size_t p = s.rfind(sep, e - sep.size());
        if (p == std::string::npos) break;
        r.push_back(s.substr(p + sep.size(), e - p - sep.size()));
        e = p;
      }
      r.push_back(s.substr(0, e));
      std::reverse(r.begin(), r.end());
    }
  }
  std::vector<IValue> out(r.begin(), r.end());
  return IValue::list(out);
}
IValue s_split(Interp&, Args& a, const Kw& kw) { return split(a, kw, false, "split"); }
IValue s_rsplit(Interp&, Args& a, const Kw& kw) { return split(a, kw, true, "rsplit"); }
IValue partition(Args& a, const Kw& kw, bool right, const char* fn) {
  str_args(a, kw, 1, 1, fn);
  const std::string &s = S(a[0]), &sep = str_of(a[1], fn);
  if (sep.empty()) raise("ValueError", "empty separator");
  size_t p = right ? s.rfind(sep) : s.find(sep);
  if (p == std::string::npos)
    return right ? IValue::tuple({IValue(""), IValue(""), a[0]}) : IValue::tuple({a[0], IValue(""), IValue("")});
  return IValue::tuple({IValue(s.substr(0, p)), a[1], IValue(s.substr(p + sep.size()))});
}
IValue s_partition(Interp&, Args& a, const Kw& kw) { return partition(a, kw, false, "partition"); }
IValue s_rpartition(Interp&, Args& a, const Kw& kw) { return partition(a, kw, true, "rpartition"); }
// center / ljust / rjust (width, fillchar=' '), zfill(width)
std::string fill_char(Args& a, const char* fn) {
  if (a.size() < 3) return " ";
  const std::string& f = str_of(a[2], fn);
  if (util::code_point_count(f) != 1) raise("TypeError", "The fill character must be exactly one character long");
  return f;
}
std::string repeated(const std::string& f, size_t n) {
  std::string r;
  for (size_t i = 0; i < n; ++i) r += f;
  return r;
}
IValue pad(Args& a, const Kw& kw, char how, const char* fn) {
  str_args(a, kw, 1, 2, fn);
  const std::string& s = S(a[0]);
  int64_t width = int_of(a[1], fn);
  std::string f = fill_char(a, fn);
  int64_t len = int64_t(util::code_point_count(s));
  if (width <= len) return a[0];
  size_t marg = size_t(width - len);
  size_t left = how == 'l' ? 0 : how == 'r' ? marg : marg / 2 + (marg & size_t(width) & 1);
  return IValue(repeated(f, left) + s + repeated(f, marg - left));
}
IValue s_center(Interp&, Args& a, const Kw& kw) { return pad(a, kw, 'c', "center"); }
IValue s_ljust(Interp&, Args& a, const Kw& kw) { return pad(a, kw, 'l', "ljust"); }
IValue s_rjust(Interp&, Args& a, const Kw& kw) { return pad(a, kw, 'r', "rjust"); }
IValue s_zfill(Interp&, Args& a, const Kw& kw) {
  str_args(a, kw, 1, 1, "zfill");
  const std::string& s = S(a[0]);
  int64_t width = int_of(a[1], "zfill");
  int64_t len = int64_t(util::code_point_count(s));
  if (width <= len) return a[0];
  size_t n = size_t(width - len);
  if (!s.empty() && (s[0] == '+' || s[0] == '-')) return IValue(s.substr(0, 1) + std::string(n, '0') + s.substr(1));
  return IValue(std::string(n, '0') + s);
}
IValue s_title(Interp&, Args& a, const Kw& kw) {
  str_args(a, kw, 0, 0, "title");
  bool prev_cased = false;
  return IValue(map_code_points(S(a[0]), [&](uint32_t c, std::string& r) {
    bool cased = util::is_cased_cp(c);
    if (!cased) util::append_utf8(r, c);
    else if (prev_cased) append_lower(c, r);
    else append_title(c, r);
    prev_cased = cased;
  }));
}
IValue s_capitalize(Interp&, Args& a, const Kw& kw) {
  str_args(a, kw, 0, 0, "capitalize");
  bool first = true;
  return IValue(map_code_points(S(a[0]), [&](uint32_t c, std::string& r) {
    if (first) append_title(c, r);
    else append_lower(c, r);
    first = false;
  }));
}
IValue s_swapcase(Interp&, Args& a, const Kw& kw) {
  str_args(a, kw, 0, 0, "swapcase");
  return IValue(map_code_points(S(a[0]), [](uint32_t c, std::string& r) {
    if (util::is_upper_cp(c)) append_lower(c, r);
    else if (util::is_lower_cp(c)) append_upper(c, r);
    else util::append_utf8(r, c);
  }));
}
IValue s_casefold(Interp&, Args& a, const Kw& kw) {
  str_args(a, kw, 0, 0, "casefold");
  return IValue(map_code_points(S(a[0]), [](uint32_t c, std::string& r) {
    if (c == kSharpS) r += "ss";
    else append_lower(c, r);
  }));
}
template <bool (*Pred)(uint32_t)>
IValue all_chars(Interp&, Args& a, const Kw& kw) {
  str_args(a, kw, 0, 0, "is");
  const std::string& s = S(a[0]);
  for (size_t i = 0; i < s.size();)
    if (!Pred(util::next_code_point(s, i))) return IValue(false);
  return IValue(!s.empty());
}
bool alpha_c(uint32_t c) { return util::is_alpha_cp(c); }
bool space_cp(uint32_t c) { return c < 0x80 && space_c(char(c)); }
bool alnum_c(uint32_t c) { return alpha_c(c) || (c >= '0' && c <= '9'); }
// isupper / islower: some cased character, and none of the other case (a title-case letter
// such as ǅ counts as cased and as neither).
IValue cased_as(Args& a, const Kw& kw, bool upper) {
  str_args(a, kw, 0, 0, upper ? "isupper" : "islower");
  bool any = false;
  const std::string& s = S(a[0]);
  for (size_t i = 0; i < s.size();) {
    uint32_t c = util::next_code_point(s, i);
    bool same = upper ? util::is_upper_cp(c) : util::is_lower_cp(c);
    if (util::is_cased_cp(c) && !same) return IValue(false);
    any |= same;
  }
  return IValue(any);
}
IValue s_isupper(Interp&, Args& a, const Kw& kw) { return cased_as(a, kw, true); }
IValue s_islower(Interp&, Args& a, const Kw& kw) { return cased_as(a, kw, false); }
IValue s_expandtabs(Interp&, Args& a, const Kw& kw) {
  size_t npos = a.size() - kw.size();
  if (npos > 2) raise("TypeError", "expandtabs() takes at most 1 argument (" + std::to_string(npos - 1) + " given)");
  int64_t tab = npos > 1 ? int_of(a[1], "expandtabs") : 8;
  for (size_t k = 0; k < kw.size(); ++k) {
    if (kw[k] != "tabsize") raise("TypeError", "expandtabs() got an unexpected keyword argument '" + kw[k] + "'");
    tab = int_of(a[npos + k], "expandtabs");
  }
  std::string r;
  size_t col = 0;
  for (char c : S(a[0])) {
    if (c == '\t') {
      if (tab > 0) {
        size_t n = size_t(tab) - col % size_t(tab);
        r.append(n, ' ');
        col += n;
      }
    } else {
      r += c;
      col = c == '\n' || c == '\r' ? 0 : col + 1;
    }
  }
  return IValue(r);
}
// splitlines(keepends=False): at \n, \r, \r\n, \v, \f, \x1c-\x1e and (UTF-8) U+0085,
// U+2028, U+2029.
IValue s_splitlines(Interp& I, Args& a, const Kw& kw) {
  size_t npos = a.size() - kw.size();
  if (npos > 2) raise("TypeError", "splitlines() takes at most 1 argument (" + std::to_string(npos - 1) + " given)");
  bool keep = npos > 1 && truthy(I, a[1]);
  for (size_t k = 0; k < kw.size(); ++k) {
    if (kw[k] != "keepends") raise("TypeError", "splitlines() got an unexpected keyword argument '" + kw[k] + "'");
    keep = truthy(I, a[npos + k]);
  }
  const std::string& s = S(a[0]);
  std::vector<IValue> r;
  size_t b = 0, i = 0;
  while (i < s.size()) {
    size_t brk = 0;  // the line break's length at i
    unsigned char c = static_cast<unsigned char>(s[i]);
    if (c == '\r') brk = i + 1 < s.size() && s[i + 1] == '\n' ? 2 : 1;
    else if (c == '\n' || c == '\v' || c == '\f' || (c >= 0x1c && c <= 0x1e)) brk = 1;
    else if (c == 0xC2 && i + 1 < s.size() && static_cast<unsigned char>(s[i + 1]) == 0x85) brk = 2;
    else if (c == 0xE2 && i + 2 < s.size() && static_cast<unsigned char>(s[i + 1]) == 0x80 &&
             (static_cast<unsigned char>(s[i + 2]) == 0xA8 || static_cast<unsigned char>(s[i + 2]) == 0xA9))
      brk = 3;
    if (!brk) {
      ++i;
      continue;
    }
    r.emplace_back(s.substr(b, i - b + (keep ? brk : 0)));
    i += brk;
    b = i;
  }
  if (b < s.size()) r.emplace_back(s.substr(b));
  return IValue::list(r);
}
IValue s_removeprefix(Interp&, Args& a, const Kw& kw) {
  str_args(a, kw, 1, 1, "removeprefix");
  const std::string &s = S(a[0]), &p = str_of(a[1], "removeprefix");
  return s.compare(0, p.size(), p) == 0 && s.size() >= p.size() ? IValue(s.substr(p.size())) : a[0];
}
IValue s_removesuffix(Interp&, Args& a, const Kw& kw) {
  str_args(a, kw, 1, 1, "removesuffix");
  const std::string &s = S(a[0]), &p = str_of(a[1], "removesuffix");
  bool has = !p.empty() && s.size() >= p.size() && s.compare(s.size() - p.size(), p.size(), p) == 0;
  return has ? IValue(s.substr(0, s.size() - p.size())) : a[0];
}
IValue s_isdigit(Interp&, Args& a, const Kw&) {
  const std::string& s = S(a[0]);
  return IValue(!s.empty() && std::all_of(s.begin(), s.end(), ::isdigit));
}
// str.format: {} / {0} / {name} fields with format specs.
IValue s_format(Interp& I, Args& a, const Kw& kw) {
  const std::string& f = S(a[0]);
  size_t npos = a.size() - kw.size();
  std::string r;
  size_t auto_idx = 1;
  for (size_t i = 0; i < f.size(); ++i) {
    char c = f[i];
    if (c == '{' && i + 1 < f.size() && f[i + 1] == '{') { r += '{'; ++i; continue; }
    if (c == '}' && i + 1 < f.size() && f[i + 1] == '}') { r += '}'; ++i; continue; }
    if (c != '{') { r += c; continue; }
    size_t e = f.find('}', i);
    if (e == std::string::npos) raise("ValueError", "Single '{' encountered in format string");
    std::string field = f.substr(i + 1, e - i - 1), spec;
    size_t colon = field.find(':');
    if (colon != std::string::npos) spec = field.substr(colon + 1), field = field.substr(0, colon);
    const IValue* v = nullptr;
    if (field.empty()) {
      if (auto_idx >= npos) raise("IndexError", "Replacement index " + std::to_string(auto_idx - 1) + " out of range");
      v = &a[auto_idx++];
    } else if (std::all_of(field.begin(), field.end(), ::isdigit)) {
      size_t k = std::stoul(field) + 1;
      if (k >= npos) raise("IndexError", "Replacement index " + field + " out of range");
      v = &a[k];
    } else {
      for (size_t k = 0; k < kw.size(); ++k)
        if (kw[k] == field) v = &a[npos + k];
      if (!v) raise("KeyError", "'" + field + "'");
    }
    r += format_spec(I, *v, spec);
    i = e;
  }
  return IValue(r);
}

// ---- tensors, devices, dtypes ----
const Tensor& T(const IValue& v) { return v.to_tensor(); }
IValue size_value(const Tensor& t) {
  std::vector<IValue> s;
  for (int64_t x : t.sizes()) s.emplace_back(x);
  IValue r = IValue::tuple(s);
  r.tuple_ptr()->type_name = "torch.Size";
  return r;
}
IValue t_shape(Interp&, Args& a, const Kw&) { return size_value(T(a[0])); }
// torch.Size(sizes=()) from a sequence of ints, and Size.numel(): the product of the sizes.
IValue size_new(Interp& I, Args& a, const Kw&) {
  std::vector<IValue> s;
  if (!a.empty()) {
    std::vector<IValue> items = iterate_value(I, a[0]);
    for (size_t i = 0; i < items.size(); ++i) {
      const IValue& x = items[i];
      if (x.is_int()) s.push_back(x);
      else if (x.is_bool()) s.emplace_back(int64_t(x.to_bool()));
      else raise("TypeError", "torch.Size() takes an iterable of 'int' (item " + std::to_string(i) + " is '" + x.type_name() + "')");
    }
  }
  IValue r = IValue::tuple(s);
  r.tuple_ptr()->type_name = "torch.Size";
  return r;
}
IValue size_numel(Interp&, Args& a, const Kw&) {
  int64_t n = 1;
  for (const IValue& x : a[0].items()) {
    int64_t r;
    if (__builtin_mul_overflow(n, x.to_int(), &r)) int_overflow("*", n, x.to_int());
    n = r;
  }
  return IValue(n);
}
IValue t_dtype(Interp&, Args& a, const Kw&) { return IValue(T(a[0]).dtype()); }
IValue t_device(Interp&, Args& a, const Kw&) { return IValue(T(a[0]).device()); }
IValue t_requires_grad(Interp&, Args& a, const Kw&) { return IValue(T(a[0]).requires_grad()); }
IValue t_is_leaf(Interp&, Args& a, const Kw&) { return IValue(T(a[0]).is_leaf()); }
IValue t_ndim(Interp&, Args& a, const Kw&) { return IValue(T(a[0]).dim()); }
IValue t_grad(Interp&, Args& a, const Kw&) {
  Tensor g = T(a[0]).grad();
  return g.defined() ? IValue(g) : none();
}
IValue t_data(Interp&, Args& a, const Kw&) { return IValue(T(a[0]).detach()); }
IValue t_T(Interp&, Args& a, const Kw&) {
  const Tensor& t = T(a[0]);
  std::vector<IValue> perm;
  for (int64_t d = t.dim() - 1; d >= 0; --d) perm.emplace_back(d);
  return ops::call("permute", {a[0], IValue::list(perm)})[0];
}
// Tensor.mT: the last two dimensions swapped (a view), for matrices and batches of them.
IValue t_mT(Interp&, Args& a, const Kw&) {
  const Tensor& t = T(a[0]);
  if (t.dim() < 2)
    raise("RuntimeError", "tensor.mT is only supported on matrices or batches of matrices. Got " + std::to_string(t.dim()) + "-D tensor.");
  return ops::call("transpose", {a[0], IValue(int64_t(-2)), IValue(int64_t(-1))})[0];
}
IValue t_is_cuda(Interp&, Args& a, const Kw&) { return IValue(T(a[0]).device().is_cuda()); }
IValue t_set_requires_grad(Interp&, Args& a, const Kw&) {
  Tensor t = T(a[0]);
  t.requires_grad_(a[1].to_bool());
  return none();
}
IValue t_set_grad(Interp&, Args& a, const Kw&) {
  T(a[0]).set_grad(a[1].is_none() ? Tensor() : T(a[1]));
  return none();
}
// `t.data = d`: t keeps its autograd identity and takes d's memory, shape and dtype.
IValue t_set_data(Interp&, Args& a, const Kw&) {
  Tensor self = T(a[0]), src = T(a[1]);
  TensorImpl* s = self.impl();
  TensorImpl* d = src.impl();
  s->set_dtype_unsafe(d->dtype());
  s->set_storage(d->storage(), d->sizes(), d->strides(), d->offset());
  return none();
}
IValue dev_type(Interp&, Args& a, const Kw&) { return IValue(std::string(a[0].to_device().is_cuda() ? "cuda" : "cpu")); }
IValue dtype_is_floating(Interp&, Args& a, const Kw&) { return IValue(is_floating(a[0].to_dtype())); }
IValue dtype_is_signed(Interp&, Args& a, const Kw&) { return IValue(is_signed(a[0].to_dtype())); }
IValue dtype_is_complex(Interp&, Args&, const Kw&) { return IValue(false); }  // no complex dtypes (tensor/dtype.h)

}  // namespace

IValue tensor_size_value(const Tensor& t) { return size_value(t); }

const std::map<std::string, BuiltinFn>& method_builtins() {
  static const std::map<std::string, BuiltinFn> m = {
      {"list.append", l_append}, {"list.extend", l_extend}, {"list.pop", l_pop}, {"list.insert", l_insert},
      {"list.index", l_index}, {"list.count", l_count}, {"list.remove", l_remove}, {"list.copy", l_copy},
      {"list.clear", l_clear}, {"list.reverse", l_reverse}, {"list.sort", l_sort},
      {"dict.keys", d_keys}, {"dict.values", d_values}, {"dict.items", d_items}, {"dict.get", d_get},
      {"dict.setdefault", d_setdefault}, {"dict.update", d_update}, {"dict.pop", d_pop}, {"dict.copy", d_copy},
      {"dict.clear", d_clear},
      {"str.split", s_split}, {"str.join", s_join}, {"str.strip", s_strip}, {"str.lstrip", s_lstrip},
      {"str.rstrip", s_rstrip}, {"str.startswith", s_startswith}, {"str.endswith", s_endswith},
      {"str.replace", s_replace}, {"str.upper", s_upper}, {"str.lower", s_lower}, {"str.find", s_find},
      {"str.count", s_count}, {"str.isdigit", s_isdigit}, {"str.format", s_format},
      {"str.rfind", s_rfind}, {"str.index", s_index}, {"str.rindex", s_rindex}, {"str.rsplit", s_rsplit},
      {"str.partition", s_partition}, {"str.rpartition", s_rpartition}, {"str.zfill", s_zfill},
      {"str.center", s_center}, {"str.ljust", s_ljust}, {"str.rjust", s_rjust}, {"str.title", s_title},
      {"str.capitalize", s_capitalize}, {"str.swapcase", s_swapcase}, {"str.casefold", s_casefold},
      {"str.isalpha", all_chars<alpha_c>}, {"str.isalnum", all_chars<alnum_c>}, {"str.isspace", all_chars<space_cp>},
      {"str.isupper", s_isupper}, {"str.islower", s_islower}, {"str.expandtabs", s_expandtabs},
      {"str.splitlines", s_splitlines}, {"str.removeprefix", s_removeprefix}, {"str.removesuffix", s_removesuffix},
      {"Tensor.shape", t_shape}, {"torch.Size", size_new}, {"Size.numel", size_numel}, {"Tensor.dtype", t_dtype}, {"Tensor.device", t_device},
      {"Tensor.requires_grad", t_requires_grad}, {"Tensor.is_leaf", t_is_leaf}, {"Tensor.ndim", t_ndim},
      {"Tensor.grad", t_grad}, {"Tensor.data", t_data}, {"Tensor.T", t_T}, {"Tensor.mT", t_mT}, {"Tensor.is_cuda", t_is_cuda},
      {"Tensor.set_requires_grad", t_set_requires_grad}, {"Tensor.set_grad", t_set_grad},
      {"Tensor.set_data", t_set_data},
      {"Device.type", dev_type}, {"dtype.is_floating_point", dtype_is_floating}, {"dtype.is_signed", dtype_is_signed},
      {"dtype.is_complex", dtype_is_complex},
  };
  return m;
}

}  // namespace ts::runtime
