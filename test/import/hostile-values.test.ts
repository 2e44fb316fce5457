// shortener-import against an account full of hostile text: whatever the service holds (every Unicode line
// terminator, quotes, backticks, "${", "*/", NUL, lone surrogates, bidirectional overrides, very long strings) in
// every text field and in what the service computes (ids, links, rotator URLs, item types), the program written by
// the bin compiles, holds nothing but the package's import and resource declarations, and declares exactly the
// service's values. What a program cannot hold (an id beyond 2^53, one id twice, an unknown item type) is an error,
// with nothing written; credentials in the base URL reach neither the program nor the JSON.
import { strict as assert } from "node:assert";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import fc from "fast-check";
import { normaliseOrigin, normaliseUrl, storedName, storedText } from "../../provider/resources/values";
import { startEmulator, type RunningEmulator } from "../../emulator";
import { runCommand, type Finished } from "../support/commands";
import { freshTempDir, readManifest, removeDir, REPOSITORY_ROOT } from "../support/repository";
import { typeCheck } from "../support/typecheck";
import { byDepth, numberFromEnv } from "../support/depth";
import { declarationsOf, type Declaration, type DeclaredValue } from "./generated-code";
import { plainAccount, startHostileService, type HostileAccount, type HostileService } from "./hostile-service";

const BIN = join(REPOSITORY_ROOT, readManifest().bin["shortener-import"]);
/** Accounts per property; each runs the bin once (under a second on an idle machine). */
const RUNS = numberFromEnv("SHORTENER_IMPORT_PROPERTY_RUNS", byDepth(2, 10));

/** Every line terminator JavaScript knows (LF, CR, LS, PS) and those editors also break lines at. */
const LINE_BREAKS = ["\n", "\r", "\r\n", "\u2028", "\u2029", "\u0085", "\u000b", "\u000c"];
const HOSTILE_PIECES = [
    ...LINE_BREAKS,
    '"',
    "'",
    "`",
    "${",
    "}",
    "*/",
    "/*",
    "//",
    "\0",
    "\ud800",
    "\udfff",
    "\udc00\ud800",
    "\\",
    "\\u2028",
    "\\n",
    "</script>",
    "<b>",
    "&amp;",
    "&lt;",
    "&quot;",
    "&#039;",
    "&gt;",
    "&",
    "<",
    "\u202e",
    "\u2066",
    "\ufeff",
    "\u200b",
    "process.exit(21);",
    "\nprocess.exit(21);//",
    "\u2028process.exit(21);//",
    '");process.exit(21);("',
    "\udb40\udc01",
    "é",
    "😀",
];

const piece = fc.oneof(
    { weight: 4, arbitrary: fc.constantFrom(...HOSTILE_PIECES) },
    { weight: 1, arbitrary: fc.string({ unit: "binary", maxLength: 4 }) },
);
/** Hostile text; one in twenty is very long. */
const hostile = fc.oneof(
    { weight: 19, arbitrary: fc.array(piece, { maxLength: 8 }).map((pieces) => pieces.join("")) },
    { weight: 1, arbitrary: fc.tuple(piece, piece).map(([a, b]) => `${a}${"x".repeat(60_000)}${b}`) },
);
const hostileUrl = fc.oneof(
    hostile,
    hostile.map((text) => `https://go.example/${text}`),
);

function importer(baseUrl: string, apiKey: string, args: readonly string[]): Promise<Finished> {
    return runCommand(process.execPath, [BIN, ...args], {
        cwd: REPOSITORY_ROOT,
        env: { SHORTENER_BASE_URL: baseUrl, SHORTENER_API_KEY: apiKey, SOURCE_DATE_EPOCH: "1767225600" },
    });
}

const OTHER_LINE_BREAKS = /[\r\u2028\u2029\u0085\u000b\u000c]/;

/** The program, checked as a whole: compiles, only declarations, and no line break but "\n" anywhere in it. */
function checkedProgram(result: Finished): Declaration[] {
    assert.equal(result.code, 0, `shortener-import exited with ${result.code}:\n${result.stderr.slice(0, 2000)}`);
    assert.doesNotMatch(result.stdout, OTHER_LINE_BREAKS, "a line break other than \\n in the program");
    return declarationsOf(result.stdout);
}

/** As checkedProgram, for a program written with --output into `dir` with its data files, each checked as the program is. */
function checkedFiles(result: Finished, dir: string): Declaration[] {
    assert.equal(result.code, 0, `shortener-import exited with ${result.code}:\n${result.stderr.slice(0, 2000)}`);
    const read = (file: string) => {
        const text = readFileSync(join(dir, file), "utf8");
        assert.doesNotMatch(text, OTHER_LINE_BREAKS, `a line break other than \\n in ${file}`);
        return text;
    };
    return declarationsOf(read("index.ts"), read);
}

