/** Lines of a text, for one-line display. */

/** The first line of `text` that is not blank, trimmed; `""` when every line is blank. */
export const firstLine = (text: string): string =>
	text
		.split("\n")
		.find((line) => line.trim() !== "")
		?.trim() ?? "";
