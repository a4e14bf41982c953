import { execa } from "execa";
const sp = execa("/bin/sh", ["-c", "echo hi; sleep 30 & echo done"], { env: {PATH: process.env.PATH}, extendEnv: false, stdin: "pipe", stdout: "pipe", stderr: "pipe", buffer: false, reject: false, detached: true, cleanup: false, windowsHide: true });
console.log("pid", sp.pid, sp.stdout === sp.stdio[1], sp.stdout.constructor.name);
sp.stdout.on("data", c => console.log("chunk", Buffer.isBuffer(c), JSON.stringify(c.toString())));
sp.nodeChildProcess.on("exit", (c, s) => { console.log("exit", c, s); setTimeout(() => { sp.stdout.destroy(); sp.stderr.destroy(); console.log("destroyed"); }, 200); });
sp.then(r => console.log("resolved", r.failed, r.exitCode, r.message), e => console.log("rejected", e));
const bad = execa("/nonexistent/x", [], { cwd: "/", reject: false, buffer: false, stdin: "pipe", detached: true, cleanup: false });
console.log("bad pid", bad.pid);
bad.nodeChildProcess.on("error", e => console.log("bad error event", e.code, e.message));
bad.then(r => console.log("bad resolved", r.failed, r.code, JSON.stringify(r.originalMessage), JSON.stringify(r.shortMessage)));
const badcwd = execa("/bin/sh", ["-c", "true"], { cwd: "/nonexistent-dir", reject: false, buffer: false, detached: true, cleanup: false });
console.log("badcwd pid", badcwd.pid);
badcwd.nodeChildProcess.on("error", e => console.log("badcwd error event", e.code, e.message));
badcwd.then(r => console.log("badcwd resolved", r.failed, r.code, JSON.stringify(r.originalMessage)));
try { const x = execa("/bin/sh", [], { env: { A: 1 }, reject: false }); console.log("envnum pid", x.pid); x.then(r=>console.log("envnum", r.failed, r.message)); } catch (e) { console.log("sync throw", e.message); }
