// GitHub's own Markdown renderer, cmark-gfm, with the extensions github.com turns on for comments (table, autolink,
// tagfilter, strikethrough). Raw HTML is passed through (--unsafe) as GitHub passes it on to its sanitizer, so a test
// sees every tag a report's text could open. Bounded: the rendering must end within RENDER_TIMEOUT_MS and write at
// most MAX_HTML_BYTES, and a missing binary fails with what to install.
import { spawnSync } from "node:child_process";

const CMARK_GFM = process.env.CMARK_GFM ?? "cmark-gfm";
const ARGS = ["-e", "table", "-e", "autolink", "-e", "tagfilter", "-e", "strikethrough", "--unsafe"];
const RENDER_TIMEOUT_MS = 20_000;
const MAX_HTML_BYTES = 16 * 1024 * 1024;

/** The HTML GitHub's renderer makes of `markdown`. */
export function renderGfm(markdown: string): string {
    const result = spawnSync(CMARK_GFM, ARGS, {
        input: markdown,
        encoding: "utf8",
        timeout: RENDER_TIMEOUT_MS,
        maxBuffer: MAX_HTML_BYTES,
        killSignal: "SIGKILL",
    });
    if (result.error && "code" in result.error && result.error.code === "ENOENT") {
        throw new Error(
            `${CMARK_GFM} is not installed: the report's tests render with GitHub's renderer (Debian's package cmark-gfm; .ci/run installs it)`,
        );
    }
    if (result.error)
        throw new Error(
            `${CMARK_GFM} failed: ${result.error.message} (bounds: ${RENDER_TIMEOUT_MS} ms, ${MAX_HTML_BYTES} bytes)`,
        );
    if (result.status !== 0)
        throw new Error(`${CMARK_GFM} exited with ${result.status ?? result.signal}: ${result.stderr.slice(0, 2000)}`);
    return result.stdout;
}
