// Renders a report's Markdown as GitHub shows a comment (cmark-gfm, GitHub's renderer, GitHub's comment width and fonts, the
// <details> blocks open) and takes a screenshot of it with headless Chromium, for docs/preview-report.md:
//   node dist/test/report/render-screenshot.js REPORT.md OUT.png [HEIGHT]
// Needs Debian's chromium (/usr/bin/chromium, or CHROMIUM); the page is a local file, and Chromium is started with
// the network off, so nothing is fetched.
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { renderGfm } from "../support/cmark-gfm";

const STYLE = `
body { font: 14px/1.5 -apple-system, "Segoe UI", "Noto Sans", Helvetica, Arial, sans-serif; color: #1f2328; margin: 0; padding: 16px; width: 780px; background: #fff; }
.comment { border: 1px solid #d1d9e0; border-radius: 6px; padding: 16px; }
table { border-collapse: collapse; margin: 8px 0; }
th, td { border: 1px solid #d1d9e0; padding: 4px 10px; text-align: left; }
tr:nth-child(2n) { background: #f6f8fa; }
code { font: 12px ui-monospace, SFMono-Regular, Menlo, monospace; background: #eff1f3; border-radius: 4px; padding: 1px 4px; }
details { margin: 6px 0; } summary { cursor: pointer; }
blockquote { border-left: 3px solid #d1d9e0; color: #59636e; margin: 8px 0; padding: 0 12px; }
h3, h4 { margin: 12px 0 6px; }`;

function main([input, output, height = "1600"]: string[]): void {
    if (!input || !output) throw new Error("usage: render-screenshot REPORT.md OUT.png");
    const body = renderGfm(readFileSync(input, "utf8"));
    const dir = mkdtempSync(join(tmpdir(), "report-screenshot-"));
    try {
        const page = join(dir, "comment.html");
        writeFileSync(
            page,
            `<!doctype html><meta charset="utf-8"><style>${STYLE}</style><div class="comment">${body.replace(/<details>/g, "<details open>")}</div>`,
        );
        execFileSync(
            process.env.CHROMIUM ?? "/usr/bin/chromium",
            [
                "--headless",
                "--no-sandbox",
                "--disable-gpu",
                "--disable-quic",
                "--no-first-run",
                "--disable-background-networking",
                "--disable-component-update",
                "--disable-sync",
                `--user-data-dir=${join(dir, "profile")}`,
                "--hide-scrollbars",
                `--window-size=812,${Number(height)}`,
                `--screenshot=${output}`,
                `file://${page}`,
            ],
            { stdio: "ignore", timeout: 60_000 },
        );
    } finally {
        rmSync(dir, { recursive: true, force: true });
    }
}

main(process.argv.slice(2));
