// Messages between the engine process and the program child (Node IPC, JSON). Property maps are in
// the wire shape: secrets wrapped in pulumi's signature objects, unknowns as the sentinel string.

export type WireProperties = Record<string, unknown>;

export interface RunnerArguments {
    programDir: string;
    entry: string;
    project: string;
    stack: string;
    preview: boolean;
    /**
     * `--continue-on-error`: an unhandled error (a failed registration the program awaited) fails the program only once
     * it has nothing left to do, as pulumi's language host logs it and lets the program run on (cmd/run uncaughtHandler).
     */
    continueOnError?: boolean;
}

export interface RegistrationRequest {
    type: string;
    name: string;
    custom: boolean;
    parent: string;
    object: WireProperties;
    dependencies: string[];
    /** The resources each input property's value came from (absent: the SDK reported none). */
    propertyDependencies?: Record<string, string[]>;
    additionalSecretOutputs: string[];
    ignoreChanges: string[];
    replaceOnChanges: string[];
    /** Unset when the program did not give the option: the engine then inherits it from the parent. */
    protect?: boolean;
    retainOnDelete?: boolean;
    /** The URN of the resource whose deletion deletes this one too (`deletedWith`), or "". */
    deletedWith?: string;
    /** The `import` option: adopt the existing object with this id instead of creating one. */
    importId?: string;
    /** The `aliases` option: old URNs, or specs whose empty fields default to the resource's own. */
    aliases?: AliasSpec[];
    /** The `customTimeouts` option as the SDK sends it (Go duration strings, "" when not given). */
    customTimeouts?: { create: string; update: string; delete: string };
    /** Set only when the program gave the deleteBeforeReplace resource option. */
    deleteBeforeReplace?: boolean;
    /** Set when the program reads an existing resource by id (`Kind.get(name, id)`) instead of declaring one. */
    readId?: string;
}

export type AliasSpec =
    | { urn: string }
    | { name: string; type: string; stack: string; project: string; parentUrn: string; noParent: boolean };

export interface RegistrationReply {
    urn: string;
    id: string;
    object: WireProperties;
}

export type ProgramMessage =
    | { kind: "register"; requestId: number; request: RegistrationRequest }
    | { kind: "outputs"; urn: string; outputs: WireProperties }
    | { kind: "done" }
    | { kind: "failed"; message: string };

export type EngineMessage =
    | { kind: "registered"; requestId: number; reply: RegistrationReply }
    | { kind: "rejected"; requestId: number; message: string }
    /** The stack config (PULUMI_CONFIG and PULUMI_CONFIG_SECRET_KEYS), sent first: as environment it would be bounded by
     * the 128 KiB a single variable may hold on Linux, which a program declaring thousands of resources in config exceeds. */
    | { kind: "config"; requestId?: undefined; env: Record<string, string> };
