class A(B):
    pass
class B(A):
    pass
# expect error: 3:9 class `B` cannot inherit from itself
