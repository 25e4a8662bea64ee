// The scalar-kind operators on boxed values (runtime/scalar_ops.h): numbers through
// ir::eval_scalar, then sequence operators, then tensors that values typed Any turned out to hold.
#include "runtime/scalar_ops.h"

#include <cmath>
#include <optional>
#include <unordered_map>

#include "ir/scalar_eval.h"
#include "ops/registry.h"
#include "runtime/builtins.h"
#include "runtime/collections.h"

namespace ts::runtime {
namespace {

// An operator whose operands were typed Any and turned out to hold a tensor at run time: the
// tensor's (possibly reflected) method, as Python would pick it.
std::optional<IValue> tensor_operand_op(const std::string& kind, const std::vector<IValue>& in) {
  bool t0 = !in.empty() && in[0].is_tensor(), t1 = in.size() == 2 && in[1].is_tensor();
  if (!t0 && !t1) return std::nullopt;
  std::string k = kind.substr(6);
  if (in.size() == 1) {
    if (k == "neg" || k == "abs") return ops::call(k, {in[0]})[0];
    if (k == "__invert__") return ops::call("bitwise_not", {in[0]})[0];
    return std::nullopt;
  }
  static const std::unordered_map<std::string, std::string> names = {
      {"add", "add"}, {"sub", "sub"}, {"mul", "mul"}, {"div", "div"}, {"floordiv", "floor_divide"},
      {"remainder", "remainder"}, {"pow", "pow"}, {"__and__", "bitwise_and"}, {"__or__", "bitwise_or"},
      {"__xor__", "bitwise_xor"}, {"__lshift__", "bitwise_left_shift"}, {"__rshift__", "bitwise_right_shift"},
      {"eq", "eq"}, {"ne", "ne"}, {"lt", "lt"}, {"le", "le"}, {"gt", "gt"}, {"ge", "ge"}};
  auto it = names.find(k);
  if (it == names.end()) return std::nullopt;
  if (t0) return ops::call(it->second, {in[0], in[1]})[0];
  // A number on the left: the tensor's reflected operator.
  static const std::unordered_map<std::string, std::string> flipped = {
      {"add", "add"}, {"mul", "mul"}, {"__and__", "bitwise_and"}, {"__or__", "bitwise_or"},
      {"__xor__", "bitwise_xor"}, {"eq", "eq"}, {"ne", "ne"}, {"lt", "gt"}, {"le", "ge"}, {"gt", "lt"}, {"ge", "le"}};
  if (auto f = flipped.find(k); f != flipped.end()) return ops::call(f->second, {in[1], in[0]})[0];
  if (k == "sub") return ops::call("rsub", {in[1], in[0]})[0];
  if (k == "pow") return ops::call("pow", {in[0], in[1]})[0];  // pow.Scalar
  if (k == "div") return ops::call("mul", {ops::call("reciprocal", {in[1]})[0], in[0]})[0];
  return std::nullopt;
}

// A tuple built from `like` by + or *: a torch.Size stays one (Size + tuple, Size * 2), as in
// PyTorch, where torch.Size's own __add__/__mul__ return a Size.
IValue same_tuple_class(const IValue& like, IValue t) {
  if (like.tuple_ptr()->type_name == "torch.Size") t.tuple_ptr()->type_name = "torch.Size";
  return t;
}

// `+` and `*` on lists and tuples (concatenation, repetition), `==`/`!=` on any values, which
// eval_scalar leaves to the runtime.
std::optional<IValue> sequence_op(Interp& I, const std::string& kind, const std::vector<IValue>& in) {
  if (in.size() != 2) return std::nullopt;
  const IValue &a = in[0], &b = in[1];
  // A tensor compares element by element (tensor_operand_op).
  if ((kind == "aten::eq" || kind == "aten::ne") && !a.is_tensor() && !b.is_tensor()) {
    bool eq = py_equal(I, a, b);
    return IValue(kind == "aten::eq" ? eq : !eq);
  }
  if (kind == "aten::remainder" && a.is_string()) return IValue(percent_format(I, a.to_string(), b));
  bool seq_a = a.is_list() || a.is_tuple();
  if (seq_a && (b.is_list() || b.is_tuple()) &&
      (kind == "aten::lt" || kind == "aten::gt" || kind == "aten::le" || kind == "aten::ge")) {
    bool lt = py_less(I, a, b), gt = py_less(I, b, a);
    if (kind == "aten::lt") return IValue(lt);
    if (kind == "aten::gt") return IValue(gt);
    if (kind == "aten::le") return IValue(!gt);
    return IValue(!lt);
  }
  if (kind == "aten::add" && seq_a && a.is_list() != b.is_list() && (b.is_list() || b.is_tuple())) {
    const char* an = a.is_list() ? "list" : "tuple";
    raise("TypeError", std::string("can only concatenate ") + an + " (not \"" + (b.is_list() ? "list" : "tuple") +
                           "\") to " + an);
  }
  if (kind == "aten::add" && seq_a && a.is_list() == b.is_list() && (b.is_list() || b.is_tuple())) {
    std::vector<IValue> r = a.items();
    r.insert(r.end(), b.items().begin(), b.items().end());
    return a.is_list() ? IValue::list(r) : same_tuple_class(a, IValue::tuple(r));
  }
  if (kind == "aten::mul" && (seq_a || b.is_list() || b.is_tuple()) && (a.is_int() || b.is_int())) {
    const IValue& seq = seq_a ? a : b;
    int64_t n = seq_a ? b.to_int() : a.to_int();
    std::vector<IValue> r;
    for (int64_t k = 0; k < n; ++k) r.insert(r.end(), seq.items().begin(), seq.items().end());
    return seq.is_list() ? IValue::list(r) : same_tuple_class(seq, IValue::tuple(r));
  }
  return std::nullopt;
}

bool intlike(const IValue& v) { return v.is_int() || v.is_bool(); }
int64_t int_of(const IValue& v) { return v.is_bool() ? int64_t(v.to_bool()) : v.to_int(); }

// The int operators eval_scalar gives up on: overflow past 64 bits and Python's own errors.
void int_error(const std::string& op, const std::vector<IValue>& in) {
  if (in.size() == 1 && intlike(in[0])) {
    if (op == "neg") int_overflow_unary("-", int_of(in[0]));
    if (op == "abs") int_overflow_unary("abs", int_of(in[0]));
    return;
  }
  if (in.size() != 2 || !intlike(in[0]) || !intlike(in[1])) return;
  int64_t a = int_of(in[0]), b = int_of(in[1]);
  static const std::unordered_map<std::string, const char*> symbols = {
      {"add", "+"}, {"sub", "-"}, {"mul", "*"}, {"floordiv", "//"}, {"remainder", "%"}, {"pow", "**"},
      {"__lshift__", "<<"}};
  auto it = symbols.find(op);
  if (it == symbols.end()) return;
  if (op == "pow" && a == 0 && b < 0) raise("ZeroDivisionError", "0.0 cannot be raised to a negative power");
  if (op == "__lshift__" && b < 0) raise("ValueError", "negative shift count");
  if ((op == "floordiv" || op == "remainder") && b == 0) return;  // ZeroDivisionError below
  int_overflow(it->second, a, b);
}

}  // namespace

void int_overflow(const char* op, int64_t a, int64_t b) {
  raise("OverflowError", "integer overflow: " + std::to_string(a) + " " + op + " " + std::to_string(b) +
                             " does not fit in 64 bits");
}

void int_overflow_unary(const char* op, int64_t a) {
  std::string e = std::string(op) == "-" ? "-" + std::string(a < 0 ? "(" : "") + std::to_string(a) + (a < 0 ? ")" : "")
                                         : std::string(op) + "(" + std::to_string(a) + ")";
  raise("OverflowError", "integer overflow: " + e + " does not fit in 64 bits");
}

int64_t float_to_int(double d) {
  if (std::isnan(d)) raise("ValueError", "cannot convert float NaN to integer");
  if (std::isinf(d)) raise("OverflowError", "cannot convert float infinity to integer");
  double t = std::trunc(d);
  if (t >= 9223372036854775808.0 || t < -9223372036854775808.0)
    raise("OverflowError", "cannot convert float " + ir::float_repr(d) + " to integer: it does not fit in 64 bits");
  return static_cast<int64_t>(t);
}

[[noreturn]] void scalar_error(const std::string& kind, const std::vector<IValue>& in) {
  std::string op = kind.substr(6);
  int_error(op, in);
  if (op == "Int" && in.size() == 1 && in[0].is_double()) float_to_int(in[0].to_double());
  if ((op == "div" || op == "floordiv" || op == "remainder") && in.size() == 2 && in[1].is_number() &&
      in[1].to_double() == 0) {
    bool ints = !in[0].is_double() && !in[1].is_double();
    if (op == "div") raise("ZeroDivisionError", ints ? "division by zero" : "float division by zero");
    raise("ZeroDivisionError", ints ? "integer division or modulo by zero" : "float modulo");
  }
  if (op == "__getitem__" && in.size() == 2) {
    if (in[0].is_dict()) raise("KeyError", in[1].is_string() ? "'" + in[1].to_string() + "'" : "key not found");
    raise("IndexError", std::string(in[0].is_string() ? "string" : in[0].is_tuple() ? "tuple" : "list") + " index out of range");
  }
  std::string types;
  for (size_t i = 0; i < in.size(); ++i) types += std::string(i ? ", " : "") + "'" + in[i].type_name() + "'";
  raise("TypeError", "unsupported operand type(s) for " + op + ": " + types);
}

IValue scalar_op(Interp& I, const std::string& kind, const std::vector<IValue>& in) {
  auto v = ir::eval_scalar(kind, in);
  if (!v) v = counter_op(kind, in);
  if (!v) v = set_op(I, kind, in);
  if (!v) v = sequence_op(I, kind, in);
  if (!v) v = tensor_operand_op(kind, in);
  if (!v) scalar_error(kind, in);
  return std::move(*v);
}

}  // namespace ts::runtime
