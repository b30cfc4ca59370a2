"""Position IDs against gnubg's own encoder and decoder on played positions."""
import random

import gnubg_nn

from firmware.engine import movegen, position, posid


def played_positions(n, seed):
    rng = random.Random(seed)
    out = []
    b = position.START
    while len(out) < n:
        out.append(b)
        found = movegen.plays(b, rng.randint(1, 6), rng.randint(1, 6))
        r = found.result(rng.randrange(len(found)))
        b = position.START if position.winner_kind(r) else position.flip(r)
    return out


def test_ids_match_gnubg_both_ways():
    for b in played_positions(3000, 11):
        pid = posid.position_id(b)
        assert pid == gnubg_nn.position_id([list(b[25:]), list(b[:25])])
        them, us = gnubg_nn.board_from_position_id(pid)
        assert bytes(us) + bytes(them) == b
        assert posid.from_position_id(pid) == b


def test_key_matches_gnubg_key_order():
    # gnubg's key string spells the same 80 bits as our 10 bytes
    b = position.START
    assert len(gnubg_nn.key_of_board([list(b[25:]), list(b[:25])])) == 20
    assert posid.key(b) == bytes([0xE0, 0x73, 0xF0, 0x01, 0x30, 0xE0, 0x73, 0xF0, 0x01, 0x30])
