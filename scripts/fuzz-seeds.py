#!/usr/bin/env python3
"""Writes the seed corpora of the fuzz targets (Docs/Fuzzing.md) into OUT/{json,template,interpreter}.

The seeds come from ../shared beside this checkout (the corpus of real documents, the broken ones, and the
st.js conformance cases), the examples, and the few hand-picked seeds in Fuzz/Seeds/. Nothing here is
committed: run it again to rebuild the directories.
"""
import json
import pathlib
import shutil
import sys

repo = pathlib.Path(__file__).resolve().parent.parent
shared = repo.parent / "shared"
out = pathlib.Path(sys.argv[1] if len(sys.argv) > 1 else repo / ".build-fuzz" / "seeds")


def fresh(name):
    folder = out / name
    if folder.exists():
        shutil.rmtree(folder)
    folder.mkdir(parents=True)
    return folder


def copy_all(files, folder, prefix):
    count = 0
    for path in sorted(files):
        if path.is_file():
            shutil.copyfile(path, folder / f"{prefix}-{path.name}")
            count += 1
    return count


corpus = shared / "corpus"
documents = list((corpus / "documents").glob("*.json")) + list((corpus / "derived").glob("*.json"))
broken = list((corpus / "invalid").glob("*"))
examples = list((repo / "Examples").glob("*/*.json"))
hand = {name: list((repo / "Fuzz" / "Seeds" / name).glob("*")) for name in ("json", "template", "interpreter")}

counts = {}
folder = fresh("json")
counts["json"] = (copy_all(documents, folder, "doc") + copy_all(broken, folder, "broken")
                  + copy_all(examples, folder, "example") + copy_all(hand["json"], folder, "hand"))

folder = fresh("interpreter")
counts["interpreter"] = (copy_all(documents, folder, "doc") + copy_all(examples, folder, "example")
                         + copy_all(hand["interpreter"], folder, "hand"))

# Template seeds are `[template, data]`, the input shape FuzzTemplate renders; `fillout` cases give
# a string template and its data the other way round.
folder = fresh("template")
cases = json.loads((shared / "conformance" / "st-transform-cases.json").read_text())["cases"]
count = 0
for index, case in enumerate(cases):
    args = case.get("args") or []
    if case["fn"] in ("TRANSFORM.transform", "TRANSFORM.run") and len(args) == 2:
        pair = [args[0], args[1]]
    elif case["fn"] == "TRANSFORM.fillout" and len(args) == 2:
        pair = [args[1], args[0]]
    else:
        continue
    (folder / f"case-{index:04}.json").write_text(json.dumps(pair, ensure_ascii=False))
    count += 1
counts["template"] = count + copy_all(hand["template"], folder, "hand")

for name, count in counts.items():
    print(f"{out / name}: {count} seeds")
