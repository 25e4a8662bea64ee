# Class attributes of a class defined in another module.
# expect: train eval
# expect: 3 3
# expect: lr=0.1 layers=[4, 8] 0.1
# expect: lr=0.5 layers=[4, 8] lr=0.1 layers=[4, 8]
from _class_attr_lib import Mode, Config
import _class_attr_lib

print(Mode.TRAIN, Mode.EVAL)
Mode.count += 1
_class_attr_lib.Mode.count += 2
print(Mode.count, _class_attr_lib.Mode.count)
c = Config()
print(c.describe(), Config.lr)
c.lr = 0.5
print(c.describe(), Config().describe())
