/**
 * Reads the hook lists out of `@anthropic-ai/claude-agent-sdk`'s `sdk.d.ts` with the TypeScript compiler API (the
 * checker resolves `BaseHookInput & {...}` and the unions, so no regex has to): `HOOK_EVENTS`, the fields of each
 * member of the `HookInput` union (keyed by its `hook_event_name`), the top-level fields of `SyncHookJSONOutput`
 * and the fields of each member of its `hookSpecificOutput` union (keyed by its `hookEventName`). No I/O: the
 * text comes in, imports of other packages stay unresolved (their types do not matter here).
 */
import ts from "typescript";
import type { FieldLists, SdkLists } from "./lists.ts";

/** The SDK's typings do not have the shape this extractor expects (a type was renamed or moved). */
export class ExtractError extends Error {
	override readonly name = "ExtractError";
}

const FILE = "/sdk/sdk.d.ts";

/** A checker over `text` alone (the default lib for `string` and arrays; no other file is read). */
const checkerFor = (text: string): { source: ts.SourceFile; checker: ts.TypeChecker } => {
	const options: ts.CompilerOptions = { noResolve: true, types: [], strict: true, target: ts.ScriptTarget.ES2022 };
	const host = ts.createCompilerHost(options, true);
	const source = ts.createSourceFile(FILE, text, ts.ScriptTarget.ES2022, true);
	const getSourceFile = host.getSourceFile.bind(host);
	const fileExists = host.fileExists.bind(host);
	host.getSourceFile = (name, version, ...rest) => (name === FILE ? source : getSourceFile(name, version, ...rest));
	host.fileExists = (name) => name === FILE || fileExists(name);
	const program = ts.createProgram({ rootNames: [FILE], options, host });
	return { source: program.getSourceFile(FILE) ?? source, checker: program.getTypeChecker() };
};

/** The top-level declaration named `name` (a type alias, interface or `declare const`). */
const declaration = (source: ts.SourceFile, name: string): ts.Node | undefined => {
	for (const statement of source.statements) {
		if (
			(ts.isTypeAliasDeclaration(statement) || ts.isInterfaceDeclaration(statement)) &&
			statement.name.text === name
		)
			return statement;
		if (ts.isVariableStatement(statement))
			for (const variable of statement.declarationList.declarations)
				if (ts.isIdentifier(variable.name) && variable.name.text === name) return variable;
	}
	return undefined;
};

const required = (source: ts.SourceFile, name: string): ts.Node => {
	const node = declaration(source, name);
	if (node === undefined) throw new ExtractError(`sdk.d.ts declares no ${name}`);
	return node;
};

/** The string literals of a tuple type (`readonly ['A', 'B']`) or an array literal (`['A', 'B'] as const`). */
const tupleStrings = (node: ts.Node): string[] => {
	const found: string[] = [];
	const visit = (child: ts.Node): void => {
		if (ts.isLiteralTypeNode(child) && ts.isStringLiteral(child.literal)) found.push(child.literal.text);
		else if (ts.isStringLiteral(child) && ts.isArrayLiteralExpression(child.parent)) found.push(child.text);
		else ts.forEachChild(child, visit);
	};
	visit(node);
	return found;
};

/** The members of a union (one type when it is none), without `undefined`. */
const members = (type: ts.Type): ts.Type[] =>
	(type.isUnion() ? type.types : [type]).filter((member) => (member.flags & ts.TypeFlags.Undefined) === 0);

/** The string literal values a property's type allows (`'PreToolUse'`, or a union of them). */
const literalValues = (checker: ts.TypeChecker, type: ts.Type, key: string, at: ts.Node): string[] => {
	const property = type.getProperty(key);
	if (property === undefined) return [];
	return members(checker.getTypeOfSymbolAtLocation(property, at)).flatMap((member) =>
		member.isStringLiteral() ? [member.value] : [],
	);
};

/** Field names of each union member of `type`, merged per value of its `key` (`hook_event_name`), sorted. */
const fieldsByEvent = (checker: ts.TypeChecker, type: ts.Type, key: string, at: ts.Node): Map<string, Set<string>> => {
	const byEvent = new Map<string, Set<string>>();
	for (const member of members(type)) {
		const names = checker.getPropertiesOfType(member).map((property) => property.name);
		for (const event of literalValues(checker, member, key, at)) {
			const fields = byEvent.get(event) ?? new Set<string>();
			for (const name of names) fields.add(name);
			byEvent.set(event, fields);
		}
	}
	return byEvent;
};

const sorted = (names: Iterable<string>): string[] => [...names].sort();

/** Input fields: those in every event's input are `common`, the rest each event's own. */
const splitCommon = (byEvent: Map<string, Set<string>>): FieldLists => {
	const all = [...byEvent.values()];
	const common = sorted((all[0] ?? new Set<string>()).values()).filter((name) => all.every((set) => set.has(name)));
	const events: Record<string, string[]> = {};
	for (const [event, fields] of [...byEvent].sort(([a], [b]) => a.localeCompare(b)))
		events[event] = sorted(fields).filter((name) => !common.includes(name));
	return { common, events };
};

/**
 * The lists `sdk.d.ts` (its text) declares, for SDK `version` (bundling Claude Code `claudeCode`). Throws
 * {@link ExtractError} when a type the lists come from is missing.
 */
export const extractSdkLists = (text: string, version: string, claudeCode?: string): SdkLists => {
	const { source, checker } = checkerFor(text);
	const events = tupleStrings(required(source, "HOOK_EVENTS"));
	if (events.length === 0) throw new ExtractError("sdk.d.ts's HOOK_EVENTS lists no event");
	const inputNode = required(source, "HookInput");
	const inputs = fieldsByEvent(checker, checker.getTypeAtLocation(inputNode), "hook_event_name", inputNode);
	if (inputs.size === 0) throw new ExtractError("sdk.d.ts's HookInput has no member with a hook_event_name");
	const outputNode = required(source, "SyncHookJSONOutput");
	const output = checker.getTypeAtLocation(outputNode);
	const specific = output.getProperty("hookSpecificOutput");
	if (specific === undefined) throw new ExtractError("sdk.d.ts's SyncHookJSONOutput has no hookSpecificOutput");
	const outputs = fieldsByEvent(
		checker,
		checker.getTypeOfSymbolAtLocation(specific, outputNode),
		"hookEventName",
		outputNode,
	);
	const outputEvents: Record<string, string[]> = {};
	for (const [event, fields] of [...outputs].sort(([a], [b]) => a.localeCompare(b)))
		outputEvents[event] = sorted(fields);
	return {
		version,
		...(claudeCode === undefined ? {} : { claudeCode }),
		events,
		input: splitCommon(inputs),
		output: { common: sorted(checker.getPropertiesOfType(output).map((p) => p.name)), events: outputEvents },
	};
};
