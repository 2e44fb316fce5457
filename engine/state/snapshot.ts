// The state of one run in memory, and when it reaches the state file (never during preview), as pkg/backend/snapshot.go
// SnapshotManager keeps it. The Go engine rewrites the whole snapshot after every mutation (defaultServiceLoop),
// which makes a run over N resources write O(N²) bytes. The double keeps what a crash must leave and coalesces the
// rest:
// - a pending create is written before the provider is called (doCreate: markOperationPending, then saveSnapshot),
//   so a run killed in between leaves it, and with it every change made before it;
// - any other change is written at most once per interval, which grows with the time a write takes so that writing
//   stays a bounded share of the run (the engine writes each at once; killed before the interval ends, the state
//   misses the changes since the last write: a create that ended is still pending, a delete not yet gone);
// - the end of the run writes what is left (SnapshotManager.Close, which flushes elided writes);
// - with PULUMI_SKIP_CHECKPOINTS set, nothing is written until the end of the run, pending creates included
//   (unsafeServiceLoop): as with the engine, a run killed midway leaves the state as it was before it.
// So a refresh, a destroy or an up of changes writes a bounded number of times per interval; an up of N creates still
// writes the whole state once per create (its pending operation), O(N²) bytes in all, as the engine's default does.
// Only PULUMI_SKIP_CHECKPOINTS (the bench runs so) makes every run O(1) writes.
import { OpenedState, PendingOperation, ResourceState, StackIdentity, writeState } from "./state-file";
import { isRootStack, qualifiedTypeOf } from "./urns";

/** `true`/`1`, as the engine's env.Bool reads PULUMI_SKIP_CHECKPOINTS. */
export function skipsCheckpoints(env: NodeJS.ProcessEnv): boolean {
    return ["true", "1"].includes((env.PULUMI_SKIP_CHECKPOINTS ?? "").toLowerCase());
}

/** The shortest pause between two coalesced writes. */
const MIN_WRITE_INTERVAL_MS = 250;
/** The pause after a write is at least this many times as long as the write took: writes take at most 1 / (1 + 4) of the run. */
const WRITE_INTERVAL_FACTOR = 4;

/** "none": preview; "coalesced": the default, as above; "at-end": PULUMI_SKIP_CHECKPOINTS. */
export type Checkpoints = "none" | "coalesced" | "at-end";

export class SnapshotManager {
    private dirty = false;
    private timer: NodeJS.Timeout | undefined;
    private lastWriteMs = 0;
    /** How many resources at the front of the state this run's steps recorded (the snapshot manager's new resources). */
    private recorded = 0;
    /** A coalesced write that failed on its timer, thrown by the next write or flush. */
    private failedWrite: unknown;

    constructor(
        private readonly stateFile: string,
        private readonly identity: StackIdentity,
        private readonly opened: OpenedState,
        private readonly checkpoints: Checkpoints,
    ) {}

    get resources(): readonly ResourceState[] {
        return this.opened.resources;
    }

    get pendingOperations(): readonly PendingOperation[] {
        return this.opened.pendingOperations;
    }

    /** Writes that an operation is under way before the provider is called, so that a crash leaves it behind. */
    begin(operation: PendingOperation): void {
        this.opened.pendingOperations.push(operation);
        if (this.checkpoints === "coalesced") {
            this.write();
        } else {
            this.save();
        }
    }

    /** The provider answered (either way): the operation is no longer pending. */
    end(operation: PendingOperation): void {
        this.removePending([operation]);
    }

    removePending(operations: readonly PendingOperation[]): void {
        const before = this.opened.pendingOperations.length;
        this.opened.pendingOperations = this.opened.pendingOperations.filter(
            (operation) => !operations.includes(operation),
        );
        if (this.opened.pendingOperations.length !== before) {
            this.save();
        }
    }

    /**
     * The operations an earlier run left pending, but creates, leave the state at its next write: the engine warns of
     * them and carries only pending creates into the new snapshot (backend/snapshot.go Snap), which need the person
     * running it to say what became of them.
     */
    dropInterruptedOperations(): void {
        this.removePending(this.opened.pendingOperations.filter((operation) => operation.type !== "creating"));
    }

