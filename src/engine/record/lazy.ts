/** A part of a firing record built on first read (its stdin, its why-not-run trace). */

/**
 * A value built on first read and then kept: copies of a record share the cell, so it is built at most once. The
 * build is a function of up to two arguments (a module-level function, so making a cell allocates no closure);
 * both are dropped once it has run (they may hold what the value is made of).
 */
export class Lazy<T, A = undefined, B = undefined> {
	#build: ((a: A, b: B) => T) | undefined;
	#a: A | undefined;
	#b: B | undefined;
	#value: T | undefined;

	constructor(build: (a: A, b: B) => T, a: A, b: B) {
		this.#build = build;
		this.#a = a;
		this.#b = b;
	}

	/** The value; builds it on the first call. */
	read(): T {
		const build = this.#build;
		if (build !== undefined) {
			this.#value = build(this.#a as A, this.#b as B);
			this.#build = undefined;
			this.#a = undefined;
			this.#b = undefined;
		}
		return this.#value as T;
	}
}

/** A {@link Lazy} cell of a `T`, whatever its build's arguments. */
// biome-ignore lint/suspicious/noExplicitAny: the arguments of a cell are its own business.
export type Later<T> = Lazy<T, any, any>;

/** A part that is either a value already or a {@link Lazy} one. */
export type Part<T> = T | Later<T>;

/** Reads a part: the value itself, or the lazy one built now (once). */
export const readPart = <T>(part: Part<T>): T => (part instanceof Lazy ? part.read() : part);
