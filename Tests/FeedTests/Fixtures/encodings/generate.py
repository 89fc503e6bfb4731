#!/usr/bin/env python3
"""Writes the encoding corpus: small RSS feeds, each in one character encoding.

Run from this folder: `python3 generate.py`. It rewrites every `*.xml` here and
`manifest.tsv`, whose columns are: file, the HTTP Content-Type to parse it with ("-" for
none), the title the parser must read (UTF-8), and whether a warning is expected.
Only Python's own `codecs` are used, so the bytes do not depend on the platform's iconv.
"""
import os

SAMPLES = [
    "Caf\u00e9 cr\u00e8me \u00fcber",               # Latin-1 letters
    "Prix\u00a0: 5\u00a0\u20ac \u2014 \u0152uvre",  # euro, dash, OE
    "Za\u017c\u00f3\u0142\u0107 g\u0119\u015bl\u0105 ja\u017a\u0144",  # Polish
    "\u041f\u0440\u0438\u0432\u0435\u0442, \u043c\u0438\u0440",  # Russian
    "\u0391\u03b8\u03ae\u03bd\u03b1 \u03ba\u03b1\u03b9 \u03ba\u03cc\u03c3\u03bc\u03bf\u03c2",  # Greek
    "G\u00fcnayd\u0131n \u015eehir",                # Turkish
    "\u05e9\u05dc\u05d5\u05dd \u05e2\u05d5\u05dc\u05dd",  # Hebrew
    "\u0645\u0631\u062d\u0628\u0627 \u0628\u0627\u0644\u0639\u0627\u0644\u0645",  # Arabic
    "Lab\u0101 r\u012bt\u0101 \u0161\u0137\u0113rslis",  # Latvian
    "\u0e2a\u0e27\u0e31\u0e2a\u0e14\u0e35\u0e0a\u0e32\u0e27\u0e42\u0e25\u0e01",  # Thai
    "\u4f60\u597d\uff0c\u4e16\u754c",               # Chinese (simplified)
    "\u81fa\u7063\u65b0\u805e",                     # Chinese (traditional)
    "\u3053\u3093\u306b\u3061\u306f\u4e16\u754c",   # Japanese
    "\uc548\ub155\ud558\uc138\uc694 \uc138\uacc4",  # Korean
    "\u0174\u0177 \u1e84\u1e85 Cymru",              # Welsh (ISO-8859-14)
    "\u0218tiri \u0103\u00ee\u021b",                # Romanian (ISO-8859-16)
    "\u0126a\u0121ar \u010bkejken",                 # Maltese (ISO-8859-3)
    "\u00de\u00f3r\u00f0ur \u014b\u0138",           # Nordic (ISO-8859-10)
    "\u0427\u0456\u0442\u0430\u0439 \u0491\u0430\u043d\u043e\u043a",  # Ukrainian
    "Hello EBCDIC \u00a2 \u00ac",                   # EBCDIC has cent and not signs
]

# (label written in the feed, Python codec)
ENCODINGS = [
    ("UTF-8", "utf-8"), ("windows-1250", "cp1250"), ("windows-1251", "cp1251"),
    ("windows-1252", "cp1252"), ("windows-1253", "cp1253"), ("windows-1254", "cp1254"),
    ("windows-1255", "cp1255"), ("windows-1256", "cp1256"), ("windows-1257", "cp1257"),
    ("windows-1258", "cp1258"), ("ISO-8859-1", "latin-1"), ("ISO-8859-2", "iso8859-2"),
    ("ISO-8859-3", "iso8859-3"), ("ISO-8859-4", "iso8859-4"), ("ISO-8859-5", "iso8859-5"),
    ("ISO-8859-6", "iso8859-6"), ("ISO-8859-7", "iso8859-7"), ("ISO-8859-8", "iso8859-8"),
    ("ISO-8859-9", "iso8859-9"), ("ISO-8859-10", "iso8859-10"), ("ISO-8859-11", "iso8859-11"),
    ("ISO-8859-13", "iso8859-13"), ("ISO-8859-14", "iso8859-14"), ("ISO-8859-15", "iso8859-15"),
    ("ISO-8859-16", "iso8859-16"), ("KOI8-R", "koi8-r"), ("KOI8-U", "koi8-u"),
    ("GB2312", "gb2312"), ("GBK", "gbk"), ("GB18030", "gb18030"), ("Big5", "big5"),
    ("Big5-HKSCS", "big5hkscs"), ("EUC-JP", "euc-jp"), ("Shift_JIS", "shift_jis"),
    ("windows-31j", "cp932"), ("ISO-2022-JP", "iso2022-jp"), ("EUC-KR", "euc-kr"),
    ("windows-949", "cp949"), ("IBM866", "cp866"), ("IBM850", "cp850"), ("IBM437", "cp437"),
    ("IBM852", "cp852"), ("macintosh", "mac-roman"), ("x-mac-cyrillic", "mac-cyrillic"),
    ("TIS-620", "tis-620"), ("windows-874", "cp874"), ("US-ASCII", "ascii"),
    ("UTF-16", "utf-16"), ("UTF-16LE", "utf-16-le"), ("UTF-16BE", "utf-16-be"),
    ("UTF-32", "utf-32"), ("UTF-32LE", "utf-32-le"), ("UTF-32BE", "utf-32-be"),
]


