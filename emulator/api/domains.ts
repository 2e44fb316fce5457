import { DomainRecord } from "../store/records";
import { ApiContext, ApiRoute, deleteRoute, done, updatedOrGone } from "./context";
import { ApiFailure } from "./answers";
import { isHttpUrl, optionalHttpUrl, requiredString } from "./fields";
import { ownedListRoute } from "./pagination";

/** The service's own short domains, listed with id null to every account. */
export function systemDomainUrls(count: number): string[] {
    return Array.from({ length: count }, (_, index) => (index === 0 ? "https://sho.rt" : `https://sho${index + 1}.rt`));
}

function sameDomain(a: string, b: string): boolean {
    const normalise = (url: string) => url.toLowerCase().replace(/\/+$/, "");
    return normalise(a) === normalise(b);
}

function checkNewDomain(context: ApiContext, domain: string): void {
    if (!isHttpUrl(domain)) throw new ApiFailure("domain must be a URL starting with http:// or https://.");
    const url = new URL(domain);
    if (url.pathname !== "/" || url.search !== "" || url.hash !== "") {
        throw new ApiFailure("domain must be a bare domain such as https://go.example.com, without a path.");
    }
    const taken = [
        ...context.store.records("domains").map((record) => record.domain),
        ...systemDomainUrls(context.settings.systemDomains),
    ];
    if (taken.some((existing) => sameDomain(existing, domain))) throw new ApiFailure("Domain already exists.");
}

function present(record: DomainRecord): object {
    return {
        id: String(record.id),
        domain: record.domain,
        redirectroot: record.redirectroot,
        redirect404: record.redirect404,
    };
}

export const domainRoutes: ApiRoute[] = [
    ownedListRoute("/api/domains", "domains", "domains", present, (context) =>
        systemDomainUrls(context.settings.systemDomains).map((domain) => ({
            id: null,
            domain,
            redirectroot: "",
            redirect404: "",
        })),
    ),
    {
        method: "POST",
        pattern: "/api/domain/add",
        handler: (context) => {
            const domain = requiredString(context.body, "domain");
            checkNewDomain(context, domain);
            const redirectroot = optionalHttpUrl(context.body, "redirectroot") ?? "";
            const redirect404 = optionalHttpUrl(context.body, "redirect404") ?? "";
            const record = context.store.insert("domains", context.user.id, { domain, redirectroot, redirect404 });
            return { error: 0, id: record.id };
        },
    },
    {
        method: "PUT",
        pattern: "/api/domain/:id/update",
        handler: (context) => {
            const record = updatedOrGone(context, "domains", context.ids.id);
            for (const field of ["redirectroot", "redirect404"]) {
                const value = context.body[field];
                if (value === "" || value === null) context.settings.profile.refuseRedirect(value);
            }
            const redirectroot = optionalHttpUrl(context.body, "redirectroot");
            const redirect404 = optionalHttpUrl(context.body, "redirect404");
            context.store.update("domains", record, {
                redirectroot: redirectroot ?? record.redirectroot,
                redirect404: redirect404 ?? record.redirect404,
            });
            return done("Domain has been updated successfully.");
        },
    },
    deleteRoute("domains", "/api/domain/:id/delete"),
];
