// The validator against real MediaWikis, each LTS release in turn (Debian bookworm's 1.39 package and trixie's 1.43,
// installed and served by the test itself):
// a seeded corpus from the wiki's own paraminfo, each definition sent to api.php and judged by the
// validator with that paraminfo as its catalogue, then again with the catalogue pinned from the same wiki (its
// extensions' modules included; the version is the pin's). Quick depth judges against one release, picked by the seed;
// full depth against both. Without MediaWiki the suite fails and says why;
// WIKI_DIFFERENTIAL=skip (for a machine where apt cannot run) skips it instead, saying so.
import assert from "node:assert/strict";
import { DifferentialReport } from "./differential";
import {
    MEDIAWIKI_RELEASES,
    MediaWikiRelease,
    RunningMediaWiki,
    startMediaWikiForSuite,
    TEST_EXTENSIONS,
} from "./server";
import {
    AGREEMENT_GOAL,
    DIFFERENTIAL_DEFINITIONS,
    QUICK_DIFFERENTIAL_DEFINITIONS,
    runDifferentialSuite,
} from "./suite";
import { byDepth, sampleOf } from "../support/depth";

const DEFINITIONS = byDepth(QUICK_DIFFERENTIAL_DEFINITIONS, DIFFERENTIAL_DEFINITIONS);
/** The share of the sample the suite has always required judged (3,000 of 4,000). */
const MINIMUM_DEFINITIONS = DEFINITIONS * 0.75;

for (const release of sampleOf(
    "wiki validator against real MediaWikis (differential)",
    MEDIAWIKI_RELEASES,
    1,
    (release) => `MediaWiki ${release}`,
)) {
    describeDifferential(release);
}

function describeDifferential(release: MediaWikiRelease): void {
    describe(`wiki validator against a real MediaWiki ${release} (differential)`, function () {
        this.timeout(10 * 60_000);
        let wiki: RunningMediaWiki | undefined;
        let report: DifferentialReport;
        let pinned: DifferentialReport;

        before(async function () {
            wiki = await startMediaWikiForSuite(this, { release, extensions: TEST_EXTENSIONS });
            const reports = await runDifferentialSuite(wiki, DEFINITIONS);
            ({ live: report, pinned } = reports);
            console.log(
                `\n      MediaWiki ${wiki.version} at ${wiki.apiUrl} with ${TEST_EXTENSIONS.join(", ")}\n${report.table().replace(/^/gm, "      ")}\n`,
            );
            console.log(
                `      Judged with the ${reports.pin}: agreement ${pinned.agreed}/${pinned.compared} = ${pinned.agreement.toFixed(2)}%\n`,
            );
            if (report.disagreements.length > 0)
                console.log(`${report.describeDisagreements(40).replace(/^/gm, "      ")}\n`);
        });

        after(async () => {
            await wiki?.close();
        });

        it(`judges at least ${MINIMUM_DEFINITIONS} definitions, most of them by the request alone`, () => {
            assert.ok(
                report.comparisons.length >= MINIMUM_DEFINITIONS,
                `only ${report.comparisons.length} definitions`,
            );
            assert.ok(
                report.compared >= MINIMUM_DEFINITIONS * 0.9,
                `only ${report.compared} answers depend on the request alone`,
            );
        });

        it(`agrees with the wiki on at least ${AGREEMENT_GOAL}% of them`, () => {
            assert.ok(
                report.agreement >= AGREEMENT_GOAL,
                `agreement ${report.agreement.toFixed(2)}% < ${AGREEMENT_GOAL}%; disagreements:\n${report.describeDisagreements(40)}`,
            );
        });

        it(`agrees with the wiki on at least ${AGREEMENT_GOAL}% of them with the catalogue pinned from it`, () => {
            assert.equal(pinned.compared, report.compared);
            assert.ok(
                pinned.agreement >= AGREEMENT_GOAL,
                `agreement ${pinned.agreement.toFixed(2)}% < ${AGREEMENT_GOAL}%; disagreements:\n${pinned.describeDisagreements(40)}`,
            );
        });

        it("judges the extensions' modules too", () => {
            for (const module of ["extracts", "pageimages"]) {
                const compared = pinned.comparisons.filter(
                    ({ testCase, verdict }) =>
                        testCase.definition.prop === module && (verdict === "agree" || verdict === "disagree"),
                );
                assert.ok(compared.length >= 5, `prop=${module}: only ${compared.length} definitions compared`);
            }
        });

        it("compares every class of the corpus: errors and warnings, valid and invalid values", () => {
            for (const row of report.rows())
                assert.ok(row.agree + row.disagree > 0, `class "${row.kind}" was never compared`);
            assert.ok(report.comparisons.some(({ wiki: answer }) => answer.errors.length > 0));
            assert.ok(
                report.comparisons.some(({ wiki: answer }) => answer.errors.length === 0 && answer.warnings.length > 0),
            );
        });

        it("keeps the two voices apart: the wiki never says the validator's advice", () => {
            const advised = report.comparisons.filter(({ validator }) => validator.advice.length > 0);
            assert.ok(advised.length > 0, "the corpus gave no occasion for advice");
            for (const { wiki: answer, validator } of advised) {
                const wikiCodes = new Set([...answer.errors, ...answer.warnings].map((finding) => finding.code));
                for (const advice of validator.advice)
                    assert.ok(!wikiCodes.has(advice.code), `the wiki itself said ${advice.code}`);
            }
        });
    });
}
