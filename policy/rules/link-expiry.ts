// Short links that end: an expiry required on every link, or capped at a number of days from the run.
import type { Finding, ResourceRule } from "../rule";

interface Config {
    required: boolean;
    maxDays?: number;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** The expiry as the provider's check gives it (`YYYY-MM-DD HH:MM:SS`, or a shorter form), read as UTC. */
function expiryTime(text: string): number | undefined {
    const match = /^(\d{4}-\d{2}-\d{2})(?:[ T](\d{2}:\d{2})(?::(\d{2}))?)?$/.exec(text);
    if (!match) return undefined;
    const time = Date.parse(`${match[1]}T${match[2] ?? "00:00"}:${match[3] ?? "00"}Z`);
    return Number.isNaN(time) ? undefined : time;
}

export const linkExpiry: ResourceRule<Config> = {
    definition: {
        name: "link-expiry",
        description: "Links end: an expiry is required (config `required`), or at most `maxDays` days away.",
        enforcementLevel: "mandatory",
        kinds: ["Link"],
        config: {
            required: { type: "boolean", default: false, description: "every link declares an expiry" },
            maxDays: { type: "integer", minimum: 1, description: "an expiry at most this many days after the run" },
        },
    },
    inactive: ({ required, maxDays }) =>
        !required && maxDays === undefined ? "neither `required` nor `maxDays` is configured" : undefined,
    check: ({ inputs }, { required, maxDays }): Finding[] => {
        if (!inputs.declares("expiry")) {
            const fix = 'declare `expiry`, e.g. "2027-01-31"';
            return required ? [{ property: "expiry", problem: "the link has no expiry", fix }] : [];
        }
        const expiry = inputs.text("expiry");
        const time = expiry === undefined ? undefined : expiryTime(expiry);
        if (time === undefined || maxDays === undefined) return [];
        const days = Math.ceil((time - Date.now()) / DAY_MS);
        if (days <= maxDays) return [];
        const latest = new Date(Date.now() + maxDays * DAY_MS).toISOString().slice(0, 10);
        return [
            {
                property: "expiry",
                problem: `${expiry} is ${days} days away, more than the ${maxDays} allowed`,
                fix: `declare an expiry on or before ${latest}`,
            },
        ];
    },
};
