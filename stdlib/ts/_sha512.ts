# SHA-512 (FIPS 180-4) in Ts, for random.Random's str seeds (ts/_random.ts): 64-bit words as
# (high, low) 32-bit halves, since Ts ints are signed 64-bit and their arithmetic does not wrap.
from typing import List, Tuple

_MASK32 = 0xffffffff

_SHA512_K: List[int] = [
    0x428a2f98, 0xd728ae22, 0x71374491, 0x23ef65cd, 0xb5c0fbcf, 0xec4d3b2f,
    0xe9b5dba5, 0x8189dbbc, 0x3956c25b, 0xf348b538, 0x59f111f1, 0xb605d019,
    0x923f82a4, 0xaf194f9b, 0xab1c5ed5, 0xda6d8118, 0xd807aa98, 0xa3030242,
    0x12835b01, 0x45706fbe, 0x243185be, 0x4ee4b28c, 0x550c7dc3, 0xd5ffb4e2,
    0x72be5d74, 0xf27b896f, 0x80deb1fe, 0x3b1696b1, 0x9bdc06a7, 0x25c71235,
    0xc19bf174, 0xcf692694, 0xe49b69c1, 0x9ef14ad2, 0xefbe4786, 0x384f25e3,
    0x0fc19dc6, 0x8b8cd5b5, 0x240ca1cc, 0x77ac9c65, 0x2de92c6f, 0x592b0275,
    0x4a7484aa, 0x6ea6e483, 0x5cb0a9dc, 0xbd41fbd4, 0x76f988da, 0x831153b5,
    0x983e5152, 0xee66dfab, 0xa831c66d, 0x2db43210, 0xb00327c8, 0x98fb213f,
    0xbf597fc7, 0xbeef0ee4, 0xc6e00bf3, 0x3da88fc2, 0xd5a79147, 0x930aa725,
    0x06ca6351, 0xe003826f, 0x14292967, 0x0a0e6e70, 0x27b70a85, 0x46d22ffc,
    0x2e1b2138, 0x5c26c926, 0x4d2c6dfc, 0x5ac42aed, 0x53380d13, 0x9d95b3df,
    0x650a7354, 0x8baf63de, 0x766a0abb, 0x3c77b2a8, 0x81c2c92e, 0x47edaee6,
    0x92722c85, 0x1482353b, 0xa2bfe8a1, 0x4cf10364, 0xa81a664b, 0xbc423001,
    0xc24b8b70, 0xd0f89791, 0xc76c51a3, 0x0654be30, 0xd192e819, 0xd6ef5218,
    0xd6990624, 0x5565a910, 0xf40e3585, 0x5771202a, 0x106aa070, 0x32bbd1b8,
    0x19a4c116, 0xb8d2d0c8, 0x1e376c08, 0x5141ab53, 0x2748774c, 0xdf8eeb99,
    0x34b0bcb5, 0xe19b48a8, 0x391c0cb3, 0xc5c95a63, 0x4ed8aa4a, 0xe3418acb,
    0x5b9cca4f, 0x7763e373, 0x682e6ff3, 0xd6b2b8a3, 0x748f82ee, 0x5defb2fc,
    0x78a5636f, 0x43172f60, 0x84c87814, 0xa1f0ab72, 0x8cc70208, 0x1a6439ec,
    0x90befffa, 0x23631e28, 0xa4506ceb, 0xde82bde9, 0xbef9a3f7, 0xb2c67915,
    0xc67178f2, 0xe372532b, 0xca273ece, 0xea26619c, 0xd186b8c7, 0x21c0c207,
    0xeada7dd6, 0xcde0eb1e, 0xf57d4f7f, 0xee6ed178, 0x06f067aa, 0x72176fba,
    0x0a637dc5, 0xa2c898a6, 0x113f9804, 0xbef90dae, 0x1b710b35, 0x131c471b,
    0x28db77f5, 0x23047d84, 0x32caab7b, 0x40c72493, 0x3c9ebe0a, 0x15c9bebc,
    0x431d67c4, 0x9c100d4c, 0x4cc5d4be, 0xcb3e42b6, 0x597f299c, 0xfc657e2a,
    0x5fcb6fab, 0x3ad6faec, 0x6c44198c, 0x4a475817,
]

_SHA512_H: List[int] = [
    0x6a09e667, 0xf3bcc908, 0xbb67ae85, 0x84caa73b, 0x3c6ef372, 0xfe94f82b,
    0xa54ff53a, 0x5f1d36f1, 0x510e527f, 0xade682d1, 0x9b05688c, 0x2b3e6c1f,
    0x1f83d9ab, 0xfb41bd6b, 0x5be0cd19, 0x137e2179,
]


