// The code of a PyTorch TorchScript archive (code/__torch__/...py) translated into one Ts module:
// parsed by our front end, its classes and functions renamed from their qualified names, its
// TorchScript-only forms (annotate, unchecked_cast, torch.__is__, CONSTANTS.cN, ops.prim.*)
// written as Ts. README.md, section "PyTorch TorchScript archives".
#include <cctype>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <map>
#include <set>

#include "archive/torchscript.h"
#include "frontend/parse/parse.h"
#include "util/error.h"

namespace ts::archive::torchscript {
namespace {

using frontend::Expr;
using frontend::ExprKind;
using frontend::Stmt;
using frontend::StmtKind;

// `a.b.c` as a string; empty when `e` is not a dotted name.
std::string dotted(const Expr& e) {
  if (e.kind == ExprKind::Name) return e.name;
  if (e.kind != ExprKind::Attribute || !e.a) return {};
  std::string base = dotted(*e.a);
  return base.empty() ? std::string() : base + "." + e.name;
}

// "code/__torch__/torch/nn/modules/linear.py" -> "__torch__.torch.nn.modules.linear"
std::string module_of(const std::string& entry) {
  std::string m = entry.substr(5, entry.size() - 5 - 3);
  for (char& c : m)
    if (c == '/') c = '.';
  return m;
}

std::string quote(const std::string& s) {
  std::string o = "\"";
  for (unsigned char c : s) {
    if (c == '\\' || c == '"') o += '\\', o += char(c);
    else if (c == '\n') o += "\\n";
    else if (c == '\t') o += "\\t";
    else if (c < 0x20 || c == 0x7f) {
      char b[8];
      std::snprintf(b, sizeof b, "\\x%02x", c);
      o += b;
    } else o += char(c);
  }
  return o + "\"";
}

std::string float_text(double v) {
  if (std::isnan(v)) return "float(\"nan\")";
  if (std::isinf(v)) return v > 0 ? "float(\"inf\")" : "float(\"-inf\")";
  char b[40];
  for (int prec = 1; prec <= 17; ++prec) {
    std::snprintf(b, sizeof b, "%.*g", prec, v);
    if (std::strtod(b, nullptr) == v) break;
  }
  std::string s = b;
  if (s.find_first_of(".en") == std::string::npos) s += ".0";
  return s;
}

const std::set<std::string>& reserved_names() {
  static const std::set<std::string> s = {
      "torch", "Tensor", "List", "Tuple", "Optional", "Dict", "Any", "Module", "math", "_lstm", "_lstm_packed", "int", "float", "bool", "str", "len", "range", "print", "isinstance", "min", "max",
      "abs", "sum", "list", "dict", "tuple", "enumerate", "zip", "Exception", "None", "True", "False", "self",
      "super", "object", "type", "round", "divmod", "all", "any", "hash", "ord", "chr", "id", "iter", "next"};
  return s;
}

bool identifier(const std::string& s) {
  static const std::set<std::string> keywords = {
      "False", "None", "True", "and", "as", "assert", "async", "await", "break", "class", "continue", "def", "del",
      "elif", "else", "except", "finally", "for", "from", "global", "if", "import", "in", "is", "lambda",
      "nonlocal", "not", "or", "pass", "raise", "return", "try", "while", "with", "yield"};
  if (s.empty() || std::isdigit(static_cast<unsigned char>(s[0])) || keywords.count(s)) return false;
  for (char c : s)
    if (!(std::isalnum(static_cast<unsigned char>(c)) || c == '_')) return false;
  return true;
}

class Translator {
 public:
  Translator(const std::string& archive, const std::map<std::string, std::string>& code) : archive_(archive), code_(code) {}

