// The `_ts` builtins behind stdlib/json: the string escaping of json.dumps and the parser of
// json.loads, native because they walk strings by code point (Ts's str indexes bytes, and
// indexing a non-ASCII string is refused). The parser reports an error as (False, msg, pos) with
// CPython's message and position (in code points); stdlib/json/decoder.ts raises it as
// json.decoder.JSONDecodeError.
#include <cerrno>
#include <charconv>
#include <cstdlib>
#include <string>

#include "runtime/builtins.h"
#include "util/utf8_code_points.h"

namespace ts::runtime {

namespace {

using util::append_utf8;
using util::next_code_point;

void append_u(std::string& out, uint32_t v) {
  static const char* hex = "0123456789abcdef";
  out += "\\u";
  for (int sh = 12; sh >= 0; sh -= 4) out += hex[(v >> sh) & 0xF];
}

// _ts.json_encode_string(s, ensure_ascii): s as a JSON string literal, as CPython writes it.
IValue t_json_encode_string(Interp&, Args& a, const Kw&) {
  if (!a[0].is_string()) raise("TypeError", "json string must be str, not " + a[0].type_name());
  const std::string& s = a[0].to_string();
  bool ascii = a[1].to_bool();
  std::string out = "\"";
  for (size_t i = 0; i < s.size();) {
    size_t start = i;
    uint32_t cp = next_code_point(s, i);
    switch (cp) {
      case '"': out += "\\\""; continue;
      case '\\': out += "\\\\"; continue;
      case '\n': out += "\\n"; continue;
      case '\r': out += "\\r"; continue;
      case '\t': out += "\\t"; continue;
      case '\b': out += "\\b"; continue;
      case '\f': out += "\\f"; continue;
      default: break;
    }
    if (cp < 0x20 || (ascii && cp > 0x7E)) {
      if (cp < 0x10000) {
        append_u(out, cp);
      } else {
        uint32_t v = cp - 0x10000;
        append_u(out, 0xD800 | (v >> 10));
        append_u(out, 0xDC00 | (v & 0x3FF));
      }
    } else {
      out.append(s, start, i - start);
    }
  }
  out += '"';
  return IValue(out);
}

struct JsonError {
  std::string msg;
  size_t pos;  // bytes
};

struct Parser {
  const std::string& s;
  size_t skip(size_t i) const {
    while (i < s.size() && (s[i] == ' ' || s[i] == '\t' || s[i] == '\n' || s[i] == '\r')) ++i;
    return i;
  }
  bool at(size_t i, const char* word) const { return s.compare(i, std::char_traits<char>::length(word), word) == 0; }

  // The four hex digits after the `u` at s[i].
  uint32_t hex4(size_t i) const {
    uint32_t v = 0;
    if (i + 5 > s.size()) throw JsonError{"Invalid \\uXXXX escape", i};
    for (size_t k = i + 1; k < i + 5; ++k) {
      char c = s[k];
      int d = c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ? c - 'a' + 10 : c >= 'A' && c <= 'F' ? c - 'A' + 10 : -1;
      if (d < 0) throw JsonError{"Invalid \\uXXXX escape", i};
      v = v * 16 + uint32_t(d);
    }
    return v;
  }

  // s[end - 1] is the opening quote.
  IValue string(size_t& end) const {
    size_t begin = end - 1;
    std::string out;
    while (true) {
      size_t i = end;
      while (i < s.size() && s[i] != '"' && s[i] != '\\' && static_cast<unsigned char>(s[i]) >= 0x20) ++i;
      if (i >= s.size()) throw JsonError{"Unterminated string starting at", begin};
      out.append(s, end, i - end);
      if (s[i] == '"') {
        end = i + 1;
        return IValue(out);
      }
      if (s[i] != '\\') throw JsonError{"Invalid control character at", i};
      if (i + 1 >= s.size()) throw JsonError{"Unterminated string starting at", begin};
      char esc = s[i + 1];
      if (esc != 'u') {
        const char* from = "\"\\/bfnrt";
        const char* to = "\"\\/\b\f\n\r\t";
        const char* p = std::char_traits<char>::find(from, 8, esc);
        if (!p) throw JsonError{"Invalid \\escape", i};
        out += to[p - from];
        end = i + 2;
        continue;
      }
      uint32_t cp = hex4(i + 1);
      end = i + 6;
      if (cp >= 0xD800 && cp <= 0xDBFF && at(end, "\\u")) {
        uint32_t lo = hex4(end + 1);
        if (lo >= 0xDC00 && lo <= 0xDFFF) {
          cp = 0x10000 + (((cp - 0xD800) << 10) | (lo - 0xDC00));
          end += 6;
        }
      }
      append_utf8(out, cp);
    }
  }

  // A value at i, or nullopt where none starts ("Expecting value" at i, said by the caller).
  std::optional<IValue> value(size_t& i) const {
    if (i >= s.size()) return std::nullopt;
    char c = s[i];
    if (c == '"') {
      ++i;
      return string(i);
    }
    if (c == '{') return object(++i);
    if (c == '[') return array(++i);
    if (at(i, "null")) return i += 4, IValue();
    if (at(i, "true")) return i += 4, IValue(true);
    if (at(i, "false")) return i += 5, IValue(false);
    if (at(i, "NaN")) return i += 3, IValue(std::numeric_limits<double>::quiet_NaN());
    if (at(i, "Infinity")) return i += 8, IValue(std::numeric_limits<double>::infinity());
    if (at(i, "-Infinity")) return i += 9, IValue(-std::numeric_limits<double>::infinity());
    return number(i);
  }
  IValue value_at(size_t& i) const {
    size_t start = i;
    std::optional<IValue> v = value(i);
    if (!v) throw JsonError{"Expecting value", start};
    return *v;
  }

