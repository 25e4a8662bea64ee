// The IR text parser: a hand-written lexer and recursive-descent parser for the format print.cpp
// writes. Indentation is not significant: `blockN(...)` lines attach to the node above and
// `-> (...)` closes a block, so the structure is recoverable from tokens alone.
#include "ir/parse.h"

#include <cctype>
#include <charconv>
#include <cmath>
#include <limits>
#include <map>
#include <mutex>

#include "ir/scalar_eval.h"
#include "ops/registry.h"
#include "util/error.h"

namespace ts::ir {

namespace {

enum class Tok { End, Value, Ident, Int, Float, Str, Punct };

struct Token {
  Tok kind = Tok::End;
  std::string text;  // identifier / value name (without %) / punctuation / string contents
  int line = 1, col = 1;
};

class Lexer {
 public:
  explicit Lexer(const std::string& s) : s_(s) { advance(); }
  const Token& peek() const { return cur_; }
  Token take() {
    Token t = cur_;
    advance();
    return t;
  }

 private:
  char at(size_t i) const { return i < s_.size() ? s_[i] : '\0'; }
  void bump() {
    if (s_[pos_] == '\n') {
      ++line_;
      col_ = 1;
    } else {
      ++col_;
    }
    ++pos_;
  }
  static bool ident_char(char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '.'; }

  [[noreturn]] void fail(const std::string& what) const {
    TS_ERROR("IR parse error at line ", line_, ", column ", col_, ": ", what);
  }

  void advance() {
    // Whitespace and `# ...` comments (source locations, test directives) are skipped.
    while (pos_ < s_.size()) {
      char c = s_[pos_];
      if (c == '#') {
        while (pos_ < s_.size() && s_[pos_] != '\n') bump();
      } else if (std::isspace(static_cast<unsigned char>(c))) {
        bump();
      } else {
        break;
      }
    }
    cur_ = Token{};
    cur_.line = line_;
    cur_.col = col_;
    if (pos_ >= s_.size()) return;
    char c = s_[pos_];
    if (c == '%') {
      bump();
      size_t start = pos_;
      while (pos_ < s_.size() && ident_char(s_[pos_])) bump();
      if (pos_ == start) fail("expected a value name after '%'");
      cur_.kind = Tok::Value;
      cur_.text = s_.substr(start, pos_ - start);
    } else if (std::isalpha(static_cast<unsigned char>(c)) || c == '_') {
      size_t start = pos_;
      while (pos_ < s_.size() &&
             (ident_char(s_[pos_]) || (s_[pos_] == ':' && at(pos_ + 1) == ':') ||
              (s_[pos_] == ':' && pos_ > start && s_[pos_ - 1] == ':')))
        bump();
      cur_.kind = Tok::Ident;
      cur_.text = s_.substr(start, pos_ - start);
      if (cur_.text == "inf" || cur_.text == "nan") cur_.kind = Tok::Float;
    } else if (std::isdigit(static_cast<unsigned char>(c)) ||
               ((c == '-' || c == '+') && (std::isdigit(static_cast<unsigned char>(at(pos_ + 1))) ||
                                           s_.compare(pos_ + 1, 3, "inf") == 0 ||
                                           s_.compare(pos_ + 1, 3, "nan") == 0))) {
      size_t start = pos_;
      bool is_float = false;
      if (c == '-' || c == '+') bump();
      if (std::isalpha(static_cast<unsigned char>(at(pos_)))) {  // -inf / -nan
        for (int i = 0; i < 3; ++i) bump();
        is_float = true;
      } else {
        while (std::isdigit(static_cast<unsigned char>(at(pos_)))) bump();
        if (at(pos_) == '.') {
          is_float = true;
          bump();
          while (std::isdigit(static_cast<unsigned char>(at(pos_)))) bump();
        }
        if (at(pos_) == 'e' || at(pos_) == 'E') {
          is_float = true;
          bump();
          if (at(pos_) == '-' || at(pos_) == '+') bump();
          if (!std::isdigit(static_cast<unsigned char>(at(pos_)))) fail("expected digits in the exponent");
          while (std::isdigit(static_cast<unsigned char>(at(pos_)))) bump();
        }
      }
      cur_.kind = is_float ? Tok::Float : Tok::Int;
      cur_.text = s_.substr(start, pos_ - start);
    } else if (c == '"' || c == '\'') {
      char q = c;
      bump();
      std::string out;
      while (true) {
        if (pos_ >= s_.size() || s_[pos_] == '\n') fail("unterminated string");
        char d = s_[pos_];
        if (d == q) {
          bump();
          break;
        }
        if (d == '\\') {
          bump();
          if (pos_ >= s_.size()) fail("unterminated string");
          char e = s_[pos_];
          switch (e) {
            case 'n': out += '\n'; break;
            case 't': out += '\t'; break;
            case 'r': out += '\r'; break;
            case '0': out += '\0'; break;
            case '\\': case '"': case '\'': out += e; break;
            default: fail(std::string("unknown escape '\\") + e + "' in string");
          }
          bump();
          continue;
        }
        out += d;
        bump();
      }
      cur_.kind = Tok::Str;
      cur_.text = std::move(out);
    } else if (c == '-' && at(pos_ + 1) == '>') {
      bump();
      bump();
      cur_.kind = Tok::Punct;
      cur_.text = "->";
    } else if (std::string_view("()[]{},:=?<>").find(c) != std::string_view::npos) {
      bump();
      cur_.kind = Tok::Punct;
      cur_.text = std::string(1, c);
    } else {
      fail(std::string("unexpected character '") + c + "'");
    }
  }

