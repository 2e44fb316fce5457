// State written by released versions: test/fixtures/state/<version>/ holds the stack state that version left for
// the fixture program (one resource of every kind) as `pulumi stack export` writes it, the emulator's saved store with
// the same objects, and the facts needed to run the program again. Later versions must load such state without a
// change; test/fixtures/state/README.md says how each was made.
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { startEmulator, type RunningEmulator } from "../../emulator";
import { runOperation, type LifecycleResult, type Operation } from "../support/pulumi";
import { freshTempDir, linkedProject, readManifest, removeDir, REPOSITORY_ROOT } from "../support/repository";

export const STATE_FIXTURES = join(REPOSITORY_ROOT, "test", "fixtures", "state");
const PROGRAM_DIR = join(STATE_FIXTURES, "program");
const PROGRAM_FILES = ["Pulumi.yaml", "index.js"];
/** Encrypts the secrets (the API key, the account password, the Wi-Fi QR data) in every fixture's stack state. */
export const FIXTURE_PASSPHRASE = "state-fixture-passphrase";

const STACK_FILE = "stack-export.json";
const SERVICE_FILE = "service.json";
const FACTS_FILE = "fixture.json";

interface FixtureFacts {
    /** The version of pulumi-shortener that wrote the state. */
    packageVersion: string;
    /** The emulator's base URL when the state was written; outputs such as QR links start with it. */
    serviceUrl: string;
    /** Stack config of the program (not secrets: the API key is the emulator's, from its saved store). */
    config: Record<string, string>;
}

export interface FixtureStack {
    emulator: RunningEmulator;
    stateFile: string;
    run(operation: Operation): Promise<LifecycleResult>;
    close(): Promise<void>;
}

/** The stack state a version left, as `pulumi stack export` writes it. */
export function fixtureState(version: string): string {
    return join(STATE_FIXTURES, version, STACK_FILE);
}

/** The versions that have a fixture, oldest first. */
export function fixtureVersions(): string[] {
    return readdirSync(STATE_FIXTURES)
        .filter((entry) => /^\d+\.\d+\.\d+$/.test(entry))
        .sort((a, b) => a.localeCompare(b, "en", { numeric: true }));
}

function programFiles(): Record<string, string> {
    return Object.fromEntries(PROGRAM_FILES.map((file) => [file, readFileSync(join(PROGRAM_DIR, file), "utf8")]));
}

async function startFixtureStack(
    serviceFile: string,
    stateFile: string,
    config: Record<string, string>,
    scratch: string,
): Promise<FixtureStack> {
    const programDir = linkedProject("shortener-fixture-program", programFiles());
    let emulator: RunningEmulator | undefined;
    try {
        emulator = await startEmulator({ stateFile: serviceFile, rateLimit: { limit: 1000, windowMs: 1000 } });
    } catch (error) {
        removeDir(programDir);
        throw error;
    }
    const running = emulator;
    return {
        emulator: running,
        stateFile,
        run: (operation) =>
            runOperation(operation, {
                programDir,
                stateFile,
                config: { ...config, "shortener:baseUrl": running.baseUrl },
                secretConfig: { "shortener:apiKey": running.apiKey },
                env: { PULUMI_CONFIG_PASSPHRASE: FIXTURE_PASSPHRASE },
            }),
        async close() {
            await running.close();
            removeDir(programDir);
            removeDir(scratch);
        },
    };
}

/**
 * A copy of a version's fixture in a temporary directory (the emulator saves its store on every change), with the
 * emulator started on its saved store. The emulator listens on a new port, so the old service URL in the stack
 * state is replaced by the new one: the only edit made to the state as that version wrote it.
 */
export async function openFixture(version: string): Promise<FixtureStack> {
    const source = join(STATE_FIXTURES, version);
    const facts = JSON.parse(readFileSync(join(source, FACTS_FILE), "utf8")) as FixtureFacts;
    const scratch = freshTempDir(`shortener-state-${version}`);
    const serviceFile = join(scratch, SERVICE_FILE);
    copyFileSync(join(source, SERVICE_FILE), serviceFile);
    const stack = await startFixtureStack(serviceFile, join(scratch, STACK_FILE), facts.config, scratch);
    const written = readFileSync(join(source, STACK_FILE), "utf8");
    writeFileSync(stack.stateFile, written.split(facts.serviceUrl).join(stack.emulator.baseUrl));
    return stack;
}

/** Writes the fixture of the version in package.json: a short link on a fresh emulator, then `up` of the program. */
export async function writeFixture(): Promise<string> {
    const { version } = readManifest();
    const target = join(STATE_FIXTURES, version);
    if (existsSync(target)) throw new Error(`${target} exists: a released version's fixture is never rewritten`);
    const scratch = freshTempDir("shortener-state-writer");
    const serviceFile = join(scratch, SERVICE_FILE);
    const bootstrap = await startEmulator({ stateFile: serviceFile });
    const link = await bootstrap.admin.seed("links", {
        url: "https://www.example.com/launch",
        alias: "launch",
        title: "Launch",
        campaignId: null,
    });
    await bootstrap.close();
    const config = { linkId: String(link.id) };
    const stack = await startFixtureStack(serviceFile, join(scratch, STACK_FILE), config, scratch);
    try {
        const result = await stack.run("up");
        if (!result.ok)
            throw new Error(
                `up of the fixture program failed:\n${result.log}\n${(result.diagnostics ?? []).join("\n")}`,
            );
        const facts: FixtureFacts = { packageVersion: version, serviceUrl: stack.emulator.baseUrl, config };
        mkdirSync(target, { recursive: true });
        copyFileSync(stack.stateFile, join(target, STACK_FILE));
        copyFileSync(serviceFile, join(target, SERVICE_FILE));
        writeFileSync(join(target, FACTS_FILE), JSON.stringify(facts, null, 2) + "\n");
        return target;
    } finally {
        await stack.close();
    }
}
