import _cycle_a
# expect error: 1:8 import cycle