  Translation run() {
    out_.sources = code_;
    // Parse everything first: every qualified name must be known before any body is translated.
    for (const auto& [entry, text] : code_) {
      frontend::FileId id = sm_.add(archive_ + "/" + entry, text);
      frontend::Diagnostics diags;
      auto m = frontend::parse_module(sm_, id, diags);
      if (!m) {
        diags.sort_and_dedup();
        std::string msg = "its TorchScript code does not parse";
        for (const auto& d : diags.all())
          msg += "\n" + archive_ + "/" + entry + ":" + std::to_string(d.span.line) + ": " + d.message;
        TS_ERROR(msg);
      }
      files_.push_back({entry, std::move(m)});
    }
    for (auto& f : files_) collect_names(f.entry, *f.mod);
    for (auto& f : files_) {
      for (const auto& s : f.mod->body) collect_locals(*s);
    }
    assign_names();

    line("import torch", "", 0);
    line("from torch import Tensor", "", 0);
    line("from typing import List, Tuple, Optional, Dict, Any", "", 0);
    line("from torch.nn.module import Module", "", 0);
    for (auto& f : files_) {
      entry_ = f.entry;
      for (const auto& s : f.mod->body) top(*s);
    }
    if (needs_lstm_) {
      for (const char* l :
           {"import torch.nn.rnn", "def _lstm(input: Tensor, hx: List[Tensor], params: List[Tensor], has_biases: bool,",
            "          num_layers: int, dropout: float, train: bool, bidirectional: bool,",
            "          batch_first: bool) -> Tuple[Tensor, Tensor, Tensor]:",
            "    x = input.transpose(0, 1) if batch_first else input",
            "    out, h, c = torch.nn.rnn._run_layers(\"LSTM\", x, hx[0], hx[1], params, num_layers, bidirectional,",
            "                                         has_biases, dropout, train)",
            "    return (out.transpose(0, 1) if batch_first else out), h, c",
            "def _lstm_packed(data: Tensor, batch_sizes: Tensor, hx: List[Tensor], params: List[Tensor],",
            "                 has_biases: bool, num_layers: int, dropout: float, train: bool,",
            "                 bidirectional: bool) -> Tuple[Tensor, Tensor, Tensor]:",
            "    raise RuntimeError(\"this build does not run an LSTM of a TorchScript archive on packed sequences\")"})
        line(l, "", 0);
    }
    for (const auto& [ty, name] : unchecked_) {
      line("def " + name + "(x: Optional[" + ty + "]) -> " + ty + ":", "", 0);
      line("    assert x is not None", "", 0);
      line("    return x", "", 0);
    }
    return std::move(out_);
  }

 private:
  struct File {
    std::string entry;
    std::unique_ptr<frontend::Module> mod;
  };

  [[noreturn]] void fail(const frontend::Span& at, const std::string& what) const {
    TS_ERROR("its TorchScript code uses something this build does not support:\n", archive_, "/", entry_, ":", at.line,
             ": ", what, "\n    ", std::string(sm_.line_text(at.file, at.line)));
  }

  void line(const std::string& text, const std::string& entry, uint32_t at) {
    out_.text += text + "\n";
    out_.origin.emplace_back(entry, at);
  }
  void line_at(int indent, const std::string& text, const frontend::Span& at) {
    line(std::string(size_t(indent) * 4, ' ') + text, entry_, at.line);
  }

  // ---- names ----
  void collect_names(const std::string& entry, const frontend::Module& m) {
    std::string mod = module_of(entry);
    for (const auto& s : m.body) {
      if (s->kind == StmtKind::ClassDef) {
        classes_[mod + "." + s->name] = "";
        if (s->targets.size() == 1 && dotted(*s->targets[0]) == "NamedTuple") {
          auto& fields = tuple_fields_[mod + "." + s->name];
          for (const auto& m : s->body)
            if (m->kind == StmtKind::AnnAssign && m->targets[0]->kind == ExprKind::Name) fields.push_back(m->targets[0]->name);
        }
      }
      else if (s->kind == StmtKind::FunctionDef) functions_[mod + "." + s->name] = "";
    }
  }
  void collect_locals(const Stmt& s) {
    for (const auto& p : s.params) locals_.insert(p.name);
    for (const auto& t : s.targets)
      if (t && t->kind == ExprKind::Name) locals_.insert(t->name);
      else if (t && t->kind == ExprKind::Tuple)
        for (const auto& e : t->elts)
          if (e->kind == ExprKind::Name) locals_.insert(e->name);
    for (const auto& b : s.body) collect_locals(*b);
    for (const auto& b : s.orelse) collect_locals(*b);
  }
  std::string fresh(const std::string& base) {
    std::string n = base;
    for (int k = 1; reserved_names().count(n) || locals_.count(n) || used_.count(n); ++k) n = base + "_" + std::to_string(k);
    used_.insert(n);
    return n;
  }
  void assign_names() {
    for (auto& [q, n] : classes_) n = fresh(q.substr(q.rfind('.') + 1));
    for (auto& [q, n] : functions_) n = fresh(q.substr(q.rfind('.') + 1));
  }

  // ---- types ----
  std::string type(const Expr& e, bool final_ok = false) {
    std::string d = dotted(e);
    if (!d.empty()) {
      if (d == "Tensor" || d == "int" || d == "float" || d == "bool" || d == "str" || d == "Any") return d;
      if (d == "NoneType") return "None";
      if (d == "Device") return "torch.device";
      auto c = classes_.find(d);
      if (c != classes_.end()) return c->second;
      fail(e.span, "the type " + d + " is not supported");
    }
    if (e.kind == ExprKind::None) return "None";
    if (e.kind == ExprKind::Subscript && e.a) {
      std::string g = dotted(*e.a);
      if (g == "Final" && final_ok && e.elts.size() == 1) return type(*e.elts[0]);
      if (g == "List" || g == "Optional" || g == "Tuple" || g == "Dict") {
        std::string s = g + "[";
        const std::vector<frontend::ExprPtr>* args = &e.elts;
        if (e.elts.size() == 1 && e.elts[0]->kind == ExprKind::Tuple) args = &e.elts[0]->elts;
        for (size_t i = 0; i < args->size(); ++i) s += (i ? ", " : "") + type(*(*args)[i]);
        return s + "]";
      }
    }
    fail(e.span, "the type annotation is not supported");
  }