  const std::string& s_;
  size_t pos_ = 0;
  int line_ = 1, col_ = 1;
  Token cur_;
};

std::string describe(const Token& t) {
  switch (t.kind) {
    case Tok::End: return "end of input";
    case Tok::Value: return "'%" + t.text + "'";
    case Tok::Str: return "a string";
    default: return "'" + t.text + "'";
  }
}

bool all_digits(const std::string& s) {
  if (s.empty()) return false;
  for (char c : s)
    if (!std::isdigit(static_cast<unsigned char>(c))) return false;
  return true;
}

// Whether `t` mentions Tensor anywhere (Tensor, Tensor?, Tensor[], tuples of them).
bool has_tensor(const Type* t) {
  if (t->kind == TypeKind::Tensor) return true;
  for (const Type* a : t->args)
    if (has_tensor(a)) return true;
  return false;
}

bool is_number_kind(TypeKind k) {
  return k == TypeKind::Int || k == TypeKind::Float || k == TypeKind::Bool || k == TypeKind::Number;
}

// Whether a value of IR type `t` can be passed for a schema argument of type `s`; `exact`
// refuses the conversions (int to float, number to Tensor) so exact overloads win first.
bool fits_scalar(const Type* t, ops::SchemaType::Kind k, bool exact) {
  using K = ops::SchemaType::Kind;
  if (t->kind == TypeKind::Any) return true;
  switch (k) {
    case K::Tensor: return t->kind == TypeKind::Tensor || (!exact && is_number_kind(t->kind));
    case K::Int: return t->kind == TypeKind::Int || (!exact && t->kind == TypeKind::Bool);
    case K::Float: return t->kind == TypeKind::Float || (!exact && t->kind == TypeKind::Int);
    case K::Bool: return t->kind == TypeKind::Bool;
    case K::Str: case K::Dimname: return t->kind == TypeKind::Str;
    case K::Scalar: return is_number_kind(t->kind);
    case K::ScalarType: case K::Layout: case K::MemoryFormat:
      return t->kind == TypeKind::Int || t->kind == TypeKind::DType;
    case K::Device: return t->kind == TypeKind::Device || (!exact && t->kind == TypeKind::Str);
    case K::Generator: return false;
    case K::Any: case K::TypeVar: return true;
  }
  return false;
}

bool fits(const Type* t, const ops::SchemaType& s, bool exact) {
  if (t->kind == TypeKind::Any) return true;
  if (t->kind == TypeKind::None) return s.optional;
  if (t->kind == TypeKind::Optional) {
    if (!s.optional) return false;
    t = t->args[0];
  }
  if (s.list) {
    if (t->kind == TypeKind::List) {
      const Type* e = t->args[0];
      if (e->kind == TypeKind::Optional && s.optional_elem) e = e->args[0];
      return fits_scalar(e, s.kind, exact);
    }
    // `int[2]` arguments also take one int (kernel_size=3), as in PyTorch.
    return !exact && s.fixed_len > 0 && s.kind == ops::SchemaType::Kind::Int && t->kind == TypeKind::Int;
  }
  return fits_scalar(t, s.kind, exact);
}

const ops::OpDef* match_overload(const Node& n, const std::vector<ops::OpDef*>& overloads) {
  for (bool exact : {true, false}) {
    for (const ops::OpDef* op : overloads) {
      const auto& s = op->schema;
      if (s.args.size() != n.inputs.size()) continue;
      size_t nret = s.returns_list ? 1 : s.returns.size();
      if (nret != n.outputs.size()) continue;
      bool ok = true;
      for (size_t i = 0; i < s.args.size() && ok; ++i) ok = fits(n.inputs[i]->type, s.args[i].type, exact);
      if (ok) return op;
    }
  }
  return nullptr;
}

// Attribute values print without their type (bools as 1/0, devices as strings); a constant's
// output type says what was meant.
IValue coerce(const IValue& v, const Type* t) {
  if (t->kind == TypeKind::Optional) t = t->args[0];
  if (t->kind == TypeKind::Bool && v.is_int()) return IValue(v.to_int() != 0);
  if (t->kind == TypeKind::Float && v.is_int()) return IValue(double(v.to_int()));
  if (t->kind == TypeKind::Device && v.is_string()) return IValue(parse_device(v.to_string()));
  if (t->kind == TypeKind::List && v.is_list()) {
    std::vector<IValue> items;
    for (const IValue& x : v.items()) items.push_back(coerce(x, t->args[0]));
    return IValue::list(std::move(items));
  }
  if (t->kind == TypeKind::Tuple && v.is_tuple() && v.items().size() == t->args.size()) {
    std::vector<IValue> items;
    for (size_t i = 0; i < t->args.size(); ++i) items.push_back(coerce(v.items()[i], t->args[i]));
    return IValue::tuple(std::move(items));
  }
  return v;
}

// Class types in text are known by their qualified name only: they become interned
// placeholder classes (no attributes or methods), enough to read, verify, rewrite and print.
const ClassType* placeholder_class(const std::string& qualname) {
  static std::mutex mu;
  static auto* classes = new std::map<std::string, std::unique_ptr<ClassType>>();  // never freed
  std::lock_guard<std::mutex> lock(mu);
  auto& c = (*classes)[qualname];
  if (!c) {
    c = std::make_unique<ClassType>();
    c->qualname = qualname;
    c->name = qualname.substr(qualname.rfind('.') + 1);
  }
  return c.get();
}

class Parser {
 public:
  Parser(const std::string& text, const FunctionResolver* resolve) : lex_(text), resolve_(resolve) {}

