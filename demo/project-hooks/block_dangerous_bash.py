#!/usr/bin/env python3
"""PreToolUse(Bash) guard in the style of real Claude Code setups: exit 2 + stderr blocks rm -rf."""
import json
import re
import sys


def dangerous(command):
    for segment in re.split(r"[;&|\n]+", command):
        words = segment.split()
        while words and words[0] in ("sudo", "command"):
            words = words[1:]
        if not words or words[0] not in ("rm", "/bin/rm"):
            continue
        flags = "".join(w[1:] for w in words[1:] if w.startswith("-") and not w.startswith("--"))
        longs = {w for w in words[1:] if w.startswith("--")}
        if (("r" in flags or "R" in flags or "--recursive" in longs) and ("f" in flags or "--force" in longs)):
            return True
    return False


try:
    event = json.load(sys.stdin)
except ValueError:
    sys.exit(0)
if event.get("tool_name") != "Bash":
    sys.exit(0)
command = str((event.get("tool_input") or {}).get("command", ""))
if dangerous(command):
    sys.stderr.write(f"Dangerous command blocked: recursive forced delete (rm -rf). Command: {command}\n")
    sys.exit(2)
sys.exit(0)
