# The operator module against CPython's (run under both).
import operator
import functools
import torch
from typing import Any, List


def show(name: str, f: Any, args: List[Any]) -> None:
    try:
        print(name, repr(f(*args)))
    except Exception as e:
        print(name, "->", type(e).__name__, e)


def show_t(name: str, f: Any, args: List[Any]) -> None:
    # Only the error's type: tsrun's dynamic operators word their TypeErrors and some
    # ZeroDivisionErrors differently from CPython (a runtime matter, not operator's).
    try:
        print(name, repr(f(*args)))
    except Exception as e:
        print(name, "->", type(e).__name__)


class P:
    def __init__(self, name: str, age: int):
        self.name = name
        self.age = age
        self.inner = Q(age * 2)

    def __repr__(self) -> str:
        return "P(" + self.name + ")"


class Q:
    def __init__(self, v: int):
        self.v = v


t = torch.tensor([1.0, -2.0, 3.0])
ti = torch.tensor([6, 7, -8])
bin_ops = [("add", operator.add), ("sub", operator.sub), ("mul", operator.mul),
           ("truediv", operator.truediv), ("floordiv", operator.floordiv), ("mod", operator.mod),
           ("pow", operator.pow), ("eq", operator.eq), ("ne", operator.ne), ("lt", operator.lt),
           ("le", operator.le), ("gt", operator.gt), ("ge", operator.ge)]
pairs: List[List[Any]] = [[7, 2], [-7, 2], [7.5, 2], [2, 0.5], [True, 3], ["ab", "cd"], [[1, 2], [3]],
                          ["ab", 3], [7, 0], [7.0, 0.0], [t, 2], [ti, 3], [t, t], [(1, 2), (3,)], [2, -1]]
for nm, f in bin_ops:
    for p in pairs:
        show_t(nm + " " + repr(p[0]) + " " + repr(p[1]), f, p)

bit_ops = [("and_", operator.and_), ("or_", operator.or_), ("xor", operator.xor),
           ("lshift", operator.lshift), ("rshift", operator.rshift)]
for nm, f in bit_ops:
    for p in [[12, 10], [True, False], [ti, 3], [-5, 1], [1.5, 2]]:
        show_t(nm + " " + repr(p[0]) + " " + repr(p[1]), f, p)

for nm, f in [("neg", operator.neg), ("pos", operator.pos), ("abs", operator.abs), ("inv", operator.inv),
              ("invert", operator.invert), ("not_", operator.not_), ("truth", operator.truth),
              ("index", operator.index)]:
    for x in [5, -3, 0, True, False, -2.5, -0.0, "", "s", [], [0], t, ti, torch.tensor([4]), torch.tensor(2.0), None]:
        show(nm + " " + repr(x), f, [x])

show("contains", operator.contains, [[1, 2, 3], 2])
show("contains str", operator.contains, ["hello", "ell"])
show("contains dict", operator.contains, [{"a": 1}, "b"])
show("contains int", operator.contains, [5, 1])
show("concat", operator.concat, [[1], [2, 3]])
show("concat str", operator.concat, ["a", "b"])
show("concat int", operator.concat, [1, 2])
show("concat float", operator.concat, [1.5, 2])
show_t("concat mixed", operator.concat, [[1], "b"])
show("getitem list", operator.getitem, [[4, 5, 6], 1])
show("getitem neg", operator.getitem, [[4, 5, 6], -1])
show("getitem out", operator.getitem, [[4, 5, 6], 5])
show("getitem dict", operator.getitem, [{"k": 9}, "k"])
show("getitem missing", operator.getitem, [{"k": 9}, "z"])
show("getitem str", operator.getitem, ["xyz", 2])
show("getitem tensor", operator.getitem, [t, 1])
show("is_", operator.is_, [None, None])
show("is_not", operator.is_not, [None, 1])
show("countOf", operator.countOf, [[1, 2, 1, 1], 1])
show("indexOf", operator.indexOf, [[5, 6, 7], 7])
show("indexOf missing", operator.indexOf, [[5, 6, 7], 8])
show("length_hint", operator.length_hint, [[1, 2, 3]])
show("length_hint str", operator.length_hint, ["abcd"])
show("length_hint int", operator.length_hint, [5, 7])
show("matmul", operator.matmul, [torch.eye(2), torch.tensor([[1.0, 2.0], [3.0, 4.0]])])
lst = [1, 2, 3]
operator.setitem(lst, 0, 10)
print(lst)
d = {"a": 1}
operator.setitem(d, "b", 2)
print(d)
operator.delitem(lst, 1)
print(lst)
operator.delitem(d, "a")
print(d)
try:
    operator.delitem(d, "zz")
