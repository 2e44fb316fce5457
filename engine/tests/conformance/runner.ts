// The runner of the Go engine's lifecycle tests as transcribed for the double: each Go test becomes runs of the spec
// program (engine/fixtures/programs/spec) through the double, each checked as the Go test checks its step: the
// steps of the run, the provider's calls, the error, and the state and the provider's "cloud" afterwards. One file per
// Go file declares its cases with describeGoFile; quick depth runs one case of each file, full depth all of them.
import { strict as assert } from "assert";
import * as fs from "fs";
import { StateEditName, editStateFile } from "../../state/state-edit";
import { shownSteps } from "../../state/default-provider";
import { ResourceState } from "../../state/state-file";
import { LifecycleResult, Operation, RunOptions } from "../../types";
import {
    HookCallRecord,
    ProgramSpec,
    ProviderCall,
    TestProgram,
    ThingSpec,
    freshProgramPerTest,
} from "../test-program";
import { inQuickShare, sampleOf } from "../../../test/support/depth";

export interface Run {
    operation: Operation;
    /** The program's spec, or what makes it from the stack as the runs before left it (an id they created). */
    spec?: ProgramSpec | ((program: TestProgram) => ProgramSpec);
    /** The command line's options (--target, --exclude, --refresh, ...). */
    flags?: Omit<RunOptions, "programDir" | "stateFile">;
    /** Edits the provider's "cloud" or the state before the run (a change made outside the program). */
    before?: (program: TestProgram) => void;
    ok: boolean;
    error?: RegExp;
    /** Every step of the run but the stack's and the default provider's, as "op name" (" failed" appended), sorted. */
    steps: string[];
    /** The labels of the provider's Delete calls, sorted (default: none). */
    deletes?: string[];
    /** The labels of the provider's calls of these kinds, sorted; kinds not given are not checked. */
    calls?: Partial<Record<ProviderCall["call"], string[]>>;
    /** The names of the program's resources in the state afterwards, sorted. */
    state: string[];
    /** The objects the provider's service holds afterwards. */
    cloud?: number;
    /** Resources recorded as protected (by name), when given. */
    protect?: string[];
    /** Resources recorded as tainted (by name), when given. */
    taint?: string[];
    /** Resources waiting for their deletion (by name), when given. */
    pendingDelete?: string[];
    /** The deletedWith resource recorded, by name. */
    deletedWith?: Record<string, string>;
    /** The dependencies (dependsOn) recorded, by name: the names they point to, sorted. */
    dependencies?: Record<string, string[]>;
    /** The parent recorded, by name ("" for none but the stack). */
    parents?: Record<string, string>;
    /** Inputs recorded, by name: each key given must hold the value given. */
    inputs?: Record<string, Record<string, unknown>>;
    /** What else the Go test checks of this run. */
    check?: (seen: Seen) => void;
}

/** What a run left, for a case's own checks. */
export interface Seen {
    program: TestProgram;
    result: LifecycleResult;
    calls: ProviderCall[];
    /** The program's resources in the state (neither the stack nor the provider), in the state's order. */
    resources: ResourceState[];
    where: string;
}

export interface GoCase {
    /** The Go test's name first, then what of it is transcribed when not all. */
    go: string;
    runs: Run[];
}

export const STACK_URN = "urn:pulumi:dev::enginetest::pulumi:pulumi:Stack::enginetest-dev";
export const PROVIDER_URN = "urn:pulumi:dev::enginetest::pulumi:providers:pulumi-nodejs::default";
const THING = "pulumi-nodejs:dynamic/test:Thing";
/** The URN of a thing under `depth` things as its parent, grandparent, ... */
export const urnOf = (name: string, depth = 0) =>
    `urn:pulumi:dev::enginetest::${Array(depth + 1)
        .fill(THING)
        .join("$")}::${name}`;
