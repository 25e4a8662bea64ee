a = 1
b = 0
try:
    print(a // b)
except ZeroDivisionError as e:
    print(e)
try:
    print(a / b)
except ZeroDivisionError as e:
    print(e)
# expect: integer division or modulo by zero
# expect: division by zero
