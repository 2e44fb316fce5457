import assert from "node:assert/strict";
import { createServer, IncomingMessage, OutgoingHttpHeaders, Server } from "node:http";
import { AddressInfo, Socket } from "node:net";
import { inspect } from "node:util";
import { ClientConfig, createShortenerClient, ShortenerApiError, ShortenerClient } from "../../provider/client";
import { EmulatorOptions, RunningEmulator, startEmulator } from "../../emulator";

// A budget far above what a test sends, so that only the rate-limit tests ever wait for a window.
export const ROOMY_RATE_LIMIT = { limit: 10_000, windowMs: 60_000 };

export interface EmulatorHarness {
    emulator(): RunningEmulator;
    /** A client of the ready account, or of another key / with other settings. */
    client(config?: Partial<ClientConfig>): ShortenerClient;
}

/** Starts a fresh emulator before each test of the enclosing suite and closes it after, even when the test fails. */
export function useEmulator(options: EmulatorOptions = {}): EmulatorHarness {
    let running: RunningEmulator | undefined;
    beforeEach(async () => {
        running = await startEmulator({ rateLimit: ROOMY_RATE_LIMIT, ...options });
    });
    afterEach(async () => {
        await running?.close();
        running = undefined;
    });
    const emulator = () => {
        assert.ok(running, "the emulator is only running inside a test");
        return running;
    };
    return {
        emulator,
        client: (config = {}) =>
            createShortenerClient({ baseUrl: emulator().baseUrl, apiKey: emulator().apiKey, ...config }),
    };
}

/** The ShortenerApiError a call rejects with; fails the test when it resolves or rejects with anything else. */
export async function rejection(promise: Promise<unknown>): Promise<ShortenerApiError> {
    try {
        await promise;
    } catch (error) {
        assert.ok(error instanceof ShortenerApiError, `expected a ShortenerApiError, got ${inspect(error)}`);
        return error;
    }
    assert.fail("expected the call to fail, but it succeeded");
}

/** Asserts that a secret appears in no form of the error a caller might print or log. */
export function assertSecretAbsent(error: ShortenerApiError, secret: string): void {
    const forms = {
        message: error.message,
        stack: error.stack ?? "",
        string: String(error),
        inspect: inspect(error, { depth: 10, showHidden: true }),
        json: JSON.stringify(error),
        serviceMessage: error.serviceMessage ?? "",
    };
    for (const [form, text] of Object.entries(forms)) {
        assert.ok(
            !text.includes(secret),
            `the secret appears in the ${form} of the ${error.kind} error of ${error.operation}`,
        );
    }
}

export { collect } from "../../provider/client";

/** What a scripted server answers to one request. */
export interface ScriptedAnswer {
    status?: number;
    headers?: OutgoingHttpHeaders;
    /** Sent as is when a string, as JSON otherwise. */
    body?: unknown;
}

export interface ScriptedServer {
    baseUrl: string;
    /** Method and path (with query) of every request received, in order. */
    requests: string[];
    close(): Promise<void>;
}

/**
 * A real HTTP server on 127.0.0.1 that answers what a test scripts: for the answers the emulator never gives
 * (odd spellings of the error flag, broken envelopes, pagination that loops).
 */
export async function startScriptedServer(answer: (req: IncomingMessage) => ScriptedAnswer): Promise<ScriptedServer> {
    const requests: string[] = [];
    const server = createServer((req, res) => {
        requests.push(`${req.method} ${req.url}`);
        req.resume();
        req.on("end", () => {
            const { status = 200, headers = {}, body = "" } = answer(req);
            const text = typeof body === "string" ? body : JSON.stringify(body);
            res.writeHead(status, {
                "Content-Type": typeof body === "string" ? "text/html" : "application/json",
                ...headers,
            });
            res.end(text);
        });
    });
    return { requests, ...(await listenLocally(server)) };
}

/** Listens on 127.0.0.1 on a free port; `close` also ends the connections still open (a hung or streaming answer). */
export async function listenLocally(server: Server): Promise<{ baseUrl: string; close(): Promise<void> }> {
    const sockets = new Set<Socket>();
    server.on("connection", (socket) => {
        sockets.add(socket);
        socket.once("close", () => sockets.delete(socket));
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    return {
        baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
        close: () =>
            new Promise<void>((resolve) => {
                server.close(() => resolve());
                for (const socket of sockets) socket.destroy();
            }),
    };
}

/** Starts a scripted server before each test and closes it after; `answer` is read per request, so tests can swap it. */
export function useScriptedServer(): {
    server(): ScriptedServer;
    script(answer: (req: IncomingMessage) => ScriptedAnswer): void;
} {
    let running: ScriptedServer | undefined;
    let current: (req: IncomingMessage) => ScriptedAnswer = () => ({ status: 500, body: "<html>no script</html>" });
    beforeEach(async () => {
        running = await startScriptedServer((req) => current(req));
    });
    afterEach(async () => {
        await running?.close();
        running = undefined;
    });
    return {
        server: () => {
            assert.ok(running, "the scripted server is only running inside a test");
            return running;
        },
        script: (answer) => {
            current = answer;
        },
    };
}
