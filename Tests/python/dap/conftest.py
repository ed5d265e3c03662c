"""Fixtures of the debug adapter tests: a client started on `jasonrun dap`, and the flows' paths."""
import pathlib

import pytest

from dap_client import DAPClient

FLOWS = pathlib.Path(__file__).resolve().parent / "flows"


@pytest.fixture
def dap(jasonrun):
    client = DAPClient(jasonrun)
    yield client
    if client.process.poll() is None:
        client.process.kill()
        client.process.wait()


@pytest.fixture
def flows() -> pathlib.Path:
    return FLOWS
