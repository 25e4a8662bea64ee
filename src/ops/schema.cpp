#include "ops/schema.h"

#include <cctype>
#include <charconv>
#include <cstdlib>

namespace ts::ops {

namespace {

class SchemaParser {
 public:
  explicit SchemaParser(std::string_view s) : s_(s) {}

  FunctionSchema parse() {
    FunctionSchema f;
    std::string full = ident();
    if (full.starts_with("aten::")) full = full.substr(6);
    if (auto dot = full.find('.'); dot != std::string::npos) {
      f.name = full.substr(0, dot);
      f.overload = full.substr(dot + 1);
    } else {
      f.name = full;
    }
    expect('(');
    bool kwonly = false;
    skip_ws();
    while (peek() != ')') {
      if (peek() == '*') {
        ++pos_;
        kwonly = true;
      } else {
        SchemaArg a;
        a.type = type();
        a.name = ident();
        skip_ws();
        if (peek() == '=') {
          ++pos_;
          a.default_value = default_value(a.type);
        }
        a.kwarg_only = kwonly;
        f.args.push_back(std::move(a));
      }
      skip_ws();
      if (peek() == ',') ++pos_;
      skip_ws();
    }
    expect(')');
    skip_ws();
    expect('-');
    expect('>');
    skip_ws();
    if (peek() == '(') {
      ++pos_;
      skip_ws();
      while (peek() != ')') {
        SchemaArg r;
        r.type = type();
        skip_ws();
        if (std::isalpha(static_cast<unsigned char>(peek()))) r.name = ident();
        f.returns.push_back(std::move(r));
        skip_ws();
        if (peek() == ',') ++pos_;
        skip_ws();
      }
      expect(')');
    } else {
      SchemaArg r;
      r.type = type();
      if (r.type.list && r.type.kind == SchemaType::Kind::Tensor) f.returns_list = true;
      f.returns.push_back(std::move(r));
    }
    skip_ws();
    TS_INTERNAL_ASSERT(pos_ == s_.size(), "trailing text in schema '", s_, "' at ", pos_);
    return f;
  }

 private:
  char peek() const { return pos_ < s_.size() ? s_[pos_] : '\0'; }
  void skip_ws() {
    while (pos_ < s_.size() && s_[pos_] == ' ') ++pos_;
  }
  void expect(char c) {
    skip_ws();
    TS_INTERNAL_ASSERT(peek() == c, "schema '", s_, "': expected '", c, "' at ", pos_);
    ++pos_;
  }
  std::string ident() {
    skip_ws();
    size_t b = pos_;
    while (pos_ < s_.size() && (std::isalnum(static_cast<unsigned char>(s_[pos_])) ||
                                s_[pos_] == '_' || s_[pos_] == '.' || s_[pos_] == ':'))
      ++pos_;
    TS_INTERNAL_ASSERT(pos_ > b, "schema '", s_, "': expected a name at ", b);
    return std::string(s_.substr(b, pos_ - b));
  }

  SchemaType type() {
    SchemaType t;
    std::string base = ident();
    using K = SchemaType::Kind;
    static const std::pair<const char*, K> kKinds[] = {
        {"Tensor", K::Tensor}, {"int", K::Int}, {"SymInt", K::Int}, {"float", K::Float},
        {"bool", K::Bool}, {"str", K::Str}, {"Scalar", K::Scalar}, {"ScalarType", K::ScalarType},
        {"Layout", K::Layout}, {"Device", K::Device}, {"Generator", K::Generator},
        {"MemoryFormat", K::MemoryFormat}, {"Dimname", K::Dimname}, {"Any", K::Any},
        {"t", K::TypeVar}};
    bool found = false;
    for (const auto& [n, k] : kKinds)
      if (base == n) {
        t.kind = k;
        found = true;
      }
    TS_INTERNAL_ASSERT(found, "schema '", s_, "': unknown type ", base);
    if (peek() == '(') {  // alias annotation
      ++pos_;
      size_t b = pos_;
      while (peek() != ')' && peek() != '\0') ++pos_;
      std::string ann(s_.substr(b, pos_ - b));
      ++pos_;
      if (!ann.empty() && ann.back() == '!') {
        t.is_write = true;
        ann.pop_back();
      }
      t.alias = ann;
    }
    if (peek() == '?' && s_.substr(pos_, 3) == "?[]") {
      t.optional_elem = true;
      ++pos_;
    }
    if (peek() == '[') {
      ++pos_;
      size_t b = pos_;
      while (std::isdigit(static_cast<unsigned char>(peek()))) ++pos_;
      if (pos_ > b) t.fixed_len = std::atoi(std::string(s_.substr(b, pos_ - b)).c_str());
      TS_INTERNAL_ASSERT(peek() == ']', "schema '", s_, "': expected ']' at ", pos_);
      ++pos_;
      t.list = true;
    }
    if (peek() == '?') {
      ++pos_;
      t.optional = true;
    }
    return t;
  }

