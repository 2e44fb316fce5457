// Destinations stay on the hosts the team names: its own domains and the partners it allows.
import { DESTINATION_KINDS, destinationsOf, shownOrigin } from "../destinations";
import type { ResourceRule } from "../rule";

interface Config {
    hosts: string[];
}

/** `host` is on the list when it is an entry or a subdomain of one (`www.example.com` by `example.com`). */
function allowed(host: string, hosts: readonly string[]): boolean {
    const name = host.toLowerCase();
    return hosts.some((entry) => name === entry.toLowerCase() || name.endsWith(`.${entry.toLowerCase()}`));
}

export const allowedHosts: ResourceRule<Config> = {
    definition: {
        name: "allowed-destination-hosts",
        description:
            "Every destination's host is on the allow-list (config `hosts`; an entry allows its subdomains too).",
        enforcementLevel: "mandatory",
        kinds: DESTINATION_KINDS,
        config: {
            hosts: {
                type: "array",
                items: {
                    type: "string",
                    pattern: "^[A-Za-z0-9]([A-Za-z0-9-]*[A-Za-z0-9])?(\\.[A-Za-z0-9]([A-Za-z0-9-]*[A-Za-z0-9])?)*$",
                },
                default: [],
                description: "host names visitors may be sent to; each allows its subdomains",
            },
        },
    },
    inactive: ({ hosts }) => (hosts.length === 0 ? "no hosts are configured" : undefined),
    check: (subject, { hosts }) =>
        destinationsOf(subject)
            .filter(({ url }) => !allowed(url.hostname, hosts))
            .map(({ property, url }) => ({
                property,
                problem: `sends visitors to ${shownOrigin(url)}, whose host is not on the allow-list`,
                fix: `send them to a host of ${hosts.join(", ")}, or add ${url.hostname} to the pack config's allowed-destination-hosts.hosts`,
            })),
};
