import torch
x = torch.ones(2)
print(x.shap)
# expect error: 3:9 Tensor has no attribute or method `shap`
# expect hint: did you mean `shape`?
