// Credentials a program declares in plain text (a wifi QR code's password, under its name and 0.1.0's, and the
// account password) are secret in the state, in inputs and outputs, through every run: the state file, read as
// text, never holds them.
import { strict as assert } from "node:assert";
import { readFileSync } from "node:fs";
import { readState, storedSecretKeys } from "../support/pulumi";
import { startStack, type Declared, type TestStack } from "../support/stack";

const WIFI_PASS = "wifi-Pa55-plain";
const OLD_NAME_PASS = "wifi-0.1.0-Pa55";
const ACCOUNT_PASSWORD = "account-Pa55-plain";
const NEW_WIFI_PASS = "wifi-Pa55-changed";

const declared = (wifiPass: string): Declared[] => [
    {
        kind: "QrCode",
        name: "guest-wifi",
        args: { type: "wifi", data: { ssid: "Guests", pass: wifiPass, encryption: "wpa" } },
    },
    {
        kind: "QrCode",
        name: "old-wifi",
        args: { type: "wifi", data: { ssid: "Lobby", password: OLD_NAME_PASS, encryption: "wep" } },
    },
    { kind: "QrCode", name: "poster", args: { type: "link", data: "https://example.com/poster" } },
    { kind: "AccountSettings", name: "account", args: { password: ACCOUNT_PASSWORD } },
];

describe("credentials written in plain text are secret in the state", function () {
    this.timeout(180_000);
    let stack: TestStack;
    before(async () => (stack = await startStack()));
    after(async () => stack.close());

    const assertNoPlainCredential = (when: string, passwords: readonly string[]) => {
        const text = readFileSync(stack.stateFile, "utf8");
        for (const password of passwords)
            assert.ok(!text.includes(password), `${when}: ${password} is in the state file`);
        const resources = readState(stack.stateFile).resources;
        const secretKeys = (name: string) => {
            const found = resources.find((resource) => resource.urn.endsWith(`::${name}`));
            return found ? storedSecretKeys(found) : [];
        };
        for (const name of ["guest-wifi", "old-wifi"])
            assert.ok(secretKeys(name).includes("data"), `${when}: ${name}'s data is not secret`);
        assert.ok(secretKeys("account").includes("password"), `${when}: the account password is not secret`);
        assert.ok(!secretKeys("poster").includes("data"), `${when}: data without a credential is kept readable`);
    };

    it("after up, refresh, preview and an update of the password, no password is in the state file or the printed runs", async () => {
        const runs = [await stack.expectOk("up", declared(WIFI_PASS))];
        assertNoPlainCredential("up", [WIFI_PASS, OLD_NAME_PASS, ACCOUNT_PASSWORD]);
        runs.push(await stack.expectOk("refresh", declared(WIFI_PASS)));
        assertNoPlainCredential("refresh", [WIFI_PASS, OLD_NAME_PASS, ACCOUNT_PASSWORD]);
        runs.push(await stack.expectOk("preview", declared(NEW_WIFI_PASS)));
        runs.push(await stack.expectOk("up", declared(NEW_WIFI_PASS)));
        assertNoPlainCredential("update", [WIFI_PASS, NEW_WIFI_PASS, OLD_NAME_PASS, ACCOUNT_PASSWORD]);
        for (const run of runs) {
            for (const password of [WIFI_PASS, NEW_WIFI_PASS, OLD_NAME_PASS, ACCOUNT_PASSWORD]) {
                assert.ok(!JSON.stringify(run).includes(password), `${password} is in the printed run`);
            }
        }
        // Secret, not lost: the service got the new password.
        const [wifi] = (await stack.emulator.admin.list("qrcodes")).filter((code) =>
            JSON.stringify(code).includes("Guests"),
        );
        assert.ok(JSON.stringify(wifi).includes(NEW_WIFI_PASS), "the updated password reached the service");
    });
});
