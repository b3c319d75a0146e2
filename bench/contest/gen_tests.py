#!/usr/bin/env python3
"""Writes the stdin files and tests.txt of every contest family, deterministically.

Usage: python3 gen_tests.py [--outdir DIR] [FAMILY...]

Each family gets <family>/inputs/tNN.txt (one file per test) and <family>/tests.txt with one
`< inputs/tNN.txt` line per test (paths relative to the tests file, as culprit resolves them).
Hand-picked cases come first (boundaries and the cases that tell the faulty versions apart),
then a few inputs from a fixed-seed LCG (independent of Python's `random`). Inputs stay small:
at most 20 items and lines under 60 characters, so loops stay short for bounded analysis.
"""
import os
import sys


class Lcg:
    def __init__(self, seed):
        self.s = seed & 0xFFFFFFFF

    def next(self):
        self.s = (self.s * 1103515245 + 12345) & 0x7FFFFFFF
        return self.s >> 4

    def rng(self, lo, hi):
        return lo + self.next() % (hi - lo + 1)

    def pick(self, seq):
        return seq[self.next() % len(seq)]


def word(g, letters, lo, hi):
    return "".join(g.pick(letters) for _ in range(g.rng(lo, hi)))


def wordstat():
    t = [
        "hello world\n",
        "The quick brown Fox\njumps over 2 lazy dogs\n",
        "",
        "   \n\n  \n",
        "abc def ghi\n",
        "one three seven\n",
        "aaaa bbbb\n",
        "x1 y22 z333\n",
        "ALL CAPS HERE\n",
        "MiXeD CaSe wOrDs\n",
        "12 345 6789\n",
        "tab\tseparated\twords\n",
        "no newline at end",
        "Ab cD\nEf gH\n",
        "short\nlonger\nlongest\n",
        "ABCDEF abcdef\n",
        "C3PO R2D2 BB8\n",
        "  leading and trailing  \n",
        "a\n",
        "Hi. Bye! 42?\n",
    ]
    g = Lcg(11)
    for _ in range(8):
        lines = []
        for _ in range(g.rng(1, 3)):
            ws = [word(g, "abcXYZ19", 1, 7) for _ in range(g.rng(1, 4))]
            lines.append(" ".join(ws))
        t.append("\n".join(lines) + "\n")
    return t


def caesar():
    t = [
        "e 3\nHELLO WORLD\n",
        "e 3\nhello world\n",
        "d 3\nKHOOR ZRUOG\n",
        "d 3\nkhoor zruog\n",
        "e 13\nWhy did the chicken cross the road?\n",
        "e 0\nUnchanged Text\n",
        "e 26\nFull Circle\n",
        "e -1\nBAD\n",
        "d 29\nABC xyz\n",
        "x 5\nABC\n",
        "e 1\nZz Yy\n",
        "e 5\n\n123 456!\n",
        "e 7\nNUMBERS 2024 AND SIGNS.\n",
        "e 2\nabc\nXYZ\n",
        "d 1\nB\nb\n",
        "e 4\nEND WITH A DOT.\n",
        "e 4\nend with a dot.\n",
        "e 25\nA\n",
        "e 3\nhi\n",
        "d 13\nJul qvq gur puvpxra?\n",
        "e 9\n",
    ]
    g = Lcg(23)
    for _ in range(6):
        k = g.rng(-30, 30)
        lines = [word(g, "abcxyzABCXYZ .!", 1, 14) for _ in range(g.rng(1, 3))]
        t.append("%s %d\n%s\n" % (g.pick("ed"), k, "\n".join(lines)))
    return t


def palin():
    t = [
        "3\nlevel noon abc\n",
        "1\nRacecar\n",
        "1\nracecar\n",
        "2\nMadam Anna\n",
        "2\nmadam anna\n",
        "3\nxyx aba aa\n",
        "3\naa bb cc\n",
        "2\nab ba\n",
        "4\nrotor kayak level refer\n",
        "1\nA\n",
        "2\nno,on! Was-it-a-Cat\n",
        "2\nwas-it-a-cat-i-saw Step-on-no-pets\n",
        "0\n",
        "3\nhello world palindrome\n",
        "2\nStats tenet\n",
        "2\nxyzzyx abcba\n",
        "2\n!!! ?\n",
        "3\nAbBa abba ABBA\n",
        "2\nabcba xyzzyx\n",
        "x\n",
    ]
    g = Lcg(37)
    for _ in range(6):
        n = g.rng(1, 4)
        ws = []
        for _ in range(n):
            h = word(g, "abAB", 1, 4)
            ws.append(h + h[::-1][g.rng(0, 1):] if g.rng(0, 2) else h + "x")
        t.append("%d\n%s\n" % (n, " ".join(ws)))
    return t


