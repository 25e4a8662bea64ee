class A:
    def f():
        pass
# expect error: 2:9 method `f` needs a `self` parameter