  // A literal class constant's value (`x : Final[Tuple[int, int]] = (1, 1)`).
  IValue literal(const Expr& e) {
    switch (e.kind) {
      case ExprKind::Int: return IValue(e.ival);
      case ExprKind::Float: return IValue(e.fval);
      case ExprKind::Bool: return IValue(e.ival != 0);
      case ExprKind::Str: return IValue(e.name);
      case ExprKind::None: return IValue();
      case ExprKind::Unary:
        if (e.uop == frontend::UnaryOp::Neg && e.a) {
          IValue v = literal(*e.a);
          if (v.is_int()) return IValue(-v.to_int());
          if (v.is_double()) return IValue(-v.to_double());
        }
        break;
      case ExprKind::Tuple:
      case ExprKind::List: {
        std::vector<IValue> items;
        for (const auto& x : e.elts) items.push_back(literal(*x));
        return e.kind == ExprKind::Tuple ? IValue::tuple(std::move(items)) : IValue::list(std::move(items));
      }
      default: break;
    }
    fail(e.span, "a class constant that is not a literal");
  }

  // unchecked_cast(T, v): TorchScript's assertion that an Optional holds a value, as a call of a
  // helper that narrows (written after the archive's code).
  std::string unchecked_cast(const Expr& t, const Expr& v) {
    std::string ty = type(t);
    if (ty.starts_with("Optional[") || ty == "None" || ty == "Any") return expr(v);
    std::string& helper = unchecked_[ty];
    if (helper.empty()) helper = fresh("_unchecked_cast");
    return helper + "(" + expr(v) + ")";
  }

  // The value of uninitialized(T): TorchScript's placeholder for a variable that a path leaves
  // unset and never reads.
  std::string placeholder(const Expr& t) {
    std::string ty = type(t);
    if (ty.starts_with("Optional[") || ty == "None") return "None";
    if (ty == "Tensor") return "torch.empty(0)";
    if (ty == "int") return "0";
    if (ty == "float") return "0.0";
    if (ty == "bool") return "False";
    if (ty == "str") return "\"\"";
    if (ty.starts_with("Tuple[") && t.kind == ExprKind::Subscript) {
      const std::vector<frontend::ExprPtr>* args = &t.elts;
      if (t.elts.size() == 1 && t.elts[0]->kind == ExprKind::Tuple) args = &t.elts[0]->elts;
      std::string s;
      for (const auto& a : *args) s += placeholder(*a) + ", ";
      return "(" + s + ")";
    }
    fail(t.span, "uninitialized(" + ty + ")");
  }

  // ---- expressions ----
  // TorchScript writes a dtype as its number (ScalarType); `dtype=6` is torch.float32.
  std::string dtype_text(const Expr& e) {
    static const std::map<int64_t, std::string> names = {
        {0, "uint8"}, {1, "int8"}, {2, "int16"}, {3, "int32"}, {4, "int64"}, {5, "float16"},
        {6, "float32"}, {7, "float64"}, {11, "bool"}, {15, "bfloat16"}};
    auto it = names.find(e.ival);
    if (it == names.end()) fail(e.span, "the dtype number " + std::to_string(e.ival));
    return "torch." + it->second;
  }

  // `dtypes`: positional arguments that are dtypes when written as numbers (torch.to).
  std::string args_text(const Expr& call, size_t skip = 0, bool dtypes = false) {
    std::string s;
    for (size_t i = skip; i < call.elts.size(); ++i)
      s += (s.empty() ? "" : ", ") + (dtypes && call.elts[i]->kind == ExprKind::Int ? dtype_text(*call.elts[i]) : expr(*call.elts[i]));
    for (const auto& k : call.keywords)
      s += (s.empty() ? "" : ", ") + k.name + "=" +
           (k.name == "dtype" && k.value->kind == ExprKind::Int ? dtype_text(*k.value) : expr(*k.value));
    return s;
  }

  // Operators TorchScript calls as torch.X(self, ...) that are Tensor methods only (aten's
  // in-place forms and a few others): translated to self.X(...).
  static bool method_only(const std::string& name) {
    static const std::set<std::string> names = {"size", "dim", "to", "contiguous", "view", "item", "expand",
                                                "expand_as", "view_as", "type_as", "numpy", "tolist", "append", "format"};
    return names.count(name) || (name.size() > 1 && name.back() == '_' && name.front() != '_');
  }

