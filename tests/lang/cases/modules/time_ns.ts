# time's integer-nanosecond clocks and process_time(), and math's integer and summation functions.
import math
import time

t0 = time.time_ns()
p0 = time.perf_counter_ns()
m0 = time.monotonic_ns()
c0 = time.process_time()
total = 0
for i in range(200000):
    total += i
print(total)
print(time.time_ns() >= t0, abs(time.time_ns() / 1e9 - time.time()) < 5.0, time.perf_counter_ns() >= p0, time.monotonic_ns() >= m0)
print(time.process_time() >= c0, c0 >= 0.0)
print(math.prod([1, 2, 3, 4]), math.prod([0.5, 4.0], start=2), math.isqrt(99), math.comb(10, 3), math.perm(5, 2), math.perm(4))
print(math.dist([0.0, 0.0], [3.0, 4.0]), math.fsum([0.1] * 10), sum([0.1] * 10))
