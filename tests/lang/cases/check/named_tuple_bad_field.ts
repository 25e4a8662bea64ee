import torch
r = torch.max(torch.ones(2, 3), 1)
print(r.value)
# expect error: 3:9 torch.return_types.max has no field `value`
# expect hint: did you mean `values`?
