"""scripts/package.sh: the Debian package installs a jasonrun that needs no Swift toolchain.

Uses the package named by JASONRUN_DEB (scripts/test.sh builds it first); without it, builds one
(a release build: minutes when fresh)."""
import gzip
import json
import os
import pathlib
import subprocess

import pytest

REPO = pathlib.Path(__file__).resolve().parents[3]


@pytest.fixture(scope="module")
def package(tmp_path_factory):
    given = os.environ.get("JASONRUN_DEB")
    if given:
        return pathlib.Path(given)
    out = tmp_path_factory.mktemp("package")
    built = subprocess.run(["scripts/package.sh", str(out)], cwd=REPO, capture_output=True, text=True, timeout=1800)
    assert built.returncode == 0, built.stderr
    return pathlib.Path(built.stdout.strip())


@pytest.fixture(scope="module")
def extracted(package, tmp_path_factory):
    root = tmp_path_factory.mktemp("extracted")
    subprocess.run(["dpkg-deb", "-x", str(package), str(root)], check=True)
    return root


def test_the_package_declares_what_the_binary_opens(package):
    info = subprocess.run(["dpkg-deb", "-f", str(package), "Package", "Version", "Depends"], capture_output=True, text=True, check=True).stdout
    assert "Package: jasonrun" in info
    assert "libjavascriptcoregtk-4.1-0" in info and "libedit2" in info


def test_the_binary_is_stripped_and_links_no_swift_library(extracted):
    binary = extracted / "usr" / "lib" / "jasonrun" / "jasonrun"
    assert os.readlink(extracted / "usr" / "bin" / "jasonrun") == "../lib/jasonrun/jasonrun"
    needed = subprocess.run(["objdump", "-p", str(binary)], capture_output=True, text=True, check=True).stdout
    libraries = sorted(line.split()[1] for line in needed.splitlines() if "NEEDED" in line)
    assert not [name for name in libraries if "swift" in name.lower() or "Foundation" in name], libraries
    symbols = subprocess.run(["nm", str(binary)], capture_output=True, text=True)
    assert "no symbols" in symbols.stderr


def test_the_extracted_binary_runs_the_hello_example(extracted):
    binary = extracted / "usr" / "bin" / "jasonrun"
    env = {"PATH": "/usr/bin:/bin", "HOME": str(extracted)}
    result = subprocess.run([str(binary), str(REPO / "Examples/01-hello/flow.json"), "--no-persist"], env=env,
                            capture_output=True, text=True, timeout=60)
    expected = (REPO / "Examples/01-hello/expected.txt").read_text()
    assert result.returncode == 0
    assert expected.split("--- stdout\n")[1].split("--- stderr\n")[0] == result.stdout


def test_the_man_page_and_completions_come_from_the_commands_own_help(extracted):
    page = gzip.decompress((extracted / "usr/share/man/man1/jasonrun.1.gz").read_bytes()).decode()
    assert page.startswith(".TH JASONRUN 1")
    assert "jasonrun explore" in page and "\\-\\-write\\-tests" in page
    rendered = subprocess.run(["man", "-l", "-"], input=page, capture_output=True, text=True, env={**os.environ, "MANWIDTH": "80"})
    if rendered.returncode == 0:
        assert "JASONRUN EXPLORE" in rendered.stdout
    assert "explore" in (extracted / "usr/share/bash-completion/completions/jasonrun").read_text()
    assert "explore" in (extracted / "usr/share/zsh/vendor-completions/_jasonrun").read_text()
    assert "explore" in (extracted / "usr/share/fish/vendor_completions.d/jasonrun.fish").read_text()


def test_the_preview_page_and_the_docs_are_installed_where_the_binary_looks(extracted):
    """The preview serves its page from beside the binary (links resolved), and MCP reads the docs from
    /usr/share/doc/jasonrun, seen from it: a machine without the source tree has both."""
    page = extracted / "usr/lib/jasonrun/jasonrun_JasonPreview.resources/Page"
    assert (page / "index.html").exists() and (page / "draw.js").exists()
    docs = extracted / "usr/share/doc/jasonrun"
    assert (docs / "Tutorial.md").exists() and (docs / "stubs.schema.json").exists()
    request = '{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"t","version":"1"}}}\n' \
              '{"jsonrpc":"2.0","method":"notifications/initialized"}\n' \
              '{"jsonrpc":"2.0","id":2,"method":"resources/read","params":{"uri":"jasonrun://docs/Tutorial"}}\n'
    result = subprocess.run([str(extracted / "usr/bin/jasonrun"), "mcp"], input=request, capture_output=True, text=True, timeout=60)
    answer = [json.loads(line) for line in result.stdout.splitlines() if '"id":2' in line.replace(" ", "")][0]
    assert answer["result"]["contents"][0]["text"] == (docs / "Tutorial.md").read_text()