def rle():
    t = [
        "E aaabcc\n",
        "E abc\n",
        "E aab\n",
        "E aaa\n",
        "D a3bc2\n",
        "D abc\n",
        "D x12\n",
        "D a10b\n",
        "E zzzzzzzzzzzz\nD z12\n",
        "E a\nD a\n",
        "E abbcccdddd\n",
        "D a2b3\n",
        "E aabbaa\nD a2b2a2\n",
        "X abc\n",
        "E ab\nQ x\nE cc\n",
        "",
        "E mississippi\n",
        "D m1i1s2\n",
        "E xyyyz\nD x1y3z\n",
        "D q11r\n",
    ]
    g = Lcg(41)
    for _ in range(6):
        s = "".join(g.pick("abc") * g.rng(1, 4) for _ in range(g.rng(1, 4)))
        t.append("E %s\n" % s)
    return t


def ranking():
    t = [
        "3\nalpha 3 100\nbeta 5 200\ngamma 4 50\n",
        "3\nalpha 3 100\nbeta 3 80\ngamma 3 120\n",
        "2\nzeta 2 10\nalpha 2 10\n",
        "1\nsolo 0 0\n",
        "4\nA 2 30\nB 2 30\nC 1 5\nD 2 20\n",
        "4\nred 4 40\nblue 4 40\ngreen 4 40\nwhite 4 40\n",
        "3\nx 1 10\ny 1 10\nz 1 20\n",
        "5\nt1 5 50\nt2 4 40\nt3 3 30\nt4 2 20\nt5 1 10\n",
        "3\nuno 2 15\ndos 2 15\ntres 2 10\n",
        "0\n",
        "2\nbad 1\n",
        "3\ncat 0 0\ndog 0 0\nemu 0 0\n",
        "4\np 3 90\nq 3 60\nr 3 60\ns 3 30\n",
        "3\nfast 6 300\nslow 6 301\nmid 5 100\n",
        "2\nhome 7 70\naway 7 70\n",
        "3\nk1 2 5\nk2 2 5\nk3 2 5\n",
    ]
    g = Lcg(53)
    names = ["ant", "bee", "cow", "doe", "eel", "fox", "gnu", "hen", "ibis", "jay"]
    for _ in range(8):
        n = g.rng(2, 6)
        rows = []
        for i in range(n):
            rows.append("%s %d %d" % (names[i], g.rng(1, 3), g.rng(1, 3) * 10))
        t.append("%d\n%s\n" % (n, "\n".join(rows)))
    return t


def dictionary():
    t = [
        "5\npear apple fig apple kiwi\n3\napple kiwi plum\n",
        "4\nd c b a\n2\na d\n",
        "4\nd c b a\n2\nb c\n",
        "1\nonly\n2\nonly other\n",
        "3\nsame same same\n1\nsame\n",
        "6\nzeta eta theta beta alpha gamma\n4\nalpha zeta omega eta\n",
        "2\nab abc\n2\nabc ab\n",
        "3\nx y z\n1\nw\n",
        "3\nx y z\n0\n",
        "0\n",
        "5\ncar cat car cap can\n3\ncap cat cab\n",
        "4\nmango melon lime lemon\n2\nkiwi grape\n",
        "2\nb a\n1\nb\n",
        "2\nb a\n1\na\n",
        "3\none two three\n",
        "5\nv w x y z\n5\nv w x y z\n",
    ]
    g = Lcg(67)
    pool = ["ash", "elm", "oak", "fir", "yew", "box", "bay", "fig"]
    for _ in range(8):
        n = g.rng(1, 8)
        ws = [g.pick(pool) for _ in range(n)]
        qs = [g.pick(pool) for _ in range(g.rng(1, 3))]
        t.append("%d\n%s\n%d\n%s\n" % (n, " ".join(ws), len(qs), " ".join(qs)))
    return t


