# Tokenizing text for a vocabulary with re: findall with and without groups, a scanner loop with
# match(text, pos), split keeping the separators, normalization with sub, IGNORECASE and Unicode.
import re
from collections import Counter
from typing import Dict, List, Tuple

TEXT = """The quick brown fox -- it's 3.5 times faster than the dog's 2 legs!
"Don't panic," said the fox.  Café naïve déjà-vu; e-mail: fox@example.com. 42% of 1,000 words.
The END. the end? THE End!"""

WORD = re.compile(r"[A-Za-z\u00C0-\u024F]+(?:['\-][A-Za-z\u00C0-\u024F]+)*")
words = [w.lower() for w in WORD.findall(TEXT)]
print(words)
vocab = Counter(words)
print(vocab.most_common(5))

# a GPT-2 style pre-tokenizer (without \p classes)
PRE = re.compile(r"""'s|'t|'re|'ve|'m|'ll|'d| ?[^\W\d_]+| ?\d+| ?[^\s\w]+|\s+(?!\S)|\s+""")
pieces = PRE.findall(TEXT.splitlines()[0])
print(pieces)
print("".join(pieces) == TEXT.splitlines()[0])

# a scanner: token kinds from named alternatives, driven by match(text, pos)
TOKEN = re.compile(r"""
    (?P<NUMBER> \d+(?:[.,]\d+)* %?)
  | (?P<EMAIL>  [\w.]+@[\w.]+\w)
  | (?P<WORD>   \w+(?:['-]\w+)*)
  | (?P<PUNCT>  [^\w\s]+)
  | (?P<SPACE>  \s+)
""", re.VERBOSE)
pos = 0
kinds: Dict[str, int] = {}
tokens: List[Tuple[str, str]] = []
line2 = TEXT.splitlines()[1]
while pos < len(line2):
    m = TOKEN.match(line2, pos)
    if m is None:
        print("stuck at", pos)
        break
    kind = m.lastgroup
    if kind is not None and kind != "SPACE":
        tokens.append((kind, m.group()))
        kinds[kind] = kinds.get(kind, 0) + 1
    pos = m.end()
print(tokens)
print(sorted(kinds.items()))

# sentence split keeping the terminators, then normalize whitespace
parts = re.split(r"([.!?]+)\s*", TEXT)
print(parts)
sentences = [parts[i] + parts[i + 1] for i in range(0, len(parts) - 1, 2)]
print([re.sub(r"\s+", " ", s).strip() for s in sentences])
print(re.split(r"\s+", "  a b\tc\n"), re.split(r"(\s)+", "a  b"), re.split(r"[,;]", "a,b;c", maxsplit=1))

# case-insensitive counting and word boundaries
print(len(re.findall(r"\bthe\b", TEXT)), len(re.findall(r"\bthe\b", TEXT, re.IGNORECASE)))
print(re.findall(r"(?i)\bthe\s+(\w+)", TEXT))
print(re.subn(r"(?i)\bfox\b", "cat", TEXT)[1])
print(re.findall(r"\w+", "naïve café ÉTÉ", re.ASCII), re.findall(r"\w+", "naïve café ÉTÉ"))
print(re.findall(r"[éè]", "ÉTÉ été", re.I))

# byte-pair style merge: split into characters with an end marker
def chars(word: str) -> List[str]:
    return re.findall(r".", word) + ["</w>"]

print(chars("lower"), re.sub(r"(?<=\w)(?=\w)", " ", "lower"))
print(re.findall(r"\d+|[^\d\s]", "abc123de 4f"))
print(re.sub(r"([a-z])\1+", r"\1", "bookkeeper aaah"))
print(re.sub(r"(?P<a>\w)(?P<b>\w)", r"\g<b>\g<a>", "abcdef"))
