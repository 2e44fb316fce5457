// A stack's state as `pulumi stack export` writes it (apitype.UntypedDeployment, version 3): the resources with their
// inputs and outputs, each secret an encrypted value under Pulumi's signature key.
import { readFileSync } from "node:fs";

/** The key that marks a secret in serialized state (sdk/go/common/resource/sig), and its value. */
export const SECRET_SIGNATURE = { key: "4dabf18193072939515e22adb298388d", value: "1b47061264138c4ac30d75fd1eb44270" };

export interface ResourceState {
    urn: string;
    type: string;
    custom: boolean;
    id?: string;
    parent?: string;
    inputs: Record<string, unknown>;
    outputs: Record<string, unknown>;
    external?: boolean;
    delete?: boolean;
    pendingReplacement?: boolean;
    initErrors?: string[];
    [field: string]: unknown;
}

export interface StackState {
    resources: ResourceState[];
    pendingOperations: { resource: ResourceState; type: string }[];
}

/** The exported state; a file that is not an export of version 3 is an error naming the file. */
export function readState(file: string): StackState {
    const exported = JSON.parse(readFileSync(file, "utf8")) as {
        version?: number;
        deployment?: { resources?: ResourceState[]; pending_operations?: StackState["pendingOperations"] };
    };
    if (exported.version !== 3 || !exported.deployment) throw new Error(`${file}: not a stack export of version 3`);
    const resources = (exported.deployment.resources ?? []).map((resource) => ({
        ...resource,
        inputs: resource.inputs ?? {},
        outputs: resource.outputs ?? {},
    }));
    return { resources, pendingOperations: exported.deployment.pending_operations ?? [] };
}

/** The bench's bound on what a resource stores (storedBytes), which bench/provider.ts prints its figure beside. */
export const STORED_BYTES_BOUND = 2048;

/**
 * What a provider stores for a resource: its inputs and outputs as compact JSON, the serialized provider among them.
 * The rest of its entry is the engine's own bookkeeping (creation times, source positions, the program's stack at its
 * registration), the same whatever the provider.
 */
export function storedBytes(resource: Pick<ResourceState, "inputs" | "outputs">): number {
    return Buffer.byteLength(JSON.stringify({ inputs: resource.inputs, outputs: resource.outputs }));
}

export function isSecret(value: unknown): boolean {
    return (
        typeof value === "object" &&
        value !== null &&
        (value as Record<string, unknown>)[SECRET_SIGNATURE.key] === SECRET_SIGNATURE.value
    );
}

/** The top-level input and output keys stored as secrets, sorted and without repeats. */
export function storedSecretKeys(resource: ResourceState): string[] {
    const keys = [resource.inputs, resource.outputs].flatMap((values) =>
        Object.entries(values)
            .filter(([, value]) => isSecret(value))
            .map(([key]) => key),
    );
    return [...new Set(keys)].sort();
}
