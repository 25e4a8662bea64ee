# round() of a value without __round__ (here a list reached through .tolist()): Python's TypeError.
import torch

rows = torch.tensor([[0.123456, 2.5], [1.0, -0.5]]).tolist()
print([round(v, 2) for v in rows[0]])
print([[round(v, 5) for v in row] for row in rows])
print([round(r, 2) for r in rows])
