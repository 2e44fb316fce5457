// Messages between the engine process and the program child (Node IPC, JSON). Property maps are in
// the wire shape: secrets wrapped in pulumi's signature objects, unknowns as the sentinel string.

export type WireProperties = Record<string, unknown>;

export interface RunnerArguments {
    programDir: string;
    entry: string;
    project: string;
    stack: string;
    preview: boolean;
}

export interface RegistrationRequest {
    type: string;
    name: string;
    custom: boolean;
    parent: string;
    object: WireProperties;
    dependencies: string[];
    additionalSecretOutputs: string[];
    ignoreChanges: string[];
    replaceOnChanges: string[];
    protect: boolean;
    retainOnDelete: boolean;
    /** Set only when the program gave the deleteBeforeReplace resource option. */
    deleteBeforeReplace?: boolean;
    /** Set when the program reads an existing resource by id (`Kind.get(name, id)`) instead of declaring one. */
    readId?: string;
}

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
    | { kind: "rejected"; requestId: number; message: string };
