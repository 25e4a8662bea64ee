print(sorted([3, 1, 2]), sorted([3, 1, 2], reverse=True), sorted(["b", "a", "c"]), sorted([2.5, -1.0]))
# expect: [1, 2, 3] [3, 2, 1] ['a', 'b', 'c'] [-1.0, 2.5]
