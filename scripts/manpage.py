#!/usr/bin/env python3
"""Writes jasonrun(1) in roff from the command's own help (`jasonrun --experimental-dump-help`, the JSON
swift-argument-parser gives of every command, option and argument), so the man page never drifts from
`--help`. Usage: manpage.py JASONRUN > jasonrun.1"""
import datetime
import json
import subprocess
import sys


def roff(text):
    """Text as roff reads it: backslashes doubled, a leading dot or quote escaped."""
    text = text.replace("\\", "\\e")
    return "\\&" + text if text[:1] in (".", "'") else text


def names(argument):
    if argument["kind"] == "positional":
        return "\\fI" + argument.get("valueName", "value") + "\\fR"
    shown = []
    for name in argument.get("names", []):
        dash = "-" if name["kind"] == "short" else "--"
        shown.append("\\fB" + roff(dash + name["name"]).replace("-", "\\-") + "\\fR")
    text = ", ".join(shown)
    if argument["kind"] == "option":
        text += " \\fI" + roff(argument.get("valueName", "value")) + "\\fR"
    return text


def command_section(command, path):
    lines = [".SH " + roff(" ".join(path).upper()) if len(path) > 1 else ".SH OPTIONS"]
    if len(path) > 1:
        lines += [".PP", "\\fB" + roff(" ".join(path)) + "\\fR \\(em " + roff(command.get("abstract", ""))]
        if command.get("discussion"):
            lines += [".PP", roff(command["discussion"])]
    for argument in command.get("arguments", []):
        if not argument.get("shouldDisplay", True) or argument.get("valueName") == "help":
            continue
        lines += [".TP", names(argument), roff(argument.get("abstract", ""))]
    return lines


def main():
    binary = sys.argv[1]
    dump = json.loads(subprocess.run([binary, "--experimental-dump-help"], capture_output=True, text=True, check=True).stdout)
    version = subprocess.run([binary, "--version"], capture_output=True, text=True, check=True).stdout.split()[-1]
    top = dump["command"]
    date = datetime.date.today().isoformat()
    out = [f'.TH JASONRUN 1 "{date}" "jasonrun {version}" "User Commands"',
           ".SH NAME", "jasonrun \\- " + roff(top.get("abstract", "")),
           ".SH SYNOPSIS"]
    for sub in top.get("subcommands", []):
        if sub.get("shouldDisplay", True) and sub["commandName"] != "help":
            out += [".PP", "\\fBjasonrun " + roff(sub["commandName"]) + "\\fR \\(em " + roff(sub.get("abstract", ""))]
    out += [".SH DESCRIPTION", ".PP",
            "jasonrun runs the action JSON of Jasonette apps as a program: actions chained by success and error, "
            "templates rendered just before each action, devices and the network simulated or stubbed. "
            "\\fBjasonrun FLOW.json\\fR is \\fBjasonrun run FLOW.json\\fR. "
            "The documentation is in the Docs folder of the source, starting with Docs/Tutorial.md."]
    for sub in top.get("subcommands", []):
        if sub.get("shouldDisplay", True) and sub["commandName"] != "help":
            out += command_section(sub, ["jasonrun", sub["commandName"]])
    out += [".SH EXIT STATUS", ".PP",
            "0 the flow ended well; 1 a chain ended on an unhandled error; 64 bad usage; 65 an invalid document; "
            "66 no such file; 69 a tool or port the command needs is unavailable; 70 an internal error; 80 the step limit; "
            "81 the real-time limit; 86 JavaScript that no limit could stop."]
    print("\n".join(out))


main()