  std::string call(const Expr& e) {
    std::string callee = dotted(*e.a);
    auto alias = aliases_.find(callee);
    if (alias != aliases_.end()) return alias->second + "(" + args_text(e) + ")";
    if (callee == "torch.__is__" || callee == "torch.__isnot__") {
      if (e.elts.size() != 2 || !e.keywords.empty()) fail(e.span, callee + " with other than two arguments");
      return "(" + expr(*e.elts[0]) + (callee == "torch.__is__" ? " is " : " is not ") + expr(*e.elts[1]) + ")";
    }
    if (callee == "torch.__not__" && e.elts.size() == 1) return "(not " + expr(*e.elts[0]) + ")";
    if (callee == "unchecked_cast" && e.elts.size() == 2) return unchecked_cast(*e.elts[0], *e.elts[1]);
    // annotate(List[int], []) as an argument: the parameter's type types the literal.
    if (callee == "annotate" && e.elts.size() == 2) return expr(*e.elts[1]);
    if (callee == "uninitialized" && e.elts.size() == 1) return placeholder(*e.elts[0]);
    if (std::string op = binary_operator(callee); !op.empty() && e.elts.size() == 2 && e.keywords.empty())
      return "(" + expr(*e.elts[0]) + " " + op + " " + expr(*e.elts[1]) + ")";
    if (callee == "torch.neg" && e.elts.size() == 1 && e.keywords.empty()) return "(-" + expr(*e.elts[0]) + ")";
    if ((callee == "torch.len" || callee == "torch.list") && e.elts.size() == 1)
      return callee.substr(6) + "(" + expr(*e.elts[0]) + ")";
    if (callee == "torch.__contains__" && e.elts.size() == 2 && e.keywords.empty())  // of a list, dict or str
      return "(" + expr(*e.elts[1]) + " in " + expr(*e.elts[0]) + ")";
    if (callee == "torch.__getitem__" && e.elts.size() == 2) return atom(*e.elts[0]) + "[" + expr(*e.elts[1]) + "]";
    if (callee == "torch._convolution") return convolution(e);
    if (callee == "torch.size" && e.elts.size() == 1 && e.keywords.empty())  // aten::size is an int[]
      return "list(" + atom(*e.elts[0]) + ".size())";
    if (callee == "torch.lstm" && e.elts.size() == 9 && e.keywords.empty()) {
      // aten::lstm.input(input, [h, c], params, has_biases, num_layers, dropout, train,
      // bidirectional, batch_first) and aten::lstm.data(data, batch_sizes, [h, c], params, ...):
      // a packed sequence is told apart by where the [h, c] display stands.
      bool packed = e.elts[2]->kind == ExprKind::List;
      if (!packed && e.elts[1]->kind != ExprKind::List) fail(e.span, "torch.lstm with its hidden state not written as [h, c]");
      needs_lstm_ = true;
      return std::string(packed ? "_lstm_packed(" : "_lstm(") + args_text(e) + ")";
    }
    if ((callee == "torch.hardtanh" || callee == "torch.hardtanh_") && e.keywords.empty() && e.elts.size() == 3)
      // hardtanh is clamp (ReLU6 of MobileNet)
      return callee == "torch.hardtanh" ? "torch.clamp(" + args_text(e) + ")" : atom(*e.elts[0]) + ".clamp_(" + args_text(e, 1) + ")";
    if (callee == "getattr" && e.elts.size() == 2 && e.elts[1]->kind == ExprKind::Str && e.keywords.empty())
      return atom(*e.elts[0]) + "." + attr_name(e.elts[1]->name);
    if (callee.starts_with("torch.") && callee.find('.', 6) == std::string::npos && method_only(callee.substr(6))) {
      if (e.elts.empty()) fail(e.span, callee + " without its tensor argument");
      return atom(*e.elts[0]) + "." + callee.substr(6) + "(" + args_text(e, 1, callee == "torch.to") + ")";
    }
    if (callee.starts_with("ops.")) {
      if (callee == "ops.prim.NumToTensor" && e.elts.size() == 1) return "torch.tensor(" + expr(*e.elts[0]) + ")";
      // This build's tensors are never nested (PyTorch's fast paths for nested tensors stay unused).
      if (callee == "ops.prim.is_nested" && e.elts.size() == 1) return "False";
      if ((callee == "ops.prim.dtype" || callee == "ops.prim.device" || callee == "ops.prim.is_cuda" ||
           callee == "ops.prim.requires_grad") && e.elts.size() == 1)
        return atom(*e.elts[0]) + "." + callee.substr(9);
      fail(e.span, "the operator " + callee + " is not supported");
    }
    if (callee.starts_with("__torch__.")) {
      auto f = functions_.find(callee);
      if (f != functions_.end()) return f->second + "(" + args_text(e) + ")";
      auto c = classes_.find(callee);
      if (c != classes_.end()) return c->second + "(" + args_text(e) + ")";
      fail(e.span, callee + " is not defined in the archive's code");
    }
    return expr(*e.a) + "(" + args_text(e) + ")";
  }

