#!/usr/bin/env python3
"""Appends one JSON line per tool event to $CLAUDE_PROJECT_DIR/.claude/logs/<name>.jsonl; never decides."""
import json
import os
import sys

name = sys.argv[2] if len(sys.argv) >= 3 and sys.argv[1] == "--log" else "tool-events"
event = json.loads(sys.stdin.buffer.read().decode("utf-8"))
project = os.environ.get("CLAUDE_PROJECT_DIR")
record = {k: event.get(k) for k in ("hook_event_name", "tool_name", "tool_use_id", "session_id", "cwd")}
record["tool_input"] = event.get("tool_input")
record["project_dir_env"] = project is not None
if event.get("hook_event_name") == "PostToolUseFailure":
    record["error"] = str(event.get("error", ""))[:200]
log_dir = os.path.join(project or event.get("cwd") or os.getcwd(), ".claude", "logs")
os.makedirs(log_dir, exist_ok=True)
fd = os.open(os.path.join(log_dir, name + ".jsonl"), os.O_WRONLY | os.O_CREAT | os.O_APPEND, 0o644)
os.write(fd, (json.dumps(record) + "\n").encode("utf-8"))
os.close(fd)
