/** The one plain-object check: a non-null object that is not an array (JSON's "object"). */
export const isObject = (value: unknown): value is Record<string, unknown> =>
	typeof value === "object" && value !== null && !Array.isArray(value);
