# torchvision: the subset Ts provides (datasets.MNIST / FashionMNIST, transforms on tensors).
# Submodules are imported by name: `from torchvision import datasets, transforms`.
