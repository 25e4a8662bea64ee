import math
print(math.pi > 3.14, math.e < 2.72)
# expect: True True
