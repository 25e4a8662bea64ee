import _cycle_a
