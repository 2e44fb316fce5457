// Previews in the shape of Go's `pulumi preview --json` (pkg/display/json.go: PreviewDigest, PreviewStep with
// apitype.ResourceV3 states; filled as pkg/backend/display/json.go's ShowPreviewDigest fills it: same steps left out
// but the root stack, secrets blinded as "[secret]", unknowns as plugin.UnknownStringValue), built per test.
import { UNKNOWN_VALUE } from "../../provider/report/digest";

/** Go's unknown marker, as the report reads it. */
export const UNKNOWN = UNKNOWN_VALUE;
const STACK_URN = "urn:pulumi:dev::shortener-stack::pulumi:pulumi:Stack::shortener-stack-dev";

type Props = Record<string, unknown>;

export interface State {
    urn: string;
    custom: boolean;
    type: string;
    id?: string;
    inputs?: Props;
    outputs?: Props;
}

export interface Step {
    op: string;
    urn: string;
    provider?: string;
    oldState?: State;
    newState?: State;
    diffReasons?: string[];
    replaceReasons?: string[];
    detailedDiff: Record<string, { kind: string; inputDiff: boolean }> | null;
}

export function urnOf(type: string, name: string): string {
    return `urn:pulumi:dev::shortener-stack::${type}::${name}`;
}

export const kindType = (kind: string) => `pulumi-nodejs:dynamic/shortener:${kind}`;

export function state(kind: string, name: string, inputs: Props, outputs: Props = inputs, id?: string): State {
    const type = kind.includes(":") ? kind : kindType(kind);
    // A dynamic resource carries its serialized provider among its inputs and outputs.
    return {
        urn: urnOf(type, name),
        custom: true,
        type,
        id,
        inputs: { __provider: "exports.handler = …", ...inputs },
        outputs: { __provider: "exports.handler = …", ...outputs },
    };
}

export function stackStep(op = "same"): Step {
    const root: State = { urn: STACK_URN, custom: false, type: "pulumi:pulumi:Stack" };
    return { op, urn: STACK_URN, oldState: root, newState: root, detailedDiff: null };
}

export function create(next: State): Step {
    return {
        op: "create",
        urn: next.urn,
        provider: "urn:pulumi:dev::shortener-stack::pulumi:providers:pulumi-nodejs::default",
        newState: next,
        detailedDiff: null,
    };
}

export function remove(old: State): Step {
    return { op: "delete", urn: old.urn, oldState: old, detailedDiff: null };
}

/**
 * An update or replace of `old` into `next` as a dynamic resource's step reads: the dynamic-provider host answers
 * Diff with no changed keys and no detailed diff, so Go's step has none (replaceReasons only, on a replace).
 */
export function change(op: "update" | "replace", old: State, next: State, replaceReasons: string[] = []): Step {
    return {
        op,
        urn: next.urn,
        oldState: old,
        newState: next,
        ...(op === "replace" ? { replaceReasons } : {}),
        detailedDiff: null,
    };
}

/** A step of a provider that gives a detailed diff, each entry "path:kind" (plugin.DiffKind's names). */
export function detailed(step: Step, changed: string[]): Step {
    const split = (entry: string) => [entry.slice(0, entry.lastIndexOf(":")), entry.slice(entry.lastIndexOf(":") + 1)];
    const detailedDiff = Object.fromEntries(
        changed.map((entry) => [split(entry)[0], { kind: split(entry)[1], inputDiff: true }]),
    );
    return { ...step, diffReasons: changed.map((entry) => split(entry)[0]), detailedDiff };
}

/**
 * The refresh step `preview --refresh` gives a resource of the state, ahead of the program's steps. Its states are
 * those of its start (NewRefreshStep sets the new state to the old): what the read found is the old state of the
 * resource's own step.
 */
export function refresh(recorded: State): Step {
    return { op: "refresh", urn: recorded.urn, oldState: recorded, newState: recorded, detailedDiff: null };
}

export function digest(steps: Step[], changeSummary: Record<string, number>, extra: Props = {}): string {
    return JSON.stringify(
        {
            config: { "shortener:apiKey": "[secret]", "shortener:baseUrl": "http://127.0.0.1:4000" },
            steps,
            duration: 2_345_678_901,
            changeSummary,
            ...extra,
        },
        null,
        4,
    );
}

/** The example stack's plan with one of each: a create, an update, a replace, a delete and a secret change. */
export function examplePlan(): string {
    const channelOld = state(
        "Channel",
        "newsletter",
        { name: "Newsletter", color: "#1a73e8" },
        { name: "Newsletter", color: "#1a73e8", effectiveColor: "#1a73e8" },
        "4",
    );
    const channelNew = state(
        "Channel",
        "newsletter",
        { name: "Weekly newsletter", color: "#1a73e8" },
        { name: "Newsletter", color: "#1a73e8", effectiveColor: "#1a73e8" },
        "4",
    );
    const domainOld = state(
        "Domain",
        "brand",
        { domain: "https://go.example.com", redirectRoot: "https://www.example.com" },
        undefined,
        "12",
    );
    const domainNew = state(
        "Domain",
        "brand",
        { domain: "https://links.example.com", redirectRoot: "https://www.example.com" },
        { domain: UNKNOWN, redirectRoot: UNKNOWN },
    );
    const account = (password: string) =>
        state(
            "AccountSettings",
            "account",
            { email: "ops@example.com", password },
            { email: "ops@example.com", password, username: "ops", status: "pro" },
            "1",
        );
    return digest(
        [
            stackStep(),
            create(
                state(
                    "Campaign",
                    "launch",
                    { name: "Autumn launch", slug: "autumn", public: true },
                    { name: "Autumn launch", rotatorUrl: UNKNOWN, listUrl: UNKNOWN },
                ),
            ),
            change("update", channelOld, channelNew),
            change("replace", domainOld, domainNew, ["domain"]),
            remove(
                state("Pixel", "old-pixel", { type: "analyticspixel", name: "Old site", tag: "G-OLD" }, undefined, "9"),
            ),
            change("update", account("[secret]"), account("[secret]")),
        ],
        { create: 1, update: 2, replace: 1, delete: 1, same: 3 },
    );
}
