// The shipped policy pack (policy/), run as a user's project runs it: `pulumi preview --policy-pack
// node_modules/pulumi-shortener/policy`, by the real CLI against the emulator's real profile. Each rule's violation
// names the resource, the property and the fix; the enforcement levels and the rules' settings come from the pack
// config; a config the pack cannot use is refused naming the key.
import { strict as assert } from "node:assert";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { readState, storedSecretKeys } from "../support/pulumi";
import { REPOSITORY_ROOT } from "../support/repository";
import type { Declared } from "../support/stack";
import { shownViolations, THREE_VIOLATIONS, usePolicyStack } from "./policy-stack";

const EXAMPLE_DIR = join(REPOSITORY_ROOT, "examples", "shortener-stack");
const PAGE = readFileSync(join(REPOSITORY_ROOT, "docs", "policy.md"), "utf8");

const HTTP_ROOT =
    'mandatory https-destinations brand: Domain "brand": redirectRoot: sends visitors to http://www.example.com, which is not https. Fix: declare the https:// address of the same page.';
const HTTP_LINK =
    'mandatory https-destinations plain-http: Link "plain-http": url: sends visitors to http://www.example.com, which is not https. Fix: declare the https:// address of the same page.';
const NO_SOURCE =
    'mandatory campaign-utm untagged: Link "untagged": parameters: it declares `campaign`, but the link does not send utm_source. Fix: add { utm_source: "…" } to its parameters.';

