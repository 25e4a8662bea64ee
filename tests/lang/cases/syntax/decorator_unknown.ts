@register
def f() -> int:
    return 1
# expect error: 1:2 undefined name `register`
