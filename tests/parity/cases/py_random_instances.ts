# random.Random instances: CPython 3.11's numbers for each seed and method, independent states,
# and the module-level generator left alone.
import random
import math
from random import Random
from typing import Any, List


def show(label: str, f: Any) -> None:
    try:
        print(label, f())
    except Exception as e:
        print(label, type(e).__name__, e)


random.seed(0)
print("module before", random.random(), random.random(), random.randint(1, 100))

r = Random(1234)
print("random", [r.random() for i in range(5)])
print("randint", [r.randint(1, 6) for i in range(20)])
print("randrange", [r.randrange(10) for i in range(10)], r.randrange(5, 50, 7), r.randrange(50, 5, -3))
print("randrange big", r.randrange(10 ** 18), r.randrange(-10 ** 18, 10 ** 18), r.randrange(2 ** 62))
print("getrandbits", [r.getrandbits(k) for k in [0, 1, 5, 31, 32, 33, 48, 63]])
print("uniform", r.uniform(-2.0, 3.0), r.uniform(5, 1))
print("choice", r.choice([10, 20, 30, 40]), r.choice("abcdef"), r.choice((1.5, 2.5)), r.choice(range(100, 200)))
xs = list(range(12))
r.shuffle(xs)
print("shuffle", xs)
names = ["ann", "bob", "cy", "dee"]
r.shuffle(names)
print("shuffle str", names)
print("sample", r.sample(list(range(100)), 5), r.sample(range(10), 10), r.sample(range(10 ** 6), 8))
print("sample small", r.sample(["a", "b", "c"], 2), r.sample(range(30), 7), r.sample(range(300), 30))
print("sample counts", r.sample(["red", "blue"], counts=[4, 2], k=5))
print("choices", r.choices(["a", "b", "c"], k=6), r.choices(range(5)))
print("choices w", r.choices(["a", "b", "c"], [1, 5, 10], k=8), r.choices(["a", "b", "c"], weights=[0.1, 0.0, 0.9], k=5))
print("choices cw", r.choices([1, 2, 3], cum_weights=[1, 2, 10], k=6))
print("gauss", [r.gauss() for i in range(5)], r.gauss(10.0, 2.0))
print("normalvariate", [r.normalvariate() for i in range(3)], r.normalvariate(5, 0.5))
print("expovariate", [r.expovariate(1.5) for i in range(3)])
print("triangular", r.triangular(), r.triangular(0.0, 10.0, 2.0), r.triangular(1.0, 1.0, 1.0), r.triangular(2.0, 5.0))
print("betavariate", r.betavariate(2.0, 3.0), r.betavariate(0.5, 0.5), r.betavariate(1.0, 1.0))
print("gammavariate", r.gammavariate(0.5, 1.0), r.gammavariate(1.0, 2.0), r.gammavariate(9.0, 0.5))
print("lognormvariate", r.lognormvariate(0.0, 1.0))
print("vonmises", r.vonmisesvariate(1.0, 4.0), r.vonmisesvariate(0.0, 0.0))
print("pareto weibull", r.paretovariate(3.0), r.weibullvariate(1.0, 1.5))

# seeds
for s in [0, 1, 42, -42, 2 ** 32, 2 ** 32 - 1, 2 ** 40 + 7, -9223372036854775807 - 1, 9223372036854775807,]:
    rs = Random(s)
    print("seed", s, rs.random(), rs.getrandbits(20))
for fs in [0.0, 2.5, -1.5, 3.0, -3.0, 1e300, 1e-300, 0.1, -0.1, float("inf"), -float("inf"), 123456.789]:
    rs = Random(fs)
    print("float seed", fs, rs.random())
for ss in ["", "a", "hello", "hello world", "é€𝄞 ünïcödé", "x" * 200]:
    rs = Random(ss)
    print("str seed", repr(ss[:20]), rs.random(), rs.randint(0, 1000))
    rs.seed(ss, version=1)
    print("str seed v1", repr(ss[:20]), rs.random())
print("bool seeds", Random(True).random(), Random(False).random())
rs = Random()
v = rs.random()
print("no seed", 0.0 <= v and v < 1.0)
rs.seed(99)
print("reseed", rs.random())
rs.seed(99, version=1)
print("reseed v1", rs.random())

# interleaved instances
a = Random(7)
b = Random(7)
c = Random(8)
seq: List[float] = []
for i in range(4):
    seq.append(a.random())
    seq.append(c.random())
print("interleaved a/c", seq)
print("b alone", [b.random() for i in range(4)])
g1 = Random(3)
g2 = Random(3)
print("gauss pairs", g1.gauss(), g2.random(), g1.gauss(), g2.gauss(), g1.gauss())

# a long stream crosses several twists
big = Random(2024)
acc = 0
for i in range(3000):
    acc = (acc + big.getrandbits(32)) % 1000000007