function adopting(declarations: Declaration[], kind: string, id: number): Declaration {
    const found = declarations.filter((declaration) => declaration.kind === kind && declaration.fields.adopt === id);
    assert.equal(found.length, 1, `${kind} ${id} is declared ${found.length} times`);
    return found[0];
}

/** The declared fields of an object, but adopt. */
function fieldsBut(declaration: Declaration, ...left: string[]): Record<string, DeclaredValue> {
    return Object.fromEntries(Object.entries(declaration.fields).filter(([field]) => !left.includes(field)));
}

/** The fields expected of stored text: exactly the text (spec), or a text the service escapes to it (real). */
function textMatches(service: "spec" | "real", forms: (declared: string) => string[]) {
    return (declared: DeclaredValue | undefined, stored: string, what: string) => {
        assert.equal(typeof declared, "string", `${what}: declared ${JSON.stringify(declared)}`);
        if (service === "spec") assert.equal(declared, stored, what);
        else
            assert.ok(
                forms(declared as string).includes(stored),
                `${what}: ${JSON.stringify(declared)} is not a form of ${JSON.stringify(stored)}`,
            );
    };
}

const emulatorAccount = fc.record({
    email: hostile,
    domains: fc.array(
        fc.record({
            domain: hostileUrl,
            redirectroot: fc.oneof(fc.constant(""), hostileUrl),
            redirect404: fc.oneof(fc.constant(""), hostileUrl),
        }),
        { minLength: 1, maxLength: 2 },
    ),
    campaigns: fc.array(fc.record({ name: hostile, slug: hostile, public: fc.boolean() }), {
        minLength: 1,
        maxLength: 2,
    }),
    channels: fc.array(
        fc.record({ name: hostile, description: hostile, color: hostile, starred: fc.boolean(), linkTitle: hostile }),
        { minLength: 1, maxLength: 2 },
    ),
    pixels: fc.array(fc.record({ type: hostile, name: hostile, tag: hostile }), { minLength: 1, maxLength: 2 }),
    qrs: fc.array(fc.record({ name: hostile, scans: fc.nat() }), { minLength: 1, maxLength: 2 }),
    service: fc.constantFrom("spec" as const, "real" as const),
});

