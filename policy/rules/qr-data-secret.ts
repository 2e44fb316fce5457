// A vCard QR code's data holds a person's details, and belongs in the state as a secret, as a Wi-Fi code's data does
// whenever it holds the network's password (the provider marks that itself, resources/qrcode.ts). At `remediate` (the
// default) the pack marks a vCard's `data` secret before anything is stored. A rule that only validates is handed
// values with their secret marking taken off, so at `advisory` or `mandatory` it can see only what the resource
// options say: a program marks the data with `additionalSecretOutputs: ["data"]`.
import { Secret } from "@pulumi/policy";
import type { Finding, ResourceRule, Subject } from "../rule";

/** The library's own names for reaching beneath its proxies (policy.js, proxy.js). */
const IS_PROXY = "__isSpecialProxy";
const PROXY_TARGET = "__getSpecialProxyTarget";

/** The inputs beneath the library's proxies: secrets as `Secret`, unknowns as the engine's markers. */
function beneathProxies(props: Record<string, unknown>): Record<string, unknown> {
    let value = props;
    while (value[IS_PROXY] === true) value = value[PROXY_TARGET] as Record<string, unknown>;
    return value;
}

function isVcard(subject: Subject): boolean {
    return subject.inputs.text("type") === "vcard";
}

export interface RemediatingRule extends ResourceRule {
    /** The inputs with `data` made secret, or undefined when there is nothing to change. */
    remediate: (subject: Subject, props: Record<string, unknown>) => Record<string, unknown> | undefined;
}

/** The rule, with the codes it made secret in this run: those pass the validation that follows a remediation. */
export function qrDataSecret(): RemediatingRule {
    const remediated = new Set<string>();
    return {
        definition: {
            name: "qr-data-secret",
            description:
                "The data of vCard QR codes is stored as a secret, as a Wi-Fi code's password is (at remediate, the default, the pack marks it).",
            enforcementLevel: "remediate",
            kinds: ["QrCode"],
            config: {},
        },
        remediate: (subject, props) => {
            if (!isVcard(subject) || !subject.inputs.declares("data")) return undefined;
            const inputs = beneathProxies(props);
            remediated.add(subject.urn);
            if (inputs.data instanceof Secret) return undefined;
            return { ...inputs, data: new Secret(inputs.data) };
        },
        check: (subject, _config, { additionalSecretOutputs }): Finding[] => {
            if (!isVcard(subject) || remediated.has(subject.urn) || additionalSecretOutputs.includes("data")) return [];
            return [
                {
                    property: "data",
                    problem: "holds a person's details and is not marked secret",
                    fix: 'declare the resource with `{ additionalSecretOutputs: ["data"] }`, or set this rule to remediate (its default), which marks it',
                },
            ];
        },
    };
}
