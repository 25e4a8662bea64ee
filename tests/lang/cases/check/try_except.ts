try:
    x = 1
except ValueError as e:
    print(e)
else:
    print("ok")
finally:
    print("done")
