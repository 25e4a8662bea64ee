"""What PyTorch's Python argument parser accepts (imported by samples.py; vocabulary: spec.py).

Numbers where an op takes a Tensor:
PyTorch 1.13's argument parser turns a number into a tensor only for the arithmetic ops (add,
sub, mul, div, floor_divide, ...) or where a Scalar overload exists (pow(Scalar, Tensor),
remainder, xlogy, float_power, eq(Tensor, Scalar), ...); everywhere else a number in a Tensor
position is a TypeError naming the argument. These samples add both sides to existing entries.

dtype= (and device=) next to out= in the factory functions: the parser checks them against out
("dtype Double does not match dtype of out parameter (Float)") and then calls the out= form.
"""
from spec import REGISTRY, T, c, f32, f64, i32, i64

# op: (takes a number first, takes a number second)
BINARY = {
    "add": (True, True), "sub": (True, True), "mul": (True, True), "div": (True, True),
    "true_divide": (True, True), "floor_divide": (True, True), "remainder": (True, True),
    "pow": (True, True), "xlogy": (True, True), "float_power": (True, True),
    "fmod": (False, True), "copysign": (False, True), "eq": (False, True), "ne": (False, True),
    "lt": (False, True), "le": (False, True), "gt": (False, True), "ge": (False, True),
    "atan2": (False, False), "maximum": (False, False), "minimum": (False, False),
    "fmax": (False, False), "fmin": (False, False), "logical_and": (False, False),
    "logical_or": (False, False), "logical_xor": (False, False), "hypot": (False, False),
    "nextafter": (False, False), "heaviside": (False, False),
    "dist": (False, False), "logaddexp": (False, False),
    "mm": (False, False), "matmul": (False, False), "dot": (False, False),
    "isclose": (False, False), "equal": (False, False),
}

# Ops with several signatures for two arguments: PyTorch lists them instead of naming the argument.
MULTI = {"fmod", "copysign", "eq", "ne", "lt", "le", "gt", "ge"}

UNARY = ["isinf", "isfinite", "isnan", "exp", "abs", "neg", "sigmoid", "relu", "sum", "tanh"]


def _expect(call, ok, name):
    if ok:
        return call
    if name not in MULTI:
        return call.raises()
    # PyTorch lists its overloads after this (Dimname ones among them, which the registry lacks).
    got = ", ".join("Tensor" if isinstance(a, T) else type(a).__name__ for a in call.args)
    return call.raises(prefix="%s() received an invalid combination of arguments - got (%s), but expected one of:"
                       % (name, got))


for _name, (_first, _second) in BINARY.items():
    assert _name in REGISTRY, _name
    REGISTRY[_name].calls += [
        _expect(c(2, T(3)).function(), _first, _name),
        _expect(c(2.5, T(3)).function(), _first, _name),
        _expect(c(T(3), 2).function(), _second, _name),
    ]

for _name in UNARY:
    assert _name in REGISTRY, _name
    REGISTRY[_name].calls.append(c(1.5).function().raises())

FACTORY_OUT = {
    "zeros": [c([3], dtype=f64).out(T(3)).raises(), c([2, 2], dtype=f32).out(T(4)),
              c([2], dtype=i64, device="cpu").out(T(2, dtype=i64))],
    "ones": [c([3], dtype=i64).out(T(3)).raises(), c([3], dtype=f64).out(T(3, dtype=f64))],
    "full": [c([3], 1.5, dtype=f64).out(T(3)).raises(), c([2], 7, dtype=i32).out(T(2, dtype=i32))],
    "empty": [c([3], dtype=f64).out(T(3)).raises(), c([3], dtype=f32).out(T(3)).no_values()],
    "arange": [c(3, dtype=f64).out(T(3)).raises(), c(0, 3, dtype=f32).out(T(3)),
               c(0, 1, 0.25, dtype=f64).out(T(4, dtype=f64))],
    "linspace": [c(0, 1, 5, dtype=f64).out(T(5)).raises(), c(0, 1, 5, dtype=f32).out(T(5))],
    "eye": [c(3, dtype=f64).out(T(3, 3)).raises(), c(2, 3, dtype=f32).out(T(2, 3)),
            c(2, 3, dtype=i64).out(T(2, 3)).raises()],
    "rand": [c([3], dtype=f64).out(T(3)).seed(0).raises(), c([3], dtype=f32).out(T(3)).seed(0)],
    "randn": [c([3], dtype=f64).out(T(3)).seed(0).raises(), c([3], dtype=f64).out(T(3, dtype=f64)).seed(1)],
    "randint": [c(5, [3], dtype=f64).out(T(3)).seed(0).raises(), c(0, 5, [3], dtype=i64).out(T(3, dtype=i64)).seed(2)],
    "randperm": [c(4, dtype=f64).out(T(4, dtype=i64)).seed(0).raises(), c(4, dtype=i64).out(T(4, dtype=i64)).seed(3)],
}

for _name, _calls in FACTORY_OUT.items():
    REGISTRY[_name].calls += _calls
