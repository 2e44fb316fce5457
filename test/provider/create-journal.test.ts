// The create journal (of QR codes' creates, and of links' declared without an alias) belongs to its user and cleans
// up after itself: a private folder of the user's own (another user's or an open one is refused), errors that name the
// journal, the kind whose create it records and its setting, entries scoped by account and project (the engine does
// not tell the provider the stack), and an entry gone once the next run has resolved it. The last two also through the
// real Pulumi CLI, with a run killed mid-create.
import { strict as assert } from "node:assert";
import { spawn, spawnSync } from "node:child_process";
import { chmodSync, chownSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startEmulator } from "../../emulator";
import { createJournal, JOURNAL_DIR_ENV } from "../../provider/resources/create-journal";
import { bindProvider } from "../../provider/runtime";
import { interruptedRun, runOperation } from "../support/pulumi";
import { DECLARED_PROGRAM, startStack, type Declared, type TestStack } from "../support/stack";

const INPUTS = { type: "link", data: "https://example.com/poster" };
const KIND = "QrCode";
const NAMES_THE_JOURNAL = new RegExp(
    `the create journal in .*, which records this ${KIND}'s create while it is under way, cannot be used: .*${JOURNAL_DIR_ENV}`,
);

/** The pid of a process that has exited. */
function deadPid(): number {
    const child = spawnSync(process.execPath, ["-e", "process.stdout.write(String(process.pid))"], {
        encoding: "utf8",
    });
    return Number(child.stdout);
}

/** An entry as a process that then died would have left it. */
function leftBehind(env: NodeJS.ProcessEnv, before: number[]): string {
    const journal = createJournal("account", env);
    journal.begin(KIND, INPUTS, before);
    const [file] = readdirSync(env[JOURNAL_DIR_ENV]!);
    const path = join(env[JOURNAL_DIR_ENV]!, file);
    writeFileSync(path, JSON.stringify({ pid: deadPid(), before }));
    return path;
}