describe("shortener-import: hostile values from the service become data, never code", function () {
    this.timeout(20 * 60_000);
    let emulator: RunningEmulator;
    let hostileService: HostileService;
    let accountId: number;

    let outputDir: string;

    before(async () => {
        outputDir = freshTempDir("shortener-import-hostile");
        emulator = await startEmulator({ rateLimit: { limit: 100_000, windowMs: 1000 } });
        hostileService = await startHostileService();
        accountId = Number((await emulator.admin.list("accounts"))[0].id);
    });
    after(async () => {
        removeDir(outputDir);
        await emulator?.close();
        await hostileService?.close();
    });

    it(`every text field seeded in the emulator: the program compiles, holds only declarations, and declares the stored values (${RUNS} accounts)`, async () => {
        await fc.assert(
            fc.asyncProperty(emulatorAccount, async (account) => {
                const { admin } = emulator;
                await admin.reset();
                await admin.patch("accounts", accountId, { email: account.email });
                const domains = [];
                for (const domain of account.domains)
                    domains.push({ ...domain, id: (await admin.seed("domains", domain)).id });
                const campaigns = [];
                for (const campaign of account.campaigns)
                    campaigns.push({ ...campaign, id: (await admin.seed("campaigns", campaign)).id });
                const pixels = [];
                for (const pixel of account.pixels)
                    pixels.push({ ...pixel, id: (await admin.seed("pixels", pixel)).id });
                const qrs = [];
                for (const qr of account.qrs)
                    qrs.push({
                        ...qr,
                        id: (await admin.seed("qrcodes", { type: "link", data: "https://example.com", ...qr })).id,
                    });
                const channels = [];
                for (const { linkTitle, ...channel } of account.channels) {
                    const link = await admin.seed("links", {
                        url: "https://example.com/post",
                        alias: `post${channels.length}`,
                        title: linkTitle,
                    });
                    const items = [
                        { type: "links", id: link.id, date: "2026-01-01 00:00:00" },
                        { type: "qr", id: qrs[0].id, date: "2026-01-01 00:00:00" },
                    ];
                    channels.push({
                        ...channel,
                        id: (await admin.seed("channels", { ...channel, items })).id,
                        link: link.id,
                        linkTitle,
                    });
                }

                // Told always: a spec account whose only text looks escaped ("&quot;") cannot tell the import how the
                // service stores text, and the import rightly stops to ask (import.test.ts covers telling it).
                const args = ["--service", account.service, "--output", join(outputDir, "index.ts")];
                const declarations = checkedFiles(await importer(emulator.baseUrl, emulator.apiKey, args), outputDir);
                const text = textMatches(account.service, storedText);
                const name = textMatches(account.service, storedName);

                const [settings, ...otherSettings] = declarations.filter(
                    (declaration) => declaration.kind === "AccountSettings",
                );
                assert.equal(otherSettings.length, 0);
                assert.deepEqual(settings.fields, { email: account.email });
                for (const domain of domains) {
                    const declared = adopting(declarations, "Domain", domain.id);
                    assert.deepEqual(fieldsBut(declared, "adopt"), {
                        // A branded domain is an origin: the kind keeps it without a trailing slash.
                        domain: normaliseOrigin(domain.domain),
                        ...(domain.redirectroot === "" ? {} : { redirectRoot: normaliseUrl(domain.redirectroot) }),
                        ...(domain.redirect404 === "" ? {} : { redirect404: normaliseUrl(domain.redirect404) }),
                    });
                }
                for (const campaign of campaigns) {
                    const declared = adopting(declarations, "Campaign", campaign.id);
                    assert.deepEqual(
                        Object.keys(fieldsBut(declared, "adopt", "name")),
                        campaign.public ? ["public"] : [],
                    );
                    if (campaign.public) assert.equal(declared.fields.public, true);
                    name(declared.fields.name, campaign.name, `campaign ${campaign.id} name`);
                }
                for (const channel of channels) {
                    const declared = adopting(declarations, "Channel", channel.id);
                    const expected = [
                        channel.description !== "" && "description",
                        channel.color !== "" && "color",
                        channel.starred && "starred",
                    ].filter(Boolean);
                    assert.deepEqual(Object.keys(fieldsBut(declared, "adopt", "name")).sort(), expected.sort());
                    name(declared.fields.name, channel.name, `channel ${channel.id} name`);
                    if (channel.description !== "")
                        text(declared.fields.description, channel.description, `channel ${channel.id} description`);
                    if (channel.color !== "") assert.equal(declared.fields.color, channel.color.toUpperCase());
                    const items = declarations.filter(
                        (item) =>
                            item.kind === "ChannelItem" &&
                            (item.fields.channelId as { idOf: string }).idOf === declared.variable,
                    );
                    assert.deepEqual(
                        items.map((item) => item.fields),
                        [
                            {
                                adopt: true,
                                channelId: { idOf: declared.variable },
                                type: "links",
                                itemId: channel.link,
                            },
                            {
                                adopt: true,
                                channelId: { idOf: declared.variable },
                                type: "qr",
                                itemId: { idOf: adopting(declarations, "QrCode", qrs[0].id).variable },
                            },
                        ],
                    );
                }
                for (const pixel of pixels) {
                    const declared = adopting(declarations, "Pixel", pixel.id);
                    assert.deepEqual(Object.keys(fieldsBut(declared, "adopt")).sort(), ["name", "tag", "type"]);
                    assert.equal(declared.fields.type, pixel.type);
                    text(declared.fields.name, pixel.name, `pixel ${pixel.id} name`);
                    text(declared.fields.tag, pixel.tag, `pixel ${pixel.id} tag`);
                }
                for (const qr of qrs) assert.deepEqual(fieldsBut(adopting(declarations, "QrCode", qr.id), "adopt"), {});
                // The links, written as data beside the program.
                for (const channel of channels)
                    text(
                        adopting(declarations, "Link", channel.link).fields.title,
                        channel.linkTitle,
                        `link ${channel.link} title`,
                    );
                assert.equal(
                    declarations.length,
                    1 + domains.length + campaigns.length + channels.length * 4 + pixels.length + qrs.length,
                );
            }),
            { numRuns: RUNS },
        );
    });

    /** Ids written as the service may write them: a number, digits, digits with leading zeros. */
    const idForms = (ids: number[]) =>
        fc.tuple(...ids.map((id) => fc.constantFrom<number | string>(id, String(id), `000${id}`)));
    const computed = fc
        .record({
            ids: fc.uniqueArray(fc.integer({ min: 1, max: Number.MAX_SAFE_INTEGER }), { minLength: 6, maxLength: 6 }),
            link: fc.oneof(fc.constant(null), hostile),
            rotator: fc.oneof(fc.constant(false), hostile),
            list: fc.oneof(fc.constant(false), hostile),
            title: hostile,
            itemType: fc.constantFrom("links", "bio", "qr"),
            scans: fc.nat().map(String),
        })
        .chain((values) => idForms(values.ids).map((written) => ({ ...values, written })));

    it(`every field the service computes (ids in any form, links, rotator URLs, item types) served raw: the same holds (${RUNS} accounts)`, async () => {
        await fc.assert(
            fc.asyncProperty(computed, async ({ ids, written, link, rotator, list, title, itemType, scans }) => {
                const [domainId, campaignId, channelId, pixelId, qrId, itemId] = ids;
                const account = plainAccount();
                account.domains = [{ id: written[0], domain: "https://go.example", redirectroot: "", redirect404: "" }];
                account.campaigns = [{ id: written[1], name: "Campaign", public: false, rotator, list }];
                account.channels = [
                    { id: written[2], name: "Channel", description: "", color: "", starred: false, items: [] },
                ];
                account.pixels = [{ id: written[3], type: "adspixel", name: "Pixel", tag: "TAG", date: "" }];
                account.qrs = [{ id: written[4], link, scans, name: "QR", date: "" }];
                account.channels[0].items = [
                    {
                        type: itemType,
                        id: itemType === "qr" ? written[4] : written[5],
                        title,
                        preview: title,
                        link: title,
                        date: "",
                    },
                ];
                hostileService.serve(account);
                const declarations = checkedProgram(await importer(hostileService.baseUrl, hostileService.apiKey, []));
                assert.equal(adopting(declarations, "Domain", domainId).fields.domain, "https://go.example");
                assert.equal(adopting(declarations, "Campaign", campaignId).fields.name, "Campaign");
                assert.equal(adopting(declarations, "Pixel", pixelId).fields.tag, "TAG");
                const qr = adopting(declarations, "QrCode", qrId);
                const channel = adopting(declarations, "Channel", channelId);
                const items = declarations.filter((declaration) => declaration.kind === "ChannelItem");
                assert.deepEqual(
                    items.map((item) => item.fields),
                    [
                        {
                            adopt: true,
                            channelId: { idOf: channel.variable },
                            type: itemType,
                            itemId: itemType === "qr" ? { idOf: qr.variable } : itemId,
                        },
                    ],
                );
                assert.equal(declarations.length, 7);
            }),
            { numRuns: RUNS },
        );
    });

    it("a program of hostile values type-checks against the package as installed", async () => {
        const account = plainAccount();
        const nasty = HOSTILE_PIECES.join("");
        account.account.email = nasty;
        account.domains = [{ id: "007", domain: nasty, redirectroot: `https://x.example/${nasty}`, redirect404: "" }];
        account.campaigns = [{ id: 3, name: nasty, public: true, rotator: nasty, list: nasty }];
        account.channels = [
            {
                id: "12",
                name: nasty,
                description: nasty,
                color: nasty,
                starred: true,
                items: [{ type: "qr", id: "0009", title: nasty, preview: "", link: "", date: "" }],
            },
        ];
        account.pixels = [{ id: 4, type: "adspixel", name: nasty, tag: nasty, date: "" }];
        account.qrs = [{ id: 9, link: nasty, scans: "7", name: nasty, date: "" }];
        hostileService.serve(account);
        const result = await importer(hostileService.baseUrl, hostileService.apiKey, ["--service", "spec"]);
        assert.equal(checkedProgram(result).length, 7);
        assert.deepEqual(typeCheck({ "index.ts": result.stdout }), []);
    });

    describe("what a program cannot hold is an error, and nothing is written", () => {
        let dir: string;
        before(() => {
            dir = freshTempDir("shortener-import-refused");
        });
        after(() => removeDir(dir));

        /** Runs the import with --output over a file that holds an earlier program; the file must stay as it was. */
        async function refused(account: HostileAccount, expected: RegExp): Promise<void> {
            hostileService.serve(account);
            const kept = join(dir, "index.ts");
            writeFileSync(kept, "// an earlier program\n");
            const fresh = join(dir, "fresh.ts");
            for (const [file, args] of [
                [kept, []],
                [fresh, []],
                [kept, ["--json"]],
            ] as const) {
                const result = await importer(hostileService.baseUrl, hostileService.apiKey, [
                    "--output",
                    file,
                    ...args,
                ]);
                assert.equal(result.code, 1, `exit ${result.code}: ${result.stderr}`);
                assert.match(result.stderr, expected);
                assert.match(result.stderr, /Nothing was written/);
            }
            assert.equal(readFileSync(kept, "utf8"), "// an earlier program\n");
            assert.ok(!existsSync(fresh), "a partial --output file was left");
            const stdout = await importer(hostileService.baseUrl, hostileService.apiKey, []);
            assert.equal(stdout.code, 1);
            assert.equal(stdout.stdout, "", "the program went to stdout anyway");
        }

        it('two channels with ids "012" and 12 are one id twice', async () => {
            const account = plainAccount();
            account.channels = [
                { id: "012", name: "Newsletter", description: "", color: "", starred: false, items: [] },
                { id: 12, name: "Newsletter", description: "", color: "", starred: false, items: [] },
            ];
            // The client's listing check sees the repeated id first; the import's own check stands behind it.
            await refused(account, /item 12 is listed twice|the id 12 twice.*"012" and 12 are the same id/);
        });

        it("an id of 24 digits cannot be held by a program", async () => {
            const account = plainAccount();
            account.qrs = [{ id: "123456789012345678901234", link: null, scans: 0, name: "Big", date: "" }];
            await refused(account, /QR code with the id 1\.2345678901234569e\+23, which a program cannot hold exactly/);
        });

        it("a channel item of a type the API does not have (links, bio, qr)", async () => {
            await fc.assert(
                fc.asyncProperty(
                    hostile.filter((type) => !["links", "bio", "qr"].includes(type)),
                    async (type) => {
                        const account = plainAccount();
                        account.channels = [
                            {
                                id: 5,
                                name: "Channel",
                                description: "",
                                color: "",
                                starred: false,
                                items: [{ type, id: 1, title: "", preview: "", link: "", date: "" }],
                            },
                        ];
                        hostileService.serve(account);
                        const result = await importer(hostileService.baseUrl, hostileService.apiKey, []);
                        assert.equal(result.code, 1, result.stderr);
                        assert.equal(result.stdout, "");
                        assert.match(
                            result.stderr,
                            /channel 5 holds an item of type .*; a channel item is one of links, bio, qr/,
                        );
                    },
                ),
                { numRuns: 5 },
            );
            const account = plainAccount();
            account.channels = [
                {
                    id: 5,
                    name: "Channel",
                    description: "",
                    color: "",
                    starred: false,
                    items: [{ type: "\nprocess.exit(21);//", id: 1, title: "", preview: "", link: "", date: "" }],
                },
            ];
            await refused(account, /channel 5 holds an item of type "\\nprocess.exit\(21\);\/\/"/);
        });
    });

    it("credentials in the base URL reach neither the program, the JSON nor the messages", async () => {
        const account = plainAccount();
        account.campaigns = [{ id: 3, name: "Campaign", public: false, rotator: false, list: false }];
        hostileService.serve(account);
        const withCredentials = hostileService.baseUrl.replace("http://", "http://importer:s3cret-pa55@");
        const program = await importer(withCredentials, hostileService.apiKey, []);
        const json = await importer(withCredentials, hostileService.apiKey, ["--json"]);
        assert.equal(program.code, 0, program.stderr);
        assert.equal(json.code, 0, json.stderr);
        assert.match(
            program.stdout,
            new RegExp(`^// Imported by shortener-import from "${hostileService.baseUrl}" at `, "m"),
        );
        assert.equal(JSON.parse(json.stdout).source, hostileService.baseUrl);
        const unreachable = await importer("http://importer:s3cret-pa55@127.0.0.1:9/", hostileService.apiKey, []);
        assert.equal(unreachable.code, 1);
        for (const result of [program, json, unreachable]) {
            for (const text of [result.stdout, result.stderr]) {
                assert.ok(
                    !text.includes("s3cret-pa55") && !text.includes("importer:"),
                    `credentials in:\n${text.slice(0, 600)}`,
                );
            }
        }
    });

    it("the key written into the base URL's path reaches neither the program's header nor the JSON's source", async () => {
        hostileService.serve(plainAccount());
        const key = hostileService.apiKey;
        // The service answers under any folder: the import reads the account through it.
        const inPath = `${hostileService.baseUrl}/keys/${key}`;
        const program = await importer(inPath, key, []);
        const json = await importer(inPath, key, ["--json"]);
        assert.equal(program.code, 0, program.stderr);
        assert.equal(json.code, 0, json.stderr);
        assert.match(
            program.stdout,
            new RegExp(
                `^// Imported by shortener-import from "${hostileService.baseUrl}/keys/\\[redacted\\]" at `,
                "m",
            ),
        );
        assert.equal(JSON.parse(json.stdout).source, `${hostileService.baseUrl}/keys/[redacted]`);
        for (const result of [program, json]) {
            for (const text of [result.stdout, result.stderr])
                assert.ok(!text.includes(key), `the key in:\n${text.slice(0, 600)}`);
        }
    });
});
