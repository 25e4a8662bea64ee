# fuzz_frontend: invalid IR after emit in __torch__.fact: prim::If output has type int but a
# block returns int?  (checker infers Optional[int]; emit_stmt.cpp types the early-return If
# from the returning branch). tsrun prints "-1 0" where Python/PyTorch print "-1 None".
def fact(n: int):
    if n <= 1:
        return (n - 1)


print(fact(0), fact(5))
