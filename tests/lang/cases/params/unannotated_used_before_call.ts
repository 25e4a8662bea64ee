# A def nested in a function is checked where it is defined, before any call: its unannotated
# parameters keep TorchScript's rule, Tensor.
def outer(n: int) -> int:
    def f(x):
        return x
    f(3)
    return n
print(outer(1))
# expect error: 6:7 argument `x` of `f` must be Tensor, not int
# expect hint: is a Tensor: the body was checked before any call gave it a type
