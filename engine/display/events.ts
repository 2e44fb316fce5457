// The engine's events as the CLI's display reads them (pkg/engine/events.go: Event and its payloads), and
// ConvertJSONEvent (pkg/backend/display/events.go), which reads them back from the apitype.EngineEvent JSON that
// `--json` and event logs write (sdk/go/common/apitype/events.go), property values as stack.DeserializeProperties
// reads them with the blinding decrypter.
import {
    OUTPUT_SIG,
    PropertyMap,
    RESOURCE_SIG,
    SECRET_SIG,
    SIG_KEY,
    UNKNOWN,
    wrapSecret,
} from "../values/property-values";
import { DiffKind } from "../values/object-diff";
import { PathPart, parsePropertyPath } from "../values/property-path";
import { NotFollowedError, notFollowed } from "./property-printer";

/** StepEventStateMetadata; a property map left undefined is Go's nil map. */
export interface StepEventStateMetadata {
    type: string;
    urn: string;
    custom?: boolean;
    delete?: boolean;
    id?: string;
    parent?: string;
    provider?: string;
    protect?: boolean;
    taint?: boolean;
    external?: boolean;
    retainOnDelete?: boolean;
    inputs?: PropertyMap;
    outputs?: PropertyMap;
    initErrors?: string[];
    hideDiffs?: PathPart[][];
}

/** StepEventMetadata: `res` is the new state, or the old one when there is no new (convertJSONStepEventMetadata). */
export interface StepEventMetadata {
    op: string;
    urn: string;
    type: string;
    old?: StepEventStateMetadata;
    new?: StepEventStateMetadata;
    res?: StepEventStateMetadata;
    keys?: string[];
    diffs?: string[];
    detailedDiff?: Map<string, { kind: DiffKind; inputDiff: boolean }>;
    logical?: boolean;
    provider?: string;
}

export interface SummaryEventPayload {
    maybeCorrupt: boolean;
    /** time.Duration in seconds (the JSON event carries whole seconds). */
    durationSeconds: number;
    resourceChanges: Map<string, number>;
    policyPacks: Map<string, string>;
    isPreview: boolean;
}

export interface PolicyEventPayload {
    resourceUrn: string;
    message: string;
    policyName: string;
    policyPackName: string;
    policyPackVersion: string;
    enforcementLevel: string;
    severity: string;
}

export type EngineEvent =
    | { type: "cancel" }
    | { type: "prelude"; config: Map<string, string> }
    | ({ type: "summary" } & SummaryEventPayload)
    | {
          type: "resource-pre" | "resource-outputs";
          metadata: StepEventMetadata;
          planning: boolean;
          debug?: boolean;
          internal?: boolean;
      }
    | { type: "resource-operationfailed"; metadata: StepEventMetadata; status: number; steps: number }
    | {
          type: "diag";
          urn: string;
          prefix: string;
          message: string;
          color: string;
          severity: string;
          ephemeral: boolean;
      }
    | { type: "stdoutcolor"; message: string; color: string }
    | ({ type: "policy-violation" } & PolicyEventPayload)
    | {
          type: "policy-remediation";
          resourceUrn: string;
          policyName: string;
          policyPackName: string;
          policyPackVersion: string;
          before: PropertyMap;
          after: PropertyMap;
      }
    | {
          type:
              | "policy-load"
              | "policy-analyze-summary"
              | "policy-remediate-summary"
              | "policy-analyze-stack-summary"
              | "debugging-start"
              | "progress"
              | "error";
      };

type Json = Record<string, any>;

/** The payloads without a display, by their JSON field. */
const SILENT: Record<string, EngineEvent["type"]> = {
    policyLoadEvent: "policy-load",
    policyAnalyzeSummaryEvent: "policy-analyze-summary",
    policyRemediateSummaryEvent: "policy-remediate-summary",
    policyAnalyzeStackSummaryEvent: "policy-analyze-stack-summary",
    startDebuggingEvent: "debugging-start",
    progressEvent: "progress",
    errorEvent: "error",
};