describe("the policy pack, run by the real CLI", function () {
    this.timeout(300_000);
    const { run, stateFile } = usePolicyStack();

    it("passes the example stack in its default config, and stores the vCard's data as a secret", async () => {
        const preview = await run("preview", { dir: EXAMPLE_DIR }, { stateName: "example" });
        assert.ok(preview.ok, preview.log);
        // The landing page's QR code sends visitors to a link's short URL, which the first preview does not know yet.
        assert.deepEqual(shownViolations(preview), [
            "advisory https-destinations landing-page: can't run policy 'https-destinations' from policy pack 'pulumi-shortener@v0.2.0' during preview: string value at .data can't be known during preview",
        ]);
        const up = await run("up", { dir: EXAMPLE_DIR }, { stateName: "example" });
        assert.ok(up.ok, up.log);
        assert.deepEqual(shownViolations(up), []);
        assert.deepEqual(
            up.remediations.map(
                (remediation) => `${remediation.policyName} ${remediation.resourceUrn.split("::").at(-1)}`,
            ),
            ["qr-data-secret sales-card"],
        );
        const card = readState(stateFile("example")).resources.find((resource) =>
            resource.urn.endsWith("::sales-card"),
        );
        assert.ok(card, "the vCard QR code is in the state");
        assert.deepEqual(storedSecretKeys(card), ["data"]);
        const destroy = await run("destroy", { dir: EXAMPLE_DIR }, { stateName: "example" });
        assert.ok(destroy.ok, destroy.log);
    });

    it("fails a preview with three mandatory violations, each naming resource, property and fix", async () => {
        const preview = await run("preview", { resources: THREE_VIOLATIONS });
        assert.equal(preview.ok, false, preview.log);
        assert.deepEqual(shownViolations(preview).sort(), [HTTP_ROOT, HTTP_LINK, NO_SOURCE].sort());
    });

    it('previews the same program with three advisories and exit 0 under {"all": "advisory"}', async () => {
        const preview = await run("preview", { resources: THREE_VIOLATIONS }, { packConfig: { all: "advisory" } });
        assert.ok(preview.ok, preview.log);
        const advisory = (line: string) => line.replace(/^mandatory/, "advisory");
        assert.deepEqual(shownViolations(preview).sort(), [HTTP_ROOT, HTTP_LINK, NO_SOURCE].map(advisory).sort());
    });

    it("checks each configurable rule, naming resource, property and fix, and passes what keeps to it", async () => {
        const packConfig = {
            "allowed-destination-hosts": { hosts: ["example.com"] },
            "alias-rules": {
                reserved: ["Careers"],
                retired: [{ alias: "spring", url: "https://www.example.com/spring", domain: "https://go.example.com" }],
            },
            "link-expiry": { required: true, maxDays: 400 },
            "qr-data-secret": "mandatory",
        };
        const tagged = { utm_source: "news", utm_medium: "email", utm_campaign: "launch" };
        const link = (name: string, args: Record<string, unknown>): Declared => ({
            kind: "Link",
            name,
            args: { url: "https://www.example.com/", expiry: "2027-06-30", ...args },
        });
        const card = { type: "vcard", data: { fname: "Ada", email: "ada@example.com" } };
        const resources: Declared[] = [
            { kind: "Domain", name: "brand", args: { domain: "https://go.example.com" } },
            { kind: "Campaign", name: "launch", args: { name: "Launch" } },
            link("partner", {
                url: "https://partner.example.org/deal",
                geoTargets: [{ location: "Canada", url: "https://shop.example.net/ca" }],
            }),
            link("careers", { alias: "careers" }),
            link("reused", {
                alias: "spring",
                domain: { $ref: "brand.domain" },
                url: "https://www.example.com/autumn",
            }),
            link("kept", { alias: "spring", url: "https://www.example.com/autumn" }),
            link("twin", { alias: "kept-twin" }),
            link("twin-again", { alias: "kept-twin" }),
            { kind: "Link", name: "endless", args: { url: "https://www.example.com/endless" } },
            link("far", { expiry: "2099-01-01" }),
            link("placed", {}),
            {
                kind: "CampaignLink",
                name: "placed-in-launch",
                args: { campaignId: { $ref: "launch.id" }, linkId: { $ref: "placed.id" } },
            },
            link("placed-tagged", { parameters: tagged }),
            link("tagged-by-name", {
                campaign: { $ref: "launch.id" },
                utm: { source: "news", medium: "email", campaign: "launch" },
            }),
            {
                kind: "CampaignLink",
                name: "tagged-in-launch",
                args: { campaignId: { $ref: "launch.id" }, linkId: { $ref: "placed-tagged.id" } },
            },
            { kind: "QrCode", name: "card", args: card },
            { kind: "QrCode", name: "marked-card", args: card, options: { additionalSecretOutputs: ["data"] } },
        ];
        const preview = await run("preview", { resources }, { packConfig });
        assert.equal(preview.ok, false, preview.log);
        assert.deepEqual(
            shownViolations(preview).sort(),
            [
                'mandatory alias-rules careers: Link "careers": alias: "careers" is on the team\'s reserved list. Fix: choose another alias.',
                'mandatory alias-rules reused: Link "reused": alias: "spring" was published for https://www.example.com/spring, and would now send its visitors elsewhere. Fix: choose another alias, or point it at https://www.example.com/spring again.',
                'mandatory allowed-destination-hosts partner: Link "partner": geoTargets[0].url: sends visitors to https://shop.example.net, whose host is not on the allow-list. Fix: send them to a host of example.com, or add shop.example.net to the pack config\'s allowed-destination-hosts.hosts.',
                'mandatory allowed-destination-hosts partner: Link "partner": url: sends visitors to https://partner.example.org, whose host is not on the allow-list. Fix: send them to a host of example.com, or add partner.example.org to the pack config\'s allowed-destination-hosts.hosts.',
                'mandatory campaign-utm placed: Link "placed": parameters: CampaignLink "placed-in-launch" puts it in a campaign, but the link does not send utm_source, utm_medium, utm_campaign. Fix: add { utm_source: "…", utm_medium: "…", utm_campaign: "…" } to its parameters.',
                'mandatory link-expiry endless: Link "endless": expiry: the link has no expiry. Fix: declare `expiry`, e.g. "2027-01-31".',
                `mandatory link-expiry far: Link "far": expiry: 2099-01-01 00:00:00 is ${daysUntil("2099-01-01")} days away, more than the 400 allowed. Fix: declare an expiry on or before ${dayAfter(400)}.`,
                'mandatory qr-data-secret card: QrCode "card": data: holds a person\'s details and is not marked secret. Fix: declare the resource with `{ additionalSecretOutputs: ["data"] }`, or set this rule to remediate (its default), which marks it.',
                'mandatory unique-aliases twin: Link "twin": alias: the service\'s default domain/kept-twin is also declared by Link "twin-again". Fix: give each link an alias of its own, or another domain.',
                'mandatory unique-aliases twin-again: Link "twin-again": alias: the service\'s default domain/kept-twin is also declared by Link "twin". Fix: give each link an alias of its own, or another domain.',
            ].sort(),
        );
    });

    it("judges an alias in the form the service stores it: an adopt's spring_ is the retired spring, members_only the reserved members-only", async () => {
        const packConfig = {
            "alias-rules": {
                reserved: ["Members-Only"],
                retired: [{ alias: "spring", url: "https://www.example.com/spring" }],
            },
        };
        // The provider's check takes an adopted link's alias as it is declared (the link may hold it from before the
        // service's rules), so these reach the pack; its update would send them, and the service store them slugged.
        const adopting = (name: string, alias: string, adopt: number): Declared => ({
            kind: "Link",
            name,
            args: { url: "https://evil.example/", alias, adopt },
        });
        const resources = [
            adopting("spring-again", "spring_", 1),
            adopting("members", "members_only", 2),
            adopting("spring-kept", "spring", 3),
        ];
        const preview = await run("preview", { resources }, { packConfig });
        assert.equal(preview.ok, false, preview.log);
        assert.deepEqual(
            shownViolations(preview).sort(),
            [
                'mandatory alias-rules members: Link "members": alias: "members_only" (stored as "members-only") is on the team\'s reserved list. Fix: choose another alias.',
                'mandatory alias-rules spring-again: Link "spring-again": alias: "spring_" (stored as "spring") was published for https://www.example.com/spring, and would now send its visitors elsewhere. Fix: choose another alias, or point it at https://www.example.com/spring again.',
                'mandatory alias-rules spring-kept: Link "spring-kept": alias: "spring" was published for https://www.example.com/spring, and would now send its visitors elsewhere. Fix: choose another alias, or point it at https://www.example.com/spring again.',
            ].sort(),
        );
    });

    it("holds every place the service sends visitors to https and the allowed hosts: a link QR code's data and a link's web deep links too", async () => {
        const packConfig = { "allowed-destination-hosts": { hosts: ["good.example"] } };
        const resources: Declared[] = [
            { kind: "QrCode", name: "phish", args: { type: "link", data: "http://evil.example/phish" } },
            { kind: "QrCode", name: "poster", args: { type: "link", data: "https://www.good.example/poster" } },
            // A text QR code is read by the scanner as it is: the service sends no one there.
            { kind: "QrCode", name: "note", args: { type: "text", data: "http://evil.example/note" } },
            {
                kind: "Link",
                name: "app",
                args: {
                    url: "https://good.example/app",
                    deepLink: { apple: "https://evil.example/ios", google: "shop://sale" },
                },
            },
        ];
        const preview = await run("preview", { resources }, { packConfig });
        assert.equal(preview.ok, false, preview.log);
        const notAllowed = (name: string, kind: string, property: string, origin: string) =>
            `mandatory allowed-destination-hosts ${name}: ${kind} "${name}": ${property}: sends visitors to ${origin}, whose host is not on the allow-list. Fix: send them to a host of good.example, or add ${new URL(origin).hostname} to the pack config's allowed-destination-hosts.hosts.`;
        assert.deepEqual(
            shownViolations(preview).sort(),
            [
                notAllowed("phish", "QrCode", "data", "http://evil.example"),
                notAllowed("app", "Link", "deepLink.apple", "https://evil.example"),
                'mandatory https-destinations phish: QrCode "phish": data: sends visitors to http://evil.example, which is not https. Fix: declare the https:// address of the same page.',
            ].sort(),
        );
    });

    it("refuses a config naming a rule or a key the pack does not have, or a value of the wrong type, before any resource is checked", async () => {
        const resources = THREE_VIOLATIONS.slice(0, 1);
        // docs/policy.md's table of refused settings: the file, then the error, each in a code span.
        const table = PAGE.split("| the file says | the run fails with |")[1].split("\n\n")[0];
        const cases = [...table.matchAll(/^\| `(.+?)` \| `(.+?)`/gm)].map((row) => [JSON.parse(row[1]), row[2]]);
        assert.equal(cases.length, 3, "the page's three refused settings");
        for (const [packConfig, error] of cases) {
            const preview = await run("preview", { resources }, { packConfig });
            assert.equal(preview.ok, false, `${JSON.stringify(packConfig)}: ${preview.log}`);
            assert.ok(preview.log.includes(error), `${JSON.stringify(packConfig)}: ${preview.log}`);
            assert.ok(!preview.log.includes("    at "), `${JSON.stringify(packConfig)}: a stack trace\n${preview.log}`);
            // Stopped when the CLI configured the pack: no resource was checked, none errored, the pack is not passed.
            assert.deepEqual(preview.violations, [], JSON.stringify(packConfig));
            for (const mark of ["errored", "✅", "Error validating resource"])
                assert.ok(!preview.log.includes(mark), `${JSON.stringify(packConfig)}: ${mark}\n${preview.log}`);
        }
    });

    it("says once that a rule's config matches no resource, and says which values were not known at preview", async () => {
        const resources: Declared[] = [
            { kind: "QrCode", name: "poster", args: { type: "link", data: "https://www.example.com/poster" } },
            {
                kind: "Domain",
                name: "brand",
                args: { domain: "https://go.example.com", redirectRoot: { $ref: "poster.link" } },
            },
        ];
        const preview = await run("preview", { resources }, { packConfig: { "alias-rules": { reserved: ["jobs"] } } });
        assert.ok(preview.ok, preview.log);
        const shown = shownViolations(preview);
        assert.deepEqual(
            shown.filter((line) => line.includes("pack-config")),
            [
                "advisory pack-config declared-dev: the pack config of alias-rules (reserved) matches no resource: the stack declares no Link",
            ],
        );
        assert.deepEqual(
            shown.filter((line) => line.includes(" brand:")),
            [
                "advisory https-destinations brand: can't run policy 'https-destinations' from policy pack 'pulumi-shortener@v0.2.0' during preview: string value at .redirectRoot can't be known during preview",
            ],
        );
    });
});

function daysUntil(date: string): number {
    return Math.ceil((Date.parse(`${date}T00:00:00Z`) - Date.now()) / 86_400_000);
}

function dayAfter(days: number): string {
    return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
}
