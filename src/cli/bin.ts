/** The `pi-hook-manager` executable (bundled to `dist/cli.mjs`): runs {@link main} on the command line. */
import { main } from "./main.ts";

void main(process.argv.slice(2));
