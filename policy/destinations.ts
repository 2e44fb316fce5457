// Where each kind sends visitors, as the program declares it: the URLs the https and allow-list rules read. Every
// place the service redirects to is one: a link's long URL, its targets and its deep links, a domain's redirects, and
// a link QR code's data (the code holds the QR code's own short link, which redirects to it).
import type { Subject } from "./rule";

export interface Destination {
    /** The property as declared: `url`, `geoTargets[0].url`, `redirectRoot`, `data`. */
    property: string;
    url: URL;
}

/** The kinds that send visitors somewhere: the rules that read destinations read these. */
export const DESTINATION_KINDS = ["Link", "Domain", "QrCode"] as const;

/** The lists of a link whose items each send some visitors to their own `url`. */
const LINK_TARGET_LISTS = ["geoTargets", "deviceTargets", "languageTargets"] as const;
const LINK_DEEP_LINKS = ["apple", "google"] as const;
const WEB_SCHEMES = ["http:", "https:"];
const DOMAIN_REDIRECTS = ["redirectRoot", "redirect404"] as const;

/** The destinations `subject` declares; a value that is not known yet, or not a URL the provider takes, is left out. */
export function destinationsOf(subject: Subject): Destination[] {
    const { inputs } = subject;
    const one = (property: string, ...path: (string | number)[]) => {
        const url = parsed(inputs.text(...path));
        return url ? [{ property, url }] : [];
    };
    if (subject.kind === "Domain") return DOMAIN_REDIRECTS.flatMap((property) => one(property, property));
    if (subject.kind === "QrCode") return inputs.text("type") === "link" ? one("data", "data") : [];
    if (subject.kind !== "Link") return [];
    const targets = LINK_TARGET_LISTS.flatMap((list) =>
        Array.from({ length: inputs.count(list) }, (_, index) => one(`${list}[${index}].url`, list, index, "url")),
    );
    // A deep link in an app's own scheme (shop://sale) opens the app, not a page: only a web address is a destination.
    const deepLinks = LINK_DEEP_LINKS.flatMap((store) => one(`deepLink.${store}`, "deepLink", store)).filter(
        ({ url }) => WEB_SCHEMES.includes(url.protocol),
    );
    return [...one("url", "url"), ...targets.flat(), ...deepLinks];
}

function parsed(text: string | undefined): URL | undefined {
    if (text === undefined || !URL.canParse(text)) return undefined;
    return new URL(text);
}

/** A destination as a message shows it: its scheme and host only, since a path or query may hold a token. */
export function shownOrigin(url: URL): string {
    return `${url.protocol}//${url.host}`;
}

/** A domain's host as the service matches it (without case), or undefined for what is not a URL or not known yet. */
export function domainHost(domain: string | undefined): string | undefined {
    return domain !== undefined && URL.canParse(domain) ? new URL(domain).host.toLowerCase() : undefined;
}
