// Shared by the emulator's tests: one emulator per test file, a clean store per test, and plain HTTP calls.
import { EmulatorOptions, RunningEmulator, startEmulator } from "../index";

export interface ApiResponse {
    status: number;
    headers: Headers;
    contentType: string;
    text: string;
    /** The parsed body when the response is JSON. */
    // Tests read many different JSON shapes and check each field they use.
    json: any;
}

export interface CallOptions {
    body?: unknown;
    /** API key to send; default the ready account's key; null sends no Authorization header. */
    key?: string | null;
    signal?: AbortSignal;
}

export async function call(
    emulator: RunningEmulator,
    method: string,
    path: string,
    options: CallOptions = {},
): Promise<ApiResponse> {
    const key = options.key === undefined ? emulator.apiKey : options.key;
    const headers: Record<string, string> = { "Content-Type": "application/json" };
    if (key !== null) headers.Authorization = `Bearer ${key}`;
    const response = await fetch(`${emulator.baseUrl}${path}`, {
        method,
        headers,
        body: options.body === undefined ? undefined : JSON.stringify(options.body),
        signal: options.signal,
    });
    const text = await response.text();
    const contentType = response.headers.get("content-type") ?? "";
    return {
        status: response.status,
        headers: response.headers,
        contentType,
        text,
        json: contentType.startsWith("application/json") ? JSON.parse(text) : undefined,
    };
}

/** Starts one emulator for the enclosing describe block and empties its store before each test. */
export function useEmulator(options: EmulatorOptions = {}): () => RunningEmulator {
    let emulator: RunningEmulator | undefined;
    before(async () => {
        emulator = await startEmulator(options);
    });
    beforeEach(async () => {
        await emulator?.admin.reset();
    });
    after(async () => {
        await emulator?.close();
    });
    return () => {
        if (!emulator) throw new Error("the emulator did not start");
        return emulator;
    };
}

/** Starts an emulator for one test body and always closes it. */
export async function withEmulator<T>(
    options: EmulatorOptions,
    body: (emulator: RunningEmulator) => Promise<T>,
): Promise<T> {
    const emulator = await startEmulator(options);
    try {
        return await body(emulator);
    } finally {
        await emulator.close();
    }
}

/** For tests that expect startEmulator to refuse: an emulator that starts after all is closed again at once. */
export async function startExpectingRefusal(options: EmulatorOptions): Promise<void> {
    const emulator = await startEmulator(options);
    await emulator.close();
}

export const DATE_TIME = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/;
export const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;
