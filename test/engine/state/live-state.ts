// The state of one run in memory, written to the state file after every change (never during preview).
import { OpenedState, PendingOperation, ResourceState, StackIdentity, writeState } from "./state-file";

export class LiveState {
    constructor(
        private readonly stateFile: string,
        private readonly identity: StackIdentity,
        private readonly opened: OpenedState,
        private readonly persist: boolean,
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
        this.save();
    }

    /** The provider answered (either way): the operation is no longer pending. */
    end(operation: PendingOperation): void {
        this.removePending([operation]);
    }

    removePending(operations: readonly PendingOperation[]): void {
        const before = this.opened.pendingOperations.length;
        this.opened.pendingOperations = this.opened.pendingOperations.filter((operation) => !operations.includes(operation));
        if (this.opened.pendingOperations.length !== before) {
            this.save();
        }
    }

    /** Puts the resource first (where the engine puts default providers: before everything that uses them). */
    prepend(resource: ResourceState): void {
        this.opened.resources.unshift(resource);
        this.save();
    }

    live(urn: string): ResourceState | undefined {
        return this.opened.resources.find((resource) => resource.urn === urn && !resource.pendingDelete);
    }

    /** Puts the resource in place of the live one with its URN, or adds it. */
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

    /** Create-before-delete: the replacement becomes live, the old one waits for its deletion. */
    replace(old: ResourceState, replacement: ResourceState): ResourceState {
        const pending = { ...old, pendingDelete: true };
        const resources = this.opened.resources;
        resources[resources.indexOf(old)] = pending;
        resources.push(replacement);
        this.save();
        return pending;
    }

    /**
     * An alias matched: the old resource takes its new URN, and what referred to the old URN (parent, dependencies,
     * deletedWith) refers to the new one, as the engine's snapshot does for aliased URNs.
     */
    rename(resource: ResourceState, urn: string): ResourceState {
        const from = resource.urn;
        const renamed = { ...resource, urn };
        const refersToOld = (other: ResourceState) => other.parent === from || other.deletedWith === from || other.dependencies.includes(from);
        // Only the resources that change are copied: steps in flight hold the others.
        this.opened.resources = this.opened.resources.map((other) => {
            const moved = other === resource ? renamed : other;
            return refersToOld(moved)
                ? {
                      ...moved,
                      ...(moved.parent === from ? { parent: urn } : {}),
                      ...(moved.deletedWith === from ? { deletedWith: urn } : {}),
                      dependencies: moved.dependencies.map((dependency) => (dependency === from ? urn : dependency)),
                  }
                : moved;
        });
        this.save();
        return renamed;
    }

    remove(resource: ResourceState): void {
        const index = this.opened.resources.indexOf(resource);
        if (index >= 0) {
            this.opened.resources.splice(index, 1);
            this.save();
        }
    }

    private save(): void {
        if (this.persist) {
            writeState(this.stateFile, this.identity, this.opened);
        }
    }
}
