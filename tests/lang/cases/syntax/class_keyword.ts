class A(metaclass=int):
    pass
# expect error: 1:9 class keyword arguments