def linkedlist():
    t = [
        "i 5\ni 1\ni 3\np\n",
        "i 1\ni 2\ni 3\np\n",
        "i 3\ni 2\ni 1\np\n",
        "i 1\ni 9\ni 5\np\n",
        "i 4\ni 8\nd 4\np\n",
        "i 4\ni 8\nd 8\np\n",
        "i 4\ni 8\nd 6\np\n",
        "i 4\ni 8\nd 9\np\n",
        "p\n",
        "d 1\np\n",
        "i 2\ni 2\ni 2\nd 2\np\n",
        "i 10\ni 20\ni 30\ni 25\ni 15\np\n",
        "i 7\nx 3\np\n",
        "i 5\ni 7\ni 9\nd 1\np\n",
        "i 5\ni 7\ni 9\nd 8\nd 5\np\n",
        "i -3\ni 0\ni 3\np\nd 0\np\n",
        "i 6\np\nd 6\np\n",
        "\n  \ni 1\np\n",
        "i 1\ni 4\ni 2\nd 3\np\n",
        "i 50\ni 40\ni 30\ni 20\ni 10\nd 30\np\n",
    ]
    g = Lcg(71)
    for _ in range(8):
        cmds = []
        for _ in range(g.rng(3, 8)):
            cmds.append("%s %d" % ("iiid"[g.rng(0, 3)], g.rng(0, 9)))
        cmds.append("p")
        t.append("\n".join(cmds) + "\n")
    return t


def brackets():
    t = [
        "()\n",
        "([]{})\n",
        "(\n",
        "((\n",
        ")\n",
        "(]\n",
        "a(b[c]d)e\n",
        "{[(])}\n",
        "\n",
        "no brackets at all\n",
        "int main() { return a[0]; }\n",
        "if (x) { y[1] = (2; }\n",
        "(((())))\n",
        "(()\n",
        "[\n",
        "{{}\n",
        "())\n",
        "([)]\n",
        "x = f(a[i], {1, 2});\n",
        "}{\n",
        "()\n(\n[]\n",
        "(a)\n(b]\n",
        "{\n}\n",
        "[[[]]]\n[[[]]\n",
    ]
    g = Lcg(83)
    for _ in range(6):
        t.append("".join(g.pick("()[]{}ab") for _ in range(g.rng(1, 12))) + "\n")
    return t


def prefixsum():
    t = [
        "5\n1 2 3 4 5\n3\ns 1 5\ns 2 4\nm 1 5\n",
        "5\n1 2 3 4 5\n2\nm 2 3\np 1 5\n",
        "5\n1 2 3 4 5\n1\ns 1 1\n",
        "5\n1 2 3 4 5\n1\ns 3 5\n",
        "5\n1 2 3 4 5\n1\ns 5 5\n",
        "4\n-1 0 2 -3\n3\np 1 4\nm 1 4\ns 1 4\n",
        "4\n-1 0 2 -3\n1\ns 2 3\n",
        "3\n7 8 9\n2\ns 0 2\ns 2 4\n",
        "3\n7 8 9\n1\ns 3 2\n",
        "3\n7 8 9\n1\nx 1 3\n",
        "1\n42\n2\ns 1 1\nm 1 1\n",
        "0\n",
        "6\n0 0 5 0 0 0\n2\ns 2 3\ns 1 2\n",
        "6\n3 -2 5 -1 4 -6\n4\nm 2 4\np 2 6\ns 2 6\nm 4 6\n",
        "2\n-5 -7\n2\nm 1 2\np 1 2\n",
        "3\n1 1 1\n1\np 1 3\n",
        "3\n0 4 4\n1\ns 1 2\n",
    ]
    g = Lcg(97)
    for _ in range(8):
        n = g.rng(1, 10)
        a = [g.rng(-9, 9) for _ in range(n)]
        qs = []
        for _ in range(g.rng(1, 4)):
            l = g.rng(1, n)
            r = g.rng(l, n)
            qs.append("%s %d %d" % (g.pick("smp"), l, r))
        t.append("%d\n%s\n%d\n%s\n" % (n, " ".join(map(str, a)), len(qs), "\n".join(qs)))
    return t


