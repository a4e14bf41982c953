/**
 * A tiny OTLP/HTTP receiver for tests: a node:http server on 127.0.0.1 that keeps every POST to `/v1/traces`
 * (OTLP/JSON, as `OTEL_EXPORTER_OTLP_PROTOCOL=http/json` sends it) and reads the spans out of them.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";

/** One received span, flattened: its ids, name, attributes (plain values) and its resource's attributes. */
export interface ReceivedSpan {
	readonly traceId: string;
	readonly spanId: string;
	readonly parentSpanId: string;
	readonly name: string;
	readonly attributes: Readonly<Record<string, unknown>>;
	readonly resource: Readonly<Record<string, unknown>>;
	/** OTLP status code: 0 unset, 1 ok, 2 error. */
	readonly statusCode: number;
}

/** The running receiver. */
export interface OtlpReceiver {
	/** `http://127.0.0.1:<port>`: the value of `OTEL_EXPORTER_OTLP_ENDPOINT`. */
	readonly endpoint: string;
	/** The raw bodies received, in order. */
	readonly bodies: string[];
	/** The request headers of each body, in order. */
	readonly headers: Record<string, string | string[] | undefined>[];
	/** Every span received so far. */
	spans(): ReceivedSpan[];
	close(): Promise<void>;
}

type OtlpValue = {
	stringValue?: string;
	intValue?: string | number;
	boolValue?: boolean;
	doubleValue?: number;
	arrayValue?: { values?: OtlpValue[] };
};
type OtlpKeyValue = { key: string; value: OtlpValue };

/** An OTLP/JSON `AnyValue` as a plain value. */
const plain = (value: OtlpValue): unknown => {
	if (value.stringValue !== undefined) return value.stringValue;
	if (value.intValue !== undefined) return Number(value.intValue);
	if (value.boolValue !== undefined) return value.boolValue;
	if (value.doubleValue !== undefined) return value.doubleValue;
	return value.arrayValue?.values?.map(plain);
};

/** OTLP/JSON attributes as an object. */
const attributesOf = (list: readonly OtlpKeyValue[] | undefined): Record<string, unknown> =>
	Object.fromEntries((list ?? []).map(({ key, value }) => [key, plain(value)]));

/** Starts a receiver on a free port. */
export const startOtlpReceiver = async (): Promise<OtlpReceiver> => {
	const bodies: string[] = [];
	const headers: Record<string, string | string[] | undefined>[] = [];
	const server: Server = createServer((request, response) => {
		let body = "";
		request.setEncoding("utf8").on("data", (chunk: string) => (body += chunk));
		request.on("end", () => {
			if (request.method === "POST" && request.url === "/v1/traces") {
				bodies.push(body);
				headers.push(request.headers);
			}
			response.writeHead(200, { "content-type": "application/json" }).end("{}");
		});
	});
	await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
	const { port } = server.address() as AddressInfo;
	return {
		endpoint: `http://127.0.0.1:${port}`,
		bodies,
		headers,
		spans: () =>
			bodies.flatMap((body) => {
				const data = JSON.parse(body) as {
					resourceSpans?: {
						resource?: { attributes?: OtlpKeyValue[] };
						scopeSpans?: {
							spans?: {
								traceId: string;
								spanId: string;
								parentSpanId?: string;
								name: string;
								attributes?: OtlpKeyValue[];
								status?: { code?: number };
							}[];
						}[];
					}[];
				};
				return (data.resourceSpans ?? []).flatMap((resourceSpans) =>
					(resourceSpans.scopeSpans ?? []).flatMap((scope) =>
						(scope.spans ?? []).map((span) => ({
							traceId: span.traceId,
							spanId: span.spanId,
							parentSpanId: span.parentSpanId ?? "",
							name: span.name,
							attributes: attributesOf(span.attributes),
							resource: attributesOf(resourceSpans.resource?.attributes),
							statusCode: span.status?.code ?? 0,
						})),
					),
				);
			}),
		close: () => new Promise<void>((resolve) => server.close(() => resolve())),
	};
};

/** A port on 127.0.0.1 that nothing listens on (bound once, then closed). */
export const closedPort = async (): Promise<number> => {
	const server = createServer();
	await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
	const { port } = server.address() as AddressInfo;
	await new Promise<void>((resolve) => server.close(() => resolve()));
	return port;
};
