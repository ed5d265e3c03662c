"""`jasonrun schema` is a valid draft 2020-12 schema; every example validates against it, and documents
with wrong options do not."""
import json
import subprocess

import pytest
from jsonschema import Draft202012Validator


@pytest.fixture(scope="module")
def validator(jasonrun):
    done = subprocess.run([jasonrun, "schema"], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    schema = json.loads(done.stdout)
    assert schema["$schema"] == "https://json-schema.org/draft/2020-12/schema"
    Draft202012Validator.check_schema(schema)
    return Draft202012Validator(schema)


def example_files(repo):
    return sorted(p for name in ("flow.json", "app.json") for p in (repo / "Examples").glob("*/" + name))


def test_every_example_validates(validator, repo):
    files = example_files(repo)
    assert len(files) >= 13
    for path in files:
        errors = [e.message for e in validator.iter_errors(json.loads(path.read_text()))]
        assert errors == [], f"{path}: {errors[:3]}"


@pytest.mark.parametrize(
    "document",
    [
        {"type": "$timer.start", "options": {"interval": True}},
        {"type": "$util.alert", "options": {"tilte": "x"}},
        {"type": "$lambda", "options": {}},
        {"$jason": {"head": {"actions": {"$load": {"type": "$util.toast", "options": {"text": {"a": 1}}}}}}},
        {"$jason": {"head": {"actions": "not an object"}}},
    ],
)
def test_wrong_options_do_not_validate(validator, document):
    assert not validator.is_valid(document)


def test_templates_and_directives_are_accepted(validator):
    document = {"$jason": {"head": {"actions": {"$load": [
        {"{{#if $get.n}}": {"type": "$timer.start", "options": {"interval": "{{$get.n}}", "name": "t", "action": {}}}},
        {"{{#else}}": {"type": "$util.alert", "options": "{{$jason}}"}},
    ]}}}}
    assert validator.is_valid(document)


def test_options_carry_their_descriptions(validator):
    options = validator.schema["$defs"]["options"]["$util.alert"]
    assert options["description"]
    assert options["anyOf"][0]["properties"]["title"]["description"]
