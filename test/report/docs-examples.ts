// Makes the examples of docs/preview-report.md from real runs: the emulator, the real Pulumi CLI's `preview --json`
// of the declared-resources program (the scenario of cli-preview.test.ts), and shortener-report; then a screenshot
// of the pull request's comment in headless Chromium (render-screenshot.ts).
//   node dist/test/report/docs-examples.js OUT_DIR
// writes OUT_DIR/{pull-request,drift,cut}.md and OUT_DIR/pull-request.png, the emulator's address written as
// https://short.example.
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Declared } from "../support/stack";
import { readManifest, REPOSITORY_ROOT } from "../support/repository";
import { startJsonStack, type JsonStack } from "./json-stack";

const BIN = join(REPOSITORY_ROOT, readManifest().bin["shortener-report"]);

const BEFORE: Declared[] = [
    {
        kind: "Domain",
        name: "brand",
        args: { domain: "https://go.example.com", redirectRoot: "https://www.example.com" },
    },
    { kind: "Channel", name: "newsletter", args: { name: "Newsletter", color: "#1a73e8" } },
    { kind: "Pixel", name: "retired", args: { type: "qapixel", name: "Retired site", tag: "G-RETIRED" } },
    {
        kind: "Pixel",
        name: "analytics",
        args: { type: "analyticspixel", name: "Site analytics", tag: "G-OLD-TAG" },
        options: { secretArgs: ["tag"] },
    },
    { kind: "QrCode", name: "poster", args: { type: "link", data: "https://www.example.com/autumn" } },
];
const AFTER: Declared[] = [
    {
        kind: "Domain",
        name: "brand",
        args: { domain: "https://links.example.com", redirectRoot: "https://www.example.com" },
    },
    { kind: "Channel", name: "newsletter", args: { name: "Weekly newsletter", color: "#1a73e8" } },
    {
        kind: "Pixel",
        name: "analytics",
        args: { type: "analyticspixel", name: "Site analytics", tag: "G-NEW-TAG" },
        options: { secretArgs: ["tag"] },
    },
    {
        kind: "QrCode",
        name: "poster",
        args: { type: "link", data: "https://www.example.com/autumn", foreground: "rgb(26,115,232)" },
    },
    { kind: "Campaign", name: "launch", args: { name: "Autumn launch", slug: "autumn" } },
];

/** Forty more pixels: a plan whose report passes a small cap. */
const MANY: Declared[] = Array.from({ length: 40 }, (_, index) => ({
    kind: "Pixel",
    name: `campaign-pixel-${index + 1}`,
    args: { type: "adspixel", name: `Campaign pixel ${index + 1}`, tag: `AW-${1000 + index}` },
}));

function report(dir: string, baseUrl: string, digest: string, ...args: string[]): string {
    const input = join(dir, "preview.json");
    writeFileSync(input, digest);
    return execFileSync(process.execPath, [BIN, "--input", input, ...args], { encoding: "utf8" })
        .split(baseUrl)
        .join("https://short.example");
}

/** What `pulumi <args> --json` printed on `resources`; an exit code not in `codes` is an error. */
async function printed(stack: JsonStack, args: string[], resources: readonly Declared[], codes = [0]): Promise<string> {
    const result = await stack.json(args, resources);
    if (!codes.includes(result.code ?? -1)) throw new Error(result.stdout + result.stderr);
    return result.stdout;
}

async function main(out: string): Promise<void> {
    mkdirSync(out, { recursive: true });
    const stack = await startJsonStack();
    const { emulator } = stack;
    const dir = mkdtempSync(join(tmpdir(), "report-docs-"));
    try {
        await stack.up(BEFORE);
        const plan = await printed(stack, ["preview"], AFTER);
        writeFileSync(join(out, "pull-request.md"), report(dir, emulator.baseUrl, plan, "--marker", "pr"));
        const many = await printed(stack, ["preview"], [...AFTER, ...MANY]);
        writeFileSync(
            join(out, "cut.md"),
            report(dir, emulator.baseUrl, many, "--marker", "pr", "--max-chars", "3000"),
        );
        const channel = (await emulator.admin.list("channels")).find((record) => record.name === "Newsletter");
        const retired = (await emulator.admin.list("pixels")).find((record) => record.name === "Retired site");
        await emulator.admin.patch("channels", channel!.id as number, { name: "Renamed in the dashboard" });
        await emulator.admin.remove("pixels", retired!.id as number);
        const drift = await printed(stack, ["preview", "--refresh", "--expect-no-changes"], BEFORE, [7]);
        writeFileSync(join(out, "drift.md"), report(dir, emulator.baseUrl, drift, "--marker", "drift"));
        execFileSync(process.execPath, [
            join(__dirname, "render-screenshot.js"),
            join(out, "pull-request.md"),
            join(out, "pull-request.png"),
            "1020",
        ]);
    } finally {
        await stack.close();
        rmSync(dir, { recursive: true, force: true });
    }
}

const [out] = process.argv.slice(2);
if (!out) throw new Error("usage: docs-examples OUT_DIR");
void main(out).catch((error: Error) => {
    process.stderr.write(`${error.message}\n`);
    process.exitCode = 1;
});
