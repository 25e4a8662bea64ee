def f(**kw):
    return sorted(kw.items())


print(f(), f(b=2, a=1))
# expect: [] [('a', 1), ('b', 2)]
