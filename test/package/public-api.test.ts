// What users import stays what it was: the exports of the package's entry points (the root and ./runtime), each with
// what it is and a class's members, are held to test/fixtures/package/public-api.json. A refactor must leave it as it
// is; a change users are meant to see updates the file in the same commit as its CHANGELOG entry.
import { strict as assert } from "node:assert";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { REPOSITORY_ROOT } from "../support/repository";
import { publicApi } from "../support/public-api";

const RECORDED = join(REPOSITORY_ROOT, "test", "fixtures", "package", "public-api.json");

describe("package: the public exports", function () {
    // The compiler reads the package's sources and @pulumi/pulumi's declarations: seconds on a busy machine.
    this.timeout(120_000);

    it("are the recorded ones: every name, what it is, and each class's members", () => {
        const recorded = JSON.parse(readFileSync(RECORDED, "utf8")) as unknown;
        assert.deepEqual(publicApi(REPOSITORY_ROOT, ["provider/index.ts", "provider/runtime.ts"]), recorded);
    });

    it("tells a changed export apart (the check itself): a kind's output removed is seen", () => {
        const api = publicApi(REPOSITORY_ROOT, ["provider/index.ts"]);
        const domain = api["provider/index.ts"].find((exported) => exported.name === "Domain");
        assert.ok(domain?.members?.includes("redirectRoot"), JSON.stringify(domain));
        assert.ok(
            api["provider/index.ts"].some(
                (exported) => exported.name === "DomainArgs" && exported.kind === "interface",
            ),
        );
    });
});
