x: None = None
x = 5
# expect error: 2:5 cannot assign int to `x` of type None
# expect hint: Optional[int]