  std::unique_ptr<Graph> graph() {
    g_ = std::make_unique<Graph>();
    expect_ident("graph");
    expect("(");
    if (!is(")")) {
      while (true) {
        Token name = expect_value();
        expect(":");
        const Type* t = type();
        define(g_->add_input(t), name);
        if (!accept(",")) break;
      }
    }
    expect(")");
    expect(":");
    block_body(g_->block(), "return");
    expect("(");
    for (Value* v : value_list(")")) g_->block()->add_output(v);
    if (lex_.peek().kind != Tok::End) fail("expected end of input after the graph's return");
    return std::move(g_);
  }

  const Type* type() {
    Nest nest(this);
    const Type* t = nullptr;
    Token tok = lex_.take();
    if (tok.kind == Tok::Punct && tok.text == "(") {
      std::vector<const Type*> elems;
      if (!accept(")")) {
        while (true) {
          elems.push_back(type());
          if (accept(")")) break;
          expect(",");
        }
      }
      t = tuple_type(std::move(elems));
    } else if (tok.kind == Tok::Ident) {
      const std::string& s = tok.text;
      if (s == "Tensor") t = tensor_type();
      else if (s == "int") t = int_type();
      else if (s == "float") t = float_type();
      else if (s == "bool") t = bool_type();
      else if (s == "str") t = str_type();
      else if (s == "NoneType") t = none_type();
      else if (s == "Any") t = any_type();
      else if (s == "Scalar") t = number_type();
      else if (s == "Function") t = function_type();
      else if (s == "Device") t = device_type();
      else if (s == "Dict") {
        expect("(");
        const Type* k = type();
        expect(",");
        const Type* v = type();
        expect(")");
        t = dict_type(k, v);
      } else if (s.find('.') != std::string::npos && s.front() != '.' && s.back() != '.') {
        t = class_type(placeholder_class(s));
      } else {
        fail_at(tok, "unknown type '" + s + "'");
      }
    } else {
      fail_at(tok, "expected a type but found " + describe(tok));
    }
    while (true) {
      if (is("[")) {
        lex_.take();
        expect("]");
        t = list_type(t);
      } else if (accept("?")) {
        t = optional_type(t);
      } else {
        break;
      }
    }
    return t;
  }

