d = {"b": 1, "a": 2, "c": 3}
for k in d:
    print(k)
print(list(d.keys()))
# expect: b
# expect: a
# expect: c
# expect: ['b', 'a', 'c']