    /** Puts the resource first (where the engine puts default providers: before everything that uses them). */
    prepend(resource: ResourceState): void {
        this.opened.resources.unshift(resource);
        this.save();
    }

    /**
     * The resource the next registration of this URN starts from: not a replaced one waiting for its deletion (one
     * deleted by a delete-before-replace whose replacement is pending is, as step_generator.go getOldResource finds it).
     */
    live(urn: string): ResourceState | undefined {
        return this.opened.resources.find((resource) => resource.urn === urn && !resource.pendingDelete);
    }

    /** Puts the resource in place of the live one with its URN, or adds it: a refresh's read, outputs registered. */
    upsert(resource: ResourceState): void {
        const current = this.live(resource.urn);
        const resources = this.opened.resources;
        if (current) {
            resources[resources.indexOf(current)] = resource;
        } else {
            resources.push(resource);
        }
        this.save();
    }

    /**
     * A step of this run ended with the resource: the state it started from is done and the new one goes after those
     * the run recorded before it, ahead of the old state's resources the run has not reached (backend/snapshot.go
     * markDone, markNew, Snap: the new resources, then the base's not done).
     */
    record(resource: ResourceState): void {
        const current = this.live(resource.urn);
        if (current) {
            this.drop(current);
        }
        this.opened.resources.splice(this.recorded, 0, resource);
        this.recorded += 1;
        this.save();
    }

    /**
     * An untargeted same step: the resource is recorded in step order, after those it refers to that the run has not
     * recorded, each an untargeted same of its own first (step_generator.go generateSteps getDependencySteps, whose
     * same steps' sameSnapshotMutation.End marks them new in that order). A copy waiting for its deletion gets none.
     */
    recordUntargeted(resource: ResourceState): void {
        const visited = new Set<ResourceState>();
        const visit = (current: ResourceState) => {
            visited.add(current);
            for (const urn of referencedUrns(current)) {
                const dependency = this.live(urn);
                if (
                    dependency &&
                    !visited.has(dependency) &&
                    this.opened.resources.indexOf(dependency) >= this.recorded
                ) {
                    visit(dependency);
                }
            }
            this.record(current);
        };
        visit(resource);
    }

    /**
     * Create-before-delete: the replacement is recorded, the old one stays where it was, waiting for its deletion
     * (the engine marks it Delete in the base snapshot).
     */
    replace(old: ResourceState, replacement: ResourceState): ResourceState {
        const pending = { ...old, pendingDelete: true };
        const resources = this.opened.resources;
        resources[resources.indexOf(old)] = pending;
        this.record(replacement);
        return pending;
    }

    /** Delete-before-replace: the old resource is deleted and stays, in place, until its replacement is created. */
    pendReplacement(old: ResourceState): ResourceState {
        const pending = { ...old, pendingReplacement: true };
        const resources = this.opened.resources;
        resources[resources.indexOf(old)] = pending;
        this.save();
        return pending;
    }

    /**
     * An alias matched: the old resource takes its new URN, its children (and theirs) URNs under it, and what referred
     * to an old URN (parent, dependencies, property dependencies, deletedWith, replaceWith) refers to the new one, as the engine's
     * snapshot does for aliased URNs (deploy.Snapshot NormalizeURNReferences: in the state's order, a resource whose
     * parent's URN changed takes the parent's type path, unless the parent is the root stack).
     */
    rename(resource: ResourceState, urn: string): ResourceState {
        const moves = new Map([[resource, urn]]);
        const renamed = new Map([[resource.urn, urn]]);
        for (const other of this.opened.resources) {
            const parent = other.parent === undefined ? undefined : renamed.get(other.parent);
            if (parent !== undefined && !isRootStack(qualifiedTypeOf(parent))) {
                moves.set(other, childUrn(parent, other.urn));
                renamed.set(other.urn, childUrn(parent, other.urn));
            }
        }
        const moved = { ...resource, urn };
        // Only the resources that change are copied: steps in flight hold the others.
        this.opened.resources = this.opened.resources.map((other) => {
            const target =
                other === resource ? moved : moves.has(other) ? { ...other, urn: moves.get(other) as string } : other;
            return refersTo(target, renamed) ? withReferencesRenamed(target, renamed) : target;
        });
        this.save();
        return this.live(urn) ?? moved;
    }

