// The stack state file: what the engine knows about deployed resources. Each secret is stored encrypted where it is,
// in the marker shape Pulumi's checkpoints use (serialized-values.ts); everything else is plain JSON.
import * as fs from "fs";
import * as path from "path";
import { PropertyMap } from "../values/property-values";
import { SecretToEncrypt, SecretsHeader, StateSecrets } from "./state-secrets";
import { deserializeValue, isEncrypted, secretPlaintext, secretsIn, serializeValue } from "./serialized-values";

export interface ResourceState {
    urn: string;
    type: string;
    custom: boolean;
    id?: string;
    parent?: string;
    dependencies: string[];
    /** In memory each secret is a secret wrapper where it is; on disk, encrypted there. */
    inputs: PropertyMap;
    outputs: PropertyMap;
    /** The additionalSecretOutputs option: these outputs are made secret after each step. */
    additionalSecretOutputs?: string[];
    /** A replaced resource waiting for its deletion (create-before-delete), or one left by a crash. */
    pendingDelete?: boolean;
    /**
     * Deleted by a delete-before-replace whose replacement is not yet created: the next up creates the replacement
     * without deleting it again (step.go DeleteStep.Apply, step_generator.go continueStepsFromDiff).
     */
    pendingReplacement?: boolean;
    /**
     * The resources each input property's value came from, as the program registered them (source_eval.go
     * RegisterResource): which dependents a delete-before-replace must replace first.
     */
    propertyDependencies?: Record<string, string[]>;
    /** Set when the provider created the resource but reported that it failed to initialise. */
    initErrors?: string[];
    /** Resource options that outlive the run: a protected resource is never deleted; a retained one
     * leaves the state without a Delete call. */
    protect?: boolean;
    retainOnDelete?: boolean;
    /** `deletedWith`: the URN of a resource whose deletion deletes this one too, so its own Delete is skipped. */
    deletedWith?: string;
    /** `replaceWith`: the URNs of the resources whose replacement replaces this one too. */
    replaceWith?: string[];
    /** Read by `Kind.get(name, id)`: the stack records it but does not own it (never deleted, refreshed by its outputs). */
    external?: boolean;
    /** Marked by `state taint`: the next up replaces it (its replacement is not tainted). */
    taint?: boolean;
    /** The replacementTrigger option's value (its secrets wrapped where they are): a change of it replaces the resource. */
    replacementTrigger?: unknown;
    /** The customTimeouts option in seconds, those given only (resource.CustomTimeouts, recorded when any is given). */
    customTimeouts?: CustomTimeouts;
    /** When a step first recorded the resource and last changed its state, UTC (timestamps.ts). */
    created?: string;
    modified?: string;
    /** Where the program registered it, `project:///<file relative to the project>#line,column` (source-positions.ts). */
    sourcePosition?: string;
    /** The program's stack at its registration, each frame's position as sourcePosition's ("" where none). */
    stackTrace?: { sourcePosition?: string }[];
    /** The ignoreChanges and replaceOnChanges options, as the last step recorded them (resource.State). */
    ignoreChanges?: string[];
    replaceOnChanges?: string[];
    /** The names of the program's hooks bound to the resource, by hook type ("BeforeDelete", ...: resource.State ResourceHooks). */
    resourceHooks?: Record<string, string[]>;
}

/** resource.CustomTimeouts: seconds, by operation. */
export interface CustomTimeouts {
    create?: number;
    update?: number;
    delete?: number;
    read?: number;
}

/**
 * A step that started and had not ended when the run stopped: the engine writes it before calling the provider and
 * removes it after the answer, so one left behind means the process died in between (Pulumi's `pending_operations`).
 */
export interface PendingOperation {
    type: "creating" | "updating" | "deleting" | "reading" | "importing";
    resource: ResourceState;
}

/**
 * The state file as it is on disk: each secret encrypted where it is. A state written before secrets were kept at their
 * place lists in each resource's `secretKeys` the top-level keys it encrypted whole; it reads the same way.
 */
export interface StackState {
    version: 1;
    project: string;
    stack: string;
    secrets: SecretsHeader;
    resources: ResourceState[];
    pendingOperations?: PendingOperation[];
}

export interface StackIdentity {
    project: string;
    stack: string;
    passphrase: string;
}

export interface OpenedState {
    secrets: StateSecrets;
    resources: ResourceState[];
    pendingOperations: PendingOperation[];
}

