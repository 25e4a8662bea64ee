# random.Random: CPython 3.11's generator class in Ts (Modules/_randommodule.c's Mersenne
# Twister MT19937 and Lib/random.py's methods over it), so `random.Random(seed)` instances draw
# exactly CPython's numbers, each with its own state, apart from the module-level functions
# (the native generator of src/runtime/builtins_random.cpp, which this class does not touch).
# Seeds: None (entropy from the clock and the pid, as CPython's fallback when os.urandom fails),
# int, bool, float (by CPython's float hash), str (version 2: the int of its UTF-8 bytes and
# their SHA-512 digest, as CPython; version 1: CPython's old string hash). Methods: seed,
# random, getrandbits, randrange, randint, choice, choices (weights, cum_weights, k), shuffle,
# sample (counts), uniform, triangular, normalvariate, gauss, lognormvariate, expovariate,
# vonmisesvariate, gammavariate, betavariate, paretovariate, weibullvariate, getstate /
# setstate (CPython's (3, tuple of 625 ints, gauss_next); version 2 states are taken too).
# Differences: Ts ints are 64-bit, so getrandbits takes at most 63 bits (a ValueError says so,
# as the module-level random.getrandbits does), ranges and seeds are 64-bit ints (a seed of
# magnitude 2**63 and beyond cannot be written); not there: randbytes and bytes / bytearray
# seeds (Ts has no bytes), SystemRandom, the DeprecationWarning CPython prints (on stderr) for
# integral float arguments to randrange, and `__init_subclass__`'s switch to a random()-based
# _randbelow for subclasses that override random() but not getrandbits() (a subclass draws its
# integers through getrandbits, overridden or not). A NaN seed (CPython hashes the object's
# address) seeds from entropy. Speed: a 32-bit draw is a dozen interpreted int operations (about
# 6 us per random() under tsrun -O2, CPython's C about 0.05 us); a native helper drawing words
# from the state list would remove that if it matters.
import math
import os
import time
from typing import Any, Dict, List, Optional, Tuple
from ts._sha512 import _sha512

_N = 624
_M = 397
_MASK32 = 0xffffffff
_INT64_MIN = -9223372036854775807 - 1

NV_MAGICCONST = 4 * math.exp(-0.5) / math.sqrt(2.0)
TWOPI = 2.0 * math.pi
LOG4 = math.log(4.0)
SG_MAGICCONST = 1.0 + math.log(4.5)

# Instances seeded from entropy in the same clock tick still differ.
_entropy_calls: List[int] = [0]


def _utf8(s: str) -> List[int]:
    out: List[int] = []
    for ch in s:
        c = ord(ch)
        if c < 0x80:
            out.append(c)
        elif c < 0x800:
            out.append(0xc0 | (c >> 6))
            out.append(0x80 | (c & 0x3f))
        elif c < 0x10000:
            out.append(0xe0 | (c >> 12))
            out.append(0x80 | ((c >> 6) & 0x3f))
            out.append(0x80 | (c & 0x3f))
        else:
            out.append(0xf0 | (c >> 18))
            out.append(0x80 | ((c >> 12) & 0x3f))
            out.append(0x80 | ((c >> 6) & 0x3f))
            out.append(0x80 | (c & 0x3f))
    return out


def _float_hash(v: float) -> int:
    # CPython's hash of a finite float (Python/pyhash.c, _Py_HashDouble): the value modulo the
    # prime 2**61 - 1, negated for negative values, -1 made -2.
    if math.isinf(v):
        return 314159 if v > 0 else -314159
    m, e = math.frexp(v)
    sign = 1
    if m < 0:
        sign = -1
        m = -m
    modulus = (1 << 61) - 1
    x = 0
    while m != 0.0:
        x = ((x & ((1 << 33) - 1)) << 28) | (x >> 33)
        m *= 268435456.0
        e -= 28
        y = int(m)
        m -= y
        x += y
        if x >= modulus:
            x -= modulus
    e = e % 61 if e >= 0 else 60 - ((-1 - e) % 61)
    x = ((x & ((1 << (61 - e)) - 1)) << e) | (x >> (61 - e))
    x = x * sign
    if x == -1:
        x = -2
    return x


