# torchvision.models: the classification models Ts provides (torchvision 0.14), built without
# pretrained weights: resnet18/34/50 (resnet.ts), vgg11 / vgg11_bn (vgg.ts), alexnet (alexnet.ts)
# and mobilenet_v2 (mobilenetv2.ts). Submodules are importable as in torchvision
# (`from torchvision.models.resnet import BasicBlock`).
from torchvision.models.resnet import ResNet, BasicBlock, Bottleneck, resnet18, resnet34, resnet50
from torchvision.models.vgg import VGG, vgg11, vgg11_bn
from torchvision.models.alexnet import AlexNet, alexnet
from torchvision.models.mobilenetv2 import MobileNetV2, mobilenet_v2
# the submodules as attributes (`models.resnet.Bottleneck.expansion`), as Python's import makes them
# (`models.alexnet` stays the builder: torchvision's star import rebinds it)
import torchvision.models._utils as _utils
import torchvision.models.resnet as resnet
import torchvision.models.vgg as vgg
import torchvision.models.mobilenetv2 as mobilenetv2
