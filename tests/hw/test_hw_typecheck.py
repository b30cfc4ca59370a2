"""mypy checks hw/ against the rp2 port's stubs (micropython-rp2-rpi-pico-stubs),
so a call the real `machine` or `time` does not have fails here, not on a board."""
import importlib.metadata
import os
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def stub_folder(tmp_path):
    """A folder with links to the board's top-level stub modules."""
    dist = importlib.metadata.distribution("micropython-rp2-rpi_pico-stubs")
    site = str(dist.locate_file(""))
    folder = tmp_path / "stubs"
    folder.mkdir()
    for name in os.listdir(site):
        if name.endswith(".pyi") or name == "_mpy_shed":
            os.symlink(os.path.join(site, name), folder / name)
    return site, str(folder)


def mypy(tmp_path, target, cwd=ROOT):
    site, stubs = stub_folder(tmp_path)
    env = dict(os.environ, MYPYPATH=stubs)
    return subprocess.run(
        [sys.executable, "-m", "mypy", "--config-file", os.path.join(ROOT, "hw", "mypy.ini"),
         "--custom-typeshed-dir", site, "--cache-dir", str(tmp_path / "cache"),
         "--no-site-packages", target],
        cwd=cwd, env=env, capture_output=True, text=True, timeout=300)


def test_hw_passes_mypy_against_the_rp2_stubs(tmp_path):
    result = mypy(tmp_path, "hw")
    assert result.returncode == 0, result.stdout + result.stderr
    assert "Success" in result.stdout


def test_the_check_catches_a_call_the_board_does_not_have(tmp_path):
    source = tmp_path / "src"
    source.mkdir()
    (source / "wrong.py").write_text(
        "import machine\n"
        "from time import ticks_ms\n"
        "machine.Pin(4, machine.Pin.IN, machine.Pin.PULL_UP).valu()\n"
        "machine.PWM(machine.Pin(15)).duty_percent(50)\n"
        "ticks_ms(3)\n")
    result = mypy(tmp_path, "wrong.py", cwd=str(source))
    assert result.returncode == 1
    assert '"Pin" has no attribute "valu"' in result.stdout
    assert '"PWM" has no attribute "duty_percent"' in result.stdout
    assert "ticks_ms" in result.stdout
