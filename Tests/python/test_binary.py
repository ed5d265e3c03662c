"""The binary the other Python tests drive is the one this checkout built."""
import subprocess


def test_version_names_the_tool(jasonrun):
    done = subprocess.run([jasonrun, "--version"], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0
    assert done.stdout.startswith("jasonrun ")
