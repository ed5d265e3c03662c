"""editors/vscode: one VS Code extension for the language server and the debugger, packageable, whose
launch schema names every attribute the debug adapter reads."""
import json
import pathlib
import re

import jsonschema

REPO = pathlib.Path(__file__).resolve().parents[3]
EXTENSION = REPO / "editors" / "vscode"


def manifest():
    return json.loads((EXTENSION / "package.json").read_text())


def test_there_is_one_extension_with_both_faces():
    assert [p.name for p in (REPO / "editors").iterdir() if (p / "package.json").exists()] == ["vscode"]
    script = (EXTENSION / "extension.js").read_text()
    assert '["lsp"]' in script and '["dap"]' in script
    m = manifest()
    assert m["main"] == "./extension.js"
    assert [d["type"] for d in m["contributes"]["debuggers"]] == ["jasonrun"]
    assert "onLanguage:json" in m["activationEvents"] and "onDebugResolve:jasonrun" in m["activationEvents"]


def test_it_is_packageable():
    m = manifest()
    for key in ("name", "publisher", "version", "engines", "license", "repository", "description"):
        assert m.get(key), key
    assert (EXTENSION / "LICENSE").read_text().startswith("MIT License")
    assert (EXTENSION / "README.md").exists()
    assert set(m["dependencies"]) == {"vscode-languageclient"}
    for name in m["files"]:
        assert (EXTENSION / name).exists(), name


def test_the_launch_schema_names_every_attribute_the_adapter_reads():
    launcher = (REPO / "Sources" / "JasonCLI" / "DapLauncher.swift").read_text()
    read = set(re.findall(r'arguments\["(\w+)"\]', launcher)) | {"stopOnEntry"}
    launch = manifest()["contributes"]["debuggers"][0]["configurationAttributes"]["launch"]
    assert read <= set(launch["properties"]), read - set(launch["properties"])
    jsonschema.validate({"program": "flow.json", "seed": 7, "clockStart": "2026-01-01T09:30:00Z", "cwd": "/tmp"}, launch)


def test_its_settings_are_declared_once():
    properties = manifest()["contributes"]["configuration"]["properties"]
    assert set(properties) == {"jasonrun.path", "jasonrun.files"}
