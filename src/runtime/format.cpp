// Python's str() / repr() of script values, and truth values.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <optional>

#include "ir/exceptions.h"
#include "ir/scalar_eval.h"
#include "runtime/builtins.h"
#include "runtime/collections.h"
#include "runtime/interp.h"
#include "runtime/scalar_ops.h"
#include "tensor/print.h"
#include "util/depth.h"
#include "util/utf8_code_points.h"

namespace ts::runtime {

namespace {

std::string quote(const std::string& s) {
  // Python prefers single quotes unless the text has one and no double quote.
  bool sq = s.find('\'') != std::string::npos, dq = s.find('"') != std::string::npos;
  char q = sq && !dq ? '"' : '\'';
  std::string r(1, q);
  for (unsigned char c : s) {
    if (c == '\\') r += "\\\\";
    else if (c == q) r += std::string("\\") + char(q);
    else if (c == '\n') r += "\\n";
    else if (c == '\t') r += "\\t";
    else if (c == '\r') r += "\\r";
    else if (c < 0x20 || c == 0x7f) {
      char buf[8];
      std::snprintf(buf, sizeof(buf), "\\x%02x", c);
      r += buf;
    } else r += char(c);
  }
  return r + char(q);
}

std::string object_text(Interp& I, const IValue& v, bool repr) {
  auto* o = dynamic_cast<ScriptObject*>(v.object_ptr().get());
  if (o) {
    static const char* const kRepr[] = {"__repr__", nullptr};
    static const char* const kStr[] = {"__str__", "__repr__"};
    auto* exc = dynamic_cast<ExceptionObject*>(o);
    for (const char* m : repr ? kRepr : kStr) {
      if (exc && m && std::string_view(m) == "__repr__" && !repr) break;  // BaseException has its own __str__
      if (m && o->cls->method(m)) {
        std::vector<IValue> none;
        IValue r = I.call_method(v, m, none);
        if (!r.is_string()) raise("TypeError", std::string(m) + " returned non-string (type " + r.type_name() + ")");
        return r.to_string();
      }
    }
    if (exc) return exception_text(I, *exc, repr);
    char buf[32];
    std::snprintf(buf, sizeof(buf), "%p", static_cast<const void*>(o));
    return "<__main__." + o->cls->name + " object at " + buf + ">";
  }
  if (auto* e = dynamic_cast<ExceptionValue*>(v.object_ptr().get())) {
    if (!repr) return e->msg;
    // Raised by the runtime: its message, whose repr is the argument's; a KeyError's message is
    // already the key's repr.
    if (!e->args.is_tuple()) return e->cls + "(" + (e->cls == "KeyError" ? e->msg : quote(e->msg)) + ")";
    std::string s = e->cls + "(";
    for (size_t i = 0; i < e->args.items().size(); ++i) s += (i ? ", " : "") + py_repr(I, e->args.items()[i]);
    return s + ")";
  }
  if (auto* c = dynamic_cast<Closure*>(v.object_ptr().get())) return "<function " + c->fn->name + ">";
  if (auto* t = dynamic_cast<TypeValue*>(v.object_ptr().get())) return "<class '" + t->qualname + "'>";
  if (auto* st = dynamic_cast<StreamValue*>(v.object_ptr().get()))
    return std::string("<_io.TextIOWrapper name='<") + (st->err ? "stderr" : "stdout") + ">' mode='w' encoding='utf-8'>";
  char buf[32];
  std::snprintf(buf, sizeof(buf), "%p", static_cast<const void*>(v.object_ptr().get()));
  return "<" + v.type_name() + " object at " + buf + ">";
}

std::string dtype_text(DType d) { return "torch." + std::string(dtype_name(d)); }

}  // namespace

std::string exception_text(Interp& I, const ExceptionObject& e, bool repr) {
  const IValue& args = e.slots[e.cls->slot("args")];
  if (!args.is_tuple()) return repr ? e.cls->name + "(" + py_repr(I, args) + ")" : py_str(I, args);
  const auto& xs = args.items();
  if (repr) {
    std::string s = e.cls->name + "(";
    for (size_t i = 0; i < xs.size(); ++i) s += (i ? ", " : "") + py_repr(I, xs[i]);
    return s + ")";
  }
  if (xs.empty()) return "";
  if (xs.size() > 1) return py_repr(I, args);
  const ir::ClassType* root = e.cls;
  while (root->base) root = root->base;
  return ir::exception_catches("KeyError", root->exception_base) ? py_repr(I, xs[0]) : py_str(I, xs[0]);
}

std::string py_repr(Interp& I, const IValue& v) {
  if (v.is_string()) return quote(v.to_string());
  std::optional<util::DepthGuard> guard;
  if (v.is_list() || v.is_tuple() || v.is_dict() || v.is_object()) guard.emplace("while getting the repr of an object");
  if (v.is_tuple() && v.tuple_ptr()->type_name == "torch.Size") {
    std::string s = "torch.Size([";
    const auto& items = v.items();
    for (size_t i = 0; i < items.size(); ++i) s += (i ? ", " : "") + py_repr(I, items[i]);
    return s + "])";
  }
  if (v.is_tuple() && !v.tuple_ptr()->field_names.empty() && !v.tuple_ptr()->type_name.starts_with("torch.")) {
    // A collections.namedtuple: Point(x=1, y=2).
    const auto& t = *v.tuple_ptr();
    std::string s = t.type_name + "(";
    for (size_t i = 0; i < t.items.size(); ++i)
      s += (i ? ", " : "") + (i < t.field_names.size() ? t.field_names[i] : "") + "=" + py_repr(I, t.items[i]);
    return s + ")";
  }
  if (v.is_tuple() && !v.tuple_ptr()->field_names.empty()) {
    const auto& t = *v.tuple_ptr();
    std::string s = t.type_name + "(\n";
    for (size_t i = 0; i < t.items.size(); ++i)
      s += (i ? ",\n" : "") + (i < t.field_names.size() ? t.field_names[i] : "") + "=" + py_repr(I, t.items[i]);
    return s + ")";
  }
  if (is_set(v)) return set_repr(I, v);
  // A list marked "tuple" is an operator's Tensor[] result (interp.cpp, Opc::Op).
  bool tuple = v.is_tuple() || (v.is_list() && v.list_ptr()->type_name == "tuple");
  if (!tuple && ((v.is_list() && !v.list_ptr()->type_name.empty()) || (v.is_dict() && !v.dict_ptr()->type_name.empty())))
    return collection_repr(I, v);
  if (v.is_list() || v.is_tuple()) {
    std::string s = tuple ? "(" : "[";
    const auto& items = v.items();
    for (size_t i = 0; i < items.size(); ++i) s += (i ? ", " : "") + py_repr(I, items[i]);
    if (tuple && items.size() == 1) s += ",";
    return s + (tuple ? ")" : "]");
  }
  if (v.is_dict()) {
    std::string s = "{";
    bool first = true;
    for (const auto& [k, x] : v.dict_ptr()->items) {
      s += (first ? "" : ", ") + py_repr(I, k) + ": " + py_repr(I, x);
      first = false;
    }
    return s + "}";
  }
  if (v.is_device()) return "device(type='" + v.to_device().str() + "')";
  if (v.is_object()) return object_text(I, v, true);
  return py_str(I, v);
}

std::string py_str(Interp& I, const IValue& v) {
  if (v.is_none()) return "None";
  if (v.is_bool()) return v.to_bool() ? "True" : "False";
  if (v.is_int()) return std::to_string(v.to_int());
  if (v.is_double()) return ir::float_repr(v.to_double());
  if (v.is_string()) return v.to_string();
  if (v.is_tensor()) {
    const Tensor& t = v.to_tensor();
    return t.impl()->is_parameter ? "Parameter containing:\n" + repr(t) : repr(t);
  }
  if (v.is_dtype()) return dtype_text(v.to_dtype());
  if (v.is_device()) return v.to_device().str();
  if (v.is_object()) return object_text(I, v, false);
  return py_repr(I, v);
}

bool truthy(Interp& I, const IValue& v) {
  if (v.is_bool()) return v.to_bool();
  if (v.is_none()) return false;
  if (v.is_int()) return v.to_int() != 0;
  if (v.is_double()) return v.to_double() != 0;
  if (v.is_string()) return !v.to_string().empty();
  if (v.is_list() || v.is_tuple()) return !v.items().empty();
  if (v.is_dict()) return !v.dict_ptr()->items.empty();
  if (v.is_tensor()) {
    const Tensor& t = v.to_tensor();
    if (t.numel() != 1) raise("RuntimeError", "Boolean value of Tensor with more than one value is ambiguous");
    return t.item().to_bool();
  }
  if (v.is_object()) {
    auto* o = dynamic_cast<ScriptObject*>(v.object_ptr().get());
    if (o && o->cls->method("__bool__")) {
      std::vector<IValue> none;
      return I.call_method(v, "__bool__", none).to_bool();
    }
    if (o && o->cls->method("__len__")) {
      std::vector<IValue> none;
      return I.call_method(v, "__len__", none).to_int() != 0;
    }
  }
  return true;
}

}  // namespace ts::runtime

