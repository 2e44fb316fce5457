// Test support: a temporary program folder laid out like a user's project (Pulumi.yaml, the program,
// node_modules linking @pulumi/pulumi and the test-only provider), with the files where the test
// provider records its calls and keeps its "cloud".
import * as fs from "fs";
import * as os from "os";
import * as path from "path";
import { runLifecycle } from "../lifecycle";
import { isProvider } from "../state/default-provider";
import { ResourceState, readState } from "../state/state-file";
import { LifecycleResult, Operation, RunOptions, StackState } from "../types";

export interface ProviderCall {
    /** A provider's call, or a call of one of the program's hooks (HookCallRecord). */
    call: "configure" | "check" | "diff" | "create" | "read" | "update" | "delete" | "hook";
    label?: string;
    id?: string;
    pid: number;
    start: number;
    end: number;
    error?: string;
    sawSecretMarker?: boolean;
    /** check: whether the engine sent old inputs. */
    olds?: boolean;
    tokenDigest?: string;
    apiKeyDigest?: string;
    region?: string;
}

/** A call of one of the spec program's hooks, as it recorded what the engine told it. */
export interface HookCallRecord {
    call: "hook";
    hook: string;
    dryRun: boolean;
    urn: string;
    id: string;
    name: string;
    type: string;
    newInputs?: Record<string, unknown>;
    oldInputs?: Record<string, unknown>;
    newOutputs?: Record<string, unknown>;
    oldOutputs?: Record<string, unknown>;
    /** ResourceOptions.toObject() of what the engine sent. */
    oldOptions?: Record<string, unknown>;
    newOptions?: Record<string, unknown>;
    failedOperation?: string;
    errors?: string[];
}

/** A hook of the spec program: a resource hook, or (error: true) an error hook. */
export interface HookSpec {
    name: string;
    error?: boolean;
    onDryRun?: boolean;
    ignoreErrors?: boolean;
    /** The hook throws this message. */
    fail?: string;
    /** An error hook's answer: true, false, or true for its first n calls. */
    retry?: boolean | number;
}

/** Hooks of the spec's, by name, bound to a resource by hook kind (the `hooks` resource option). */
export type HookBinding = Partial<
    Record<
        "beforeCreate" | "afterCreate" | "beforeUpdate" | "afterUpdate" | "beforeDelete" | "afterDelete" | "onError",
        string[]
    >
>;

/**
 * An alias: an old URN, or a spec of the name and parent (a group or earlier thing, or none), the resource's own when
 * not given.
 */
export interface Alias {
    urn?: string;
    name?: string;
    type?: string;
    parent?: string;
    noParent?: boolean;
    /** A parent given as its URN's text, not as a resource. */
    parentUrn?: string;
}

export interface ThingSpec {
    name: string;
    inputs?: Record<string, unknown>;
    secrets?: Record<string, string>;
    refs?: Record<string, string>;
    dependsOn?: string[];
    /** Read an existing thing by this id (`Thing.get`, with the options given) instead of declaring one. */
    get?: string;
    /** A component (enginetest:index:Group) declared in the things' order, so an earlier thing may be its parent or dependency. */
    component?: true;
    options?: {
        deleteBeforeReplace?: boolean;
        additionalSecretOutputs?: string[];
        ignoreChanges?: string[];
        replaceOnChanges?: string[];
        protect?: boolean;
        retainOnDelete?: boolean;
        /** A group or an earlier thing, by name. */
        parent?: string;
        deletedWith?: string;
        aliases?: Alias[];
        /** The `import` option: the id of an existing thing. */
        import?: string;
        customTimeouts?: { create?: string; update?: string; delete?: string; read?: string };
        /** Earlier things, by name. */
        replaceWith?: string[];
        replacementTrigger?: unknown;
        hideDiffs?: string[];
        transformed?: TransformSpec;
        hooks?: HookBinding;
    };
}

/**
 * A transform of the things it sees (of a resource and its children, or of the stack): `true` changes nothing; else its
 * edits, made in this order: fail throws; add adds to numbers; suffix is appended to the label, append to other strings;
 * set sets values; secretOr makes a present property secret and sets a missing one; refs sets a property to an earlier
 * thing's output ("thing.output"); protect sets the option; expectOptions fails unless each option it sees is the value
 * given (as JSON); options sets options over those it sees, as a thing's (names for resources).
 */
export type TransformSpec =
    | true
    | {
          fail?: string;
          add?: Record<string, number>;
          suffix?: string;
          append?: Record<string, string>;
          set?: Record<string, unknown>;
          secretOr?: Record<string, unknown>;
          refs?: Record<string, string>;
          protect?: boolean;
          expectOptions?: Record<string, unknown>;
          options?: Pick<
              NonNullable<ThingSpec["options"]>,
              "additionalSecretOutputs" | "customTimeouts" | "deletedWith" | "protect"
          >;
          hooks?: HookBinding;
      };

