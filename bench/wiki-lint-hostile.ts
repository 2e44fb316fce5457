// wiki-query-lint on generated definitions files of 10 MB and 100 MB, each linted by the compiled CLI in a
// child process under the same 256 MB heap ceiling as the hostile-file tests: wall time and peak resident
// memory, each beside its bound. The 10 MB file is within the default size limit (16 MiB) and is linted
// whole; the 100 MB one is refused by its size before it is read, so its cost must stay near nothing.
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Benchmark, Figure } from "./figure";

const CLI = join(__dirname, "../wiki/lint/cli.js");
const HEAP_CEILING_MB = 256;
const MIB = 1024 * 1024;
// Loaded into the child with --require: reports its peak resident memory when it exits.
const PEAK_REPORTER = `process.on("exit", () => require("fs").writeSync(2, "\\npeak-rss-kb " + process.resourceUsage().maxRSS + "\\n"));`;

interface Case {
    megabytes: number;
    bounds: { seconds: number; peakMb: number };
}

const CASES: readonly Case[] = [
    { megabytes: 10, bounds: { seconds: 10, peakMb: 400 } },
    { megabytes: 100, bounds: { seconds: 2, peakMb: 100 } },
];

function writeDefinitions(path: string, bytes: number): void {
    const parts: string[] = [];
    let size = 0;
    for (let index = 0; size < bytes; index++) {
        const text = JSON.stringify({
            name: `definition ${index}`,
            list: "allpages",
            params: { aplimit: index % 700, apdir: index % 3 ? "ascending" : "sideways", apprefix: `P${index}` },
        });
        parts.push(text);
        size += text.length + 2;
    }
    writeFileSync(path, `[\n${parts.join(",\n")}\n]\n`);
}

function lint(file: string, reporter: string): Promise<{ seconds: number; peakMb: number }> {
    return new Promise((done, fail) => {
        const started = process.hrtime.bigint();
        const child = spawn(
            process.execPath,
            [`--max-old-space-size=${HEAP_CEILING_MB}`, "--require", reporter, CLI, file],
            { stdio: ["ignore", "ignore", "pipe"] },
        );
        let stderr = "";
        child.stderr.setEncoding("utf8").on("data", (chunk: string) => (stderr = (stderr + chunk).slice(-4096)));
        child.on("error", fail);
        child.on("close", (status, signal) => {
            const seconds = Number(process.hrtime.bigint() - started) / 1e9;
            const peak = /peak-rss-kb (\d+)/.exec(stderr);
            if (signal !== null || status === null || status > 2 || !peak)
                return fail(new Error(`wiki-query-lint on ${file} ended with ${signal ?? status}: ${stderr}`));
            done({ seconds, peakMb: Number(peak[1]) / 1024 });
        });
    });
}

export const wikiLintHostileBenchmark: Benchmark = {
    title: "wiki-query-lint on large files",
    async run() {
        const directory = mkdtempSync(join(tmpdir(), "wiki-lint-bench-"));
        const figures: Figure[] = [];
        try {
            const reporter = join(directory, "peak.js");
            writeFileSync(reporter, PEAK_REPORTER);
            for (const { megabytes, bounds } of CASES) {
                const file = join(directory, `definitions-${megabytes}mb.json`);
                writeDefinitions(file, megabytes * MIB);
                const { seconds, peakMb } = await lint(file, reporter);
                figures.push(
                    {
                        name: `wiki-lint: ${megabytes} MB definitions file, lint time`,
                        value: Math.round(seconds * 100) / 100,
                        bound: bounds.seconds,
                        unit: "s",
                        goal: "max",
                    },
                    {
                        name: `wiki-lint: ${megabytes} MB definitions file, peak memory`,
                        value: Math.round(peakMb),
                        bound: bounds.peakMb,
                        unit: "MB",
                        goal: "max",
                    },
                );
                rmSync(file);
            }
        } finally {
            rmSync(directory, { recursive: true, force: true });
        }
        return figures;
    },
};
