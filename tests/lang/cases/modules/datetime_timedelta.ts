# datetime.timedelta: normalization, str/repr, arithmetic and comparisons as CPython's.
# expect: 0:00:30 datetime.timedelta(seconds=30) 30.0
# expect: 1:30:00.005000 1 day, 2:00:00 -1 day, 0:00:05
# expect: datetime.timedelta(days=-1, seconds=82800) -1 day, 23:00:00 14
# expect: 0:00:01.500007 0:00:25 -1 day, 23:59:57
# expect: True True 0:00:00
# expect: 0:00:00.000002 0:00:00.000002 259200.0
from datetime import timedelta
import datetime
t = timedelta(seconds=30)
print(t, repr(t), t.total_seconds())
print(timedelta(minutes=90, milliseconds=5), timedelta(days=1, hours=2), timedelta(days=-1, seconds=5))
print(repr(timedelta(hours=-1)), str(timedelta(hours=-1)), timedelta(weeks=2).days)
print(timedelta(seconds=1.5) + timedelta(microseconds=7), timedelta(seconds=10) * 2.5, -timedelta(seconds=3))
print(timedelta(seconds=3) < timedelta(seconds=4), timedelta(minutes=1) == timedelta(seconds=60), datetime.timedelta(0))
print(timedelta(seconds=0.0000015), timedelta(seconds=2.5e-6), timedelta(days=3).total_seconds())
