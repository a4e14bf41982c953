#!/usr/bin/env python3
"""PreToolUse policy answering with JSON deny, ask, or the legacy top-level approve."""
import json
import sys

event = json.load(sys.stdin)
command = str((event.get("tool_input") or {}).get("command", ""))
if event.get("tool_name", "").lower() == "bash" and command.startswith("git push"):
    if "--force" in command:
        out = {"hookSpecificOutput": {"hookEventName": "PreToolUse", "permissionDecision": "deny",
                                      "permissionDecisionReason": "force-push is not allowed here"}}
    else:
        out = {"hookSpecificOutput": {"hookEventName": "PreToolUse", "permissionDecision": "ask",
                                      "permissionDecisionReason": "git push publishes commits - confirm?"}}
else:
    out = {"decision": "approve"}
print(json.dumps(out))
