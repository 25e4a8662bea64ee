xs = [3, 1]
xs.append(4)
xs.insert(0, 9)
last = xs.pop()
xs.extend([5, 6])
print(xs, last, xs.index(1), xs.count(5))
# expect: [9, 3, 1, 5, 6] 4 2 1
