x = undefined_a + undefined_b
# expect error: 1:5 undefined name `undefined_a`
# expect error: 1:19 undefined name `undefined_b`