  // torch.lt(a, b) and the like apply to ints and floats as well as tensors (aten::lt.int):
  // written as the operator, which does both.
  static std::string binary_operator(const std::string& callee) {
    static const std::map<std::string, std::string> ops = {
        {"torch.lt", "<"}, {"torch.le", "<="}, {"torch.gt", ">"}, {"torch.ge", ">="}, {"torch.eq", "=="},
        {"torch.ne", "!="}, {"torch.add", "+"}, {"torch.sub", "-"}, {"torch.mul", "*"}, {"torch.div", "/"},
        {"torch.floordiv", "//"}, {"torch.remainder", "%"}};
    auto it = ops.find(callee);
    return it == ops.end() ? std::string() : it->second;
  }

  // A traced convolution: torch._convolution(input, weight, bias, stride, padding, dilation,
  // transposed, output_padding, groups, ...) as conv{1,2,3}d or conv_transpose{1,2,3}d.
  std::string convolution(const Expr& e) {
    if (e.elts.size() < 9 || !e.keywords.empty() || e.elts[3]->kind != ExprKind::List || e.elts[6]->kind != ExprKind::Bool)
      fail(e.span, "torch._convolution with arguments other than a traced convolution's");
    size_t n = e.elts[3]->elts.size();
    if (n < 1 || n > 3) fail(e.span, "a convolution over " + std::to_string(n) + " dimensions");
    std::string a = [&](std::initializer_list<size_t> idx) {
      std::string s;
      for (size_t i : idx) s += (s.empty() ? "" : ", ") + expr(*e.elts[i]);
      return s;
    }(e.elts[6]->ival ? std::initializer_list<size_t>{0, 1, 2, 3, 4, 7, 8, 5} : std::initializer_list<size_t>{0, 1, 2, 3, 4, 5, 8});
    return std::string(e.elts[6]->ival ? "torch.conv_transpose" : "torch.conv") + std::to_string(n) + "d(" + a + ")";
  }

  std::string expr(const Expr& e) {
    using K = ExprKind;
    switch (e.kind) {
      case K::Name: {
        auto a = aliases_.find(e.name);
        if (a != aliases_.end()) return a->second;
        if (e.name == "CONSTANTS" || e.name == "ops" || e.name == "__torch__") fail(e.span, "the name " + e.name + " on its own");
        if ((e.name == "inf" || e.name == "nan") && !locals_.count(e.name)) return "float(\"" + e.name + "\")";  // how TorchScript prints them
        return e.name;
      }
      case K::Int: return std::to_string(e.ival);
      case K::Float: return float_text(e.fval);
      case K::Str: return quote(e.name);
      case K::Bool: return e.ival ? "True" : "False";
      case K::None: return "None";
      case K::Tuple: {
        if (e.elts.size() == 1) return "(" + expr(*e.elts[0]) + ",)";
        std::string s;
        for (const auto& x : e.elts) s += (s.empty() ? "" : ", ") + expr(*x);
        return "(" + s + ")";
      }
      case K::List: {
        std::string s;
        for (const auto& x : e.elts) s += (s.empty() ? "" : ", ") + expr(*x);
        return "[" + s + "]";
      }
      case K::Dict: {
        if (e.elts2.size() != e.elts.size()) fail(e.span, "this kind of dict display");
        std::string s;
        for (size_t i = 0; i < e.elts.size(); ++i) s += (i ? ", " : "") + expr(*e.elts[i]) + ": " + expr(*e.elts2[i]);
        return "{" + s + "}";
      }
      case K::Attribute: {
        std::string d = dotted(e);
        if (d.starts_with("CONSTANTS.c") && d.size() > 11 && d.find_first_not_of("0123456789", 11) == std::string::npos) {
          // constants.pkl's tensors, held by each object of a class using them
          if (self_name_.empty()) fail(e.span, "CONSTANTS outside a method");
          out_.uses_constants = class_uses_constants_ = true;
          return self_name_ + "." + std::string(kConstantsAttr) + "[" + d.substr(11) + "]";
        }
        if (d.starts_with("__torch__.")) {
          auto f = functions_.find(d);
          if (f != functions_.end()) return f->second;
          auto c = classes_.find(d);
          if (c != classes_.end()) return c->second;
          fail(e.span, d + " is not defined in the archive's code");
        }
        if (d.starts_with("ops.")) fail(e.span, "the operator " + d + " is not supported");
        return atom(*e.a) + "." + e.name;
      }
      case K::Subscript: {
        std::string s;
        for (const auto& x : e.elts) s += (s.empty() ? "" : ", ") + expr(*x);
        return atom(*e.a) + "[" + s + "]";
      }
      case K::Slice:
        return (e.a ? expr(*e.a) : "") + ":" + (e.b ? expr(*e.b) : "") + (e.c ? ":" + expr(*e.c) : "");
      case K::Call: return call(e);
      case K::Unary:
        return std::string("(") + (e.uop == frontend::UnaryOp::Not ? "not " : frontend::unaryop_str(e.uop)) + expr(*e.a) + ")";
      case K::Binary: return "(" + expr(*e.a) + " " + frontend::binop_str(e.bop) + " " + expr(*e.b) + ")";
      case K::BoolOp: {
        std::string s;
        for (const auto& x : e.elts) s += (s.empty() ? "" : (e.is_and ? " and " : " or ")) + expr(*x);
        return "(" + s + ")";
      }
      case K::Compare: {
        std::string s = expr(*e.a);
        for (size_t i = 0; i < e.elts.size(); ++i)
          s += std::string(" ") + frontend::cmpop_str(e.cmp_ops[i]) + " " + expr(*e.elts[i]);
        return "(" + s + ")";
      }
      case K::IfExp: return "(" + expr(*e.a) + " if " + expr(*e.b) + " else " + expr(*e.c) + ")";
      default: fail(e.span, "this kind of expression");
    }
  }
  // An expression that may be followed by `.name` or `[...]`.
  std::string atom(const Expr& e) {
    std::string s = expr(e);
    return e.kind == ExprKind::Int || e.kind == ExprKind::Float ? "(" + s + ")" : s;
  }