print("stream", acc, big.random())

# getstate / setstate
st = Random(55)
st.gauss()
state = st.getstate()
print("state", state[0], len(state[1]), state[1][:3], state[1][-1], state[2])
x1 = [st.random() for i in range(3)]
st.setstate(state)
x2 = [st.random() for i in range(3)]
print("restored", x1 == x2, x2, st.gauss())
other = Random(0)
other.setstate(state)
print("copied", other.random())
st2 = st.getstate()
print("state2", st2[0], st2[1][620:], st2[2])
for bad in [(3, state[1][:10], None), (4, state[1], None), (3, list(state[1]), None),
            (3, state[1]), (2, state[1], None),
            (3, tuple([-1] * 625), None), (3, tuple(["a"] * 625), None),
            (3, state[1][:624] + (625,), None), (3, state[1][:624] + (-1,), None),
            (3, tuple([2 ** 32 + 5] * 624 + [624]), None)]:
    show("setstate", lambda: st.setstate(bad))
print("after bad", st.random())

# errors
e = Random(1)
show("randrange 0", lambda: e.randrange(0))
show("randrange -3", lambda: e.randrange(-3))
show("randrange 2.5", lambda: e.randrange(2.5))
show("randrange 3.0", lambda: e.randrange(3.0))
show("randrange 5 5", lambda: e.randrange(5, 5))
show("randrange 5 2", lambda: e.randrange(5, 2))
show("randrange step 0", lambda: e.randrange(1, 10, 0))
show("randrange 10 1 1", lambda: e.randrange(10, 1, 1))
show("randrange 10 1 -3", lambda: e.randrange(10, 1, -3))
show("randrange None stop", lambda: e.randrange(10, None, 2))
show("randrange 1 2.5", lambda: e.randrange(1, 2.5))
show("randrange step 1.5", lambda: e.randrange(1, 5, 1.5))
show("randint 3 1", lambda: e.randint(3, 1))
show("getrandbits -1", lambda: e.getrandbits(-1))
show("choice []", lambda: e.choice([]))
show("choice ''", lambda: e.choice(""))
show("sample big", lambda: e.sample([1, 2, 3], 4))
show("sample neg", lambda: e.sample([1, 2, 3], -1))
show("sample dict", lambda: e.sample({1: 2}, 1))
show("sample counts len", lambda: e.sample([1, 2], 1, counts=[1]))
show("sample counts float", lambda: e.sample([1, 2], 1, counts=[1.0, 2.0]))
show("sample counts zero", lambda: e.sample([1, 2], 1, counts=[0, 0]))
show("choices k positional", lambda: e.choices([1, 2], 3))
show("choices both", lambda: e.choices([1, 2], [1, 1], cum_weights=[1, 2]))
show("choices len", lambda: e.choices([1, 2], [1]))
show("choices zero", lambda: e.choices([1, 2], [0, 0]))
show("choices inf", lambda: e.choices([1, 2], [1.0, float("inf")]))
show("choices empty", lambda: e.choices([], k=2))
show("choices empty k0", lambda: e.choices([], k=0))
show("gammavariate", lambda: e.gammavariate(0.0, 1.0))
show("seed list", lambda: e.seed([1, 2]))
show("expovariate 0", lambda: e.expovariate(0.0))
print("errors done", e.random())

random.seed(0)
print("module after", random.random(), random.random(), random.randint(1, 100))

# the whole state prints as CPython's tuple; a state built by hand is taken
full = Random(11).getstate()
print(full)
ws = list(full[1])
ws[-1] = 624
hand = Random(0)
hand.setstate((3, tuple(ws), 0.25))
print("hand", hand.random(), hand.gauss(), hand.gauss())
hand.setstate((2, tuple(ws), None))
print("version 2", hand.random())


# (a subclass that overrides random() alone gets CPython's random()-based _randbelow there, and
# the getrandbits one in Ts: see the module's header)
class Biased(Random):
    def __init__(self, seed: int):
        super().__init__(seed)
        self.calls = 0

    def random(self) -> float:
        self.calls += 1
        return super().random() * 0.5

    def getrandbits(self, k: int) -> int:
        self.calls += 1
        return super().getrandbits(k)


bz = Biased(5)
print("subclass", bz.random(), bz.uniform(0.0, 10.0), bz.gauss(), bz.randint(1, 10), bz.calls)
t = Random(77)
print("sample str", t.sample("abcdefgh", 3), t.choice(["x"]), t.choices("ab", k=3))
big_list = list(range(1000))
t.shuffle(big_list)
print("shuffle 1000", big_list[:10], sum([i * v for i, v in enumerate(big_list)]))
print("choices mixed", t.choices(["p", "q", "r"], [1, 2.5, 3], k=10))
print("triangular ints", t.triangular(2, 2, 2), t.triangular(0, 4, 4))
