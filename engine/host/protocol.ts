// What the resource monitor hands the deployment: a registration (the goal RegisterResource or ReadResource makes of the
// program's request, pkg/resource/deploy/source_eval.go) and the deployment's answer. Property maps are in the wire
// shape: secrets wrapped in pulumi's signature objects, unknowns as the sentinel string.
import type { HookBindings, HookRegistrar } from "../steps/resource-hooks";

export type WireProperties = Record<string, unknown>;

export interface RegistrationRequest {
    type: string;
    name: string;
    custom: boolean;
    parent: string;
    object: WireProperties;
    dependencies: string[];
    /** The resources each input property's value came from (the goal's PropertyDependencies); absent for a read, or when the SDK reported none. */
    propertyDependencies?: Record<string, string[]>;
    additionalSecretOutputs: string[];
    ignoreChanges: string[];
    replaceOnChanges: string[];
    /** Unset when the program did not give the option: the engine then inherits it from the parent. */
    protect?: boolean;
    retainOnDelete?: boolean;
    /** The URN of the resource whose deletion deletes this one too (`deletedWith`), or "". */
    deletedWith?: string;
    /** The URNs of the resources whose replacement replaces this one too (`replaceWith`; a read has none). */
    replaceWith?: string[];
    /** The `import` option: adopt the existing object with this id instead of creating one. */
    importId?: string;
    /** The `aliases` option: old URNs, or specs whose empty fields default to the resource's own. */
    aliases?: AliasSpec[];
    /** The `customTimeouts` option as the SDK sends it (Go duration strings, "" when not given). */
    customTimeouts?: { create: string; update: string; delete: string; read: string };
    /** Set only when the program gave the deleteBeforeReplace resource option. */
    deleteBeforeReplace?: boolean;
    /** The replacementTrigger option: a change of it replaces the resource (absent when not given). */
    replacementTrigger?: unknown;
    /** Set when the program reads an existing resource by id (`Kind.get(name, id)`) instead of declaring one. */
    readId?: string;
    /** Where the program registered it, and its stack there, as the state records them (source-positions.ts). */
    sourcePosition?: string;
    stackTrace?: { sourcePosition?: string }[];
    /** The `hooks` option: the names of the program's registered hooks to run at each step, by hook type. */
    hooks?: HookBindings;
}

export type AliasSpec =
    | { urn: string }
    | { name: string; type: string; stack: string; project: string; parentUrn: string; noParent: boolean };

export interface RegistrationReply {
    urn: string;
    id: string;
    object: WireProperties;
}

/** What serves the program's registrations: the deployment, and its registry of the program's hooks. */
export interface ProgramHandlers {
    register(request: RegistrationRequest): Promise<RegistrationReply>;
    /** Resolves once the outputs are recorded (and a component's after hooks have run). */
    registerOutputs(urn: string, outputs: WireProperties): Promise<void>;
    readonly hooks: HookRegistrar;
}