# The sample each encoding is made for, by index in SAMPLES (else the first that fits).
PREFERRED = {
    "gb2312": 10, "gbk": 10, "gb18030": 10, "big5": 11, "big5hkscs": 11, "euc-jp": 12,
    "shift_jis": 12, "cp932": 12, "iso2022-jp": 12, "euc-kr": 13, "cp949": 13,
    "cp1250": 2, "iso8859-2": 2, "cp852": 2, "cp1251": 3, "iso8859-5": 3, "koi8-r": 3,
    "cp866": 3, "mac-cyrillic": 3, "koi8-u": 18, "cp1253": 4, "iso8859-7": 4,
    "cp1254": 5, "iso8859-9": 5, "cp1255": 6, "iso8859-8": 6, "cp1256": 7, "iso8859-6": 7,
    "cp1257": 8, "iso8859-4": 8, "iso8859-13": 8, "cp874": 9, "tis-620": 9,
    "iso8859-11": 9, "iso8859-14": 14, "iso8859-16": 15, "iso8859-3": 16, "iso8859-10": 17,
}


def fits(text, codec):
    try:
        return text.encode(codec).decode(codec) == text
    except (UnicodeEncodeError, UnicodeDecodeError):
        return False


def sample(codec):
    if codec in PREFERRED and fits(SAMPLES[PREFERRED[codec]], codec):
        return SAMPLES[PREFERRED[codec]]
    for text in SAMPLES:
        if codec == "ascii":
            return "Plain ASCII title"
        try:
            if text.encode(codec).decode(codec) == text and any(ord(c) > 127 for c in text):
                return text
        except (UnicodeEncodeError, UnicodeDecodeError):
            continue
    raise SystemExit("no sample for " + codec)


def feed(title, declaration):
    prolog = '<?xml version="1.0"%s?>\n' % (' encoding="%s"' % declaration if declaration else "")
    return (prolog + '<rss version="2.0"><channel><title>%s</title>'
            '<link>https://example.com/</link>'
            '<item><title>%s</title><guid>urn:1</guid></item></channel></rss>\n') % (title, title)


rows = []


def write(name, data, content_type, title, warning=False):
    with open(name, "wb") as f:
        f.write(data)
    rows.append("\t".join([name, content_type or "-", title, "yes" if warning else "no"]))


def slug(label):
    return label.lower().replace("_", "-")


for label, codec in ENCODINGS:
    title = sample(codec)
    # 1. Declared in the XML declaration only (Python's utf-16/utf-32 codecs add a BOM).
    write(slug(label) + ".declared.xml", feed(title, label).encode(codec), None, title)
    # 2. Named by the HTTP charset only, no declaration.
    write(slug(label) + ".http.xml", feed(title, None).encode(codec),
          "application/rss+xml; charset=" + label, title)

# Labels spelled with "_", in odd case, or as aliases.
for label, codec in [("ISO_8859-15", "iso8859-15"), ("iso_8859_2", "iso8859-2"),
                     ("Windows_1251", "cp1251"), ("shift_jis", "shift_jis"),
                     ("ks_c_5601-1987", "euc-kr"), ("x-sjis", "cp932"), ("koi8_r", "koi8-r"),
                     ("latin2", "iso8859-2"), ("cp1251", "cp1251"), ("x-euc-jp", "euc-jp")]:
    title = sample(codec)
    write("label-" + slug(label).replace(":", "") + ".xml", feed(title, label).encode(codec),
          None, title)