  void expect_end() {
    if (lex_.peek().kind != Tok::End) fail("expected end of input but found " + describe(lex_.peek()));
  }

 private:
  // Bounds the recursion (nested types, lists, blocks) so hostile text cannot overflow the stack.
  struct Nest {
    explicit Nest(Parser* p) : p(p) {
      if (++p->depth_ > 256) p->fail("nesting deeper than 256 levels");
    }
    ~Nest() { --p->depth_; }
    Parser* p;
  };

  [[noreturn]] void fail_at(const Token& t, const std::string& what) {
    TS_ERROR("IR parse error at line ", t.line, ", column ", t.col, ": ", what);
  }
  [[noreturn]] void fail(const std::string& what) { fail_at(lex_.peek(), what); }

  bool is(const char* p) const { return lex_.peek().kind == Tok::Punct && lex_.peek().text == p; }
  bool accept(const char* p) {
    if (!is(p)) return false;
    lex_.take();
    return true;
  }
  void expect(const char* p) {
    if (!accept(p)) fail(std::string("expected '") + p + "' but found " + describe(lex_.peek()));
  }
  void expect_ident(const char* id) {
    if (lex_.peek().kind != Tok::Ident || lex_.peek().text != id)
      fail(std::string("expected '") + id + "' but found " + describe(lex_.peek()));
    lex_.take();
  }
  Token expect_value() {
    if (lex_.peek().kind != Tok::Value) fail("expected a value name (%name) but found " + describe(lex_.peek()));
    return lex_.take();
  }

  void define(Value* v, const Token& name) {
    if (values_.count(name.text)) fail_at(name, "value %" + name.text + " is defined twice");
    values_[name.text] = v;
    if (all_digits(name.text)) return;  // printed ids are not names: fresh ids are given
    v->name = name.text;
    // Reserve "x.N" in the graph's uniquifier so later set_name("x") cannot reuse it.
    auto dot = name.text.rfind('.');
    if (dot != std::string::npos && dot > 0 && all_digits(name.text.substr(dot + 1)) &&
        name.text.size() - dot <= 6) {
      std::string base = name.text.substr(0, dot);
      long want = std::stol(name.text.substr(dot + 1));
      while (true) {
        std::string u = g_->unique_name(base);
        if (std::stol(u.substr(u.rfind('.') + 1)) >= want) break;
      }
    }
  }

