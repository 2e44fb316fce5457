// What `pulumi preview --json` prints: Go's PreviewDigest (pkg/display/json.go at pulumi/pulumi 1b5949891b3c, filled
// by ShowPreviewDigest in pkg/backend/display/json.go), read as hostile input: bounded in size and depth, every field
// checked, fields Go may add later passed over.
import { z } from "zod";
import { BOUNDS } from "../bounds";
import { messageOf } from "../../common/text/message-of";
import { digestOfEvents, isEventStream } from "./events";

/** The largest digest read, in bytes: a stack of 10,000 resources with their states is a few megabytes. */
export const MAX_DIGEST_BYTES = BOUNDS.maxDigestBytes.default;
/** The most steps read: more is refused, not cut, since a summary of part of a plan would mislead. */
const MAX_STEPS = BOUNDS.maxDigestSteps.default;

/** Go's `plugin.UnknownStringValue`: what an output not known until `up` is serialized as. */
export const UNKNOWN_VALUE = "04da6b54-80e4-46f7-96ec-b56ff0331ba9";
/** What massagePropertyValue writes for a secret (showSecrets false, the CLI's default). */
export const SECRET_VALUE = "[secret]";
/** The signature of a secret serialized without being blinded (resource.SecretSig in Go's sdk). */
export const SECRET_SIGNATURE = "4dabf18193072939515e22adb298388d";

const properties = z.record(z.string(), z.unknown());

/** apitype.ResourceV3, the fields a report reads. */
const resourceState = z.looseObject({
    urn: z.string(),
    type: z.string(),
    custom: z.boolean().optional(),
    id: z.string().optional(),
    inputs: properties.optional(),
    outputs: properties.optional(),
    external: z.boolean().optional(),
});

/** display.PropertyDiff; Kind is plugin.DiffKind.String(). */
const propertyDiff = z.looseObject({
    kind: z.enum(["add", "add-replace", "delete", "delete-replace", "update", "update-replace"]),
    inputDiff: z.boolean().optional(),
});
export type PropertyDiff = z.output<typeof propertyDiff>;

/** display.PreviewStep. `op` is a deploy.StepOp; ops a later engine adds are read as they are named. */
const previewStep = z.looseObject({
    op: z.string(),
    urn: z.string(),
    provider: z.string().optional(),
    oldState: resourceState.optional(),
    newState: resourceState.optional(),
    diffReasons: z.array(z.string()).optional(),
    replaceReasons: z.array(z.string()).optional(),
    detailedDiff: z.record(z.string(), propertyDiff).nullish(),
});
export type PreviewStep = z.output<typeof previewStep>;

/** display.PreviewDiagnostic; Severity is diag.Severity ("debug", "info", "infoerr", "warning", "error"). */
const diagnostic = z.looseObject({
    urn: z.string().optional(),
    prefix: z.string().optional(),
    message: z.string().optional(),
    severity: z.string().optional(),
});

/** A policy pack's violation (apitype.PolicyEvent): the engine gives the rule's description, then the message. */
const policyViolation = z.looseObject({
    resourceUrn: z.string().optional(),
    message: z.string(),
    policyName: z.string(),
    policyPackName: z.string(),
    enforcementLevel: z.string(),
});
export type PolicyViolation = z.output<typeof policyViolation>;

const previewDigestSchema = z.looseObject({
    config: z.record(z.string(), z.string()).optional(),
    steps: z
        .array(previewStep)
        .max(MAX_STEPS, { error: `more than ${MAX_STEPS} steps` })
        .optional(),
    diagnostics: z.array(diagnostic).optional(),
    /** time.Duration: nanoseconds. */
    duration: z.number().optional(),
    changeSummary: z.record(z.string(), z.number()).optional(),
    maybeCorrupt: z.boolean().optional(),
    /** Not Go's: the violations read from an event stream (events.ts), which the digest passes over. */
    policyViolations: z.array(policyViolation).optional(),
    /** Not Go's: the outcome an event stream's summary gives (succeeded, failed, canceled), which the digest leaves out. */
    result: z.string().optional(),
});
export type PreviewDigest = z.output<typeof previewDigestSchema>;

class DigestError extends Error {
    constructor(message: string) {
        super(message);
        this.name = "DigestError";
    }
}

/**
 * The digest in `text` (Go's digest, or the event stream `PULUMI_ENABLE_STREAMING_JSON_PREVIEW` makes of it), or a
 * DigestError saying what is wrong with it (never the values it holds).
 */
export function parseDigest(text: string): PreviewDigest {
    if (Buffer.byteLength(text) > MAX_DIGEST_BYTES)
        throw new DigestError(`the preview is larger than ${MAX_DIGEST_BYTES} bytes`);
    let json: unknown;
    if (isEventStream(text)) {
        try {
            json = digestOfEvents(text);
        } catch (error) {
            throw new DigestError(`this is not the output of \`pulumi preview --json\`: ${messageOf(error)}`);
        }
    } else json = parsedJson(text);
    const parsed = previewDigestSchema.safeParse(json);
    if (!parsed.success) {
        const issue = parsed.error.issues[0];
        throw new DigestError(
            `this is not the output of \`pulumi preview --json\`: ${shownPath(issue.path) || "the document"}: ${issue.message}`,
        );
    }
    return parsed.data;
}

function parsedJson(text: string): unknown {
    let json: unknown;
    try {
        json = JSON.parse(text);
    } catch (error) {
        // V8 parses nesting recursively: a value nested beyond its stack is a RangeError, not a SyntaxError.
        const why = error instanceof RangeError ? "it nests too deep" : "it is not JSON";
        throw new DigestError(`this is not the output of \`pulumi preview --json\`: ${why}`);
    }
    return json;
}

/** Where a check failed; a key from the input is cut, since keys are the input's own text. */
function shownPath(path: readonly PropertyKey[]): string {
    return path
        .map((key) => (typeof key === "string" && key.length > 40 ? `${key.slice(0, 40)}…` : String(key)))
        .join(".");
}
