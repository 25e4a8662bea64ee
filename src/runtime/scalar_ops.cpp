// The scalar-kind operators on boxed values (runtime/scalar_ops.h): numbers through
// ir::eval_scalar, then sequence operators, then tensors that values typed Any turned out to hold.
#include "runtime/scalar_ops.h"

#include <optional>
#include <unordered_map>

#include "ir/scalar_eval.h"
#include "ops/registry.h"

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

// `+` and `*` on lists and tuples (concatenation, repetition), `==`/`!=` on any values, which
// eval_scalar leaves to the runtime.
std::optional<IValue> sequence_op(Interp& I, const std::string& kind, const std::vector<IValue>& in) {
  if (in.size() != 2) return std::nullopt;
  const IValue &a = in[0], &b = in[1];
  if (kind == "aten::eq" || kind == "aten::ne") {
    bool eq = ivalue_equal(a, b);
    return IValue(kind == "aten::eq" ? eq : !eq);
  }
  bool seq_a = a.is_list() || a.is_tuple();
  if (seq_a && (b.is_list() || b.is_tuple()) &&
      (kind == "aten::lt" || kind == "aten::gt" || kind == "aten::le" || kind == "aten::ge")) {
    bool lt = py_less(I, a, b), gt = py_less(I, b, a);
    if (kind == "aten::lt") return IValue(lt);
    if (kind == "aten::gt") return IValue(gt);
    if (kind == "aten::le") return IValue(!gt);
    return IValue(!lt);
  }
  if (kind == "aten::add" && seq_a && a.is_list() == b.is_list() && (b.is_list() || b.is_tuple())) {
    std::vector<IValue> r = a.items();
    r.insert(r.end(), b.items().begin(), b.items().end());
    return a.is_list() ? IValue::list(r) : IValue::tuple(r);
  }
  if (kind == "aten::mul" && (seq_a || b.is_list() || b.is_tuple()) && (a.is_int() || b.is_int())) {
    const IValue& seq = seq_a ? a : b;
    int64_t n = seq_a ? b.to_int() : a.to_int();
    std::vector<IValue> r;
    for (int64_t k = 0; k < n; ++k) r.insert(r.end(), seq.items().begin(), seq.items().end());
    return seq.is_list() ? IValue::list(r) : IValue::tuple(r);
  }
  return std::nullopt;
}

}  // namespace

[[noreturn]] void scalar_error(const std::string& kind, const std::vector<IValue>& in) {
  std::string op = kind.substr(6);
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
  if (!v) v = sequence_op(I, kind, in);
  if (!v) v = tensor_operand_op(kind, in);
  if (!v) scalar_error(kind, in);
  return std::move(*v);
}

}  // namespace ts::runtime
