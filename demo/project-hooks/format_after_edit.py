#!/usr/bin/env python3
"""PostToolUse(Write|Edit) formatter: pretty-prints .json files and tells the model via additionalContext."""
import json
import os
import sys

event = json.load(sys.stdin)
path = (event.get("tool_input") or {}).get("file_path") or ""
if not path.endswith(".json") or not os.path.isabs(path):
    sys.exit(0)
with open(path, encoding="utf-8") as fh:
    before = fh.read()
after = json.dumps(json.loads(before), indent=2, ensure_ascii=False) + "\n"
if after != before:
    with open(path, "w", encoding="utf-8") as fh:
        fh.write(after)
    print(json.dumps({"hookSpecificOutput": {"hookEventName": "PostToolUse",
                                             "additionalContext": f"Formatter rewrote {path}; re-read it before editing it again."}}))