  IValue default_value(const SchemaType& t) {
    skip_ws();
    if (peek() == '[') {
      ++pos_;
      std::vector<IValue> items;
      skip_ws();
      while (peek() != ']') {
        items.push_back(number());
        skip_ws();
        if (peek() == ',') ++pos_;
        skip_ws();
      }
      ++pos_;
      return IValue::list(std::move(items));
    }
    if (peek() == '"' || peek() == '\'') {
      char q = s_[pos_++];
      size_t b = pos_;
      while (peek() != q) ++pos_;
      std::string v(s_.substr(b, pos_ - b));
      ++pos_;
      return IValue(v);
    }
    if (std::isalpha(static_cast<unsigned char>(peek()))) {
      std::string w = ident();
      if (w == "None") return IValue();
      if (w == "True") return IValue(true);
      if (w == "False") return IValue(false);
      if (w == "contiguous_format" || w == "strided") return IValue();
      if (w == "long") return IValue(DType::Int64);
      TS_INTERNAL_ASSERT(false, "schema '", s_, "': unknown default ", w);
    }
    IValue n = number();
    if (t.kind == SchemaType::Kind::Float && n.is_int()) return IValue(double(n.to_int()));
    return n;
  }

  IValue number() {
    skip_ws();
    size_t b = pos_;
    while (pos_ < s_.size() && (std::isalnum(static_cast<unsigned char>(s_[pos_])) ||
                                s_[pos_] == '.' || s_[pos_] == '-' || s_[pos_] == '+'))
      ++pos_;
    std::string tok(s_.substr(b, pos_ - b));
    if (tok == "inf") return IValue(HUGE_VAL);
    if (tok == "-inf") return IValue(-HUGE_VAL);
    if (tok.find_first_of(".eE") != std::string::npos && !tok.starts_with("0x"))
      return IValue(std::strtod(tok.c_str(), nullptr));
    int64_t v = 0;
    auto [p, ec] = std::from_chars(tok.data(), tok.data() + tok.size(), v);
    TS_INTERNAL_ASSERT(ec == std::errc() && p == tok.data() + tok.size(), "schema '", s_,
                       "': bad number ", tok);
    return IValue(v);
  }

  std::string_view s_;
  size_t pos_ = 0;
};

std::string default_str(const IValue& v) {
  if (v.is_none()) return "None";
  if (v.is_bool()) return v.to_bool() ? "True" : "False";
  if (v.is_int()) return std::to_string(v.to_int());
  if (v.is_double()) return Scalar(v.to_double()).str();
  if (v.is_string()) return "\"" + v.to_string() + "\"";
  if (v.is_dtype()) return "long";
  if (v.is_list()) {
    std::string s = "[";
    const auto& it = v.items();
    for (size_t i = 0; i < it.size(); ++i) s += (i ? ", " : "") + default_str(it[i]);
    return s + "]";
  }
  return "?";
}

}  // namespace

std::string SchemaType::str() const {
  static const char* kNames[] = {"Tensor", "int", "float", "bool", "str", "Scalar", "ScalarType",
                                 "Layout", "Device", "Generator", "MemoryFormat", "Dimname",
                                 "Any", "t"};
  std::string s = kNames[int(kind)];
  if (!alias.empty()) s += "(" + alias + (is_write ? "!" : "") + ")";
  if (optional_elem) s += "?";
  if (list) s += fixed_len ? "[" + std::to_string(fixed_len) + "]" : "[]";
  if (optional) s += "?";
  return s;
}

bool FunctionSchema::is_inplace() const {
  return name.ends_with("_") && !args.empty() && args[0].type.is_write;
}

std::string FunctionSchema::str() const {
  std::string s = full_name() + "(";
  bool kw = false;
  for (size_t i = 0; i < args.size(); ++i) {
    if (i) s += ", ";
    if (args[i].kwarg_only && !kw) {
      s += "*, ";
      kw = true;
    }
    s += args[i].type.str() + " " + args[i].name;
    if (args[i].default_value) s += "=" + default_str(*args[i].default_value);
  }
  s += ") -> ";
  if (returns.size() == 1 && returns[0].name.empty()) return s + returns[0].type.str();
  s += "(";
  for (size_t i = 0; i < returns.size(); ++i) {
    if (i) s += ", ";
    s += returns[i].type.str();
    if (!returns[i].name.empty()) s += " " + returns[i].name;
  }
  return s + ")";
}

FunctionSchema parse_schema(std::string_view text) { return SchemaParser(text).parse(); }

}  // namespace ts::ops
