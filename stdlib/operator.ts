# operator: CPython 3.11's operator module (its pure-Python Lib/operator.py) in Ts. The function
# forms of the operators take `Any` and apply the operator itself, so they work on whatever the
# operator works on (ints, floats, bools, strs, lists, tuples, dicts, Tensors, script classes
# with the dunder methods) with the operator's own errors, and are values
# (`functools.reduce(operator.mul, xs, 1)`, `sorted(xs, key=operator.itemgetter(1))`):
# lt le eq ne ge gt, not_ truth is_ is_not, abs add and_ floordiv index inv invert lshift mod
# mul matmul neg or_ pos pow rshift sub truediv xor, concat contains countOf delitem getitem
# indexOf setitem length_hint, call, the in-place forms iadd ... ixor (which, as in CPython,
# change a list or Tensor in place and return it), and the callable classes itemgetter,
# attrgetter (dotted names too), with CPython's reprs.
# Differences: matmul takes Tensors only (Ts's `@` is a Tensor operator); `index` takes ints,
# bools and one-element integer Tensors (a script class's `__index__` is not called);
# methodcaller is not here (getattr(obj, name) binds the methods of script classes but not yet
# those of str, list, dict and Tensor);
# `length_hint` answers len() or the default (no `__length_hint__`); the dunder aliases
# (`operator.__add__`) are not there.
import torch
from typing import Any, Callable, Dict, List


# Comparison operations
def lt(a: Any, b: Any) -> Any:
    return a < b


def le(a: Any, b: Any) -> Any:
    return a <= b


def eq(a: Any, b: Any) -> Any:
    return a == b


def ne(a: Any, b: Any) -> Any:
    return a != b


def ge(a: Any, b: Any) -> Any:
    return a >= b


def gt(a: Any, b: Any) -> Any:
    return a > b


# Logical operations
def not_(a: Any) -> bool:
    return not a


def truth(a: Any) -> bool:
    return True if a else False


def is_(a: Any, b: Any) -> bool:
    return a is b


def is_not(a: Any, b: Any) -> bool:
    return a is not b


# Mathematical and bitwise operations
def _unary_operand(a: Any, op: str) -> None:
    # CPython's TypeError for the builtin types that have no unary operators.
    if a is None or isinstance(a, str) or isinstance(a, list) or isinstance(a, tuple) or isinstance(a, dict):
        raise TypeError("bad operand type for unary " + op + ": '" + type(a).__name__ + "'")


def abs(a: Any) -> Any:
    if isinstance(a, torch.Tensor):
        return a.abs()
    if isinstance(a, bool):
        return 1 if a else 0
    if isinstance(a, int) or isinstance(a, float):
        return a if a > 0 else -a
    raise TypeError("bad operand type for abs(): '" + type(a).__name__ + "'")


def add(a: Any, b: Any) -> Any:
    return a + b


def and_(a: Any, b: Any) -> Any:
    return a & b


def floordiv(a: Any, b: Any) -> Any:
    return a // b


def index(a: Any) -> int:
    if isinstance(a, bool):
        return 1 if a else 0
    if isinstance(a, int):
        return a
    if isinstance(a, torch.Tensor):
        if a.numel() != 1 or a.is_floating_point() or a.dtype == torch.bool:
            raise TypeError("only integer tensors of a single element can be converted to an index")
        return int(a.item())
    raise TypeError("'" + type(a).__name__ + "' object cannot be interpreted as an integer")


def inv(a: Any) -> Any:
    _unary_operand(a, "~")
    if isinstance(a, float):
        raise TypeError("bad operand type for unary ~: 'float'")
    if isinstance(a, torch.Tensor) and a.is_floating_point():
        raise TypeError("~ (operator.invert) is only implemented on integer and Boolean-type tensors")
    return ~a


invert = inv


def lshift(a: Any, b: Any) -> Any:
    return a << b


def mod(a: Any, b: Any) -> Any:
    return a % b


def mul(a: Any, b: Any) -> Any:
    return a * b


def matmul(a: Any, b: Any) -> Any:
    if not isinstance(a, torch.Tensor) or not isinstance(b, torch.Tensor):
        raise TypeError("unsupported operand type(s) for @: '" + type(a).__name__ + "' and '" + type(b).__name__ + "'")
    return torch.matmul(a, b)


def neg(a: Any) -> Any:
    _unary_operand(a, "-")
    return -a


def or_(a: Any, b: Any) -> Any:
    return a | b


def pos(a: Any) -> Any:
    _unary_operand(a, "+")
    if isinstance(a, bool):
        return 1 if a else 0
    return +a


def pow(a: Any, b: Any) -> Any:
    return a ** b


def rshift(a: Any, b: Any) -> Any:
    return a >> b


def sub(a: Any, b: Any) -> Any:
    return a - b


def truediv(a: Any, b: Any) -> Any:
    return a / b


def xor(a: Any, b: Any) -> Any:
    return a ^ b


# Sequence operations
def _concatenable(a: Any) -> bool:
    # CPython asks hasattr(a, '__getitem__'): the numbers and None have none.
    return not (a is None or isinstance(a, bool) or isinstance(a, int) or isinstance(a, float))


def concat(a: Any, b: Any) -> Any:
    if not _concatenable(a):
        raise TypeError("'" + type(a).__name__ + "' object can't be concatenated")
    return a + b


def contains(a: Any, b: Any) -> bool:
    return b in a


