# Runs on the board after board_common.py when a benchmark names the game's
# objects in the heap (WHO set by the host: soak --who, heapmap --who), and
# only then: its code would otherwise lie on the heap the benchmark reads.
import machine

_RAM = (0x20000000, 0x20042000)     # the RP2040's SRAM: a heap object's address lies here


def who_above(roots, low, depth=7):
    """'WHO address blocks type path' for each object reachable from roots
    ((name, object) pairs) through instances' attributes, lists, tuples
    and dicts that lies at or above address `low`: which of the game's
    objects split the top of the heap. The walk allocates a small tuple
    an object it passes (a path is written out only for the objects
    printed: the heap is nearly full where it matters); call it after
    heap_line, so that what it measures is already printed."""
    seen = set()        # the objects printed (only those above low: the heap is small)
    # (parent entry, how reached: 0 root, 1 attribute, 2 index, 3 dict value, 4 dict key; the name, index or key, object, depth)
    todo = [(None, 0, name, obj, 0) for name, obj in roots]
    while todo:
        entry = todo.pop()
        obj, d = entry[3], entry[4]
        if obj is None or isinstance(obj, (int, bool)) or type(obj).__name__ in ("module", "function"):
            continue
        i = id(obj)
        if i >= low:
            if i in seen:
                continue
            seen.add(i)
            print("WHO %x %s %s" % (i, type(obj).__name__, _path(entry)))
        if _RAM[0] <= i < _RAM[1] and (isinstance(obj, _STORED) or hasattr(obj, "__dict__")):
            # a list's items, a dict's or an instance's table, an array's
            # or a string's bytes lie in a block of their own, made again
            # as a list or a dict grows: its address is the object's word 3
            p = machine.mem32[i + 12]
            if p >= low and p not in seen and _RAM[0] <= p < _RAM[1]:
                seen.add(p)
                print("WHO %x %s-items %s" % (p, type(obj).__name__, _path(entry)))
        if d >= depth:
            continue
        if isinstance(obj, (list, tuple)):
            for k in range(len(obj)):
                todo.append((entry, 2, k, obj[k], d + 1))
        elif isinstance(obj, dict):
            for k, v in obj.items():
                todo.append((entry, 3, k, v, d + 1))
                if not isinstance(k, str):
                    todo.append((entry, 4, None, k, d + 1))
        elif not isinstance(obj, (str, bytes, bytearray)):
            try:
                attrs = obj.__dict__
            except AttributeError:
                continue
            for k, v in attrs.items():
                todo.append((entry, 1, k, v, d + 1))


_STORED = (list, dict, bytearray, array, str, bytes)


def type_names(modules):
    """{address: name} of the builtin types and of the classes in modules
    (the values of sys.modules): an object's first word is its type's
    address, so that who_types can name the objects no walk reaches."""
    def f():
        return f
    names = {}
    # the types the block map writes as 'h' (tuples, lists, dicts, strings,
    # arrays and functions have letters of their own there)
    for t in (memoryview, int, set, frozenset, type(f), type(names.items), type(range(1)), type(iter(())),
              type(iter([])), type(x for x in ())):
        names[id(t)] = t.__name__
    for m in modules:
        for k, v in m.__dict__.items():
            if isinstance(v, type):
                names[id(v)] = k
    return names


def who_types(names, low, high=_RAM[1]):
    """'TYPE address name' for each 16-byte block from low up to high
    whose first word is a type's address in names (type_names): the type
    of each object there, for the host to read with the block map (a free
    block may show a type too: what last lay there). The heap is collected
    again after it, so that its garbage is none of the game's passes'."""
    mem = machine.mem32
    for a in range(low, high, 16):
        n = names.get(mem[a])
        if n is not None:
            print("TYPE %x %s" % (a, n))
    gc.collect()


def _path(entry):
    """The path that reached a who_above entry: root.attribute[index]{key}."""
    parts = []
    while entry is not None:
        parent, how, key = entry[0], entry[1], entry[2]
        parts.append(key if how == 0 else "." + key if how == 1 else "[%d]" % key if how == 2
                     else "{%s}" % (key,) if how == 3 else "{key}")
        entry = parent
    parts.reverse()
    return "".join(parts)
