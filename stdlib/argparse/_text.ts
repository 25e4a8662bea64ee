# argparse's help layout: CPython's text wrapping (textwrap.wrap after collapsing whitespace) and
# the usage line's wrappable parts and lines.
from typing import List, Optional


def _wrap(text: str, width: int) -> List[str]:
    # textwrap.wrap after collapsing whitespace: greedy, breaking words after a hyphen between
    # letters and splitting words longer than a line.
    chunks: List[str] = []
    glued: List[bool] = []  # the chunk continues the previous one's word (no space between)
    for word in text.split():
        start = 0
        for i in range(2, len(word) - 1):
            if word[i] == "-" and word[i - 1].isalnum() and word[i - 2].isalnum() and word[i + 1].isalpha():
                chunks.append(word[start:i + 1])
                glued.append(start > 0)
                start = i + 1
        chunks.append(word[start:])
        glued.append(start > 0)
    lines: List[str] = []
    line = ""
    for k in range(len(chunks)):
        c = chunks[k]
        sep = "" if line == "" or glued[k] else " "
        if len(line) + len(sep) + len(c) <= width:
            line = line + sep + c
            continue
        if len(c) > width:
            # A word longer than a line fills what is left of this one.
            room = width - len(line) - len(sep)
            if room > 0:
                line = line + sep + c[:room]
                c = c[room:]
            lines.append(line)
            while len(c) > width:
                lines.append(c[:width])
                c = c[width:]
            line = c
        else:
            if line != "":
                lines.append(line)
            line = c
    if line != "":
        lines.append(line)
    return lines


def _split_parts(text: str) -> List[str]:
    # The usage's wrappable parts: bracketed groups ([...], (...)) ending at a space, else words.
    parts: List[str] = []
    i = 0
    n = len(text)
    while i < n:
        if text[i] == " ":
            i += 1
            continue
        end = -1
        if text[i] == "[" or text[i] == "(":
            close = "]" if text[i] == "[" else ")"
            j = i + 1
            while j < n:
                if text[j] == close:
                    k = j
                    while k < n and text[k] == close:
                        k += 1
                    if k == n or text[k] == " ":
                        end = k
                        break
                j += 1
        if end < 0:
            end = i
            while end < n and text[end] != " ":
                end += 1
        parts.append(text[i:end])
        i = end
    return parts


def _usage_wrap(parts: List[str], indent: str, prefix: Optional[str], text_width: int) -> List[str]:
    lines: List[str] = []
    line: List[str] = []
    line_len = len(prefix) - 1 if prefix is not None else len(indent) - 1
    for part in parts:
        if line_len + 1 + len(part) > text_width and len(line) > 0:
            lines.append(indent + " ".join(line))
            line = []
            line_len = len(indent) - 1
        line.append(part)
        line_len += len(part) + 1
    if len(line) > 0:
        lines.append(indent + " ".join(line))
    if prefix is not None:
        lines[0] = lines[0][len(indent):]
    return lines