  Value* use() {
    Token t = expect_value();
    auto it = values_.find(t.text);
    if (it == values_.end()) fail_at(t, "undefined value %" + t.text);
    return it->second;
  }

  std::vector<Value*> value_list(const char* close) {
    std::vector<Value*> vs;
    if (accept(close)) return vs;
    while (true) {
      vs.push_back(use());
      if (accept(close)) return vs;
      if (!accept(","))
        fail(std::string("expected ',' or '") + close + "' but found " + describe(lex_.peek()));
    }
  }

  // Nodes up to the terminator: `return` for the graph's block, `->` for sub-blocks.
  void block_body(Block* b, const char* terminator) {
    while (true) {
      const Token& t = lex_.peek();
      if (t.kind == Tok::Ident && t.text == terminator) {
        lex_.take();
        return;
      }
      if (t.kind == Tok::Punct && t.text == terminator) {
        lex_.take();
        return;
      }
      if (t.kind == Tok::End) fail(std::string("expected a node or '") + terminator + "' but found end of input");
      node(b);
    }
  }

  IValue attr_value() {
    Nest nest(this);
    Token t = lex_.take();
    switch (t.kind) {
      case Tok::Int: {
        int64_t v = 0;
        const char* b = t.text.data() + (t.text[0] == '+' ? 1 : 0);
        auto r = std::from_chars(b, t.text.data() + t.text.size(), v);
        if (r.ec != std::errc() || r.ptr != t.text.data() + t.text.size())
          fail_at(t, "integer " + t.text + " out of range");
        return IValue(v);
      }
      case Tok::Float: {
        const std::string& s = t.text;
        bool neg = s[0] == '-';
        std::string body = (s[0] == '-' || s[0] == '+') ? s.substr(1) : s;
        double d = 0;
        if (body == "inf") d = std::numeric_limits<double>::infinity();
        else if (body == "nan") d = std::numeric_limits<double>::quiet_NaN();
        else {
          auto r = std::from_chars(body.data(), body.data() + body.size(), d);
          if (r.ec != std::errc() || r.ptr != body.data() + body.size()) fail_at(t, "bad number " + s);
        }
        return IValue(neg ? -d : d);
      }
      case Tok::Str: return IValue(t.text);
      case Tok::Ident:
        if (t.text == "None") return IValue();
        fail_at(t, "expected an attribute value but found " + describe(t));
      case Tok::Punct:
        if (t.text == "[" || t.text == "(") {
          bool list = t.text == "[";
          const char* close = list ? "]" : ")";
          std::vector<IValue> items;
          if (!accept(close)) {
            while (true) {
              items.push_back(attr_value());
              if (accept(close)) break;
              expect(",");
              if (accept(close)) break;  // `(4,)`: a one-element tuple
            }
          }
          return list ? IValue::list(std::move(items)) : IValue::tuple(std::move(items));
        }
        if (t.text == "{") fail_at(t, "tensor constants cannot be parsed");
        [[fallthrough]];
      default: fail_at(t, "expected an attribute value but found " + describe(t));
    }
  }