describe("create journal", function () {
    this.timeout(60_000);
    let root: string;
    beforeEach(() => (root = mkdtempSync(join(tmpdir(), "journal-test-"))));
    afterEach(() => rmSync(root, { recursive: true, force: true }));

    it("by default lives in the user's state directory, created private", () => {
        const env = { XDG_STATE_HOME: join(root, "state"), HOME: root };
        createJournal("account", env).begin(KIND, INPUTS, []);
        const dir = join(root, "state", "pulumi-shortener", "creates");
        assert.equal(readdirSync(dir).length, 1);
        assert.equal(statSync(dir).mode & 0o777, 0o700);
    });

    it("refuses a folder open to other users, naming the journal and its setting", () => {
        const dir = join(root, "open");
        mkdirSync(dir);
        chmodSync(dir, 0o755);
        const journal = createJournal("account", { [JOURNAL_DIR_ENV]: dir });
        assert.throws(
            () => journal.begin(KIND, INPUTS, []),
            (error: Error) => NAMES_THE_JOURNAL.test(error.message) && /open to other users/.test(error.message),
        );
        assert.deepEqual(readdirSync(dir), [], "nothing written there");
    });

    it("is used by the creates without a natural key only: a Link's without an alias, never a Link's with one", async () => {
        const dir = join(root, "open");
        mkdirSync(dir);
        chmodSync(dir, 0o777);
        const emulator = await startEmulator({ rateLimit: { limit: 10_000, windowMs: 1000 } });
        const saved = process.env[JOURNAL_DIR_ENV];
        process.env[JOURNAL_DIR_ENV] = dir;
        try {
            const settings: Record<string, string> = {
                "shortener:baseUrl": emulator.baseUrl,
                "shortener:apiKey": emulator.apiKey,
            };
            const links = bindProvider("Link", { get: (key) => settings[key] });
            await assert.rejects(links.create({ url: "https://www.example.com/no-alias" }), (error: Error) =>
                error.message.startsWith(
                    `Link create failed: the create journal in ${dir}, which records this Link's create while it is under way, cannot be used: the folder is open to other users`,
                ),
            );
            const made = await links.create({ url: "https://www.example.com/aliased", alias: "with-alias" });
            assert.match(made.id, /^\d+$/);
            assert.deepEqual(readdirSync(dir), []);
        } finally {
            if (saved === undefined) delete process.env[JOURNAL_DIR_ENV];
            else process.env[JOURNAL_DIR_ENV] = saved;
            await emulator.close();
        }
    });

    it("refuses a folder another user owns, naming the journal and its setting", function () {
        if (process.getuid?.() !== 0) this.skip(); // only root can give a folder to another user
        const dir = join(root, "theirs");
        mkdirSync(dir, { mode: 0o700 });
        chownSync(dir, 4242, 4242);
        const journal = createJournal("account", { [JOURNAL_DIR_ENV]: dir });
        assert.throws(
            () => journal.begin(KIND, INPUTS, []),
            (error: Error) => NAMES_THE_JOURNAL.test(error.message) && /another user \(uid 4242/.test(error.message),
        );
        assert.throws(() => journal.interrupted(KIND, INPUTS), NAMES_THE_JOURNAL, "its entries are not trusted either");
    });

    for (const [what, path, reason] of [
        ["a path through a file", (dir: string) => join(dir, "file", "journal"), /a part of its path is a file/],
        [
            "a path under /proc (where Node's recursive mkdir never returns)",
            () => "/proc/no-such-thing/journal",
            /does not exist and cannot be created|not permitted/,
        ],
        [
            "a path where the system forbids folders",
            () => "/sys/no-such-thing",
            /not permitted|read-only|permission denied/,
        ],
    ] as const) {
        it(`on ${what}, fails with an error naming the journal and its setting`, () => {
            writeFileSync(join(root, "file"), "");
            const journal = createJournal("account", { [JOURNAL_DIR_ENV]: path(root) });
            assert.throws(
                () => journal.begin(KIND, INPUTS, []),
                (error: Error) => NAMES_THE_JOURNAL.test(error.message) && reason.test(error.message),
            );
        });
    }

    it("scopes entries by project and account: another project's or account's create of the same inputs is not refused", () => {
        const dir = join(root, "journal");
        const env = { [JOURNAL_DIR_ENV]: dir, PULUMI_NODEJS_PROJECT: "site" };
        leftBehind(env, [1]);
        assert.ok(
            createJournal("account", env).interrupted(KIND, INPUTS),
            "this project sees its own interrupted create",
        );
        assert.equal(
            createJournal("account", { ...env, PULUMI_NODEJS_PROJECT: "shop" }).interrupted(KIND, INPUTS),
            undefined,
        );
        assert.equal(createJournal("another account", env).interrupted(KIND, INPUTS), undefined);
    });

    it("removes an entry once the object its create made is adopted, and keeps it for an object that existed before", () => {
        const env = { [JOURNAL_DIR_ENV]: join(root, "journal") };
        const file = leftBehind(env, [1, 2]);
        const journal = createJournal("account", env);
        journal.found(KIND, { ...INPUTS, adopt: 2 }, 2);
        assert.ok(journal.interrupted(KIND, INPUTS), "an object older than the create is not what it made");
        journal.found(KIND, { ...INPUTS, adopt: 3 }, 3);
        assert.equal(journal.interrupted(KIND, INPUTS), undefined);
        assert.throws(() => statSync(file), /ENOENT/);
    });

    it("removes only the entry this process wrote: another stack's create of the same QR code, under way at once, stays found", async () => {
        const env = { [JOURNAL_DIR_ENV]: join(root, "journal"), PULUMI_NODEJS_PROJECT: "shared-project" };
        const journal = createJournal("account", env);
        journal.begin(KIND, INPUTS, [1]);
        // The other stack's process writes the same entry (same account, project and inputs) while this create runs.
        const other = spawn(process.execPath, ["-e", "setTimeout(() => {}, 60000)"], { stdio: "ignore" });
        try {
            const [file] = readdirSync(env[JOURNAL_DIR_ENV]);
            writeFileSync(join(env[JOURNAL_DIR_ENV], file), JSON.stringify({ pid: other.pid, before: [1, 2] }));
            journal.end(KIND, INPUTS);
            assert.deepEqual(
                readdirSync(env[JOURNAL_DIR_ENV]),
                [file],
                "this create's end removed the other stack's entry",
            );
        } finally {
            other.kill("SIGKILL");
            await new Promise((resolve) => other.once("exit", resolve));
        }
        assert.deepEqual(
            journal.interrupted(KIND, INPUTS)?.before,
            [1, 2],
            "the other stack's killed create is found by its retry",
        );
    });

    it("refuses an entry it did not write, naming it", () => {
        const env = { [JOURNAL_DIR_ENV]: join(root, "journal") };
        const file = leftBehind(env, []);
        writeFileSync(file, "{ not json");
        assert.throws(
            () => createJournal("account", env).interrupted(KIND, INPUTS),
            (error: Error) => error.message.includes(file) && NAMES_THE_JOURNAL.test(error.message),
        );
    });

    describe("through the Pulumi CLI, after a run killed mid-create", () => {
        let stack: TestStack;
        before(async () => (stack = await startStack()));
        after(async () => stack.close());

        it("another stack of the project is refused the same QR code until the made one is adopted, which removes the entry", async function () {
            this.timeout(300_000);
            const journalDir = join(root, "journal");
            mkdirSync(journalDir, { mode: 0o700 });
            const env = { PULUMI_CONFIG_PASSPHRASE: "test-passphrase", [JOURNAL_DIR_ENV]: journalDir };
            const declared: Declared[] = [{ kind: KIND, name: "poster", args: INPUTS }];
            const config = {
                "declared:resources": JSON.stringify(declared),
                "shortener:baseUrl": stack.emulator.baseUrl,
            };
            // The create is applied and its answer lost; the provider then waits out the rate window, and dies meanwhile.
            await stack.emulator.admin.injectFault({ method: "POST", path: "^/api/qr/add$", mode: "drop-after-apply" });
            await stack.emulator.admin.setRateLimit({ limit: 2, windowMs: 60_000 });
            await interruptedRun(
                "up",
                {
                    programDir: DECLARED_PROGRAM,
                    stateFile: stack.stateFile,
                    config,
                    secretConfig: { "shortener:apiKey": stack.emulator.apiKey },
                    env,
                },
                async () => (await stack.emulator.admin.list("qrcodes")).length > 0,
            );
            await stack.emulator.admin.setRateLimit({ limit: 1000, windowMs: 1000 });
            const [made] = await stack.emulator.admin.list("qrcodes");
            assert.equal(readdirSync(journalDir).length, 1, "the killed create left its entry");

            const otherStackUp = () =>
                runOperation("up", {
                    programDir: DECLARED_PROGRAM,
                    stateFile: join(root, "other-stack.json"),
                    stack: "other",
                    config,
                    secretConfig: { "shortener:apiKey": stack.emulator.apiKey },
                    env,
                });
            const refused = await otherStackUp();
            assert.ok(
                !refused.ok && /creating this QR code was interrupted in an earlier run/.test(refused.log),
                refused.log,
            );
            assert.equal((await stack.emulator.admin.list("qrcodes")).length, 1, "no second QR code was made");

            const adopted = await stack.run(
                "up",
                [{ ...declared[0], args: { ...INPUTS, adopt: Number(made.id) } }],
                env,
            );
            assert.ok(adopted.ok, adopted.log);
            assert.deepEqual(readdirSync(journalDir), [], "the resolved entry is gone");
            const otherStack = await otherStackUp();
            assert.ok(otherStack.ok, otherStack.log);
        });
    });
});