# UTF-16 and UTF-32 with and without a mark, declared in every way.
euro = "Prix\u00a0: 5\u00a0\u20ac \u2014 \u0152uvre \U0001F600"
for label, codec, bom in [
    ("UTF-16LE", "utf-16-le", b""), ("UTF-16BE", "utf-16-be", b""),
    ("UTF-16LE", "utf-16-le", b"\xff\xfe"), ("UTF-16BE", "utf-16-be", b"\xfe\xff"),
    ("UTF-16", "utf-16-le", b""), ("UTF-16", "utf-16-be", b""),
    ("utf-16le", "utf-16-le", b"\xff\xfe"), ("UTF-32LE", "utf-32-le", b""),
    ("UTF-32BE", "utf-32-be", b""), ("UTF-32", "utf-32-be", b"\x00\x00\xfe\xff"),
    ("UTF-32", "utf-32-le", b"\xff\xfe\x00\x00"), ("ISO-10646-UCS-4", "utf-32-be", b""),
]:
    name = "mark-%s-%s-%s.xml" % (slug(label), codec, "bom" if bom else "nobom")
    write(name, bom + feed(euro, label).encode(codec), None, euro)
# No declaration at all: the first bytes tell.
write("sniff-utf-16le.xml", feed(euro, None).encode("utf-16-le"), None, euro)
write("sniff-utf-32be.xml", feed(euro, None).encode("utf-32-be"), None, euro)
write("sniff-utf-8-bom.xml", b"\xef\xbb\xbf" + feed(euro, None).encode("utf-8"), None, euro)

# EBCDIC: the declaration itself is in EBCDIC.
ebcdic = "Hello EBCDIC \u00a2 \u00ac"
for label, codec in [("IBM037", "cp037"), ("ebcdic-cp-us", "cp037"), ("IBM500", "cp500"),
                     ("IBM1140", "cp1140"), ("IBM273", "cp273")]:
    write("ebcdic-" + slug(label) + ".xml", feed(ebcdic, label).encode(codec), None, ebcdic)

# The order: HTTP charset, then a byte-order mark, then the declaration.
latin9 = "Prix\u00a0: 5\u00a0\u20ac, \u0152uvre \u0161\u017e"
cyrillic = "\u041f\u0440\u0438\u0432\u0435\u0442, \u043c\u0438\u0440"
write("order-http-over-declaration.xml", feed(cyrillic, "ISO-8859-1").encode("koi8-r"),
      "text/xml; charset=KOI8-R", cyrillic)
write("order-http-quoted.xml", feed(cyrillic, "UTF-8").encode("cp1251"),
      'application/rss+xml; charset="windows-1251"', cyrillic)
write("order-bom-over-declaration.xml",
      b"\xef\xbb\xbf" + feed(latin9, "ISO-8859-15").encode("utf-8"), None, latin9)
write("order-bom-contradicts-http.xml",
      b"\xff\xfe" + feed(latin9, None).encode("utf-16-le"), "text/xml; charset=ISO-8859-15",
      latin9)
write("order-http-utf-16-bom-order.xml",
      b"\xfe\xff" + feed(latin9, None).encode("utf-16-be"), "text/xml; charset=utf-16", latin9)
write("order-latin9-is-not-windows-1252.xml", feed(latin9, "ISO-8859-15").encode("iso8859-15"),
      None, latin9)
write("order-unknown-http-falls-to-declaration.xml",
      feed(cyrillic, "windows-1251").encode("cp1251"), "text/xml; charset=x-unknown-thing",
      cyrillic)

# Unreadable: an encoding nobody knows. Read as UTF-8, with U+FFFD, and a warning.
write("lossy-unknown-label.xml",
      feed("caf\u00e9 au lait", "x-no-such-encoding").encode("latin-1"), None,
      "caf\ufffd au lait", warning=True)
write("lossy-unknown-http.xml", feed("na\u00efve", None).encode("latin-1"),
      "text/xml; charset=x-no-such-encoding", "na\ufffdve", warning=True)

with open("manifest.tsv", "w", encoding="utf-8") as f:
    f.write("\n".join(rows) + "\n")
print(len(rows), "feeds")
