import torch
import torch as T

dts = [torch.bool, torch.uint8, torch.int8, torch.int16, torch.int32, torch.int64, torch.float16,
       torch.bfloat16, torch.float32, torch.float64]
for f in dts:
    row = []
    for t in dts:
        row.append(1 if T.can_cast(f, t) else 0)
    print(f, row)
print(T.can_cast(torch.double, torch.float))
print(T.can_cast(torch.float, torch.int))
print(T.can_cast(from_=torch.int, to=torch.float) if False else T.can_cast(torch.int, torch.float))
print(type(T.can_cast(torch.long, torch.bool)).__name__)
