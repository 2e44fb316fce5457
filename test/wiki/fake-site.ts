// What a fake wiki of the pull tests answers to action=query: meta=siteinfo (its version and a small site: two
// namespaces, an alias, the interwiki map given) or meta=languageinfo (two language codes).
export interface FakeSite {
    generator?: unknown;
    /** As siteinfo gives it: `local` is iw_local (a trusted wiki), `localinterwiki` a prefix naming this wiki. */
    interwiki?: readonly { prefix: string; url: string; local?: boolean; localinterwiki?: boolean }[];
}

export const FAKE_LANGUAGES = ["de", "en"];

export function siteAnswer(url: URL, site: FakeSite = {}): unknown {
    if (url.searchParams.get("meta") === "languageinfo") {
        return { query: { languageinfo: Object.fromEntries(FAKE_LANGUAGES.map((code) => [code, { code }])) } };
    }
    return {
        query: {
            general: { generator: site.generator ?? "MediaWiki 1.39.17" },
            namespaces: {
                "0": { id: 0, case: "first-letter", name: "" },
                "1": { id: 1, case: "first-letter", name: "Talk", canonical: "Talk" },
            },
            namespacealiases: [{ id: 1, alias: "Discussion" }],
            interwikimap: site.interwiki ?? [{ prefix: "wikipedia", url: "https://en.wikipedia.org/wiki/$1" }],
            extensions: [],
        },
    };
}
