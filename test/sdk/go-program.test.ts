// examples/go-stack under Pulumi's own mocks (pulumi.RunErr with pulumi.WithMocks, run by go test): the Go SDK of
// sdk/go by the example's replace directive, everything else from the Go module proxy, checked against go.sum. Go
// programs cannot run under the engine here (Pulumi's Go host is not served), so this is how a Go program of the SDK
// is tested, as Pulumi documents for any Go program.
import { strict as assert } from "node:assert";
import { join } from "node:path";
import { runCommand } from "../support/commands";
import { REPOSITORY_ROOT } from "../support/repository";

const EXAMPLE = join(REPOSITORY_ROOT, "examples", "go-stack");
/** A first run compiles Pulumi's Go SDK (minutes on 2 cores); later ones take seconds. A hung one stops here. */
const GO_TEST_TIMEOUT_MS = 20 * 60_000;

describe("examples/go-stack under Pulumi's mocks, with the SDK of sdk/go", function () {
    this.timeout(GO_TEST_TIMEOUT_MS + 10_000);

    it("passes its go test: a campaign, a link in it, and a QR code holding the link's short URL", async () => {
        // The flags of the CLI's build (tools/pulumi), so that Go's build cache serves the Pulumi packages both use.
        const flags = ["-trimpath", "-tags", "osusergo,grpcnotrace", "-count=1", "-v"];
        const tests = await runCommand("go", ["test", ...flags, "./..."], {
            cwd: EXAMPLE,
            env: { CGO_ENABLED: "0", GOFLAGS: "-mod=readonly" },
            timeoutMs: GO_TEST_TIMEOUT_MS,
        });
        assert.equal(tests.code, 0, `${tests.stdout}\n${tests.stderr}`);
        const passed = [...tests.stdout.matchAll(/^--- PASS: (\w+)/gm)].map((match) => match[1]);
        assert.deepEqual(passed, ["TestTheStackWiresALinkInACampaignAndAQrCodeOfItsShortUrl"]);
    });
});
