// Every place a visitor is sent is https: a plain-http destination can be read and rewritten on the way.
import { DESTINATION_KINDS, destinationsOf, shownOrigin } from "../destinations";
import type { ResourceRule } from "../rule";

export const httpsDestinations: ResourceRule = {
    definition: {
        name: "https-destinations",
        description:
            "Every destination is https: a link's long URL, its geo, device and language targets and its deep links to web pages, a domain's redirects, and a link QR code's data.",
        enforcementLevel: "mandatory",
        kinds: DESTINATION_KINDS,
        config: {},
    },
    check: (subject) =>
        destinationsOf(subject)
            .filter(({ url }) => url.protocol !== "https:")
            .map(({ property, url }) => ({
                property,
                problem: `sends visitors to ${shownOrigin(url)}, which is not https`,
                fix: `declare the https:// address of the same page`,
            })),
};
