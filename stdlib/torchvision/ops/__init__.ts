# torchvision.ops: the part Ts provides, the model building block Conv2dNormActivation
# (torchvision/ops/misc.ts).
from torchvision.ops.misc import Conv2dNormActivation
