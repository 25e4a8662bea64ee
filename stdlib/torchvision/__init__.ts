# torchvision: the subset Ts provides (datasets.MNIST / FashionMNIST, transforms on tensors, the
# classification models of torchvision.models built without pretrained weights, and ops'
# Conv2dNormActivation). Submodules are imported by name: `from torchvision import datasets, models`.