export function readState(stateFile: string): StackState {
    const parsed = JSON.parse(fs.readFileSync(stateFile, "utf8")) as StackState;
    if (parsed.version !== 1 || !Array.isArray(parsed.resources) || !parsed.secrets) {
        throw new Error(`state file ${stateFile}: not an engine-double state (version 1 with resources and secrets)`);
    }
    return parsed;
}

export function openState(stateFile: string, identity: StackIdentity): OpenedState {
    if (!fs.existsSync(stateFile)) {
        return { secrets: StateSecrets.create(identity.passphrase), resources: [], pendingOperations: [] };
    }
    const stored = readState(stateFile);
    if (stored.project !== identity.project || stored.stack !== identity.stack) {
        throw new Error(
            `state file ${stateFile}: belongs to ${stored.project}/${stored.stack}, not ${identity.project}/${identity.stack}`,
        );
    }
    const secrets = StateSecrets.open(stored.secrets, identity.passphrase);
    const decrypt = (text: string) => secrets.decryptText(text);
    const decryptResource = ({
        secretKeys: _olderFormat,
        ...resource
    }: ResourceState & { secretKeys?: string[] }): ResourceState => ({
        ...resource,
        inputs: deserializeValue(resource.inputs, decrypt) as PropertyMap,
        outputs: deserializeValue(resource.outputs, decrypt) as PropertyMap,
        ...("replacementTrigger" in resource
            ? { replacementTrigger: deserializeValue(resource.replacementTrigger, decrypt) }
            : {}),
    });
    return {
        secrets,
        resources: stored.resources.map(decryptResource),
        pendingOperations: (stored.pendingOperations ?? []).map((operation) => ({
            ...operation,
            resource: decryptResource(operation.resource),
        })),
    };
}

/** Writes a temporary file and renames it over the state, so that a crash leaves the old or the new state. */
export function writeState(stateFile: string, identity: StackIdentity, opened: OpenedState): void {
    const everything = [...opened.resources, ...opened.pendingOperations.map((operation) => operation.resource)];
    const ciphertexts = encryptedSecrets(everything, opened.secrets);
    const ciphertextOf = (secret: object) => ciphertexts.get(secret) as string;
    const encrypt = (resource: ResourceState): ResourceState => ({
        ...resource,
        inputs: serializeValue(resource.inputs, ciphertextOf) as PropertyMap,
        outputs: serializeValue(resource.outputs, ciphertextOf) as PropertyMap,
        ...("replacementTrigger" in resource
            ? { replacementTrigger: serializeValue(resource.replacementTrigger, ciphertextOf) }
            : {}),
    });
    const stored: StackState = {
        version: 1,
        project: identity.project,
        stack: identity.stack,
        secrets: opened.secrets.header,
        resources: opened.resources.map(encrypt),
        ...(opened.pendingOperations.length > 0
            ? {
                  pendingOperations: opened.pendingOperations.map((operation) => ({
                      ...operation,
                      resource: encrypt(operation.resource),
                  })),
              }
            : {}),
    };
    writeStoredState(stateFile, stored);
}

/** The top-level keys of a stored resource's inputs or outputs whose value is stored encrypted whole. */
export function storedSecretKeys(resource: ResourceState): string[] {
    const keys = [resource.inputs, resource.outputs].flatMap((props) =>
        Object.keys(props).filter((key) => isEncrypted(props[key])),
    );
    return [...new Set(keys)];
}

/** Every secret of the resources, encrypted as one write's batch, by the secret object. */
function encryptedSecrets(resources: readonly ResourceState[], secrets: StateSecrets): Map<object, string> {
    const found = new Set(
        resources.flatMap((resource) => secretsIn([resource.inputs, resource.outputs, resource.replacementTrigger])),
    );
    const batch: SecretToEncrypt[] = [...found].map((secret) => ({ secret, plaintext: secretPlaintext(secret) }));
    const ciphertexts = secrets.encryptBatch(batch);
    return new Map(batch.map(({ secret }, index) => [secret, ciphertexts[index]]));
}

/** Writes the state as stored (secrets encrypted) to a temporary file renamed over it: a crash leaves old or new. */
export function writeStoredState(stateFile: string, stored: StackState): void {
    fs.mkdirSync(path.dirname(stateFile), { recursive: true });
    const temporary = `${stateFile}.${process.pid}.tmp`;
    const fd = fs.openSync(temporary, "w", 0o600);
    try {
        fs.writeFileSync(fd, JSON.stringify(stored, null, 2) + "\n");
        fs.fsyncSync(fd);
    } finally {
        fs.closeSync(fd);
    }
    fs.renameSync(temporary, stateFile);
}
