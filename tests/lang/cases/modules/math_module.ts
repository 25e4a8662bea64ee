# Every function of the math module, compared with CPython: values at ordinary points, special
# values (inf, nan, signed zeros), the integer functions, and each one's error for a bad argument.
import math
from typing import Any, Callable, List, Tuple

print(math.pi, math.e, math.tau, math.inf, -math.inf, math.nan)
xs: List[float] = [0.5, 1.0, 2.0, 10.0]
for x in xs:
    print(math.sqrt(x), math.exp(x), math.exp2(x), math.expm1(x), math.log(x), math.log(x, 3), math.log2(x),
          math.log10(x), math.log1p(x))
    print(math.sin(x), math.cos(x), math.tan(x), math.sinh(x), math.cosh(x), math.tanh(x), math.asinh(x),
          math.acosh(x + 1), math.atan(x))
    print(math.erf(x), math.erfc(x), math.gamma(x), math.lgamma(x), math.cbrt(-x), math.fabs(-x),
          math.degrees(x), math.radians(x), math.ulp(x))
print(math.asin(0.5), math.acos(0.5), math.atanh(0.5), math.atan2(1, -1), math.atan2(-0.0, -1.0))
print(math.copysign(3, -0.0), math.copysign(-2.5, 1), math.fmod(7, 3), math.fmod(-7, 3), math.fmod(5.5, math.inf))
print(math.remainder(7, 3), math.remainder(5, 2), math.remainder(-5, 2), math.nextafter(1.0, 2.0), math.nextafter(1.0, 0.0))
print(math.pow(2, 10), math.pow(2, -1), math.pow(0, 0), math.pow(4, 0.5), math.pow(1, math.nan))
print(math.floor(2.7), math.floor(-2.5), math.ceil(2.1), math.ceil(-2.5), math.trunc(-2.7), math.trunc(3), math.floor(7), math.ceil(True))
print(math.isnan(math.nan), math.isinf(-math.inf), math.isfinite(1e308), math.isfinite(math.nan))
print(math.isclose(1.0, 1.0 + 1e-10), math.isclose(1.0, 1.1), math.isclose(1.0, 1.05, rel_tol=0.1),
      math.isclose(0.0, 1e-12, abs_tol=1e-9), math.isclose(math.inf, math.inf), math.isclose(math.nan, math.nan))
print(math.gcd(), math.gcd(12), math.gcd(12, 18), math.gcd(12, -18, 30), math.gcd(0, 0))
print(math.lcm(), math.lcm(4), math.lcm(4, 6), math.lcm(4, 6, 10), math.lcm(0, 5), math.lcm(-4, 6))
print(math.isqrt(0), math.isqrt(15), math.isqrt(16), math.isqrt(10 ** 18), math.isqrt(9223372036854775807))
print(math.factorial(0), math.factorial(5), math.factorial(20))
print(math.comb(5, 2), math.comb(10, 0), math.comb(3, 5), math.comb(60, 30), math.perm(5), math.perm(5, 2), math.perm(3, 5))
fr: Tuple[float, int] = math.frexp(8.0)
print(fr, math.frexp(0.0), math.frexp(-0.375), math.frexp(math.inf))
print(math.ldexp(0.5, 4), math.ldexp(-3.0, -2), math.ldexp(1.0, -1074))
print(math.modf(3.25), math.modf(-2.5), math.modf(math.inf), math.modf(-math.inf))
print(math.hypot(), math.hypot(3), math.hypot(3, 4), math.hypot(1, 2, 2), math.hypot(math.inf, math.nan))
print(math.dist([0, 0], [3, 4]), math.dist((1.0, 2.0, 3.0), (4.0, 6.0, 15.0)), math.dist([1], [1]))
print(math.fsum([0.1] * 10), sum([0.1] * 10), math.fsum([1e100, 1.0, -1e100]), math.fsum([]), math.fsum(range(5)))
print(math.fsum([math.inf, 1.0]), math.fsum([1.0, math.nan]))
print(math.prod([1, 2, 3, 4]), math.prod([0.5, 4]), math.prod([]), math.prod([2, 3], start=10), math.prod(range(1, 6)))
print(math.ulp(0.0), math.ulp(1e300), math.ulp(math.inf), math.gamma(math.inf), math.lgamma(-math.inf), math.lgamma(-2.5))


def err(name: str, f: Callable[[], Any]) -> None:
    try:
        f()
        print(name, "no error")
    except ValueError as e:
        print(name, "ValueError", e)
    except OverflowError as e:
        print(name, "OverflowError", e)
    except ZeroDivisionError as e:
        print(name, "ZeroDivisionError", e)
    except TypeError as e:
        print(name, "TypeError", e)


err("sqrt", lambda: math.sqrt(-1))
err("log0", lambda: math.log(0))
err("log-", lambda: math.log(-2.0))
err("logbase1", lambda: math.log(2, 1))
err("log2", lambda: math.log2(0))
err("log10", lambda: math.log10(-1))
err("log1p", lambda: math.log1p(-1))
err("exp", lambda: math.exp(1000))
err("expm1", lambda: math.expm1(1000))
err("exp2", lambda: math.exp2(2000))
err("cosh", lambda: math.cosh(1000))
err("asin", lambda: math.asin(2))
err("acos", lambda: math.acos(-2))
err("acosh", lambda: math.acosh(0.5))
err("atanh", lambda: math.atanh(1))
err("gamma0", lambda: math.gamma(0))
err("gamma-", lambda: math.gamma(-3))
err("gammabig", lambda: math.gamma(200))
err("lgamma", lambda: math.lgamma(-1))
err("pow0", lambda: math.pow(0, -1))
err("pown", lambda: math.pow(-2, 0.5))
err("powbig", lambda: math.pow(10, 400))
err("fmod", lambda: math.fmod(1, 0))
err("fmodinf", lambda: math.fmod(math.inf, 2))
err("remainder", lambda: math.remainder(1, 0))
err("sin", lambda: math.sin(math.inf))
err("floornan", lambda: math.floor(math.nan))
err("ceilinf", lambda: math.ceil(math.inf))
err("isqrt", lambda: math.isqrt(-1))
err("factorial", lambda: math.factorial(-1))
err("comb", lambda: math.comb(-1, 2))
err("combk", lambda: math.comb(5, -1))
err("perm", lambda: math.perm(-1))
err("permk", lambda: math.perm(3, -1))
err("ldexp", lambda: math.ldexp(1.0, 2000))
err("dist", lambda: math.dist([1, 2], [1]))
err("fsum", lambda: math.fsum([math.inf, -math.inf]))
err("fsumover", lambda: math.fsum([1e308, 1e308]))
err("isclose", lambda: math.isclose(1.0, 1.0, rel_tol=-1.0))
err("degrees", lambda: math.degrees(1e308))
# One-element tensors convert to floats, as with __float__.
import torch
print(math.sqrt(torch.tensor(4.0)), math.exp(torch.tensor([0.5])), math.isnan(torch.tensor(1.0)), math.atan2(torch.tensor(1.0), 2))
err("tensor", lambda: math.sqrt(torch.ones(2)))