def countOf(a: Any, b: Any) -> int:
    count = 0
    for i in a:
        if i is b or i == b:
            count += 1
    return count


def delitem(a: Any, b: Any) -> None:
    del a[b]


def getitem(a: Any, b: Any) -> Any:
    return a[b]


def indexOf(a: Any, b: Any) -> int:
    k = 0
    for j in a:
        if j is b or j == b:
            return k
        k += 1
    raise ValueError("sequence.index(x): x not in sequence")


def setitem(a: Any, b: Any, c: Any) -> None:
    a[b] = c


def length_hint(obj: Any, default: Any = 0) -> int:
    if not isinstance(default, int):
        raise TypeError("'" + type(default).__name__ + "' object cannot be interpreted as an integer")
    if isinstance(obj, str) or isinstance(obj, list) or isinstance(obj, dict) or isinstance(obj, tuple) \
            or isinstance(obj, torch.Tensor):
        return len(obj)
    return int(default)


# Other operations
def call(obj: Any, *args: Any, **kwargs: Any) -> Any:
    return obj(*args, **kwargs)


# Generalized lookup objects
def _reprs(xs: List[Any]) -> str:
    return ", ".join([repr(x) for x in xs])


def _getattr_path(obj: Any, names: List[str]) -> Any:
    for name in names:
        obj = getattr(obj, name)
    return obj


class attrgetter:
    def __init__(self, attr: Any, *attrs: Any) -> None:
        self._attrs: List[Any] = [attr] + [a for a in attrs]
        self._names: List[List[str]] = []
        for a in self._attrs:
            if not isinstance(a, str):
                raise TypeError("attribute name must be a string")
            self._names.append(a.split("."))

    def __call__(self, obj: Any) -> Any:
        if len(self._names) == 1:
            return _getattr_path(obj, self._names[0])
        return tuple([_getattr_path(obj, n) for n in self._names])

    def __repr__(self) -> str:
        return "operator.attrgetter(" + _reprs(self._attrs) + ")"


class itemgetter:
    def __init__(self, item: Any, *items: Any) -> None:
        self._items: List[Any] = [item] + [i for i in items]

    def __call__(self, obj: Any) -> Any:
        if len(self._items) == 1:
            return obj[self._items[0]]
        return tuple([obj[i] for i in self._items])

    def __repr__(self) -> str:
        return "operator.itemgetter(" + _reprs(self._items) + ")"


# In-place operations: a += b changes a list or Tensor in place and gives it back (with
# PyTorch's in-place casting errors); numbers, strs and tuples give a new value, as in CPython.
def _list_imul(a: List[Any], n: Any) -> List[Any]:
    if not isinstance(n, int):
        raise TypeError("can't multiply sequence by non-int of type '" + type(n).__name__ + "'")
    items = [x for x in a]
    a.clear()
    for _ in range(n):
        a.extend(items)
    return a


def iadd(a: Any, b: Any) -> Any:
    if isinstance(a, torch.Tensor):
        t: torch.Tensor = a
        t += b
        return t
    if isinstance(a, list):
        a.extend(b)
        return a
    a += b
    return a


def iand(a: Any, b: Any) -> Any:
    if isinstance(a, torch.Tensor):
        t: torch.Tensor = a
        t &= b
        return t
    a &= b
    return a


def iconcat(a: Any, b: Any) -> Any:
    if not _concatenable(a):
        raise TypeError("'" + type(a).__name__ + "' object can't be concatenated")
    return iadd(a, b)


def ifloordiv(a: Any, b: Any) -> Any:
    if isinstance(a, torch.Tensor):
        t: torch.Tensor = a
        t //= b
        return t
    a //= b
    return a


def ilshift(a: Any, b: Any) -> Any:
    if isinstance(a, torch.Tensor):
        t: torch.Tensor = a
        t <<= b
        return t
    a <<= b
    return a


def imod(a: Any, b: Any) -> Any:
    if isinstance(a, torch.Tensor):
        t: torch.Tensor = a
        t %= b
        return t
    a %= b
    return a


def imul(a: Any, b: Any) -> Any:
    if isinstance(a, torch.Tensor):
        t: torch.Tensor = a
        t *= b
        return t
    if isinstance(a, list):
        return _list_imul(a, b)
    a *= b
    return a


def imatmul(a: Any, b: Any) -> Any:
    return matmul(a, b)


def ior(a: Any, b: Any) -> Any:
    if isinstance(a, torch.Tensor):
        t: torch.Tensor = a
        t |= b
        return t
    a |= b
    return a


def ipow(a: Any, b: Any) -> Any:
    if isinstance(a, torch.Tensor):
        t: torch.Tensor = a
        t **= b
        return t
    a **= b
    return a


def irshift(a: Any, b: Any) -> Any:
    if isinstance(a, torch.Tensor):
        t: torch.Tensor = a
        t >>= b
        return t
    a >>= b
    return a


def isub(a: Any, b: Any) -> Any:
    if isinstance(a, torch.Tensor):
        t: torch.Tensor = a
        t -= b
        return t
    a -= b
    return a


def itruediv(a: Any, b: Any) -> Any:
    if isinstance(a, torch.Tensor):
        t: torch.Tensor = a
        t /= b
        return t
    a /= b
    return a


def ixor(a: Any, b: Any) -> Any:
    if isinstance(a, torch.Tensor):
        t: torch.Tensor = a
        t ^= b
        return t
    a ^= b
    return a