  std::optional<IValue> number(size_t& i) const {
    size_t start = i, n = s.size(), k = i;
    auto digit = [&](size_t j) { return j < n && s[j] >= '0' && s[j] <= '9'; };
    if (k < n && s[k] == '-') ++k;
    if (k < n && s[k] >= '1' && s[k] <= '9') {
      while (digit(k)) ++k;
    } else if (k < n && s[k] == '0') {
      ++k;
    } else {
      return std::nullopt;
    }
    bool is_float = false;
    if (k + 1 < n && s[k] == '.' && digit(k + 1)) {
      is_float = true;
      k += 2;
      while (digit(k)) ++k;
    }
    if (k < n && (s[k] == 'e' || s[k] == 'E')) {
      size_t j = k + 1;
      if (j < n && (s[j] == '+' || s[j] == '-')) ++j;
      if (digit(j)) {
        while (digit(j)) ++j;
        is_float = true;
        k = j;
      }
    }
    std::string text = s.substr(start, k - start);
    i = k;
    if (is_float) return IValue(std::strtod(text.c_str(), nullptr));
    int64_t v = 0;
    auto r = std::from_chars(text.data(), text.data() + text.size(), v);
    if (r.ec != std::errc()) raise("OverflowError", "JSON integer " + text + " does not fit in 64 bits (Ts's int)");
    return IValue(v);
  }

  IValue object(size_t& end) const {
    IValue d = IValue::dict();
    end = skip(end);
    if (end < s.size() && s[end] == '}') return ++end, d;
    if (end >= s.size() || s[end] != '"') throw JsonError{"Expecting property name enclosed in double quotes", end};
    ++end;
    while (true) {
      IValue key = string(end);
      end = skip(end);
      if (end >= s.size() || s[end] != ':') throw JsonError{"Expecting ':' delimiter", end};
      end = skip(end + 1);
      d.dict_ptr()->set(key, value_at(end));
      end = skip(end);
      char c = end < s.size() ? s[end] : '\0';
      ++end;
      if (c == '}') return d;
      if (c != ',') throw JsonError{"Expecting ',' delimiter", end - 1};
      end = skip(end);
      c = end < s.size() ? s[end] : '\0';
      ++end;
      if (c != '"') throw JsonError{"Expecting property name enclosed in double quotes", end - 1};
    }
  }

  IValue array(size_t& end) const {
    std::vector<IValue> items;
    end = skip(end);
    if (end < s.size() && s[end] == ']') return ++end, IValue::list({});
    while (true) {
      items.push_back(value_at(end));
      end = skip(end);
      char c = end < s.size() ? s[end] : '\0';
      ++end;
      if (c == ']') return IValue::list(std::move(items));
      if (c != ',') throw JsonError{"Expecting ',' delimiter", end - 1};
      end = skip(end);
    }
  }
};

// _ts.json_decode(s): (True, value) or (False, message, position).
IValue t_json_decode(Interp&, Args& a, const Kw&) {
  const std::string& s = a[0].to_string();
  Parser p{s};
  try {
    if (s.rfind("\xEF\xBB\xBF", 0) == 0) throw JsonError{"Unexpected UTF-8 BOM (decode using utf-8-sig)", 0};
    size_t i = p.skip(0);
    IValue v = p.value_at(i);
    i = p.skip(i);
    if (i != s.size()) throw JsonError{"Extra data", i};
    return IValue::tuple({IValue(true), v});
  } catch (const JsonError& e) {
    int64_t chars = int64_t(util::code_point_count(s, e.pos));
    return IValue::tuple({IValue(false), IValue(e.msg), IValue(chars)});
  }
}

// _ts.json_line_col(doc, pos): the line and column (from 1) of character `pos` of doc, as
// JSONDecodeError counts them.
IValue t_json_line_col(Interp&, Args& a, const Kw&) {
  const std::string& s = a[0].to_string();
  int64_t pos = a[1].to_int(), line = 1, col = 1, chars = 0;
  for (size_t k = 0; k < s.size() && chars < pos; ++k) {
    if ((static_cast<unsigned char>(s[k]) & 0xC0) == 0x80) continue;
    ++chars;
    if (s[k] == '\n') {
      ++line;
      col = 1;
    } else {
      ++col;
    }
  }
  col += pos - chars;  // past the end, as CPython counts
  return IValue::tuple({IValue(line), IValue(col)});
}

}  // namespace

const std::map<std::string, BuiltinFn>& json_builtins() {
  static const std::map<std::string, BuiltinFn> m = {
      {"_ts.json_encode_string", t_json_encode_string},
      {"_ts.json_decode", t_json_decode},
      {"_ts.json_line_col", t_json_line_col},
  };
  return m;
}

}  // namespace ts::runtime
