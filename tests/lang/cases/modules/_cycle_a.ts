import _cycle_b