def _int_words(n: int) -> List[int]:
    # abs(n) in 32-bit words, least significant first (CPython's key for init_by_array).
    if n == _INT64_MIN:
        return [0, 0x80000000]
    if n < 0:
        n = -n
    key = [n & _MASK32]
    n >>= 32
    while n != 0:
        key.append(n & _MASK32)
        n >>= 32
    return key


def _bit_length(n: int) -> int:
    k = 0
    while n != 0:
        n >>= 1
        k += 1
    return k


def _bisect_right(a: List[Any], x: Any, hi: int) -> int:
    lo = 0
    while lo < hi:
        mid = (lo + hi) // 2
        if x < a[mid]:
            hi = mid
        else:
            lo = mid + 1
    return lo


def _index_arg(v: Any, what: str) -> int:
    # randrange's argument conversion: an int, or (deprecated) a float or str with an int's value.
    if isinstance(v, bool):
        return 1 if v else 0
    if isinstance(v, int):
        return v
    if isinstance(v, float):
        iv = int(v)
        if iv != v:
            raise ValueError("non-integer " + what + " for randrange()")
        return iv
    if isinstance(v, str):
        int(v)
        raise ValueError("non-integer " + what + " for randrange()")
    raise TypeError("int() argument must be a string, a bytes-like object or a real number, not '" +
                    type(v).__name__ + "'")


