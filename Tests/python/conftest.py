"""Shared fixtures: the jasonrun binary under test and the repository's folders."""
import os
import pathlib

import pytest

REPO = pathlib.Path(__file__).resolve().parents[2]


@pytest.fixture(scope="session")
def jasonrun() -> str:
    """Path of the built binary; scripts/python-tests.sh exports it as JASONRUN_BIN."""
    path = os.environ.get("JASONRUN_BIN") or str(REPO / ".build" / "debug" / "jasonrun")
    assert os.access(path, os.X_OK), f"no jasonrun binary at {path}; build first (swift build)"
    return path


@pytest.fixture(scope="session")
def repo() -> pathlib.Path:
    return REPO
