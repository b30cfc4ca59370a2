from firmware.handheld import sounds


def test_every_melody_is_note_length_pairs_within_range():
    for melody in sounds.ALL:
        assert len(melody) % 2 == 0 and len(melody) >= 2
        for i in range(0, len(melody), 2):
            assert melody[i] == 0 or 24 <= melody[i] <= 108     # a piezo's useful range
            assert 1 <= melody[i + 1] <= 100


def test_sounds_are_short_and_distinct():
    assert len(set(sounds.ALL)) == len(sounds.ALL)
    assert sounds.duration_ms(sounds.LOW_BATTERY) <= 300
    assert sounds.duration_ms(sounds.MOVE) <= 100
    for melody in sounds.ALL:
        assert sounds.duration_ms(melody) <= 1500
