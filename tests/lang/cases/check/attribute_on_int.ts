x = 1
x.foo()
# expect error: 2:3 int has no attribute `foo`
