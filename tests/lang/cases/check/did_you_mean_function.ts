def compute_loss(x: int) -> int:
    return x
print(compute_los(1))
# expect error: 3:7 undefined name `compute_los`
# expect hint: did you mean `compute_loss`?
