// What the catalogue of the Go engine's lifecycle tests says, as the conformance suite prints it and as the README's
// section shows it (tests/conformance/catalogue.test.ts holds the README to conformanceTables()).
import { GO_COMMIT, GO_PACKAGE, GO_REPOSITORY, GO_TESTS, Judgement } from "./go-tests";

export const README_SECTION = "The Go engine's lifecycle tests";
/** The README's table of the rules the double does not follow, which names the Go code each open test needs. */
export const NOT_FOLLOWED_SECTION = "Engine rules the double does not follow";

type Status = Judgement["status"];
const STATUSES: readonly Status[] = ["transcribed", "refused", "to transcribe", "open", "not applicable"];

const entries = () =>
    Object.entries(GO_TESTS).flatMap(([file, tests]) =>
        Object.entries(tests).map(([name, judgement]) => ({ file, name, judgement })),
    );

function countOf(status: Status, within = entries()): number {
    return within.filter(({ judgement }) => judgement.status === status).length;
}

/** `N of M applicable transcribed, K refused`, then what is still to transcribe, what is open and what does not apply. */
export function conformanceSummary(): string {
    const all = entries();
    const applicable = all.length - countOf("not applicable");
    return (
        `${countOf("transcribed")} of ${applicable} applicable transcribed, ${countOf("refused")} refused, ` +
        `${countOf("to transcribe")} to transcribe, ${countOf("open")} open; ` +
        `${countOf("not applicable")} of the ${all.length} Go lifecycle tests do not apply`
    );
}

/**
 * The README's section: the summary, a table by Go file, the open and the to-transcribe tests one by one, the refused
 * and inapplicable by reason.
 */
export function conformanceTables(): string {
    const all = entries();
    const byFile = Object.keys(GO_TESTS).map((file) => {
        const within = all.filter((entry) => entry.file === file);
        return `| ${file} | ${within.length} | ${STATUSES.map((status) => countOf(status, within)).join(" | ")} |`;
    });
    const open = all.flatMap(({ file, name, judgement }) =>
        judgement.status === "open" ? [`| ${file} ${name} | ${judgement.why} | ${judgement.needs} |`] : [],
    );
    const toTranscribe = all.flatMap(({ file, name, judgement }) =>
        judgement.status === "to transcribe" ? [`| ${file} ${name} | ${judgement.why} |`] : [],
    );
    return [
        `## ${README_SECTION}`,
        `${GO_REPOSITORY} \`${GO_PACKAGE}\` at ${GO_COMMIT.slice(0, 12)}: ${conformanceSummary()}. \`conformance/go-tests.ts\` judges`,
        "each test: transcribed (a test under `tests/` carries its Go name in its title; `tests/conformance/` holds one file per",
        "Go file), refused (the double fails a run that uses the feature, naming it and the Go code it would need), to",
        "transcribe (it applies, no divergence of the double from it is known, and no test carries it yet), open (it applies",
        `and the double does not follow it yet; its Go code is in "${NOT_FOLLOWED_SECTION}" above) or not applicable. This`,
        "section is made from that list: `node dist/engine/conformance/write-readme.js` writes it, and",
        "`tests/conformance/catalogue.test.ts` checks it.",
        "",
        `| Go file | tests | ${STATUSES.join(" | ")} |`,
        `|---|---|${STATUSES.map(() => "---").join("|")}|`,
        ...byFile,
        "",
        "Open: they apply, and the double does not follow them yet.",
        "",
        "| Go test | why | Go code it would need |",
        "|---|---|---|",
        ...open,
        "",
        "To transcribe: they apply, no divergence is known, and no test carries them yet.",
        "",
        "| Go test | what its transcription takes |",
        "|---|---|",
        ...toTranscribe,
        "",
        "Refused or not applicable, by reason:",
        "",
        "| reason | Go tests |",
        "|---|---|",
        ...byReason(
            all.filter(({ judgement }) => judgement.status === "refused" || judgement.status === "not applicable"),
        ),
        "",
        "",
    ].join("\n");
}

function byReason(within: ReturnType<typeof entries>): string[] {
    const reasons = new Map<string, Map<string, number>>();
    for (const { file, judgement } of within) {
        const why =
            judgement.status === "refused" ? `refused: ${judgement.why}` : "why" in judgement ? judgement.why : "";
        const files = reasons.get(why) ?? new Map<string, number>();
        files.set(file, (files.get(file) ?? 0) + 1);
        reasons.set(why, files);
    }
    return [...reasons].map(
        ([why, files]) => `| ${why} | ${[...files].map(([file, count]) => `${file} (${count})`).join(", ")} |`,
    );
}

/** Where the README's section under this heading lies, the heading included, up to the next one. */
export function sectionBounds(readme: string, heading: string): { start: number; end: number } | undefined {
    const start = readme.indexOf(`## ${heading}\n`);
    if (start < 0) return undefined;
    const next = readme.indexOf("\n## ", start + 1);
    return { start, end: next < 0 ? readme.length : next + 1 };
}
