"""The flow-test format's JSON Schema agrees with `jasonrun test`: the examples' test files validate,
and files the runner rejects (exit 65) are rejected by the schema too."""
import json
import pathlib
import subprocess

import pytest
from jsonschema import Draft202012Validator
from referencing import Registry, Resource

DOCS = pathlib.Path(__file__).resolve().parents[3] / "Docs"


def validator() -> Draft202012Validator:
    schema = json.loads((DOCS / "flowtest.schema.json").read_text())
    stubs = json.loads((DOCS / "stubs.schema.json").read_text())
    registry = Registry().with_resource("stubs.schema.json", Resource.from_contents(stubs))
    Draft202012Validator.check_schema(schema)
    return Draft202012Validator(schema, registry=registry)


def example_test_files() -> list[pathlib.Path]:
    examples = DOCS.parent / "Examples"
    return sorted([*examples.glob("*/*.test.json"), *examples.glob("*/exercise.json")])


def test_there_are_example_test_files():
    assert len(example_test_files()) >= 4


@pytest.mark.parametrize("path", example_test_files(), ids=lambda p: p.parent.name)
def test_example_test_files_validate(path: pathlib.Path):
    errors = list(validator().iter_errors(json.loads(path.read_text())))
    assert errors == [], [e.message for e in errors]


BAD = {
    "unknown key": {"document": {"type": "$util.toast"}, "cases": [{"name": "a", "expect": {"printd": []}}]},
    "no flow": {"cases": []},
    "two event verbs": {"document": {"type": "$util.toast"}, "cases": [{"name": "a", "events": [{"run": "x", "tap": "/x"}]}]},
    "exit 2": {"document": {"type": "$util.toast"}, "cases": [{"name": "a", "expect": {"exit": 2}}]},
    "bad answer": {"document": {"type": "$util.toast"}, "cases": [{"name": "a", "answers": {"$util.alert": {"valu": 1}}}]},
}


@pytest.mark.parametrize("name", sorted(BAD))
def test_what_the_runner_rejects_the_schema_rejects(name: str, jasonrun: str, tmp_path: pathlib.Path):
    document = BAD[name]
    assert list(validator().iter_errors(document)), f"the schema accepts {name}"
    path = tmp_path / "bad.test.json"
    path.write_text(json.dumps(document))
    result = subprocess.run([jasonrun, "test", str(path)], capture_output=True, text=True, timeout=60)
    assert result.returncode == 65, result.stderr
    assert "PASS" not in result.stdout and "FAIL" not in result.stdout
