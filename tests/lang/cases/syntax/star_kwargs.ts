def f(a, *args, k=0, **kwargs):
    return a, args, k, kwargs


print(f(1, 2, 3, k=4, z=5))
print(f(*[1, 2], **{"k": 3}))
# expect: (1, (2, 3), 4, {'z': 5})
# expect: (1, (2,), 3, {})
