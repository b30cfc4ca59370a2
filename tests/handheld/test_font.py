from firmware.handheld import font
from tools.gen import font as gen_font


def test_font_module_is_what_the_generator_writes():
    with open(gen_font.path()) as f:
        assert f.read() == gen_font.source()


def test_every_glyph_is_distinct_from_the_others():
    seen = {}
    for code in range(font.FIRST, font.LAST + 1):
        ch = chr(code)
        if ch not in gen_font.GLYPHS or ch == " ":
            continue
        cols = tuple(font.column(code, x) for x in range(3))
        assert cols not in seen, "%r looks like %r" % (ch, seen.get(cols))
        seen[cols] = ch


def test_base64_alphabet_of_gnubg_ids_is_all_drawn():
    alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"
    for ch in alphabet:
        assert ch in gen_font.GLYPHS, ch