def _rotr(h: int, l: int, n: int) -> Tuple[int, int]:
    if n >= 32:
        h, l = l, h
        n -= 32
    if n == 0:
        return h, l
    return ((h >> n) | (l << (32 - n))) & _MASK32, ((l >> n) | (h << (32 - n))) & _MASK32


def _shr(h: int, l: int, n: int) -> Tuple[int, int]:
    return h >> n, ((l >> n) | (h << (32 - n))) & _MASK32


def _sha512(data: List[int]) -> List[int]:
    msg = list(data)
    bitlen = len(data) * 8
    msg.append(0x80)
    while len(msg) % 128 != 112:
        msg.append(0)
    for i in range(16):
        msg.append((bitlen >> (8 * (15 - i))) & 0xff if i >= 8 else 0)
    hs = list(_SHA512_H)
    wh = [0] * 80
    wl = [0] * 80
    for block in range(0, len(msg), 128):
        for t in range(16):
            p = block + 8 * t
            wh[t] = (msg[p] << 24) | (msg[p + 1] << 16) | (msg[p + 2] << 8) | msg[p + 3]
            wl[t] = (msg[p + 4] << 24) | (msg[p + 5] << 16) | (msg[p + 6] << 8) | msg[p + 7]
        for t in range(16, 80):
            ah, al = _rotr(wh[t - 15], wl[t - 15], 1)
            bh, bl = _rotr(wh[t - 15], wl[t - 15], 8)
            ch, cl = _shr(wh[t - 15], wl[t - 15], 7)
            s0h = ah ^ bh ^ ch
            s0l = al ^ bl ^ cl
            ah, al = _rotr(wh[t - 2], wl[t - 2], 19)
            bh, bl = _rotr(wh[t - 2], wl[t - 2], 61)
            ch, cl = _shr(wh[t - 2], wl[t - 2], 6)
            s1h = ah ^ bh ^ ch
            s1l = al ^ bl ^ cl
            lo = s1l + wl[t - 7] + s0l + wl[t - 16]
            wl[t] = lo & _MASK32
            wh[t] = (s1h + wh[t - 7] + s0h + wh[t - 16] + (lo >> 32)) & _MASK32
        v = list(hs)
        for t in range(80):
            eh = v[8]
            el = v[9]
            ah, al = _rotr(eh, el, 14)
            bh, bl = _rotr(eh, el, 18)
            ch, cl = _rotr(eh, el, 41)
            S1h = ah ^ bh ^ ch
            S1l = al ^ bl ^ cl
            chh = (eh & v[10]) ^ ((eh ^ _MASK32) & v[12])
            chl = (el & v[11]) ^ ((el ^ _MASK32) & v[13])
            lo = v[15] + S1l + chl + _SHA512_K[2 * t + 1] + wl[t]
            t1l = lo & _MASK32
            t1h = (v[14] + S1h + chh + _SHA512_K[2 * t] + wh[t] + (lo >> 32)) & _MASK32
            ah, al = _rotr(v[0], v[1], 28)
            bh, bl = _rotr(v[0], v[1], 34)
            ch, cl = _rotr(v[0], v[1], 39)
            S0h = ah ^ bh ^ ch
            S0l = al ^ bl ^ cl
            mjh = (v[0] & v[2]) ^ (v[0] & v[4]) ^ (v[2] & v[4])
            mjl = (v[1] & v[3]) ^ (v[1] & v[5]) ^ (v[3] & v[5])
            lo = S0l + mjl
            t2l = lo & _MASK32
            t2h = (S0h + mjh + (lo >> 32)) & _MASK32
            # h g f e d c b a <- g f e (d + t1) c b a (t1 + t2)
            for i in range(15, 1, -1):
                v[i] = v[i - 2]
            lo = v[9] + t1l
            v[9] = lo & _MASK32
            v[8] = (v[8] + t1h + (lo >> 32)) & _MASK32
            lo = t1l + t2l
            v[1] = lo & _MASK32
            v[0] = (t1h + t2h + (lo >> 32)) & _MASK32
        for i in range(0, 16, 2):
            lo = hs[i + 1] + v[i + 1]
            hs[i + 1] = lo & _MASK32
            hs[i] = (hs[i] + v[i] + (lo >> 32)) & _MASK32
    out: List[int] = []
    for w in hs:
        out.append((w >> 24) & 0xff)
        out.append((w >> 16) & 0xff)
        out.append((w >> 8) & 0xff)
        out.append(w & 0xff)
    return out
