mode = "train"
def switch() -> None:
    global mode
    mode = "eval"
print(mode)
switch()
print(mode)
# expect: train
# expect: eval