/** ConvertJSONEvent. */
export function convertJsonEvent(event: Json): EngineEvent {
    if (event.cancelEvent) return { type: "cancel" };
    if (event.stdoutEvent)
        return { type: "stdoutcolor", message: event.stdoutEvent.message ?? "", color: event.stdoutEvent.color ?? "" };
    if (event.diagnosticEvent) {
        const diag = event.diagnosticEvent;
        const text = (name: string) => String(diag[name] ?? "");
        return {
            type: "diag",
            urn: text("urn"),
            prefix: text("prefix"),
            message: text("message"),
            color: text("color"),
            severity: text("severity"),
            ephemeral: Boolean(diag.ephemeral),
        };
    }
    if (event.policyEvent) return { type: "policy-violation", ...policyPayload(event.policyEvent) };
    if (event.policyRemediationEvent) {
        const { resourceUrn, policyName, policyPackName, policyPackVersion, before, after } =
            event.policyRemediationEvent;
        const props = (value: Json | undefined) => deserializeProperties(value) ?? {};
        return {
            type: "policy-remediation",
            resourceUrn: resourceUrn ?? "",
            policyName,
            policyPackName,
            policyPackVersion,
            before: props(before),
            after: props(after),
        };
    }
    if (event.preludeEvent)
        return { type: "prelude", config: new Map(Object.entries(event.preludeEvent.config ?? {})) };
    if (event.summaryEvent) return summaryPayload(event.summaryEvent);
    if (event.resourcePreEvent)
        return {
            type: "resource-pre",
            metadata: stepMetadata(event.resourcePreEvent.metadata),
            planning: Boolean(event.resourcePreEvent.planning),
        };
    if (event.resOutputsEvent)
        return {
            type: "resource-outputs",
            metadata: stepMetadata(event.resOutputsEvent.metadata),
            planning: Boolean(event.resOutputsEvent.planning),
        };
    if (event.resOpFailedEvent) {
        const failed = event.resOpFailedEvent;
        return {
            type: "resource-operationfailed",
            metadata: stepMetadata(failed.metadata),
            status: failed.status ?? 0,
            steps: failed.steps ?? 0,
        };
    }
    const silent = Object.keys(SILENT).find((field) => event[field]);
    if (silent) return { type: SILENT[silent] } as EngineEvent;
    throw new Error("unknown event type");
}

function policyPayload(policy: Json): PolicyEventPayload {
    const text = (name: string) => String(policy[name] ?? "");
    return {
        resourceUrn: text("resourceUrn"),
        message: text("message"),
        policyName: text("policyName"),
        policyPackName: text("policyPackName"),
        policyPackVersion: text("policyPackVersion"),
        enforcementLevel: text("enforcementLevel"),
        severity: text("severity"),
    };
}

function summaryPayload(summary: Json): EngineEvent {
    return {
        type: "summary",
        maybeCorrupt: Boolean(summary.maybeCorrupt),
        durationSeconds: summary.durationSeconds ?? 0,
        resourceChanges: new Map(Object.entries(summary.resourceChanges ?? {})),
        policyPacks: new Map(Object.entries(summary.PolicyPacks ?? {})),
        isPreview: Boolean(summary.isPreview),
    };
}

/** convertJSONStepEventMetadata. */
function stepMetadata(metadata: Json): StepEventMetadata {
    const [old, next] = [stateMetadata(metadata.old), stateMetadata(metadata.new)];
    const detailed = metadata.detailedDiff as
        Record<string, { diffKind: DiffKind; inputDiff?: boolean }> | null | undefined;
    return {
        op: metadata.op ?? "",
        urn: metadata.urn ?? "",
        type: metadata.type ?? "",
        old,
        new: next,
        res: next ?? old,
        keys: metadata.keys ?? [],
        // slice.Prealloc makes no diffs nil, which is not an empty include list.
        diffs: metadata.diffs?.length ? metadata.diffs : undefined,
        detailedDiff: detailed
            ? new Map(
                  Object.entries(detailed).map(([path, diff]) => [
                      path,
                      { kind: diff.diffKind, inputDiff: Boolean(diff.inputDiff) },
                  ]),
              )
            : undefined,
        logical: Boolean(metadata.logical),
        provider: metadata.provider ?? "",
    };
}