export const nameOf = (urn: string) => urn.split("::").pop() ?? "";
/** A pattern matching the text literally. */
export const literally = (text: string) => new RegExp(text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"));
/** The error of a resource claiming through an alias what another resource has (diag.GetDuplicateResourceAliasError). */
export const duplicateAlias = (alias: string, resource: string, conflicting: string) =>
    literally(
        `Duplicate resource alias '${urnOf(alias)}' applied to resource with URN '${urnOf(resource)}' conflicting with resource with URN '${urnOf(conflicting)}'`,
    );

/** The names of the state's resources in its order, " (delete)" after a copy waiting for its deletion (Go's Delete flag). */
export const stateOrder = (resources: readonly ResourceState[]) =>
    resources.map((resource) => `${nameOf(resource.urn)}${resource.pendingDelete ? " (delete)" : ""}`);

export const thing = (
    name: string,
    options: NonNullable<ThingSpec["options"]> = {},
    inputs: Record<string, unknown> = {},
): ThingSpec => ({
    name,
    inputs,
    options,
});

/** Things named, each depending (dependsOn) on those named after its colon: `things("a", "b:a")`. */
export function things(...declared: string[]): ThingSpec[] {
    return declared.map((entry) => {
        const [name, after] = entry.split(":");
        return { name, inputs: {}, ...(after ? { dependsOn: after.split(",") } : {}) };
    });
}

/** Things each the parent of the next: `chain("a", "b")` is a > b. */
export function chain(...names: string[]): ThingSpec[] {
    return names.map((name, index) => thing(name, index > 0 ? { parent: names[index - 1] } : {}));
}

/**
 * framework.go MakeBasicLifecycleSteps: an up that creates, a refresh that changes nothing, an up that changes nothing,
 * another refresh, a destroy that deletes everything (the default provider too), and a refresh of the empty stack.
 */
export function basicLifecycle(spec: ProgramSpec): Run[] {
    const names = [...(spec.groups ?? []), ...spec.things].map((declared) => declared.name).sort();
    const custom = spec.things.map((declared) => declared.name).sort();
    const same = { ok: true, steps: names.map((name) => `same ${name}`), state: names };
    const refresh = {
        operation: "refresh" as const,
        ...same,
        steps: custom.map((name) => `same ${name}`),
        calls: { read: custom },
    };
    const emptied = ({ program, where }: Seen) => assert.deepEqual(program.state().resources, [], where);
    return [
        {
            operation: "up",
            spec,
            ok: true,
            steps: names.map((name) => `create ${name}`),
            calls: { create: custom },
            state: names,
        },
        refresh,
        { operation: "up", spec, ...same, calls: { create: [], update: [] } },
        refresh,
        {
            operation: "destroy",
            ok: true,
            steps: names.map((name) => `delete ${name}`),
            deletes: custom,
            state: [],
            check: emptied,
        },
        { operation: "refresh", ok: true, steps: [], calls: { read: [] }, state: [], check: emptied },
    ];
}

/** The calls of the program's hooks in a run, in order (the spec program records them with the provider's calls). */
export function hookCallsOf(seen: Pick<Seen, "calls">): HookCallRecord[] {
    return seen.calls.filter((call) => call.call === "hook") as unknown as HookCallRecord[];
}

/** `pulumi state <edit>` of the named resources, as a test's edit of the snapshot between runs. */
const stateEdit =
    (edit: StateEditName) =>
    (...names: string[]) =>
    (program: TestProgram) =>
        editStateFile(program.stateFile, {
            edit,
            urns: names.map((name) => urnOf(name)),
            all: false,
            force: false,
            targetDependents: false,
        });
export const taint = stateEdit("taint");
export const unprotect = stateEdit("unprotect");

/** Drift: the provider's objects of these labels change outside the program. */
export const drift =
    (change: Record<string, unknown>, ...labels: string[]) =>
    (program: TestProgram) =>
        program.editCloud((cloud) =>
            Object.values(cloud)
                .filter((object) => labels.includes(String(object.label)))
                .forEach((object) => Object.assign(object, change)),
        );

/** A new stack: no state, and nothing in the provider's service (a Go test's run from a nil snapshot). */
export const freshStack = (program: TestProgram) => {
    fs.rmSync(program.stateFile, { force: true });
    program.editCloud((cloud) => Object.keys(cloud).forEach((id) => delete cloud[id]));
};

/** The provider's objects of these labels are deleted outside the program. */
export const gone =
    (...labels: string[]) =>
    (program: TestProgram) =>
        program.editCloud((cloud) =>
            Object.entries(cloud)
                .filter(([, object]) => labels.includes(String(object.label)))
                .forEach(([id]) => delete cloud[id]),
        );

const QUICK_SHARE_OF_FILES = 1 / 3;

export function describeGoFile(goFile: string, cases: GoCase[]): void {
    describe(`engine double: the Go engine's ${goFile}`, function () {
        // Each case runs the program and the provider host a few times; a busy machine takes seconds a run.
        this.timeout(240_000);
        const testProgram = freshProgramPerTest();
        // Quick depth: a third of the Go files, one case each (each run a different third).
        const sampled = inQuickShare(`the Go engine's ${goFile}`, QUICK_SHARE_OF_FILES)
            ? sampleOf(`the Go engine's ${goFile}`, cases, 1, (picked) => picked.go.split(" ")[0])
            : [];
        for (const goCase of sampled) {
            it(`${goFile} ${goCase.go}`, async () => {
                const program = testProgram();
                for (const [index, run] of goCase.runs.entries()) {
                    await checkRun(program, run, `${goCase.go}, run ${index} (${run.operation})`);
                }
            });
        }
    });
}

async function checkRun(program: TestProgram, run: Run, title: string): Promise<void> {
    run.before?.(program);
    program.takeCalls();
    const result = await program.run(
        run.operation,
        typeof run.spec === "function" ? run.spec(program) : run.spec,
        run.flags,
    );
    const where = `${title}:\n${result.log}`;
    assert.equal(result.ok, run.ok, where);
    if (run.error) {
        assert.match(result.error ?? "", run.error, where);
    }
    const steps = shownSteps(result.steps)
        .filter((step) => step.type !== "pulumi:pulumi:Stack")
        .map((step) => `${step.op} ${step.name}${step.error ? " failed" : ""}`)
        .sort();
    assert.deepEqual(steps, run.steps, where);
    const calls = program.takeCalls();
    const labels = (kind: ProviderCall["call"]) =>
        calls
            .filter((call) => call.call === kind)
            .map((call) => call.label ?? "")
            .sort();
    assert.deepEqual(labels("delete"), run.deletes ?? [], where);
    for (const [kind, expected] of Object.entries(run.calls ?? {})) {
        assert.deepEqual(labels(kind as ProviderCall["call"]), expected, `${kind} calls, ${where}`);
    }
    // A preview of a new stack writes no state.
    const recorded = fs.existsSync(program.stateFile) ? program.state().resources : [];
    const resources = recorded.filter(
        (resource) => resource.type !== "pulumi:pulumi:Stack" && !resource.type.startsWith("pulumi:providers:"),
    );
    assert.deepEqual(resources.map((resource) => nameOf(resource.urn)).sort(), run.state, where);
    if (run.cloud !== undefined) {
        assert.equal(Object.keys(program.cloud()).length, run.cloud, where);
    }
    checkRecorded(resources, run, where);
    run.check?.({ program, result, calls, resources, where });
}

/**
 * snapshot.go VerifyIntegrity, as far as the double records: each resource's parent, dependencies and deletedWith name
 * a resource before it in the state.
 */
export function checkIntegrity({ program, where }: Seen): void {
    const seen = new Set<string>();
    for (const resource of program.state().resources) {
        for (const urn of [resource.parent, ...resource.dependencies, resource.deletedWith]) {
            assert.ok(
                urn === undefined || seen.has(urn),
                `${resource.urn} refers to ${urn}, which is not before it in the state; ${where}`,
            );
        }
        seen.add(resource.urn);
    }
}

function checkRecorded(resources: ResourceState[], run: Run, where: string): void {
    const named = (flag: (resource: ResourceState) => unknown) =>
        resources
            .filter(flag)
            .map((resource) => nameOf(resource.urn))
            .sort();
    if (run.taint)
        assert.deepEqual(
            named((resource) => resource.taint),
            run.taint,
            `taint, ${where}`,
        );
    if (run.protect)
        assert.deepEqual(
            named((resource) => resource.protect),
            run.protect,
            `protect, ${where}`,
        );
    if (run.pendingDelete)
        assert.deepEqual(
            named((resource) => resource.pendingDelete),
            run.pendingDelete,
            `pending deletes, ${where}`,
        );
    const live = (name: string) => {
        const found = resources.filter((resource) => nameOf(resource.urn) === name && !resource.pendingDelete);
        assert.equal(found.length, 1, `one live ${name}, ${where}`);
        return found[0];
    };
    for (const [name, target] of Object.entries(run.deletedWith ?? {})) {
        assert.equal(nameOf(live(name).deletedWith ?? ""), target, `deletedWith of ${name}, ${where}`);
    }
    for (const [name, expected] of Object.entries(run.dependencies ?? {})) {
        assert.deepEqual(live(name).dependencies.map(nameOf).sort(), expected, `dependencies of ${name}, ${where}`);
    }
    for (const [name, expected] of Object.entries(run.parents ?? {})) {
        const parent = live(name).parent;
        assert.equal(
            parent === undefined || parent === STACK_URN ? "" : nameOf(parent),
            expected,
            `parent of ${name}, ${where}`,
        );
    }
    for (const [name, expected] of Object.entries(run.inputs ?? {})) {
        const inputs = live(name).inputs;
        for (const [key, value] of Object.entries(expected)) {
            assert.deepEqual(inputs[key], value, `input ${key} of ${name}, ${where}`);
        }
    }
}