namespace ts::runtime {

namespace {

struct Spec {
  char fill = ' ', align = 0, sign = '-', type = 0, grouping = 0;
  bool alt = false, zero = false;
  int width = -1, precision = -1;
};

Spec parse_spec(const std::string& s) {
  Spec p;
  size_t i = 0;
  auto is_align = [](char c) { return c == '<' || c == '>' || c == '^' || c == '='; };
  if (s.size() >= 2 && is_align(s[1])) p.fill = s[0], p.align = s[1], i = 2;
  else if (!s.empty() && is_align(s[0])) p.align = s[0], i = 1;
  if (i < s.size() && (s[i] == '+' || s[i] == '-' || s[i] == ' ')) p.sign = s[i++];
  if (i < s.size() && s[i] == '#') p.alt = true, ++i;
  if (i < s.size() && s[i] == '0') p.zero = true, ++i;
  size_t b = i;
  while (i < s.size() && isdigit(static_cast<unsigned char>(s[i]))) ++i;
  if (i > b) p.width = std::stoi(s.substr(b, i - b));
  if (i < s.size() && (s[i] == ',' || s[i] == '_')) p.grouping = s[i++];
  if (i < s.size() && s[i] == '.') {
    size_t c = ++i;
    while (i < s.size() && isdigit(static_cast<unsigned char>(s[i]))) ++i;
    if (i == c) raise("ValueError", "Format specifier missing precision");
    p.precision = std::stoi(s.substr(c, i - c));
  }
  if (i < s.size()) p.type = s[i++];
  if (i != s.size()) raise("ValueError", "Invalid format specifier '" + s + "'");
  return p;
}

std::string group(const std::string& digits, char sep) {
  std::string r;
  int n = int(digits.size());
  for (int i = 0; i < n; ++i) {
    r += digits[size_t(i)];
    if (sep && (n - 1 - i) % 3 == 0 && i != n - 1) r += sep;
  }
  return r;
}

std::string pad(std::string body, std::string sign, const Spec& p, char default_align) {
  char align = p.align ? p.align : (p.zero ? '=' : default_align);
  char fill = p.align ? p.fill : (p.zero ? '0' : ' ');
  int len = int(util::code_point_count(body) + sign.size());
  if (p.width <= len) return sign + body;
  std::string f(size_t(p.width - len), fill);
  switch (align) {
    case '<': return sign + body + f;
    case '^': {
      size_t l = f.size() / 2;
      return f.substr(0, l) + sign + body + f.substr(l);
    }
    case '=': return sign + f + body;
    default: return f + sign + body;
  }
}

std::string format_float(double d, const Spec& p) {
  char t = p.type;
  std::string sign = std::signbit(d) && !std::isnan(d) ? "-" : (p.sign == '+' ? "+" : p.sign == ' ' ? " " : "");
  double a = std::fabs(d);
  std::string body;
  if (std::isinf(a) || std::isnan(a)) {
    body = std::isnan(a) ? "nan" : "inf";
    if (t == 'F' || t == 'E' || t == 'G') std::transform(body.begin(), body.end(), body.begin(), ::toupper);
  } else if (t == 0 && p.precision < 0) {
    body = ir::float_repr(a);
  } else {
    int prec = p.precision < 0 ? 6 : p.precision;
    char buf[512];
    if (t == '%') {
      std::snprintf(buf, sizeof(buf), "%.*f", prec, a * 100);
      body = std::string(buf) + "%";
    } else if (t == 0) {
      // No type with a precision: like 'g', but always keeps a decimal point.
      std::snprintf(buf, sizeof(buf), "%.*g", prec == 0 ? 1 : prec, a);
      body = buf;
      if (body.find_first_of(".e") == std::string::npos) body += ".0";
    } else {
      char fmt[8] = {'%', '.', '*', t == 'F' ? 'f' : t, 0};
      if (t == 'n') fmt[3] = 'g';
      std::snprintf(buf, sizeof(buf), fmt, prec, a);
      body = buf;
    }
    if (p.grouping) {
      size_t dot = body.find_first_of(".e%");
      body = group(body.substr(0, dot), p.grouping) + (dot == std::string::npos ? "" : body.substr(dot));
    }
  }
  return pad(body, sign, p, '>');
}

}  // namespace

std::string format_spec(Interp& I, const IValue& v, const std::string& spec) {
  // Tensor.__format__: a 0-d tensor formats its item (f"{loss}" prints 0.30000001192092896), any
  // other tensor its str, and takes no format spec.
  if (v.is_tensor() && v.to_tensor().dim() == 0) return format_spec(I, IValue(v.to_tensor().item()), spec);
  if (spec.empty()) return py_str(I, v);
  if (v.is_tensor()) raise("TypeError", "unsupported format string passed to Tensor.__format__");
  Spec p = parse_spec(spec);
  if (v.is_string()) {
    if (p.type && p.type != 's') raise("ValueError", std::string("Unknown format code '") + p.type + "' for object of type 'str'");
    std::string s = v.to_string();
    if (p.precision >= 0 && size_t(p.precision) < s.size()) s.resize(size_t(p.precision));
    return pad(s, "", p, '<');
  }
  if (v.is_int() || v.is_bool()) {
    int64_t x = v.is_bool() ? int64_t(v.to_bool()) : v.to_int();
    if (p.type == 0 && v.is_bool()) return pad(v.to_bool() ? "True" : "False", "", p, '<');
    if (p.type && std::string("eEfFgG%n").find(p.type) != std::string::npos) return format_float(double(x), p);
    std::string sign = x < 0 ? "-" : (p.sign == '+' ? "+" : p.sign == ' ' ? " " : "");
    uint64_t a = x < 0 ? uint64_t(0) - uint64_t(x) : uint64_t(x);
    std::string body;
    switch (p.type) {
      case 0:
      case 'd': body = group(std::to_string(a), p.grouping); break;
      case 'x':
      case 'X':
      case 'o':
      case 'b': {
        int base = p.type == 'o' ? 8 : p.type == 'b' ? 2 : 16;
        const char* dig = p.type == 'X' ? "0123456789ABCDEF" : "0123456789abcdef";
        do {
          body.insert(body.begin(), dig[a % uint64_t(base)]);
          a /= uint64_t(base);
        } while (a);
        if (p.alt) body = std::string("0") + (p.type == 'X' ? 'X' : p.type) + body;
        break;
      }
      case 'c': body = std::string(1, char(x)); break;
      default: raise("ValueError", std::string("Unknown format code '") + p.type + "' for object of type 'int'");
    }
    return pad(body, sign, p, '>');
  }
  if (v.is_double()) {
    if (p.type && std::string("eEfFgG%n").find(p.type) == std::string::npos)
      raise("ValueError", std::string("Unknown format code '") + p.type + "' for object of type 'float'");
    return format_float(v.to_double(), p);
  }
  return pad(py_str(I, v), "", p, '<');
}

// `fmt % args`: each %-directive becomes a format spec (flags, width, precision, type) applied
// to its argument by format_spec; printf's right alignment is the default for every type.
std::string percent_format(Interp& I, const std::string& fmt, const IValue& args) {
  std::vector<IValue> items;
  const IValue::Dict* mapping = args.is_dict() ? args.dict_ptr().get() : nullptr;
  if (args.is_tuple()) items = args.items();
  else if (!mapping) items.push_back(args);
  size_t next = 0;
  auto take = [&]() -> const IValue& {
    if (next >= items.size()) raise("TypeError", "not enough arguments for format string");
    return items[next++];
  };
  auto number = [&](const IValue& v, char conv) -> IValue {
    IValue x = v.is_tensor() && v.to_tensor().numel() == 1 ? IValue(v.to_tensor().item()) : v;
    if (!x.is_number())
      raise("TypeError", std::string("%") + conv + " format: a real number is required, not " + x.type_name());
    return x;
  };
  std::string out;
  size_t i = 0;
  while (i < fmt.size()) {
    char ch = fmt[i++];
    if (ch != '%') {
      out += ch;
      continue;
    }
    if (i >= fmt.size()) raise("ValueError", "incomplete format");
    const IValue* named = nullptr;
    if (fmt[i] == '(') {
      size_t close = fmt.find(')', i);
      if (close == std::string::npos) raise("ValueError", "incomplete format key");
      if (!mapping) raise("TypeError", "format requires a mapping");
      IValue key(fmt.substr(i + 1, close - i - 1));
      named = mapping->find(key);
      if (!named) raise("KeyError", "'" + key.to_string() + "'");
      i = close + 1;
    }
    bool minus = false, plus = false, space = false, alt = false, zero = false;
    for (; i < fmt.size() && std::string("-+ #0").find(fmt[i]) != std::string::npos; ++i) {
      minus |= fmt[i] == '-', plus |= fmt[i] == '+', space |= fmt[i] == ' ', alt |= fmt[i] == '#', zero |= fmt[i] == '0';
    }
    auto count = [&]() -> std::string {
      if (i < fmt.size() && fmt[i] == '*') {
        ++i;
        const IValue& n = take();
        if (!n.is_int()) raise("TypeError", "* wants int");
        return std::to_string(n.to_int());
      }
      size_t b = i;
      while (i < fmt.size() && isdigit(static_cast<unsigned char>(fmt[i]))) ++i;
      return fmt.substr(b, i - b);
    };
    std::string width = count(), precision;
    if (i < fmt.size() && fmt[i] == '.') {
      ++i;
      precision = count();
      if (precision.empty()) precision = "0";
    }
    while (i < fmt.size() && (fmt[i] == 'l' || fmt[i] == 'h' || fmt[i] == 'L')) ++i;  // length modifiers
    if (i >= fmt.size()) raise("ValueError", "incomplete format");
    char conv = fmt[i++];
    if (conv == '%') {
      out += '%';
      continue;
    }
    if (!width.empty() && width[0] == '-') {  // a negative '*' width left-aligns
      minus = true;
      width.erase(0, 1);
    }
    const IValue& v = named ? *named : take();
    std::string sign = plus ? "+" : space ? " " : "";
    bool numeric = std::string("diuxXoeEfFgG").find(conv) != std::string::npos;
    std::string spec = zero && !minus && numeric ? sign + (alt ? "#" : "") + "0" + width
                                                 : std::string(minus ? "<" : ">") + sign + (alt ? "#" : "") + width;
    switch (conv) {
      case 'd':
      case 'i':
      case 'u': {
        IValue x = number(v, conv);
        int64_t n = x.is_double() ? float_to_int(x.to_double()) : x.is_bool() ? int64_t(x.to_bool()) : x.to_int();
        out += format_spec(I, IValue(n), spec + "d");
        break;
      }
      case 'x':
      case 'X':
      case 'o': {
        IValue x = number(v, conv);
        if (x.is_double()) raise("TypeError", std::string("%") + conv + " format: an integer is required, not float");
        out += format_spec(I, IValue(x.is_bool() ? int64_t(x.to_bool()) : x.to_int()), spec + conv);
        break;
      }
      case 'e': case 'E': case 'f': case 'F': case 'g': case 'G': {
        IValue x = number(v, conv);
        out += format_spec(I, IValue(x.to_double()), spec + (precision.empty() ? "" : "." + precision) + conv);
        break;
      }
      case 's':
      case 'r':
      case 'a': {
        std::string text = conv == 's' ? py_str(I, v) : py_repr(I, v);
        out += format_spec(I, IValue(text), spec + (precision.empty() ? "" : "." + precision) + "s");
        break;
      }
      case 'c': {
        std::string c;
        if (v.is_int()) c = format_spec(I, v, "c");
        else if (v.is_string() && !v.to_string().empty() &&
                 util::code_point_count(v.to_string()) == 1)
          c = v.to_string();
        else raise("TypeError", "%c requires int or char");
        out += format_spec(I, IValue(c), spec + "s");
        break;
      }
      default: {
        char hex[8];
        std::snprintf(hex, sizeof hex, "%#x", unsigned(static_cast<unsigned char>(conv)));
        raise("ValueError", std::string("unsupported format character '") + conv + "' (" + hex + ") at index " +
                                std::to_string(i - 1));
      }
    }
  }
  if (!mapping && next < items.size()) raise("TypeError", "not all arguments converted during string formatting");
  return out;
}

}  // namespace ts::runtime
