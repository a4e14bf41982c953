/**
 * Where a hook or a problem is, as `file:line:column` (lines and columns from 1) that editors and CI annotations
 * jump to: the file read once per run (through the settings reader, so a FIFO or a huge file is never read),
 * the JSON path found in it.
 */
import { jsonPathPosition, type TextPosition } from "../engine/config/json-position.ts";
import { readSettingsFile } from "../engine/config/load.ts";

/** Finds positions in files; each file is read at most once. */
export interface Locator {
	/** The position of `jsonPath` in `file`; line 1 column 1 when the file or the path is not there. */
	position(file: string, jsonPath: string): TextPosition;
}

/** A locator with its own cache of file texts. */
export const createLocator = (): Locator => {
	const texts = new Map<string, string | undefined>();
	return {
		position(file, jsonPath) {
			if (!texts.has(file)) {
				const read = readSettingsFile(file);
				texts.set(file, read.kind === "ok" ? read.text : undefined);
			}
			const text = texts.get(file);
			return text === undefined ? { line: 1, column: 1 } : jsonPathPosition(text, jsonPath);
		},
	};
};