except Exception as e:
    print(type(e).__name__, e)
tt = torch.zeros(3)
operator.setitem(tt, 1, 5.0)
print(tt)

# in-place forms
a = [1, 2]
b = operator.iadd(a, [3])
print(a, b, a is b)
print(operator.iadd(3, 4), operator.isub(3, 4), operator.imul("ab", 2), operator.itruediv(7, 2),
      operator.ifloordiv(7, 2), operator.imod(7, 3), operator.ipow(2, 10), operator.iand(6, 3),
      operator.ior(6, 3), operator.ixor(6, 3), operator.ilshift(1, 4), operator.irshift(64, 2))
tz = torch.ones(2)
r = operator.iadd(tz, 1.0)
print(tz, r)
r2 = operator.imul(tz, torch.tensor([2.0, 3.0]))
print(tz, r2)
la = [1, 2]
lb = operator.imul(la, 2)
print(la, lb, la is lb)
li = torch.ones(2, dtype=torch.long)
try:
    operator.itruediv(li, 2)
except Exception as e:
    print(type(e).__name__, e)
print(li, operator.ifloordiv(li, 2), li, operator.ipow(torch.tensor([2.0]), 3))
print(operator.iconcat([1], [2]), operator.iconcat("a", "b"))
try:
    operator.iconcat(1, 2)
except Exception as e:
    print(type(e).__name__, e)

# as values
xs = [(1, "b", 3.0), (0, "c", 1.0), (2, "a", 2.0)]
print(sorted(xs, key=operator.itemgetter(1)))
print(sorted(xs, key=operator.itemgetter(2), reverse=True))
print(sorted(xs, key=operator.itemgetter(1, 0)))
print(functools.reduce(operator.mul, [1, 2, 3, 4], 1))
print(functools.reduce(operator.add, [[1], [2], [3]]))
print(functools.reduce(operator.add, ["a", "b", "c"]))
print(functools.reduce(operator.mul, [torch.tensor([1.0, 2.0]), torch.tensor([3.0, 4.0])]))
print(functools.reduce(operator.add, [0.1, 0.2, 0.3], 0.0))
print(functools.reduce(operator.or_, [1, 2, 4, 8]))
dd = {"x": 3, "y": 9, "z": 1}
print(max(dd.items(), key=operator.itemgetter(1)))
print(min(dd.items(), key=operator.itemgetter(1)))
print(sorted(dd.items(), key=operator.itemgetter(1)))
print(list(map(operator.itemgetter(0), xs)))
print(list(map(operator.neg, [1, -2, 3])))
print(list(map(operator.add, [1, 2], [10, 20])))
ig = operator.itemgetter(1)
print(ig([7, 8, 9]), ig("hey"), ig({1: "one"}))
print(operator.itemgetter(0, 2)("abc"))
print(operator.itemgetter(-1)(t))
print(repr(operator.itemgetter(1)), repr(operator.itemgetter("a", 2)))
try:
    operator.itemgetter(5)([1])
except Exception as e:
    print(type(e).__name__, e)
try:
    operator.itemgetter("k")({"j": 1})
except Exception as e:
    print(type(e).__name__, e)

ps = [P("bob", 30), P("al", 25), P("cy", 35)]
print(sorted(ps, key=operator.attrgetter("age")))
print(sorted(ps, key=operator.attrgetter("name")))
print(operator.attrgetter("name", "age")(ps[0]))
print(operator.attrgetter("inner.v")(ps[1]))
print(operator.attrgetter("shape")(t))
print(operator.attrgetter("dtype", "shape")(ti))
print(repr(operator.attrgetter("a.b", "c")))
try:
    operator.attrgetter("nope")(ps[0])
except Exception as e:
    print(type(e).__name__, e)
try:
    operator.attrgetter(5)
except Exception as e:
    print(type(e).__name__, e)

print(operator.call(len, [1, 2]), operator.call(max, 3, 9, 4))