    /** Puts the resource in place of this one (a refresh's read of it, a copy pending deletion too). */
    swap(current: ResourceState, resource: ResourceState): void {
        const resources = this.opened.resources;
        const index = resources.indexOf(current);
        if (index < 0) {
            throw new Error(`${current.urn}: not in the state any more`);
        }
        resources[index] = resource;
        this.save();
    }

    /** Rewrites every resource in place (a refresh's repair of the references to those it removed). */
    rewrite(rewrite: (resources: readonly ResourceState[]) => ResourceState[]): void {
        const rewritten = rewrite(this.opened.resources);
        if (rewritten.some((resource, index) => resource !== this.opened.resources[index])) {
            this.opened.resources = rewritten;
            this.save();
        }
    }

    remove(resource: ResourceState): void {
        if (this.drop(resource)) {
            this.save();
        }
    }

    private drop(resource: ResourceState): boolean {
        const index = this.opened.resources.indexOf(resource);
        if (index < 0) {
            return false;
        }
        this.opened.resources.splice(index, 1);
        if (index < this.recorded) {
            this.recorded -= 1;
        }
        return true;
    }

    /** Writes what is not yet written: at the end of a run, on success and on failure. */
    flush(): void {
        if (this.dirty) {
            this.write();
        } else {
            clearTimeout(this.timer);
            this.timer = undefined;
        }
    }

    private save(): void {
        if (this.checkpoints === "none") return;
        this.dirty = true;
        if (this.checkpoints === "coalesced" && this.timer === undefined) {
            this.timer = setTimeout(
                () => {
                    try {
                        this.flush();
                    } catch (error) {
                        this.failedWrite = error;
                    }
                },
                Math.max(MIN_WRITE_INTERVAL_MS, WRITE_INTERVAL_FACTOR * this.lastWriteMs),
            );
            // A state nobody flushes (a test that only reads the file) must not keep the process alive.
            this.timer.unref();
        }
    }

    private write(): void {
        clearTimeout(this.timer);
        this.timer = undefined;
        // eslint-disable-next-line @typescript-eslint/only-throw-error -- the earlier write's failure, as it was caught
        if (this.failedWrite !== undefined) throw this.failedWrite;
        const started = Date.now();
        writeState(this.stateFile, this.identity, this.opened);
        this.lastWriteMs = Date.now() - started;
        this.dirty = false;
    }
}

/** A child's URN under its parent's new URN: the parent's type path, then the child's own type and name. */
function childUrn(parent: string, child: string): string {
    const [stack, project, qualifiedType, ...name] = child.split("::");
    return [stack, project, `${qualifiedTypeOf(parent)}$${qualifiedType.split("$").pop()}`, ...name].join("::");
}

/** The URNs a resource refers to: its parent, dependencies, property dependencies, deletedWith and replaceWith. */
function referencedUrns(resource: ResourceState): string[] {
    return [
        ...(resource.parent !== undefined ? [resource.parent] : []),
        ...resource.dependencies,
        ...Object.values(resource.propertyDependencies ?? {}).flat(),
        ...(resource.deletedWith !== undefined ? [resource.deletedWith] : []),
        ...(resource.replaceWith ?? []),
    ];
}

function refersTo(resource: ResourceState, renamed: ReadonlyMap<string, string>): boolean {
    return referencedUrns(resource).some((urn) => renamed.has(urn));
}

function withReferencesRenamed(resource: ResourceState, renamed: ReadonlyMap<string, string>): ResourceState {
    const fix = (urn: string) => renamed.get(urn) ?? urn;
    return {
        ...resource,
        ...(resource.parent !== undefined ? { parent: fix(resource.parent) } : {}),
        ...(resource.deletedWith !== undefined ? { deletedWith: fix(resource.deletedWith) } : {}),
        ...(resource.replaceWith ? { replaceWith: resource.replaceWith.map(fix) } : {}),
        dependencies: resource.dependencies.map(fix),
        ...(resource.propertyDependencies
            ? {
                  propertyDependencies: Object.fromEntries(
                      Object.entries(resource.propertyDependencies).map(([key, urns]) => [key, urns.map(fix)]),
                  ),
              }
            : {}),
    };
}