class Random:
    VERSION = 3

    def __init__(self, x: Any = None):
        self._mt: List[int] = [0] * _N
        self._index: int = _N + 1
        self.gauss_next: Optional[float] = None
        self.seed(x)
        self.gauss_next = None

    # ---- the Mersenne Twister (Modules/_randommodule.c) ----

    def _init_genrand(self, s: int) -> None:
        mt = self._mt
        mt[0] = s & _MASK32
        for i in range(1, _N):
            prev = mt[i - 1]
            mt[i] = (1812433253 * (prev ^ (prev >> 30)) + i) & _MASK32
        self._index = _N

    def _init_by_array(self, key: List[int]) -> None:
        self._init_genrand(19650218)
        mt = self._mt
        nkey = len(key)
        i = 1
        j = 0
        k = _N if _N > nkey else nkey
        while k > 0:
            prev = mt[i - 1]
            mt[i] = (((mt[i] ^ ((prev ^ (prev >> 30)) * 1664525)) & _MASK32) + key[j] + j) & _MASK32
            i += 1
            j += 1
            if i >= _N:
                mt[0] = mt[_N - 1]
                i = 1
            if j >= nkey:
                j = 0
            k -= 1
        k = _N - 1
        while k > 0:
            prev = mt[i - 1]
            mt[i] = ((mt[i] ^ ((prev ^ (prev >> 30)) * 1566083941)) - i) & _MASK32
            i += 1
            if i >= _N:
                mt[0] = mt[_N - 1]
                i = 1
            k -= 1
        mt[0] = 0x80000000

    def _twist(self) -> None:
        mt = self._mt
        for kk in range(_N - _M):
            y = (mt[kk] & 0x80000000) | (mt[kk + 1] & 0x7fffffff)
            mt[kk] = mt[kk + _M] ^ (y >> 1) ^ ((y & 1) * 0x9908b0df)
        for kk in range(_N - _M, _N - 1):
            y = (mt[kk] & 0x80000000) | (mt[kk + 1] & 0x7fffffff)
            mt[kk] = mt[kk + (_M - _N)] ^ (y >> 1) ^ ((y & 1) * 0x9908b0df)
        y = (mt[_N - 1] & 0x80000000) | (mt[0] & 0x7fffffff)
        mt[_N - 1] = mt[_M - 1] ^ (y >> 1) ^ ((y & 1) * 0x9908b0df)
        self._index = 0

    def _genrand_uint32(self) -> int:
        if self._index >= _N:
            self._twist()
        y = self._mt[self._index]
        self._index += 1
        y ^= y >> 11
        y ^= (y << 7) & 0x9d2c5680
        y ^= (y << 15) & 0xefc60000
        return y ^ (y >> 18)

    def _seed_entropy(self) -> None:
        _entropy_calls[0] += 1
        t = time.time_ns()
        self._init_by_array([t & _MASK32, (t >> 32) & _MASK32, os.getpid() & _MASK32,
                             time.perf_counter_ns() & _MASK32, _entropy_calls[0] & _MASK32])

    def seed(self, a: Any = None, version: int = 2) -> None:
        if version == 1 and isinstance(a, str):
            # CPython 3.11's version-1 string hash, modulo 2**64 in (high, low) halves.
            hi = 0
            lo = (ord(a[0]) << 7) if len(a) > 0 else 0
            for ch in a:
                p = lo * 1000003
                hi = (hi * 1000003 + (p >> 32)) & _MASK32
                lo = (p & _MASK32) ^ ord(ch)
            lo ^= len(a) & _MASK32
            hi ^= (len(a) >> 32) & _MASK32
            self._init_by_array([lo, hi] if hi != 0 else [lo])
        elif version == 2 and isinstance(a, str):
            # int.from_bytes(a.encode() + sha512(a.encode()).digest()), big-endian, in 32-bit words.
            data = _utf8(a)
            data = data + _sha512(data)
            start = 0
            while start < len(data) and data[start] == 0:
                start += 1
            key: List[int] = []
            end = len(data)
            while end > start:
                w = 0
                for b in range(max(start, end - 4), end):
                    w = (w << 8) | data[b]
                key.append(w)
                end -= 4
            self._init_by_array(key if len(key) > 0 else [0])
        elif a is None:
            self._seed_entropy()
        elif isinstance(a, bool) or isinstance(a, int):
            self._init_by_array(_int_words(int(a)))
        elif isinstance(a, float):
            if math.isnan(a):
                self._seed_entropy()
            else:
                h = _float_hash(a)
                # (size_t)hash: a negative hash is taken modulo 2**64.
                key = [h & _MASK32]
                if (h >> 32) != 0:
                    key.append((h >> 32) & _MASK32)
                self._init_by_array(key)
        elif isinstance(a, str):
            # CPython hashes the str with its per-process random key: not reproducible.
            self._seed_entropy()
        else:
            raise TypeError("The only supported seed types are: None,\n"
                            "int, float, str, bytes, and bytearray.")
        self.gauss_next = None

    def random(self) -> float:
        a = self._genrand_uint32() >> 5
        b = self._genrand_uint32() >> 6
        return (a * 67108864.0 + b) * (1.0 / 9007199254740992.0)

    def getrandbits(self, k: int) -> int:
        if k < 0:
            raise ValueError("number of bits must be non-negative")
        if k == 0:
            return 0
        if k <= 32:
            return self._genrand_uint32() >> (32 - k)
        if k > 63:
            raise ValueError("Ts ints are 64-bit: getrandbits() takes at most 63 bits")
        lo = self._genrand_uint32()
        hi = self._genrand_uint32() >> (64 - k)
        return lo | (hi << 32)

    def getstate(self) -> Tuple[int, Any, Optional[float]]:
        internal: List[int] = list(self._mt)
        internal.append(self._index)
        return self.VERSION, tuple(internal), self.gauss_next

    def setstate(self, state: Any) -> None:
        version = state[0]
        if version == 3 or version == 2:
            if len(state) != 3:
                if len(state) < 3:
                    raise ValueError("not enough values to unpack (expected 3, got " + str(len(state)) + ")")
                raise ValueError("too many values to unpack (expected 3)")
            internal = state[1]
            self.gauss_next = state[2]
            if not isinstance(internal, tuple):
                raise TypeError("state vector must be a tuple")
            if len(internal) != _N + 1:
                raise ValueError("state vector is the wrong size")
            words: List[int] = []
            for i in range(_N):
                x = internal[i]
                if isinstance(x, bool):
                    x = 1 if x else 0
                if not isinstance(x, int):
                    raise TypeError("an integer is required")
                if version == 2:
                    x = x % 4294967296
                if x < 0:
                    raise OverflowError("can't convert negative value to unsigned int")
                words.append(x & _MASK32)
            index = internal[_N]
            if isinstance(index, bool):
                index = 1 if index else 0
            if not isinstance(index, int):
                raise TypeError("an integer is required")
            if version == 2:
                index = index % 4294967296
            if index < 0 or index > _N:
                raise ValueError("invalid state")
            for i in range(_N):
                self._mt[i] = words[i]
            self._index = int(index)
        else:
            raise ValueError("state with version " + str(version) + " passed to "
                             "Random.setstate() of version " + str(self.VERSION))

    # ---- integers (Lib/random.py) ----

    def _randbelow(self, n: int) -> int:
        k = _bit_length(n)
        r = self.getrandbits(k)
        while r >= n:
            r = self.getrandbits(k)
        return r

    def randrange(self, start: Any, stop: Any = None, step: Any = 1) -> int:
        istart = _index_arg(start, "arg 1")
        if stop is None:
            if not (isinstance(step, int) and not isinstance(step, bool) and step == 1):
                raise TypeError("Missing a non-None stop argument")
            if istart > 0:
                return self._randbelow(istart)
            raise ValueError("empty range for randrange()")
        istop = _index_arg(stop, "stop")
        width = istop - istart
        istep = _index_arg(step, "step")
        if istep == 1:
            if width > 0:
                return istart + self._randbelow(width)
            raise ValueError("empty range for randrange() (" + str(istart) + ", " + str(istop) + ", " +
                             str(width) + ")")
        n = 0
        if istep > 0:
            n = (width + istep - 1) // istep
        elif istep < 0:
            n = (width + istep + 1) // istep
        else:
            raise ValueError("zero step for randrange()")
        if n <= 0:
            raise ValueError("empty range for randrange()")
        return istart + istep * self._randbelow(n)

    def randint(self, a: int, b: int) -> int:
        return self.randrange(a, b + 1)

    # ---- sequences ----

    def choice(self, seq: Any) -> Any:
        if len(seq) == 0:
            raise IndexError("Cannot choose from an empty sequence")
        return seq[self._randbelow(len(seq))]

    def shuffle(self, x: List[Any]) -> None:
        i = len(x) - 1
        while i >= 1:
            j = self._randbelow(i + 1)
            x[i], x[j] = x[j], x[i]
            i -= 1

    def _sample_indices(self, n: int, k: int) -> List[int]:
        if not (0 <= k and k <= n):
            raise ValueError("Sample larger than population or is negative")
        result = [0] * k
        setsize = 21
        if k > 5:
            setsize += 4 ** math.ceil(math.log(k * 3, 4))
        if n <= setsize:
            pool = list(range(n))
            for i in range(k):
                j = self._randbelow(n - i)
                result[i] = pool[j]
                pool[j] = pool[n - i - 1]
        else:
            selected: Dict[int, bool] = {}
            for i in range(k):
                j = self._randbelow(n)
                while j in selected:
                    j = self._randbelow(n)
                selected[j] = True
                result[i] = j
        return result

    def sample(self, population: Any, k: int, *, counts: Any = None) -> List[Any]:
        if isinstance(population, dict):
            raise TypeError("Population must be a sequence.  For dicts or sets, use sorted(d).")
        n = len(population)
        if counts is not None:
            cum_counts: List[Any] = []
            acc: Any = None
            for c in counts:
                acc = c if acc is None else acc + c
                cum_counts.append(acc)
            if len(cum_counts) != n:
                raise ValueError("The number of counts does not match the population")
            total = cum_counts.pop()
            if not isinstance(total, bool) and not isinstance(total, int):
                raise TypeError("Counts must be integers")
            if total <= 0:
                raise ValueError("Total of counts must be greater than zero")
            selections = self._sample_indices(int(total), k)
            return [population[_bisect_right(cum_counts, s, len(cum_counts))] for s in selections]
        return [population[i] for i in self._sample_indices(n, k)]

    def choices(self, population: Any, weights: Any = None, *, cum_weights: Any = None,
                k: int = 1) -> List[Any]:
        n = len(population)
        cum: List[Any] = []
        if cum_weights is None:
            if weights is None:
                nf = n + 0.0
                return [population[math.floor(self.random() * nf)] for i in range(k)]
            if isinstance(weights, int):
                raise TypeError("The number of choices must be a keyword argument: k=" + str(weights))
            acc: Any = None
            for w in weights:
                acc = w if acc is None else acc + w
                cum.append(acc)
        elif weights is not None:
            raise TypeError("Cannot specify both weights and cumulative weights")
        else:
            cum = list(cum_weights)
        if len(cum) != n:
            raise ValueError("The number of weights does not match the population")
        total = cum[-1] + 0.0
        if total <= 0.0:
            raise ValueError("Total of weights must be greater than zero")
        if not math.isfinite(total):
            raise ValueError("Total of weights must be finite")
        hi = n - 1
        return [population[_bisect_right(cum, self.random() * total, hi)] for i in range(k)]

    # ---- real-valued distributions ----

    def uniform(self, a: float, b: float) -> float:
        return a + (b - a) * self.random()

    def triangular(self, low: float = 0.0, high: float = 1.0, mode: Optional[float] = None) -> float:
        u = self.random()
        c = 0.5
        if mode is not None:
            if high - low == 0:
                return low
            c = (mode - low) / (high - low)
        if u > c:
            u = 1.0 - u
            c = 1.0 - c
            low, high = high, low
        return low + (high - low) * math.sqrt(u * c)

    def normalvariate(self, mu: float = 0.0, sigma: float = 1.0) -> float:
        z = 0.0
        while True:
            u1 = self.random()
            u2 = 1.0 - self.random()
            z = NV_MAGICCONST * (u1 - 0.5) / u2
            zz = z * z / 4.0
            if zz <= -math.log(u2):
                break
        return mu + z * sigma

    def gauss(self, mu: float = 0.0, sigma: float = 1.0) -> float:
        z = self.gauss_next
        self.gauss_next = None
        if z is None:
            x2pi = self.random() * TWOPI
            g2rad = math.sqrt(-2.0 * math.log(1.0 - self.random()))
            z = math.cos(x2pi) * g2rad
            self.gauss_next = math.sin(x2pi) * g2rad
        return mu + z * sigma

    def lognormvariate(self, mu: float, sigma: float) -> float:
        return math.exp(self.normalvariate(mu, sigma))

    def expovariate(self, lambd: float) -> float:
        return -math.log(1.0 - self.random()) / lambd

    def vonmisesvariate(self, mu: float, kappa: float) -> float:
        if kappa <= 1e-6:
            return TWOPI * self.random()
        s = 0.5 / kappa
        r = s + math.sqrt(1.0 + s * s)
        z = 0.0
        while True:
            u1 = self.random()
            z = math.cos(math.pi * u1)
            d = z / (r + z)
            u2 = self.random()
            if u2 < 1.0 - d * d or u2 <= (1.0 - d) * math.exp(d):
                break
        q = 1.0 / r
        f = (q + z) / (1.0 + q * z)
        u3 = self.random()
        if u3 > 0.5:
            return (mu + math.acos(f)) % TWOPI
        return (mu - math.acos(f)) % TWOPI

    def gammavariate(self, alpha: float, beta: float) -> float:
        if alpha <= 0.0 or beta <= 0.0:
            raise ValueError("gammavariate: alpha and beta must be > 0.0")
        if alpha > 1.0:
            ainv = math.sqrt(2.0 * alpha - 1.0)
            bbb = alpha - LOG4
            ccc = alpha + ainv
            while True:
                u1 = self.random()
                if not (1e-7 < u1 and u1 < 0.9999999):
                    continue
                u2 = 1.0 - self.random()
                v = math.log(u1 / (1.0 - u1)) / ainv
                x = alpha * math.exp(v)
                z = u1 * u1 * u2
                r = bbb + ccc * v - x
                if r + SG_MAGICCONST - 4.5 * z >= 0.0 or r >= math.log(z):
                    return x * beta
        elif alpha == 1.0:
            return -math.log(1.0 - self.random()) * beta
        x = 0.0
        while True:
            u = self.random()
            b = (math.e + alpha) / math.e
            p = b * u
            if p <= 1.0:
                x = p ** (1.0 / alpha)
            else:
                x = -math.log((b - p) / alpha)
            u1 = self.random()
            if p > 1.0:
                if u1 <= x ** (alpha - 1.0):
                    break
            elif u1 <= math.exp(-x):
                break
        return x * beta

    def betavariate(self, alpha: float, beta: float) -> float:
        y = self.gammavariate(alpha, 1.0)
        if y != 0.0:
            return y / (y + self.gammavariate(beta, 1.0))
        return 0.0

    def paretovariate(self, alpha: float) -> float:
        u = 1.0 - self.random()
        return u ** (-1.0 / alpha)

    def weibullvariate(self, alpha: float, beta: float) -> float:
        u = 1.0 - self.random()
        return alpha * (-math.log(u)) ** (1.0 / beta)