def roman():
    t = [
        "R 1994\n",
        "A MCMXCIV\n",
        "A mcmxciv\n",
        "R 3\nA III\n",
        "R 4\nA IV\n",
        "R 9\nA IX\n",
        "R 14\nA XIV\n",
        "R 49\nA XLIX\n",
        "R 3999\nA MMMCMXCIX\n",
        "R 0\n",
        "R 4000\n",
        "A ABC\n",
        "A MMXXIV\n",
        "R 2024\n",
        "R 1\nA I\n",
        "A XX\n",
        "A CXLIV\n",
        "R 444\n",
        "R 888\n",
        "Q 5\n",
        "A xcix\n",
        "A vii\n",
        "R 1666\nA MDCLXVI\n",
        "A MCM\n",
    ]
    g = Lcg(101)
    for _ in range(6):
        t.append("R %d\n" % g.rng(1, 3999))
    return t


def inventory():
    t = [
        "2024 5 10 3\nmilk 2 2024 5 9\nbread 1 2024 5 12\neggs 12 2024 6 1\n",
        "2024 5 10 2\nmilk 2 2024 5 10\nrice 5 2025 1 1\n",
        "2024 5 10 2\njam 1 2024 4 20\ntea 3 2024 6 5\n",
        "2024 5 10 2\njam 1 2024 6 20\ntea 3 2024 7 5\n",
        "2024 5 10 1\nsalt 1 2030 1 1\n",
        "2024 5 10 0\n",
        "2024 1 1 2\nold 1 2023 12 31\nnew 1 2024 1 2\n",
        "2024 3 15 3\na 1 2024 3 14\nb 2 2024 3 15\nc 3 2024 3 16\n",
        "2024 3 15 2\nx 4 2024 2 20\ny 5 2024 4 10\n",
        "2024 3 15 2\nx 4 2024 4 20\ny 5 2024 5 10\n",
        "2024 3 15 2\nx 4 2024 4 5\ny 5 2024 5 10\n",
        "2024 12 31 2\nham 1 2024 12 31\negg 6 2025 1 1\n",
        "2024 6 1 3\nfig 2 2024 7 3\ndate 1 2024 8 1\nlime 4 2024 9 2\n",
        "2024 6 1 2\nfig 2 2024 5 31\nlime 1 2024 6 2\n",
        "2024 6 1 1\nbad 1\n",
        "2024 6 1 21\n",
    ]
    g = Lcg(113)
    names = ["oil", "tuna", "corn", "beans", "flour", "sugar", "soup", "nuts"]
    for _ in range(8):
        n = g.rng(1, 6)
        rows = ["%s %d 2024 %d %d" % (names[i], g.rng(1, 9), g.rng(1, 12), g.rng(1, 28))
                for i in range(n)]
        t.append("2024 %d %d %d\n%s\n" % (g.rng(1, 12), g.rng(1, 28), n, "\n".join(rows)))
    return t


def exprcalc():
    t = [
        "1+2\n",
        "2*3+4\n",
        "2+3*4\n",
        "10-3\n",
        "10-3-2\n",
        "100/7\n",
        "8/0\n",
        "7 * 6\n",
        "  12 +  30  \n",
        "3 4\n",
        "5+\n",
        "\n",
        "abc\n",
        "42\n",
        "2*3*4/6\n",
        "20-4*3+1\n",
        "9-9\n",
        "1+2+3+4+5\n",
        "6/2*3\n",
        "5-7\n",
        "12x\n",
        "1 + 2 3\n",
    ]
    g = Lcg(127)
    for _ in range(8):
        parts = [str(g.rng(0, 20))]
        for _ in range(g.rng(1, 3)):
            parts.append(g.pick("+-*/"))
            parts.append(str(g.rng(1, 20)))
        t.append(" ".join(parts) + "\n")
    return t


