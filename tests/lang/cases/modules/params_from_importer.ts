# A module's unannotated parameters take their types from the importing script's calls.
from _params_lib import Counter, join_all

c = Counter(10, 5)
print(c.advance(3))
print(join_all([1, 2, 3], "-"))
