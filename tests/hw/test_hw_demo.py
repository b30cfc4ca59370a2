"""tools/hw_demo.py: the real drivers on the simulated board, end to end."""
import os
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def test_demo_lights_the_pattern_plays_and_reports_the_battery():
    result = subprocess.run([sys.executable, "-m", "tools.hw_demo"], cwd=ROOT,
                            capture_output=True, text=True, timeout=120)
    out = result.stdout
    assert result.returncode == 0, out + result.stderr
    lines = out.splitlines()
    assert lines[0] == "Y" * 32 and lines[15] == "Y" * 32
    assert "display matches the frame: True" in out
    assert out.count("tone ") == 5 and "tone   523 Hz at    0 ms for 120 ms" in out
    assert "buzzer silent after the melody: True" in out
    assert "battery OK" in out and "with the pack at 3.30 V: LOW" in out