def anagram():
    t = [
        "1\nlisten silent\n",
        "1\nListen Silent\n",
        "1\nlisten SILENT\n",
        "1\nabc abd\n",
        "2\nabc cba\nxyz zyx\n",
        "2\nxyz abc\nabc bca\n",
        "2\nhello world\ntea eat\n",
        "2\nabcdef fedcba\nabc cab\n",
        "1\nDormitory dirty-room\n",
        "1\ndormitory DIRTYROOM\n",
        "1\na-b-c c.b.a\n",
        "1\nzzz zz\n",
        "0\n",
        "x\n",
        "3\nrat tar\nstar tars\nmoon noon\n",
        "2\nmoon noon\nrat tar\n",
        "2\nqq q\nab ba\n",
        "1\nAa aA\n",
        "2\nabc ab\nabc abc\n",
    ]
    g = Lcg(131)
    for _ in range(6):
        n = g.rng(1, 3)
        rows = []
        for _ in range(n):
            a = word(g, "abcmnoXYZ", 1, 7)
            b = a[::-1] if g.rng(0, 1) else word(g, "abcmnoXYZ", 1, 7)
            rows.append("%s %s" % (a, b))
        t.append("%d\n%s\n" % (n, "\n".join(rows)))
    return t


def autocomplete():
    t = [
        "4\ncat car dog cart\n? car\n",
        "4\ncat car dog cart\n? ca\n",
        "4\ncat car dog cart\n? c\n",
        "4\ncat car dog cart\n? d\n",
        "4\ncat car dog cart\n? x\n",
        "4\ncat car dog cart\n? cars\n",
        "3\napple apply ape\n? app\n? apl\n",
        "3\napple apply ape\nt 3\n",
        "3\napple apply ape\nt 2\n",
        "3\napple apply ape\nt 10\n",
        "3\nab abc abcd\nt 3\n",
        "3\nab abc abcd\nt 1\n",
        "2\nxy zw\nt 0\n",
        "2\nxy zw\nt 30\n",
        "0\n",
        "2\nhello help\n? hel\n? help\nt 4\n",
        "2\nhello help\n! x\n",
        "3\ntea ten tin\n? te\n? ti\n? t\n",
        "1\nsolo\n? solo\n? sol\n? solos\n",
        "2\nmoon mood\nt 3\n? moo\n",
    ]
    return t


def median():
    t = [
        "5\n3 1 2 5 4\n",
        "4\n4 1 3 2\n",
        "1\n7\n",
        "2\n9 1\n",
        "6\n2 2 3 3 1 1\n",
        "5\n5 5 1 1 3\n",
        "3\n-1 -5 -3\n",
        "7\n1 2 2 3 3 3 4\n",
        "0\n",
        "21\n",
        "3\n1 x 2\n",
        "5\n10 20 10 30 20\n",
        "3\n8 8 8\n",
        "6\n6 5 4 3 2 1\n",
        "5\n0 -2 7 -2 7\n",
        "4\n100 -100 50 -50\n",
    ]
    g = Lcg(139)
    for _ in range(8):
        n = g.rng(1, 12)
        t.append("%d\n%s\n" % (n, " ".join(str(g.rng(-5, 5)) for _ in range(n))))
    return t


FAMILIES = {
    "wordstat": wordstat, "caesar": caesar, "palin": palin, "rle": rle,
    "ranking": ranking, "dictionary": dictionary, "linkedlist": linkedlist,
    "brackets": brackets, "prefixsum": prefixsum, "roman": roman, "inventory": inventory,
    "exprcalc": exprcalc, "anagram": anagram, "autocomplete": autocomplete, "median": median,
}


def main(argv):
    outdir = os.path.dirname(os.path.abspath(__file__))
    if len(argv) >= 2 and argv[0] == "--outdir":
        outdir, argv = argv[1], argv[2:]
    names = argv or list(FAMILIES)
    for fam in names:
        tests = []
        for text in FAMILIES[fam]():
            if text not in tests:
                tests.append(text)
        assert 15 <= len(tests) <= 40, (fam, len(tests))
        folder = os.path.join(outdir, fam)
        inputs = os.path.join(folder, "inputs")
        os.makedirs(inputs, exist_ok=True)
        for old in os.listdir(inputs):
            if old.endswith(".txt"):
                os.remove(os.path.join(inputs, old))
        lines = ["# %s: one test per line, stdin from inputs/ (generated by ../gen_tests.py)" % fam]
        for i, text in enumerate(tests, 1):
            name = "t%02d.txt" % i
            with open(os.path.join(inputs, name), "w") as f:
                f.write(text)
            lines.append("< inputs/%s" % name)
        with open(os.path.join(folder, "tests.txt"), "w") as f:
            f.write("\n".join(lines) + "\n")


if __name__ == "__main__":
    main(sys.argv[1:])
