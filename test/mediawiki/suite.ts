// The differential suite's settings, shared by the test and the benchmark: one seeded corpus from the live
// wiki's paraminfo (PageImages and TextExtracts enabled, so extension modules are in it), sent with a
// concurrency that suits a 2-core machine, and judged twice: with the live paraminfo and the wiki's version,
// and with the catalogue pinned from the same wiki (`catalogue pull`), whose version comes from the pin.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Catalogue, fetchCatalogue } from "../../wiki/catalogue";
import { loadCatalogueFile } from "../../wiki/catalogue/load";
import { pullAndPin } from "../../wiki/lint/catalogue-command";
import { CorpusCase, generateCorpus, sampleCorpus, USER_DESIGNATOR_CASES } from "./corpus";
import { DifferentialReport, rejudge, runDifferential } from "./differential";
import type { RunningMediaWiki } from "./server";

/** Definitions sent per run: enough for every module and type, few enough for a CI run of a few minutes. */
export const DIFFERENTIAL_DEFINITIONS = 4000;
/**
 * npm test's quick depth sends this many: a sample that still compares every class and at least five definitions of
 * each extension module (at 1,000, PageImages had only four).
 */
export const QUICK_DIFFERENTIAL_DEFINITIONS = 1500;
/** The agreement the validator must reach, in percent of the answers that depend only on the request. */
export const AGREEMENT_GOAL = 99.9;
const CONCURRENCY = 4;

export interface DifferentialReports {
    /** Judged with the paraminfo fetched from the wiki, and its version given. */
    live: DifferentialReport;
    /** Judged with the catalogue pinned from the wiki: the version is the pin's. */
    pinned: DifferentialReport;
    /** The pin's description (file, api URL, version, time). */
    pin: string;
}

/** The two catalogues that judge: the one pinned from the wiki (`catalogue pull`, read back from its file), and the
 *  live paraminfo with the pin's site data (paraminfo alone does not hold the wiki's namespaces or interwiki map). */
export async function judgingCatalogues(wiki: RunningMediaWiki): Promise<{ live: Catalogue; pinned: Catalogue }> {
    const directory = mkdtempSync(join(tmpdir(), "wiki-pin-"));
    try {
        const file = join(directory, "wiki.json");
        await pullAndPin(wiki.apiUrl, file);
        const pinned = loadCatalogueFile(file);
        return { live: { ...(await fetchCatalogue(wiki.apiUrl)), site: pinned.site }, pinned };
    } finally {
        rmSync(directory, { recursive: true, force: true });
    }
}

/** The class of the user designators naming a temporary account, sent again once the wiki knows temporary accounts. */
export const TEMPORARY_ACCOUNTS_KNOWN = "~names, temporary accounts known";

// Whether a wiki knows temporary accounts decides how UserDef reads a "~" name: the corpus's such names are sent to the
// wiki as installed (without them, the default), then again once it knows them.
function temporaryAccountCases(cases: readonly CorpusCase[]): CorpusCase[] {
    const namesOne = (testCase: CorpusCase) =>
        Object.values(testCase.definition.params ?? {}).some(
            (value) => typeof value === "string" && value.startsWith("~"),
        );
    return cases
        .filter((testCase) => testCase.kind === USER_DESIGNATOR_CASES && namesOne(testCase))
        .map((testCase) => ({ ...testCase, kind: TEMPORARY_ACCOUNTS_KNOWN }));
}

export async function runDifferentialSuite(
    wiki: RunningMediaWiki,
    definitions = DIFFERENTIAL_DEFINITIONS,
): Promise<DifferentialReports> {
    const { live: catalogue, pinned } = await judgingCatalogues(wiki);
    const cases = sampleCorpus(generateCorpus(catalogue), definitions);
    const options = { apiUrl: wiki.apiUrl, catalogue, version: wiki.version, concurrency: CONCURRENCY };
    const installed = await runDifferential({ ...options, cases });
    wiki.knowTemporaryAccounts();
    const temporary = await runDifferential({ ...options, cases: temporaryAccountCases(cases) });
    const live = new DifferentialReport([...installed.comparisons, ...temporary.comparisons]);
    return { live, pinned: rejudge(live, pinned), pin: pinned.origin?.description ?? "pinned catalogue" };
}
