import math
import random
import os
import sys
import time
from typing import List

print(math.sqrt(2.0), math.floor(-2.5), math.ceil(2.1), math.pi, math.log(8.0, 2.0), math.exp(1.0))
print(math.isnan(math.nan), math.isinf(-math.inf), math.gcd(12, 18), math.tanh(0.5), math.prod([2, 3, 4]))
random.seed(1234)
print(random.random(), random.randint(1, 100), random.uniform(-1.0, 1.0), random.randrange(10))
xs: List[int] = [1, 2, 3, 4, 5, 6, 7]
random.shuffle(xs)
print(xs, random.choice(xs), random.getrandbits(20))
random.seed(2 ** 40 + 7)
print(random.random())
print(os.path.join("a", "b", "c.txt"), os.path.basename("/x/y/z.ts"), os.path.dirname("/x/y/z.ts"))
print(os.path.exists("/definitely/not/here"), os.environ.get("TS_SURELY_UNSET_VAR"), os.environ.get("TS_SURELY_UNSET_VAR", "dflt"))
print(len(sys.argv), time.perf_counter() > 0.0)