  // ---- statements ----
  void block(const frontend::Block& b, int indent, const frontend::Span& at) {
    size_t before = out_.origin.size();
    for (const auto& s : b) stmt(*s, indent);
    if (out_.origin.size() == before) line_at(indent, "pass", at);
  }

  void stmt(const Stmt& s, int ind) {
    using K = StmtKind;
    switch (s.kind) {
      case K::Expr: {
        const Expr& v = *s.value;
        if (v.kind == ExprKind::Call && dotted(*v.a) == "ops.prim.RaiseException") {
          // ops.prim.RaiseException(message, "builtins.ValueError")
          static const std::set<std::string> known = {"ValueError", "RuntimeError", "TypeError", "AssertionError",
                                                      "IndexError", "KeyError", "NotImplementedError",
                                                      "ZeroDivisionError"};
          std::string cls = "Exception";
          if (v.elts.size() > 1 && v.elts[1]->kind == ExprKind::Str && v.elts[1]->name.starts_with("builtins.") &&
              known.count(v.elts[1]->name.substr(9)))
            cls = v.elts[1]->name.substr(9);
          line_at(ind, "raise " + cls + "(" + (v.elts.empty() ? std::string("\"\"") : expr(*v.elts[0])) + ")", s.span);
          return;
        }
        line_at(ind, expr(v), s.span);
        return;
      }
      case K::Assign: {
        const Expr& v = *s.value;
        if (s.targets.size() == 1 && s.targets[0]->kind == ExprKind::Name) {
          std::string d = dotted(v);
          if (d.starts_with("__torch__.") && functions_.count(d)) {  // `_0 = __torch__.f`: calls of _0 call f
            aliases_[s.targets[0]->name] = functions_[d];
            return;
          }
          if (v.kind == ExprKind::Call && dotted(*v.a) == "annotate" && v.elts.size() == 2) {
            line_at(ind, s.targets[0]->name + ": " + type(*v.elts[0]) + " = " + expr(*v.elts[1]), s.span);
            return;
          }
          if (v.kind == ExprKind::Call && dotted(*v.a) == "uninitialized" && v.elts.size() == 1) {
            line_at(ind, s.targets[0]->name + ": " + type(*v.elts[0]) + " = " + placeholder(*v.elts[0]), s.span);
            return;
          }
        }
        if (s.targets.size() == 1 && s.targets[0]->kind == ExprKind::Tuple && v.kind == ExprKind::Name &&
            param_class_.count(v.name)) {
          // `a, b, = p` of a NamedTuple parameter: its fields, in order
          auto fields = tuple_fields_.find(param_class_[v.name]);
          if (fields == tuple_fields_.end()) fail(s.span, "unpacking an object that is not a NamedTuple");
          if (fields->second.size() != s.targets[0]->elts.size()) fail(s.span, "unpacking a NamedTuple into another number of names");
          std::string value;
          for (const auto& f : fields->second) value += (value.empty() ? "" : ", ") + v.name + "." + f;
          line_at(ind, expr(*s.targets[0]) + " = " + value, s.span);
          return;
        }
        std::string t;
        for (const auto& x : s.targets) t += expr(*x) + " = ";
        line_at(ind, t + expr(v), s.span);
        return;
      }
      case K::AugAssign:
        line_at(ind, expr(*s.targets[0]) + " " + frontend::binop_str(s.bop) + "= " + expr(*s.value), s.span);
        return;
      case K::AnnAssign:
        line_at(ind, expr(*s.targets[0]) + ": " + type(*s.annotation) + (s.value ? " = " + expr(*s.value) : ""), s.span);
        return;
      case K::If:
        line_at(ind, "if " + expr(*s.test) + ":", s.span);
        block(s.body, ind + 1, s.span);
        if (!s.orelse.empty()) {
          line_at(ind, "else:", s.span);
          block(s.orelse, ind + 1, s.span);
        }
        return;
      case K::While:
        line_at(ind, "while " + expr(*s.test) + ":", s.span);
        block(s.body, ind + 1, s.span);
        return;
      case K::For:
        line_at(ind, "for " + expr(*s.targets[0]) + " in " + expr(*s.value) + ":", s.span);
        block(s.body, ind + 1, s.span);
        if (!s.orelse.empty()) fail(s.span, "for ... else");
        return;
      case K::Break: line_at(ind, "break", s.span); return;
      case K::Continue: line_at(ind, "continue", s.span); return;
      case K::Pass: line_at(ind, "pass", s.span); return;
      case K::Return: line_at(ind, s.value ? "return " + expr(*s.value) : "return", s.span); return;
      case K::Raise: line_at(ind, s.value ? "raise " + expr(*s.value) : "raise", s.span); return;
      case K::Assert:
        line_at(ind, "assert " + expr(*s.test) + (s.value ? ", " + expr(*s.value) : ""), s.span);
        return;
      default: fail(s.span, "this kind of statement");
    }
  }

