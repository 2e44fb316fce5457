// GitHub's own Markdown renderer, cmark-gfm (GitHub's fork of cmark, through the npm package `cmark-gfm`'s Node
// bindings, which `npm ci` builds), with the extensions github.com turns on for comments (table, autolink, tagfilter,
// strikethrough). Raw HTML is passed through (`unsafe`) as GitHub passes it on to its sanitizer, so a test sees every
// tag a report's text could open. The package is required when a test renders, not when a test file loads, so a
// missing or unbuilt package fails those tests with what to do and hides no other test. Bounded: the Markdown is at
// most MAX_MARKDOWN_BYTES (a comment's own cap is far below it; cmark-gfm's time grows linearly with its input) and
// the HTML at most MAX_HTML_BYTES.

const MAX_MARKDOWN_BYTES = 4 * 1024 * 1024;
const MAX_HTML_BYTES = 16 * 1024 * 1024;
const OPTIONS = {
    unsafe: true,
    extensions: { table: true, autolink: true, tagfilter: true, strikethrough: true },
};

type CmarkGfm = typeof import("cmark-gfm");

let renderer: CmarkGfm | undefined;

function cmarkGfm(): CmarkGfm {
    if (renderer) return renderer;
    try {
        renderer = require("cmark-gfm") as CmarkGfm;
    } catch (error) {
        const why = error instanceof Error ? error.message.split("\n")[0] : String(error);
        throw new Error(
            "the report's tests render with GitHub's renderer, the npm package cmark-gfm (a development dependency " +
                "whose `npm ci` builds GitHub's C library with node-gyp: it needs python3, make and a C compiler " +
                `where no prebuilt binary is found), and it could not be loaded: ${why}. Run npm ci.`,
            { cause: error },
        );
    }
    return renderer;
}

/** The HTML GitHub's renderer makes of `markdown`. */
export function renderGfm(markdown: string): string {
    const size = Buffer.byteLength(markdown);
    if (size > MAX_MARKDOWN_BYTES) throw new Error(`renderGfm: ${size} bytes of Markdown, over ${MAX_MARKDOWN_BYTES}`);
    const html = cmarkGfm().renderHtmlSync(markdown, OPTIONS);
    if (Buffer.byteLength(html) > MAX_HTML_BYTES)
        throw new Error(`renderGfm: the HTML is over ${MAX_HTML_BYTES} bytes`);
    return html;
}
