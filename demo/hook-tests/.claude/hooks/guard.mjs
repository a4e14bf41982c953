// A PreToolUse guard for Bash, written as Claude Code hooks are: the call arrives as JSON on stdin; exit 2 with a
// reason on stderr blocks it, a JSON permissionDecision on stdout denies or asks, anything else lets it run.
import { readFileSync } from "node:fs";

const input = JSON.parse(readFileSync(0, "utf8"));
const command = String(input.tool_input?.command ?? "");

if (/\brm\s+(-[a-zA-Z]*r[a-zA-Z]*f|-[a-zA-Z]*f[a-zA-Z]*r)\b/.test(command)) {
	process.stderr.write("Blocked: recursive delete. Delete the files one by one, or ask the user.\n");
	process.exit(2);
}
const decide = (permissionDecision, permissionDecisionReason) =>
	console.log(
		JSON.stringify({
			hookSpecificOutput: { hookEventName: "PreToolUse", permissionDecision, permissionDecisionReason },
		}),
	);
if (/\bgit\s+push\b.*(--force|-f\b)/.test(command)) decide("deny", "force-push is not allowed in this project");
else if (/\bgit\s+push\b/.test(command)) decide("ask", "pushing publishes your commits");