  void function(const Stmt& f, const std::string& name, int ind, bool method) {
    std::string sig;
    for (size_t i = 0; i < f.params.size(); ++i) {
      const frontend::Param& p = f.params[i];
      if (p.vararg || p.kwonly) fail(p.span, "*args and keyword-only parameters");
      std::string s = p.name;
      if (!(method && i == 0)) {
        if (!p.annotation) fail(p.span, "a parameter without a type");
        s += ": " + type(*p.annotation);
      }
      if (p.default_value) s += "=" + expr(*p.default_value);
      sig += (i ? ", " : "") + s;
    }
    std::string ret = f.returns ? " -> " + type(*f.returns) : "";
    line_at(ind, "def " + name + "(" + sig + ")" + ret + ":", f.span);
    self_name_ = method && !f.params.empty() ? f.params[0].name : std::string();
    aliases_.clear();
    param_class_.clear();
    for (const auto& p : f.params)
      if (p.annotation && classes_.count(dotted(*p.annotation))) param_class_[p.name] = dotted(*p.annotation);
    block(f.body, ind + 1, f.span);
    aliases_.clear();
  }

  void top(const Stmt& s) {
    std::string mod = module_of(entry_);
    if (s.kind == StmtKind::FunctionDef) {
      if (!s.decorators.empty()) fail(s.span, "a decorated function");
      function(s, functions_[mod + "." + s.name], 0, false);
      return;
    }
    if (s.kind != StmtKind::ClassDef) fail(s.span, "this kind of statement at the top of a code file");
    ClassInfo ci;
    ci.qualname = mod + "." + s.name;
    ci.ts_name = classes_[ci.qualname];
    std::string base;
    bool named_tuple = false;
    std::vector<std::pair<std::string, std::string>> fields;  // a NamedTuple's, in order
    if (s.targets.size() == 1 && dotted(*s.targets[0]) == "Module") {
      ci.is_module = true;
      base = "(Module)";
    } else if (s.targets.size() == 1 && dotted(*s.targets[0]) == "NamedTuple") {
      named_tuple = true;  // a plain class with its fields and a constructor taking them in order
    } else if (!s.targets.empty()) {
      fail(s.span, "a class derived from " + dotted(*s.targets[0]));
    }
    line_at(0, "class " + ci.ts_name + base + ":", s.span);
    size_t before = out_.origin.size();
    std::set<std::string> methods;
    std::vector<std::pair<std::string, std::string>> renamed;  // Ts attribute name -> TorchScript's
    class_uses_constants_ = false;
    for (const auto& m : s.body) {
      if (m->kind == StmtKind::FunctionDef) {
        if (!m->decorators.empty()) fail(m->span, "a decorated method");
        function(*m, m->name, 1, true);
        methods.insert(m->name);
      } else if (m->kind == StmtKind::Assign && m->targets.size() == 1 && m->targets[0]->kind == ExprKind::Name &&
                 (m->targets[0]->name == "__parameters__" || m->targets[0]->name == "__buffers__")) {
        auto& names = m->targets[0]->name == "__parameters__" ? ci.parameters : ci.buffers;
        if (m->value->kind != ExprKind::List) fail(m->span, m->targets[0]->name + " that is not a list");
        for (const auto& x : m->value->elts) {
          if (x->kind != ExprKind::Str) fail(m->span, m->targets[0]->name + " with something other than names");
          names.push_back(x->name);
        }
      } else if (m->kind == StmtKind::AnnAssign && m->targets[0]->kind == ExprKind::Name) {
        const std::string& name = m->targets[0]->name;
        if (name == "training" && ci.is_module) continue;  // Module declares it
        if (m->value) ci.constants.emplace_back(name, literal(*m->value));
        line_at(1, name + ": " + type(*m->annotation, true), m->span);
        if (named_tuple) fields.emplace_back(name, type(*m->annotation));
      } else if (m->kind == StmtKind::Assign && m->targets.size() == 1 && m->targets[0]->kind == ExprKind::Subscript &&
                 m->targets[0]->a->kind == ExprKind::Name && m->targets[0]->a->name == "__annotations__" &&
                 m->targets[0]->elts.size() == 1 && m->targets[0]->elts[0]->kind == ExprKind::Str) {
        // `__annotations__["0"] = T`: an attribute whose name is not an identifier
        const std::string& name = m->targets[0]->elts[0]->name;
        line_at(1, attr_name(name) + ": " + type(*m->value), m->span);
        if (attr_name(name) != name) renamed.emplace_back(attr_name(name), name);
      } else if (m->kind != StmtKind::Pass) {
        fail(m->span, "this kind of statement in a class");
      }
    }
    if (class_uses_constants_) {
      ci.uses_constants = true;
      line("    " + std::string(kConstantsAttr) + ": List[Tensor]", "", 0);
    }
    if (ci.is_module) {
      // A loaded module prints as PyTorch prints one, and lists its children, parameters and
      // buffers (named_*, state_dict) under their TorchScript names ("0", not "_attr_0").
      if (!methods.count("_get_name") && !methods.count("extra_repr")) {
        line("    def _get_name(self) -> str:", "", 0);
        line("        return \"RecursiveScriptModule\"", "", 0);
        line("    def extra_repr(self) -> str:", "", 0);
        line("        return " + quote("original_name=" + s.name), "", 0);
      }
      if (!renamed.empty() && !methods.count("_attributes")) {
        std::string names;
        for (const auto& [ts_name, name] : renamed) names += (names.empty() ? "" : ", ") + quote(ts_name) + ": " + quote(name);
        line("    def _attributes(self) -> List[Tuple[str, Any]]:", "", 0);
        line("        names = {" + names + "}", "", 0);
        line("        return [(names[n] if n in names else n, v) for n, v in super()._attributes()]", "", 0);
      }
    }
    if (named_tuple) {
      std::string sig, body;
      for (const auto& [n, t] : fields) sig += ", " + n + ": " + t;
      line_at(1, "def __init__(self" + sig + "):", s.span);
      for (const auto& [n, t] : fields) line_at(2, "self." + n + " = " + n, s.span);
      if (fields.empty()) line_at(2, "pass", s.span);
    }
    if (out_.origin.size() == before) line_at(1, "pass", s.span);
    out_.classes.push_back(std::move(ci));
  }

  const std::string& archive_;
  const std::map<std::string, std::string>& code_;
  frontend::SourceManager sm_;
  std::vector<File> files_;
  std::string entry_;
  std::map<std::string, std::string> classes_, functions_;  // qualified name -> Ts name
  std::set<std::string> locals_, used_;
  std::map<std::string, std::string> aliases_;  // local name -> Ts function name
  std::map<std::string, std::string> unchecked_;  // type -> its unchecked_cast helper
  bool needs_lstm_ = false;
  std::map<std::string, std::vector<std::string>> tuple_fields_;  // NamedTuple class -> its fields
  std::map<std::string, std::string> param_class_;  // this function's parameters typed by a class
  std::string self_name_;  // the method's first parameter; empty in a function
  bool class_uses_constants_ = false;
  Translation out_;
};

}  // namespace

std::string attr_name(const std::string& name) {
  if (identifier(name)) return name;
  std::string s = "_attr_";
  for (char c : name) s += std::isalnum(static_cast<unsigned char>(c)) || c == '_' ? c : '_';
  return s;
}

Translation translate(const std::string& archive, const std::map<std::string, std::string>& code) {
  return Translator(archive, code).run();
}

}  // namespace ts::archive::torchscript
