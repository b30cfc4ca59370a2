"""The straightforward move generator: the yardstick for firmware/engine/movegen.py.

Plays every die order recursively, copying the board as a list at every step,
and keeps every reachable end as a tuple in a set; then applies the rules on
what was collected (most dice, else the larger die). Written for clarity,
runs under CPython and MicroPython; tools/bench/movegen.py times it beside the
real generator, and the tests use it as a second opinion.
"""


def _steps(board, die):
    """(from, to, new board) for each legal single step of die."""
    out = []
    if board[24]:
        sources = [25]
    else:
        sources = [p for p in range(24, 0, -1) if board[p - 1]]
    home = sum(board[6:25]) == 0
    highest = 0
    for p in range(6, 0, -1):
        if board[p - 1]:
            highest = p
            break
    for p in sources:
        to = p - die
        if to >= 1:
            if board[49 - to] >= 2:
                continue
        elif not home or (to < 0 and p != highest):
            continue
        new = list(board)
        new[p - 1] -= 1
        if to >= 1:
            if new[49 - to] == 1:
                new[49 - to] = 0
                new[49] += 1
            new[to - 1] += 1
        else:
            to = 0
        out.append((p, to, new))
    return out


def _walk(board, dice, used, ends):
    moved = False
    if dice:
        for p, to, new in _steps(board, dice[0]):
            moved = True
            _walk(new, dice[1:], used + (dice[0],), ends)
    if not moved:
        ends.add((len(used), max(used) if used else 0, tuple(board)))


def plays(board, d1, d2):
    """The set of distinct legal results (50-tuples) of rolling d1, d2."""
    ends = set()
    if d1 == d2:
        _walk(list(board), (d1,) * 4, (), ends)
    else:
        _walk(list(board), (d1, d2), (), ends)
        _walk(list(board), (d2, d1), (), ends)
    most = max(n for n, top, b in ends)
    if most == 1 and d1 != d2:
        big = max(top for n, top, b in ends if n == 1)
        return set(b for n, top, b in ends if n == 1 and top == big)
    return set(b for n, top, b in ends if n == most)