  void node(Block* b) {
    Nest nest(this);
    Token first = lex_.peek();
    std::vector<std::pair<Token, const Type*>> outs;
    if (!is("=")) {
      while (true) {
        Token name = expect_value();
        expect(":");
        outs.emplace_back(name, type());
        if (!accept(",")) break;
      }
    }
    expect("=");
    Token kind = lex_.take();
    if (kind.kind != Tok::Ident || kind.text.find("::") == std::string::npos)
      fail_at(kind, "expected a node kind (namespace::name) but found " + describe(kind));
    if (kind.text == "prim::Param" || kind.text == "prim::Return")
      fail_at(kind, kind.text + " cannot appear as a node");
    Node* n = g_->create(kind.text);
    if (accept("[")) {
      if (!accept("]")) {
        while (true) {
          Token name = lex_.take();
          if (name.kind != Tok::Ident) fail_at(name, "expected an attribute name but found " + describe(name));
          expect("=");
          if (n->attr(name.text)) fail_at(name, "attribute '" + name.text + "' given twice");
          n->attrs.emplace_back(name.text, attr_value());
          if (accept("]")) break;
          expect(",");
        }
      }
    }
    expect("(");
    for (Value* v : value_list(")")) n->add_input(v);
    for (auto& [name, t] : outs) define(n->add_output(t), name);
    b->append(n);
    if (n->is("prim::Constant")) {
      if (n->outputs.size() != 1) fail_at(first, "prim::Constant must have one output");
      for (auto& [k, v] : n->attrs) {
        if (k != "value") continue;
        try {
          v = coerce(v, n->outputs[0]->type);
        } catch (const Error& e) {  // a bad device string
          fail_at(first, e.what());
        }
      }
    }
    resolve(*n, kind);
    // Sub-blocks follow their node: `block0(%i : int):` ... `-> (%o)`.
    while (lex_.peek().kind == Tok::Ident && lex_.peek().text.rfind("block", 0) == 0 &&
           all_digits(lex_.peek().text.substr(5))) {
      Token bt = lex_.take();
      if (bt.text.substr(5) != std::to_string(n->blocks.size()))
        fail_at(bt, "expected block" + std::to_string(n->blocks.size()) + " but found " + bt.text);
      Block* sub = n->add_block();
      expect("(");
      if (!accept(")")) {
        while (true) {
          Token name = expect_value();
          expect(":");
          define(sub->add_input(type()), name);
          if (accept(")")) break;
          expect(",");
        }
      }
      expect(":");
      block_body(sub, "->");
      expect("(");
      for (Value* v : value_list(")")) sub->add_output(v);
    }
  }

  void resolve(Node& n, const Token& kind) {
    if (n.kind.is_aten()) {
      std::string name = n.kind.str().substr(6);
      bool tensor_in = false, tensor_out = false;
      for (Value* v : n.inputs) tensor_in |= has_tensor(v->type);
      for (Value* v : n.outputs) tensor_out |= has_tensor(v->type);
      // Scalar arithmetic keeps op null, as the emitter leaves it; factories (zeros) have no
      // Tensor input but are registry ops.
      if (!tensor_in && !tensor_out && is_scalar_kind(n.kind)) return;
      const auto& ovs = ops::Registry::get().overloads(name);
      if (ovs.empty()) return;  // list/str helpers on tensors are resolved by name at run time
      n.op = match_overload(n, ovs);
      if (!n.op && tensor_in) {
        std::string types;
        for (Value* v : n.inputs) types += (types.empty() ? "" : ", ") + v->type->str();
        fail_at(kind, "no overload of " + n.kind + " takes (" + types + ") with " +
                          std::to_string(n.outputs.size()) + " output(s)");
      }
    } else if (n.is("prim::CallFunction") && resolve_) {
      const IValue* fn = n.attr("fn");
      if (!fn || !fn->is_string()) return;
      n.fn = (*resolve_)(fn->to_string());
      if (!n.fn) fail_at(kind, "unknown function '" + fn->to_string() + "'");
    }
  }

  Lexer lex_;
  const FunctionResolver* resolve_;
  std::unique_ptr<Graph> g_;
  std::map<std::string, Value*> values_;
  int depth_ = 0;
};

}  // namespace

std::unique_ptr<Graph> parse_graph(const std::string& text) { return Parser(text, nullptr).graph(); }

std::unique_ptr<Graph> parse_graph(const std::string& text, const FunctionResolver& resolve) {
  return Parser(text, &resolve).graph();
}

const Type* parse_type(const std::string& text) {
  Parser p(text, nullptr);
  const Type* t = p.type();
  p.expect_end();
  return t;
}

}  // namespace ts::ir
