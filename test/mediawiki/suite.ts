// The differential suite's settings, shared by the test and the benchmark: one seeded corpus from the
// live wiki's paraminfo, sent with a concurrency that suits a 2-core machine.
import { fetchCatalogue } from "../../provider/wiki/catalogue";
import { generateCorpus, sampleCorpus } from "./corpus";
import { DifferentialReport, runDifferential } from "./differential";
import type { RunningMediaWiki } from "./server";

/** Definitions sent per run: enough for every module and type, few enough for a CI run of a few minutes. */
export const DIFFERENTIAL_DEFINITIONS = 4000;
/** The agreement the validator must reach, in percent of the answers that depend only on the request. */
export const AGREEMENT_GOAL = 99;
const CONCURRENCY = 4;

export async function runDifferentialSuite(wiki: RunningMediaWiki): Promise<DifferentialReport> {
    const catalogue = await fetchCatalogue(wiki.apiUrl);
    const cases = sampleCorpus(generateCorpus(catalogue), DIFFERENTIAL_DEFINITIONS);
    return runDifferential({ apiUrl: wiki.apiUrl, catalogue, version: wiki.version, cases, concurrency: CONCURRENCY });
}
