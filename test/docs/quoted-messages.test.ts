// Every message the docs quote is one the code prints. The convention that marks a quote: a ```text fenced block in a
// page of docs/ holds messages as printed, one per line (its indentation aside), and nothing else; commands go in
// ```sh blocks. Each line of every such block must be an entry of QUOTED below, which names the page, the line, and a
// trigger that makes the real message through the package's public faces (the provider runtime the dynamic-provider
// host loads, "pulumi-shortener/runtime"; the data functions; the wiki-query-lint bin) against the emulator or a
// local stand-in on 127.0.0.1, or through the real Pulumi CLI for the engine's own lines. The test compares them
// whole. Where a page shows a value a run cannot reproduce (an id, a wait, a timeout of 30 s), the trigger says which
// printed value stands for which shown one, and only that is exchanged before the comparison.
import { strict as assert } from "node:assert";
import { chmodSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import { startEmulator, type EmulatorOptions, type RunningEmulator } from "../../emulator";
import { runCommand } from "../support/commands";
import { interruptedRun, runOperation } from "../support/pulumi";
import { startStack, type Declared } from "../support/stack";
import { freshTempDir, linkedProject, readManifest, removeDir, REPOSITORY_ROOT } from "../support/repository";
import { listPixels } from "../../provider/data";
import { bindProvider } from "../../provider/runtime";
import { runDocsExample } from "../migrate/docs-example";
import { THREE_VIOLATIONS, violationMessages } from "../policy/policy-stack";

const DOCS = join(REPOSITORY_ROOT, "docs");
const LINT = join(REPOSITORY_ROOT, readManifest().bin["wiki-query-lint"]);
const FAST = { rateLimit: { limit: 10_000, windowMs: 1000 } } as const;

interface Quote {
    page: string;
    /** The line as the page shows it, without its indentation. */
    text: string;
    /** The message as the code prints it, with run-specific values already exchanged for the page's (see `shown`). */
    trigger: () => Promise<string>;
}

/** Exchanges each value a run printed for the one the page shows: [printed, shown]. */
function shown(printed: string, values: readonly [string | RegExp, string][]): string {
    return values.reduce((text, [from, to]) => text.replace(from, to), printed);
}

/** Runs `body` against a fresh emulator, stopped after. */
async function withEmulator<T>(options: EmulatorOptions, body: (emulator: RunningEmulator) => Promise<T>): Promise<T> {
    const emulator = await startEmulator(options);
    try {
        return await body(emulator);
    } finally {
        await emulator.close();
    }
}

/** The runtime's provider of a kind, configured as the stack config would (the key under shortener:apiKey, ...). */
function provider(kind: string, settings: Record<string, string>) {
    return bindProvider(kind, { get: (key) => settings[key] });
}

const account = (emulator: RunningEmulator, extra: Record<string, string> = {}) => ({
    "shortener:baseUrl": emulator.baseUrl,
    "shortener:apiKey": emulator.apiKey,
    ...extra,
});

/** The message an operation fails with; an operation that succeeds is an error here. */
async function failure(operation: () => Promise<unknown>): Promise<string> {
    try {
        await operation();
    } catch (error) {
        return error instanceof Error ? error.message : String(error);
    }
    throw new Error("expected the operation to fail, and it succeeded");
}

/** What the provider printed on stderr (its "shortener: ..." lines) while `operation` ran, and how it ended. */
async function printed(operation: () => Promise<unknown>): Promise<{ lines: string[]; error?: string }> {
    const lines: string[] = [];
    const write = process.stderr.write.bind(process.stderr);
    process.stderr.write = (chunk: string | Uint8Array) => {
        lines.push(
            ...String(chunk)
                .split("\n")
                .filter((line) => line !== ""),
        );
        return true;
    };
    try {
        await operation();
        return { lines };
    } catch (error) {
        return { lines, error: error instanceof Error ? error.message : String(error) };
    } finally {
        process.stderr.write = write;
    }
}

/** A stand-in on 127.0.0.1 that answers every request the same way. */
async function answering(
    status: number,
    headers: Record<string, string>,
    body: string,
    during: (baseUrl: string) => Promise<string>,
): Promise<string> {
    return serving(() => ({ status, headers, body }), during);
}

/** Runs `during` against a stand-in on 127.0.0.1 that answers each request as `answer` says. */
async function serving(
    answer: (url: URL) => { status: number; headers: Record<string, string>; body: string },
    during: (baseUrl: string) => Promise<string>,
): Promise<string> {
    const server: Server = createServer((request, response) => {
        const { status, headers, body } = answer(new URL(request.url ?? "/", "http://127.0.0.1"));
        response.writeHead(status, headers).end(body);
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    try {
        return await during(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
    } finally {
        await new Promise((resolve) => server.close(resolve));
    }
}

/**
 * The check failure the real CLI reports when a preview declares `resource` (after an up of `existing`, when given):
 * the engine's words (pkg/diag) around the provider's property and reason.
 */
async function checkFailure(resource: Declared, existing?: Declared): Promise<string> {
    const stack = await startStack(FAST);
    try {
        if (existing) await stack.expectOk("up", [existing]);
        const preview = await stack.run("preview", [resource]);
        const step = preview.steps.find((candidate) => candidate.name === resource.name);
        assert.ok(step?.failures?.length, `the preview of ${resource.kind} passed its check:\n${preview.log}`);
        return step.error ?? "";
    } finally {
        await stack.close();
    }
}

/** A create whose request gets no answer three times: the provider's "trying again" lines and its final error. */
async function unansweredCreates(kind: string, inputs: Record<string, unknown>, path: string) {
    return withEmulator(FAST, async (emulator) => {
        await emulator.admin.injectFault({ mode: "hang", method: "POST", path, count: 3 });
        return printed(() => provider(kind, account(emulator, { "shortener:requestTimeoutMs": "200" })).create(inputs));
    });
}

const NO_ANSWER: [string, string] = ["no response within 200 ms", "no response within 30000 ms"];

/**
 * The campaign create that gets no answer, which three quotes show: run once (each run waits out the lost write's
 * settle time three times) and its lines shared.
 */
let unansweredCampaign: ReturnType<typeof unansweredCreates> | undefined;
const unansweredCampaignCreates = () =>
    (unansweredCampaign ??= unansweredCreates("Campaign", { name: "Launch" }, "^/api/campaign/add$"));

/** One preview of the pack's acceptance program, shared by the page's three quotes of it. */
let policyQuotes: Promise<string[]> | undefined;
const policyViolation = (start: string) => async () => {
    policyQuotes ??= violationMessages(THREE_VIOLATIONS);
    const messages = await policyQuotes;
    return messages.find((message) => message.startsWith(start)) ?? messages.join("\n");
};

const QUOTED: Quote[] = [
    {
        page: "configuration.md",
        text: "shortener: rate limit reached: waiting 42 s before campaigns.create",
        trigger: () =>
            withEmulator({ rateLimit: { limit: 1, windowMs: 2000 } }, async (emulator) => {
                const { lines } = await printed(() =>
                    provider("Campaign", account(emulator)).create({ name: "Launch" }),
                );
                return shown(lines.find((line) => line.includes("rate limit reached")) ?? lines.join("\n"), [
                    [/waiting \d+ s/, "waiting 42 s"],
                ]);
            }),
    },
    {
        page: "configuration.md",
        text: "pixels.list failed: the service asks to wait 7200 s for its rate limit, longer than the longest wait allowed (300 s, setting maxRateLimitWaitMs); nothing was sent",
        trigger: () =>
            withEmulator({ rateLimit: { limit: 1, windowMs: 7_200_000 } }, async (emulator) => {
                const options = { baseUrl: emulator.baseUrl, apiKey: emulator.apiKey };
                await listPixels(options);
                return failure(() => listPixels(options));
            }),
    },
    ...["configuration.md", "troubleshooting.md"].map((page): Quote => ({
        page,
        text: "shortener: creating a campaign failed (campaigns.create failed: no response within 30000 ms) and nothing was created; trying again",
        trigger: async () => {
            const { lines } = await unansweredCampaignCreates();
            return shown(lines.find((line) => line.endsWith("trying again")) ?? lines.join("\n"), [NO_ANSWER]);
        },
    })),
    {
        page: "troubleshooting.md",
        text: "Domain create failed: No API key for the shortener service: run `pulumi config set shortener:apiKey --secret` or set the SHORTENER_API_KEY environment variable.",
        trigger: () =>
            withoutEnvironment(() =>
                failure(() =>
                    provider("Domain", { "shortener:baseUrl": "https://short.example" }).create({
                        domain: "https://go.example.com",
                    }),
                ),
            ),
    },
    {
        page: "troubleshooting.md",
        text: "Domain create failed: No base URL for the shortener service: run `pulumi config set shortener:baseUrl https://<your-service>` or set the SHORTENER_BASE_URL environment variable.",
        trigger: () =>
            withoutEnvironment(() =>
                failure(() =>
                    provider("Domain", { "shortener:apiKey": "a-key" }).create({ domain: "https://go.example.com" }),
                ),
            ),
    },
    {
        page: "troubleshooting.md",
        text: 'Domain create failed: shortener:baseUrl must be an http(s) URL such as https://short.example; got "go.example".',
        trigger: () =>
            failure(() =>
                provider("Domain", { "shortener:baseUrl": "go.example", "shortener:apiKey": "a-key" }).create({
                    domain: "https://go.example.com",
                }),
            ),
    },
    {
        page: "troubleshooting.md",
        text: "Domain create failed: domains.list failed: the service refused the API key (HTTP 403: The API key is not valid.)",
        trigger: () =>
            withEmulator(FAST, (emulator) =>
                failure(() =>
                    provider("Domain", account(emulator, { "shortener:apiKey": "not-the-key" })).create({
                        domain: "https://go.example.com",
                    }),
                ),
            ),
    },
    {
        page: "troubleshooting.md",
        text: 'Pixel create failed: pixels.all failed: page 2 counts 121 items in "result", which is not the listing\'s total (page 1 gave the total as 120), the only reading the earlier pages fit',
        // 120 pixels at 100 a page, their total in `result` as the service's source answers, grown to 121 on page 2.
        trigger: () =>
            serving(
                (url) => {
                    const page = Number(url.searchParams.get("page") ?? "1");
                    const ids = Array.from(
                        { length: page === 1 ? 100 : 20 },
                        (_, index) => (page - 1) * 100 + index + 1,
                    );
                    const pixels = ids.map((id) => ({
                        id,
                        type: "qapixel",
                        name: `Pixel ${id}`,
                        tag: `T-${id}`,
                        date: "2024-01-01 00:00:00",
                    }));
                    const data = {
                        result: page === 1 ? 120 : 121,
                        perpage: 100,
                        currentpage: page,
                        nextpage: page === 1 ? 2 : null,
                        maxpage: 2,
                        pixels,
                    };
                    return {
                        status: 200,
                        headers: { "Content-Type": "application/json" },
                        body: JSON.stringify({ error: 0, data }),
                    };
                },
                (baseUrl) =>
                    failure(() =>
                        provider("Pixel", { "shortener:baseUrl": baseUrl, "shortener:apiKey": "a-key" }).create({
                            type: "qapixel",
                            name: "Site",
                            tag: "G-1",
                        }),
                    ),
            ),
    },
    {
        page: "troubleshooting.md",
        text: "Domain create failed: domains.list failed: HTTP 404 with an HTML page instead of JSON (is the base URL that of the service's API?)",
        trigger: () =>
            answering(404, { "Content-Type": "text/html" }, "<html><body>Not Found</body></html>", (baseUrl) =>
                failure(() =>
                    provider("Domain", { "shortener:baseUrl": baseUrl, "shortener:apiKey": "a-key" }).create({
                        domain: "https://go.example.com",
                    }),
                ),
            ),
    },
    {
        page: "troubleshooting.md",
        text: "Domain create failed: domains.list failed: could not connect to https://shortener.example (ECONNREFUSED): the request was not sent",
        trigger: async () => {
            // A port that was just free: nothing listens on it.
            const closed = await answering(200, {}, "", async (baseUrl) => baseUrl);
            const message = await failure(() =>
                provider("Domain", { "shortener:baseUrl": closed, "shortener:apiKey": "a-key" }).create({
                    domain: "https://go.example.com",
                }),
            );
            return shown(message, [[closed, "https://shortener.example"]]);
        },
    },
    {
        page: "troubleshooting.md",
        text: "Domain create failed: domains.list failed: no response within 30000 ms",
        trigger: () =>
            withEmulator(FAST, async (emulator) => {
                await emulator.admin.injectFault({ mode: "hang", method: "GET", path: "^/api/domains", count: 10 });
                const message = await failure(() =>
                    provider("Domain", account(emulator, { "shortener:requestTimeoutMs": "200" })).create({
                        domain: "https://go.example.com",
                    }),
                );
                return shown(message, [NO_ANSWER]);
            }),
    },
    {
        page: "troubleshooting.md",
        text: "Pixel update failed: the pixel 12 no longer exists on the service (deleted outside Pulumi?): run `pulumi refresh` to drop it from the state, then `pulumi up` creates it again",
        trigger: () =>
            withEmulator({ ...FAST, profile: "real" }, async (emulator) => {
                const pixel = { type: "analyticspixel", name: "Site analytics", tag: "G-EXAMPLE1" };
                const { id } = await emulator.admin.seed("pixels", pixel);
                await emulator.admin.remove("pixels", id);
                const message = await failure(() =>
                    provider("Pixel", account(emulator)).update(String(id), pixel, {
                        ...pixel,
                        name: "Site analytics 2",
                    }),
                );
                return shown(message, [[`pixel ${id} `, "pixel 12 "]]);
            }),
    },
    {
        page: "troubleshooting.md",
        text:
            "QrCode create failed: creating the QR code failed 3 times and nothing was created: the service answered with an error each time (last: qrCodes.create failed: " +
            "the service failed with HTTP 500); the service answers QR data it cannot read with HTTP 500; check data against the QR data shapes in docs/resources.md",
        trigger: () =>
            withEmulator(FAST, async (emulator) => {
                await emulator.admin.injectFault({ mode: "error500", method: "POST", path: "^/api/qr/add$", count: 3 });
                return withJournal(() =>
                    failure(() => provider("QrCode", account(emulator)).create({ type: "text", data: "hello" })),
                );
            }),
    },
    {
        page: "troubleshooting.md",
        text: "QrCode create failed: creating the QR code failed 3 times and nothing was created: the service did not answer (last: qrCodes.create failed: no response within 30000 ms)",
        trigger: async () =>
            shown(
                (await withJournal(() => unansweredCreates("QrCode", { type: "text", data: "hello" }, "^/api/qr/add$")))
                    .error ?? "",
                [NO_ANSWER],
            ),
    },
    {
        page: "troubleshooting.md",
        text: "shortener: rate limit reached: waiting 42 s before campaigns.create",
        trigger: () => QUOTED[0].trigger(),
    },
    {
        page: "troubleshooting.md",
        text: "Campaign read failed: campaigns.list failed: the service refused the request for its rate limit 20 times in a row",
        trigger: () =>
            answering(
                200,
                { "Content-Type": "application/json", "Retry-After": "0" },
                JSON.stringify({ error: 429, message: "Too many requests", "Retry-After": 0 }),
                (baseUrl) =>
                    failure(() =>
                        provider("Campaign", { "shortener:baseUrl": baseUrl, "shortener:apiKey": "a-key" }).read("3", {
                            name: "Launch",
                        }),
                    ),
            ),
    },
    {
        page: "troubleshooting.md",
        text: "pulumi-nodejs:dynamic/shortener:Campaign resource 'launch': property name value {ab} has a problem: name must be at least 3 characters (the service ignores shorter ones)",
        trigger: () => checkFailure({ kind: "Campaign", name: "launch", args: { name: "ab" } }),
    },
    {
        page: "troubleshooting.md",
        text: "pulumi-nodejs:dynamic/shortener:Channel resource 'news': property color value {red} has a problem: must be a colour of the form #RRGGBB",
        trigger: () => checkFailure({ kind: "Channel", name: "news", args: { name: "News", color: "red" } }),
    },
    {
        page: "troubleshooting.md",
        text: `pulumi-nodejs:dynamic/shortener:Link resource 'careers': property titel value {Careers} has a problem: Unrecognized key: "titel" (did you mean "title"?)`,
        trigger: () =>
            checkFailure({
                kind: "Link",
                name: "careers",
                args: { url: "https://www.example.com/careers", titel: "Careers" },
            }),
    },
    {
        page: "troubleshooting.md",
        text: "pulumi-nodejs:dynamic/shortener:QrCode resource 'wifi': property data.ssid value {<nil>} has a problem: the network name must not be empty (for a wifi QR code)",
        trigger: () =>
            checkFailure({
                kind: "QrCode",
                name: "wifi",
                args: { type: "wifi", data: { ssid: "", encryption: "wpa", password: "secret" } },
            }),
    },
    {
        page: "troubleshooting.md",
        text: "pulumi-nodejs:dynamic/shortener:Channel resource 'news': property description value {<nil>} has a problem: cannot be removed once set (the service keeps the old value); set a new description instead",
        trigger: () =>
            checkFailure(
                { kind: "Channel", name: "news", args: { name: "News" } },
                { kind: "Channel", name: "news", args: { name: "News", description: "Monthly" } },
            ),
    },
    {
        page: "troubleshooting.md",
        text:
            "pulumi-nodejs:dynamic/shortener:WikiQuery resource 'recent': property definition.params.apdir value {<nil>} has a problem: " +
            'Unrecognized value for parameter "apdir": "sideways". Allowed: "ascending", "descending". (badvalue, module allpages)',
        trigger: () =>
            checkFailure({
                kind: "WikiQuery",
                name: "recent",
                args: {
                    apiUrl: "https://wiki.example.org/w/api.php",
                    definition: { list: "allpages", params: { apdir: "sideways" } },
                },
            }),
    },
    {
        page: "troubleshooting.md",
        text: "Channel update failed: channels.update failed: the service rejected the request: color must be a HEX colour like #1A2B3C.",
        // The provider's own check refuses what the emulator would, so a stand-in plays a service whose rule is stricter.
        trigger: () =>
            answering(
                200,
                { "Content-Type": "application/json" },
                JSON.stringify({ error: 1, message: "color must be a HEX colour like #1A2B3C." }),
                (baseUrl) =>
                    failure(() =>
                        provider("Channel", { "shortener:baseUrl": baseUrl, "shortener:apiKey": "a-key" }).update(
                            "3",
                            { name: "News", color: "#1a73e8" },
                            { name: "News", color: "#1A73E9" },
                        ),
                    ),
            ),
    },
    {
        page: "troubleshooting.md",
        text: "Campaign create failed: the response to the create was lost and 2 new campaigns match it (ids 7, 8); adopt the right one with adopt: <id> and delete the others",
        trigger: () =>
            withEmulator(FAST, async (emulator) => {
                // The create gets no answer; meanwhile something else makes two campaigns of the same name.
                await emulator.admin.injectFault({
                    mode: "hang",
                    method: "POST",
                    path: "^/api/campaign/add$",
                    count: 1,
                });
                const creating = failure(() =>
                    provider("Campaign", account(emulator, { "shortener:requestTimeoutMs": "1000" })).create({
                        name: "Launch",
                    }),
                );
                await new Promise((resolve) => setTimeout(resolve, 300));
                await emulator.admin.seed("campaigns", { name: "Launch" });
                await emulator.admin.seed("campaigns", { name: "Launch" });
                const message = await creating;
                const ids = /\(ids (\d+), (\d+)\)/.exec(message);
                return ids ? shown(message, [[ids[0], "(ids 7, 8)"]]) : message;
            }),
    },
    {
        page: "troubleshooting.md",
        text: "Campaign create failed: creating the campaign failed 3 times and nothing was created: the service did not answer (last: campaigns.create failed: no response within 30000 ms)",
        trigger: async () => shown((await unansweredCampaignCreates()).error ?? "", [NO_ANSWER]),
    },
    {
        page: "troubleshooting.md",
        text: "Domain update failed: domains.update failed: no response within 30000 ms; the change may have been applied, check before repeating it",
        trigger: () =>
            withEmulator(FAST, async (emulator) => {
                const domain = { domain: "https://go.example.com", redirectRoot: "https://www.example.com" };
                const { id } = await emulator.admin.seed("domains", {
                    domain: domain.domain,
                    redirectroot: domain.redirectRoot,
                });
                await emulator.admin.injectFault({ mode: "hang", method: "PUT", path: "^/api/domain/", count: 3 });
                const update = provider("Domain", account(emulator, { "shortener:requestTimeoutMs": "200" })).update;
                return shown(
                    await failure(() => update(String(id), domain, { ...domain, redirectRoot: "https://example.org" })),
                    [NO_ANSWER],
                );
            }),
    },
    ...pendingOperationLines(),
    {
        page: "troubleshooting.md",
        text:
            'Channel create failed: a channel with the name "News" already exists (id 12); not creating a duplicate. If an interrupted run created it, ' +
            "or it should belong to this stack, declare adopt: 12; otherwise declare a different channel",
        trigger: () =>
            withEmulator(FAST, async (emulator) => {
                const { id } = await emulator.admin.seed("channels", { name: "News" });
                const message = await failure(() => provider("Channel", account(emulator)).create({ name: "News" }));
                return shown(shown(message, [[`(id ${id})`, "(id 12)"]]), [[`adopt: ${id};`, "adopt: 12;"]]);
            }),
    },
    {
        page: "troubleshooting.md",
        text:
            "QrCode create failed: creating this QR code was interrupted in an earlier run, and 1 QR code(s) were made since (ids 31); not creating a duplicate. " +
            "Declare adopt: <id> with the one that run made; if none of them is, delete /home/you/.local/state/pulumi-shortener/creates/<hash>.json and run again",
        trigger: interruptedQrCreate,
    },
    ...(
        [
            ["QrCode", { type: "text", data: "hello" }],
            ["Link", { url: "https://www.example.com/no-alias" }],
        ] as const
    ).map(([kind, inputs]): Quote => ({
        page: "troubleshooting.md",
        text:
            `${kind} create failed: the create journal in /home/you/.local/state/pulumi-shortener/creates, which records this ${kind}'s create ` +
            "while it is under way, cannot be used: the folder is open to other users (mode 777; run chmod 700 on it). " +
            "Set SHORTENER_CREATE_JOURNAL_DIR to a folder of your own (mode 700)",
        trigger: () =>
            withEmulator(FAST, async (emulator) => {
                const dir = freshTempDir("shortener-open-journal");
                try {
                    chmodSync(dir, 0o777);
                    const message = await withJournal(
                        () => failure(() => provider(kind, account(emulator)).create(inputs)),
                        dir,
                    );
                    return shown(message, [[dir, "/home/you/.local/state/pulumi-shortener/creates"]]);
                } finally {
                    removeDir(dir);
                }
            }),
    })),
    {
        page: "troubleshooting.md",
        text: "Domain create failed: adopt: no existing domain has the name https://go.example.com",
        trigger: () =>
            withEmulator(FAST, (emulator) =>
                failure(() =>
                    provider("Domain", account(emulator)).create({ domain: "https://go.example.com", adopt: true }),
                ),
            ),
    },
    {
        page: "troubleshooting.md",
        text: 'Campaign create failed: adopt: 2 campaigns have the name "Spring sale" (ids 3, 9); adopt one by its id',
        trigger: () =>
            withEmulator(FAST, async (emulator) => {
                const [first, second] = [
                    await emulator.admin.seed("campaigns", { name: "Spring sale" }),
                    await emulator.admin.seed("campaigns", { name: "Spring sale" }),
                ];
                const message = await failure(() =>
                    provider("Campaign", account(emulator)).create({ name: "Spring sale", adopt: true }),
                );
                return shown(message, [[`(ids ${first.id}, ${second.id})`, "(ids 3, 9)"]]);
            }),
    },
    {
        page: "troubleshooting.md",
        text: "Pixel create failed: adopt: no pixel with id 42 exists in this account",
        trigger: () =>
            withEmulator(FAST, (emulator) =>
                failure(() =>
                    provider("Pixel", account(emulator)).create({
                        type: "analyticspixel",
                        name: "Site analytics",
                        tag: "G-EXAMPLE1",
                        adopt: 42,
                    }),
                ),
            ),
    },
    {
        page: "troubleshooting.md",
        text: "QrCode create failed: adopt: a QR code can only be adopted by id (adopt: <id>)",
        trigger: () =>
            withEmulator(FAST, (emulator) =>
                failure(() =>
                    provider("QrCode", account(emulator)).create({ type: "text", data: "hello", adopt: true }),
                ),
            ),
    },
    {
        page: "troubleshooting.md",
        text: 'This state holds a shortener resource of kind "Shortlink", which this version of pulumi-shortener does not know; install the version that wrote it, or a later one.',
        trigger: () => failure(async () => bindProvider("Shortlink", undefined)),
    },
    {
        page: "troubleshooting.md",
        text: "Cannot find module 'pulumi-shortener/runtime'",
        trigger: async () => {
            // Node's own words, from a project without the package, as the serialized provider's require meets them.
            const project = freshTempDir("shortener-not-installed");
            try {
                const result = await runCommand(process.execPath, ["-e", 'require("pulumi-shortener/runtime")'], {
                    cwd: project,
                });
                return /^Error: (.*)$/m.exec(result.stderr)?.[1] ?? result.stderr;
            } finally {
                removeDir(project);
            }
        },
    },
    ...lintQuotes(),
    ...migrateQuotes(),
    ...[
        'Domain "brand": redirectRoot: sends visitors to http://www.example.com, which is not https. Fix: declare the https:// address of the same page.',
        'Link "plain-http": url: sends visitors to http://www.example.com, which is not https. Fix: declare the https:// address of the same page.',
        'Link "untagged": parameters: it declares `campaign`, but the link does not send utm_source. Fix: add { utm_source: "…" } to its parameters.',
    ].map((text): Quote => ({ page: "policy.md", text, trigger: policyViolation(text.split(":")[0]) })),
];

/** Runs `body` with the create journal in a folder of its own (a fresh one unless given). */
async function withJournal<T>(body: () => Promise<T>, dir = freshTempDir("shortener-journal")): Promise<T> {
    const previous = process.env.SHORTENER_CREATE_JOURNAL_DIR;
    process.env.SHORTENER_CREATE_JOURNAL_DIR = dir;
    try {
        return await body();
    } finally {
        if (previous === undefined) delete process.env.SHORTENER_CREATE_JOURNAL_DIR;
        else process.env.SHORTENER_CREATE_JOURNAL_DIR = previous;
    }
}

/** Runs `body` without the provider's environment fallbacks, so that only the given settings count. */
async function withoutEnvironment<T>(body: () => Promise<T>): Promise<T> {
    const saved = { key: process.env.SHORTENER_API_KEY, url: process.env.SHORTENER_BASE_URL };
    delete process.env.SHORTENER_API_KEY;
    delete process.env.SHORTENER_BASE_URL;
    try {
        return await body();
    } finally {
        if (saved.key !== undefined) process.env.SHORTENER_API_KEY = saved.key;
        if (saved.url !== undefined) process.env.SHORTENER_BASE_URL = saved.url;
    }
}

/**
 * A QR code create whose process died mid-request (a child process killed while the service hangs), then a QR code
 * made since, then the same create again: the provider names what was made and the journal entry to delete.
 */
async function interruptedQrCreate(): Promise<string> {
    return withEmulator(FAST, async (emulator) => {
        const journal = freshTempDir("shortener-journal");
        try {
            await emulator.admin.injectFault({ mode: "hang", method: "POST", path: "^/api/qr/add$", count: 1 });
            const settings = JSON.stringify(account(emulator));
            const script =
                `const { bindProvider } = require(${JSON.stringify(join(REPOSITORY_ROOT, "dist/provider/runtime.js"))});` +
                `bindProvider("QrCode", { get: (key) => (${settings})[key] }).create({ type: "text", data: "hello" });`;
            const child = runCommand(process.execPath, ["-e", script], {
                cwd: journal,
                env: { SHORTENER_CREATE_JOURNAL_DIR: journal },
                timeoutMs: 3000,
            });
            await child;
            const { id } = await emulator.admin.seed("qrcodes", { type: "text", data: "hello" });
            const [entry] = readdirSync(journal);
            const message = await withJournal(
                () => failure(() => provider("QrCode", account(emulator)).create({ type: "text", data: "hello" })),
                journal,
            );
            return shown(message, [
                [`(ids ${id})`, "(ids 31)"],
                [join(journal, entry ?? "(no entry)"), "/home/you/.local/state/pulumi-shortener/creates/<hash>.json"],
            ]);
        } finally {
            removeDir(journal);
        }
    });
}

/** The engine's warning about a create an interrupted run left pending, through the real CLI's up. */
function pendingOperationLines(): Quote[] {
    let run: Promise<string[]> | undefined;
    const lines = () => (run ??= pendingOperationWarning());
    return [
        "warning: Attempting to deploy or update resources with 1 pending operations from previous deployment.",
        "* urn:pulumi:dev::site::pulumi-nodejs:dynamic/shortener:Channel::news, interrupted while creating",
    ].map((text) => ({
        page: "troubleshooting.md",
        text,
        trigger: async () =>
            (await lines()).map((line) => line.trim()).find((line) => line === text) ?? (await lines()).join("\n"),
    }));
}

async function pendingOperationWarning(): Promise<string[]> {
    return withEmulator(FAST, async (emulator) => {
        const project = linkedProject("shortener-pending", {
            "Pulumi.yaml": "name: site\nruntime:\n  name: nodejs\n  options:\n    typescript: true\n",
            "index.ts":
                'import * as shortener from "pulumi-shortener";\nnew shortener.Channel("news", { name: "News" });\n',
        });
        try {
            const options = {
                programDir: project,
                stateFile: join(project, "state.json"),
                config: { "shortener:baseUrl": emulator.baseUrl },
                secretConfig: { "shortener:apiKey": emulator.apiKey },
                env: { PULUMI_CONFIG_PASSPHRASE: "docs-test" },
            };
            // The service applies the create and its answer is lost; the provider then waits for the rate window
            // before listing to find it, and the run is killed meanwhile, as a lost machine would be.
            await emulator.admin.injectFault({ method: "POST", path: "^/api/channel/add$", mode: "drop-after-apply" });
            await emulator.admin.setRateLimit({ limit: 2, windowMs: 60_000 });
            await interruptedRun("up", options, async () => (await emulator.admin.list("channels")).length > 0);
            await emulator.admin.setRateLimit({ limit: 10_000, windowMs: 1000 });
            const again = await runOperation("up", options);
            return [...again.diagnostics, again.log].flatMap((line) => line.split("\n"));
        } finally {
            removeDir(project);
        }
    });
}

/** The wiki validator's usage and its text and github findings, from the bin run on the page's own example. */
function lintQuotes(): Quote[] {
    // The command's help and its catalogue subcommand's.
    const usage = async () =>
        (
            await Promise.all(
                [["--help"], ["catalogue", "--help"]].map((args) =>
                    runCommand(process.execPath, [LINT, ...args], { cwd: REPOSITORY_ROOT }),
                ),
            )
        ).flatMap((help) => help.stdout.split("\n"));
    const usageLine = (text: string): Quote => ({
        page: "wiki-validator.md",
        text,
        trigger: async () =>
            (await usage()).map((line) => line.replace(/^(Usage:)? +/, "")).find((line) => line === text) ??
            (await usage()).join("\n"),
    });
    const findings = async (format: string) => {
        const dir = freshTempDir("shortener-lint-quote");
        try {
            // Line 10 holds apdir, as in the page's example.
            const yaml =
                "- name: recent edits\n  list: recentchanges\n  params:\n    rclimit: 50\n\n\n- name: bad direction\n  list: allpages\n  params:\n    apdir: sideways\n";
            mkdirSync(join(dir, "queries"));
            writeFileSync(join(dir, "queries", "recent.yaml"), yaml);
            return (
                await runCommand(process.execPath, [LINT, "--format", format, "queries/recent.yaml"], { cwd: dir })
            ).stdout.split("\n");
        } finally {
            removeDir(dir);
        }
    };
    const finding = (format: string, text: string): Quote => ({
        page: "wiki-validator.md",
        text,
        trigger: async () =>
            (await findings(format)).find((line) => line === text) ?? (await findings(format)).join("\n"),
    });
    return [
        usageLine(
            "wiki-query-lint [--catalogue FILE|URL] [--allow-redirects] [--high-limits] [--strict] [--format text|json|github|sarif] [--max-file-size MIB] FILE...",
        ),
        usageLine(
            "wiki-query-lint catalogue pull <apiUrl> [--out FILE] [--replace] [--max-size MIB] [--deadline SECONDS] [--allow-redirects]",
        ),
        usageLine("wiki-query-lint catalogue types [--catalogue FILE] [--out FILE]"),
        usageLine("wiki-query-lint --help | --version"),
        finding(
            "text",
            'queries/recent.yaml:10: [1] "bad direction" apdir: error badvalue (allpages): Unrecognized value for parameter "apdir": "sideways". Allowed: "ascending", "descending".',
        ),
        finding("text", "2 definitions in 1 file: 1 with errors, 0 with warnings only."),
        finding(
            "github",
            '::error file=queries/recent.yaml,line=10,title=badvalue in [1] "bad direction" apdir::apdir (allpages): Unrecognized value for parameter "apdir": "sideways". Allowed: "ascending", "descending".',
        ),
    ];
}

/** shortener-migrate's lines as docs/migration.md's example prints them (test/migrate/docs-example.ts runs it). */
function migrateQuotes(): Quote[] {
    const printed = async () => (await runDocsExample()).refused.split("\n").map((line) => line.trim());
    const quote = (text: string): Quote => ({
        page: "migration.md",
        text,
        trigger: async () => (await printed()).find((line) => line === text) ?? (await printed()).join("\n"),
    });
    return [
        quote(
            'spring.csv line 4: alias: would be stored as "Summer-Sale": the service rewrites an alias as a slug; declare "Summer-Sale" (or run with --rewrite-aliases to carry it so)',
        ),
        quote(
            "shortener-migrate: 1 row(s) cannot be carried over (listed above): fix them in the input, or run with --skip-refused to write the others. Nothing was written",
        ),
    ];
}

/** Every line of every ```text block of the docs, as [page, line without its indentation]. */
function quotedLines(pages: readonly string[]): [string, string][] {
    return pages.flatMap((page) => {
        const quoted: [string, string][] = [];
        let inText = false;
        let inOther = false;
        for (const line of readFileSync(join(DOCS, page), "utf8").split("\n")) {
            const fence = /^\s*```(\w*)\s*$/.exec(line);
            if (fence && !inText && !inOther) {
                inText = fence[1] === "text";
                inOther = !inText;
            } else if (fence) {
                inText = inOther = false;
            } else if (inText && line.trim() !== "") {
                quoted.push([page, line.trim()]);
            }
        }
        return quoted;
    });
}

const PAGES = readdirSync(DOCS)
    .filter((file) => file.endsWith(".md"))
    .sort();
const listed = (page: string, text: string) => QUOTED.some((quote) => quote.page === page && quote.text === text);

describe("docs: every quoted message is one the code prints", function () {
    this.timeout(120_000);

    it("finds a quoted line that is not listed (the check itself)", () => {
        assert.equal(
            listed("troubleshooting.md", "Domain create failed: domains.list failed: no response within 30000 ms"),
            true,
        );
        assert.equal(
            listed("troubleshooting.md", "Domain create failed: domains.list failed: no response within 30001 ms"),
            false,
        );
    });

    it("lists every line of every ```text block of docs/ (the marker of a quoted message)", () => {
        const unlisted = quotedLines(PAGES)
            .filter(([page, text]) => !listed(page, text))
            .map(([page, text]) => `${page}: ${text}`);
        assert.deepEqual(unlisted, []);
    });

    it("lists only lines the pages quote", () => {
        const quoted = quotedLines(PAGES);
        const stale = QUOTED.filter(
            (quote) => !quoted.some(([page, text]) => page === quote.page && text === quote.text),
        ).map((quote) => `${quote.page}: ${quote.text}`);
        assert.deepEqual(stale, []);
    });

    for (const quote of QUOTED) {
        it(`${quote.page}: ${quote.text.length > 110 ? `${quote.text.slice(0, 110)}...` : quote.text}`, async () => {
            assert.equal(await quote.trigger(), quote.text);
        });
    }
});