export interface GroupSpec {
    name: string;
    /** The component's type (default enginetest:index:Group). */
    type?: string;
    /** Earlier groups, by name. */
    dependsOn?: string[];
    options?: {
        protect?: boolean;
        retainOnDelete?: boolean;
        parent?: string;
        deletedWith?: string;
        transformed?: TransformSpec;
        hooks?: HookBinding;
        aliases?: Alias[];
    };
}

export interface ProgramSpec {
    /** Component resources, declared before the things. */
    groups?: GroupSpec[];
    things: ThingSpec[];
    exports?: Record<string, string>;
    exportPid?: boolean;
    stackTransform?: TransformSpec;
    /** The engine's builtin resources, declared after the things. */
    builtins?: ("stackReference" | "stash")[];
    hooks?: HookSpec[];
    fail?: "throw" | "reject" | "after";
}

type RunExtras = Partial<Omit<RunOptions, "programDir" | "stateFile">>;

const FIXTURES = path.join(findRepoRoot(), "engine", "fixtures");

function findRepoRoot(): string {
    for (let dir = __dirname; dir !== path.dirname(dir); dir = path.dirname(dir)) {
        if (fs.existsSync(path.join(dir, "package.json")) && fs.existsSync(path.join(dir, "engine", "fixtures"))) {
            return dir;
        }
    }
    throw new Error(`no repository root with engine/fixtures above ${__dirname}`);
}

export class TestProgram {
    readonly root = fs.mkdtempSync(path.join(os.tmpdir(), "engine-double-"));
    readonly dir = path.join(this.root, "program");
    readonly stateFile = path.join(this.root, "state", "dev.json");
    readonly callsFile = path.join(this.root, "calls.jsonl");
    readonly cloudFile = path.join(this.root, "cloud.json");

    constructor(fixture: "spec" | "typescript" = "spec") {
        fs.cpSync(path.join(FIXTURES, "programs", fixture), this.dir, { recursive: true });
        const modules = path.join(this.dir, "node_modules");
        fs.mkdirSync(modules);
        fs.symlinkSync(
            path.dirname(path.dirname(require.resolve("@pulumi/pulumi/package.json"))),
            path.join(modules, "@pulumi"),
        );
        fs.symlinkSync(path.join(FIXTURES, "provider"), path.join(modules, "engine-test-provider"));
    }

    get env(): Record<string, string> {
        return { ENGINE_TEST_CALLS: this.callsFile, ENGINE_TEST_CLOUD: this.cloudFile };
    }

    run(operation: Operation, spec?: ProgramSpec, extras: RunExtras = {}): Promise<LifecycleResult> {
        return runLifecycle(operation, {
            programDir: this.dir,
            stateFile: this.stateFile,
            ...extras,
            config: { ...(spec ? { spec: JSON.stringify(spec) } : {}), ...extras.config },
            env: { ...this.env, ...extras.env },
        });
    }

    /** The provider calls recorded since the last time they were taken. */
    takeCalls(): ProviderCall[] {
        if (!fs.existsSync(this.callsFile)) {
            return [];
        }
        const text = fs.readFileSync(this.callsFile, "utf8");
        fs.writeFileSync(this.callsFile, "");
        return text
            .split("\n")
            .filter(Boolean)
            .map((line) => JSON.parse(line) as ProviderCall);
    }

    cloud(): Record<string, Record<string, unknown>> {
        return fs.existsSync(this.cloudFile) ? JSON.parse(fs.readFileSync(this.cloudFile, "utf8")) : {};
    }

    editCloud(edit: (cloud: Record<string, Record<string, unknown>>) => void): void {
        const cloud = this.cloud();
        edit(cloud);
        fs.writeFileSync(this.cloudFile, JSON.stringify(cloud));
    }

    state(): StackState {
        return readState(this.stateFile);
    }

    /** The custom resources in the state that the program declared (not the default provider). */
    managed(): ResourceState[] {
        return this.state().resources.filter((resource) => resource.custom && !isProvider(resource));
    }

    remove(): void {
        fs.rmSync(this.root, { recursive: true, force: true });
    }
}

/** Mocha hooks that give each test a fresh program folder and remove it afterwards. */
export function freshProgramPerTest(fixture: "spec" | "typescript" = "spec"): () => TestProgram {
    let current: TestProgram | undefined;
    beforeEach(() => {
        current = new TestProgram(fixture);
    });
    afterEach(() => {
        current?.remove();
        current = undefined;
    });
    return () => {
        if (!current) {
            throw new Error("the test program exists only while a test runs");
        }
        return current;
    };
}

export function only<T>(items: T[], describe: string): T {
    if (items.length !== 1) {
        throw new Error(`expected exactly one ${describe}, found ${items.length}`);
    }
    return items[0];
}

export function isRunning(pid: number): boolean {
    try {
        process.kill(pid, 0);
        return true;
    } catch {
        return false;
    }
}