/** convertJSONStepEventStateMetadata: the hidden diffs are property paths (PropertyPath.UnmarshalText). */
function stateMetadata(state: Json | null | undefined): StepEventStateMetadata | undefined {
    if (!state) return undefined;
    return {
        type: state.type ?? "",
        urn: state.urn ?? "",
        custom: Boolean(state.custom),
        delete: Boolean(state.delete),
        id: state.id ?? "",
        parent: state.parent ?? "",
        provider: state.provider ?? "",
        protect: Boolean(state.protect),
        taint: Boolean(state.taint),
        external: Boolean(state.external),
        retainOnDelete: Boolean(state.retainOnDelete),
        inputs: deserializeProperties(state.inputs),
        outputs: deserializeProperties(state.outputs),
        initErrors: state.initErrors ?? [],
        hideDiffs: ((state.hideDiffs ?? []) as string[]).map(parsePropertyPath),
    };
}

/**
 * DeserializeProperties with the blinding decrypter, its error ignored as ConvertJSONEvent ignores it: a value that
 * fails to deserialize leaves the whole map nil (undefined). A secret's ciphertext decrypts to "[secret]", which is
 * not JSON, so a map holding one is nil.
 */
export function deserializeProperties(props: Json | null | undefined): PropertyMap | undefined {
    try {
        return Object.fromEntries(Object.entries(props ?? {}).map(([key, value]) => [key, deserializeValue(value)]));
    } catch (error) {
        if (error instanceof NotFollowedError) throw error;
        return undefined;
    }
}

/** stack/deployment.go floatSignature and sig.ByteString. */
const FLOAT_SIG = "8ad145fe-0d11-4827-bfd7-1abcbf086f5c";
const BYTE_STRING_SIG = "803fd3297a5875dc03ca845dda5d2a98";

/** DeserializePropertyValue: a signed object is a secret, resource reference or float; assets and archives are not read. */
function deserializeValue(value: unknown): unknown {
    if (Array.isArray(value)) return value.map(deserializeValue);
    if (typeof value !== "object" || value === null) return value;
    const object = value as Json;
    const signature = object[SIG_KEY];
    if (signature === undefined)
        return Object.fromEntries(Object.entries(object).map(([key, inner]) => [key, deserializeValue(inner)]));
    if (signature === SECRET_SIG) return deserializeSecret(object);
    if (signature === RESOURCE_SIG) return resourceReference(object);
    if (signature === FLOAT_SIG) return new Float64Array(new BigUint64Array([BigInt(`0x${object.value}`)]).buffer)[0];
    if (signature === BYTE_STRING_SIG)
        throw notFollowed("a byte string (stack.DeserializePropertyValue ByteStringSig)");
    if (signature === OUTPUT_SIG) throw new Error(`unrecognized signature '${signature}' in property map`);
    throw notFollowed(`a value signed ${String(signature)} (stack.DeserializePropertyValue: assets and archives)`);
}

/** deserializeSecret: exactly one of plaintext (JSON) or ciphertext, which the blinding decrypter cannot read. */
function deserializeSecret(secret: Json): unknown {
    const [plaintext, ciphertext] = [secret.plaintext, secret.ciphertext];
    if (typeof plaintext === "string" && typeof ciphertext !== "string" && plaintext !== "") {
        return wrapSecret(deserializeValue(JSON.parse(plaintext)));
    }
    throw new Error("malformed or blinded secret value");
}

/** A resource reference: a custom resource's id ("" while unknown), or none for a component. */
function resourceReference(reference: Json): unknown {
    if (typeof reference.urn !== "string") throw new Error("malformed resource reference: missing urn");
    const id = reference.id;
    const known =
        typeof id === "string"
            ? id
            : typeof id?.V === "string"
              ? id.V
              : id?.V && typeof id.V === "object"
                ? ""
                : undefined;
    return {
        [SIG_KEY]: RESOURCE_SIG,
        urn: reference.urn,
        id: known === "" ? UNKNOWN : known,
        packageVersion: reference.packageVersion ?? "",
    };
}
