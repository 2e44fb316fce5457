import { CampaignRecord } from "../store/records";
import { ApiContext, ApiRoute, deleteRoute, done, ownedOrFail } from "./context";
import { ApiFailure } from "./answers";
import { optionalString, requiredString } from "./fields";
import { ownedListRoute } from "./pagination";

/** The service silently keeps the old name when the new one is this short. */
const IGNORED_NAME_LENGTH = 2;

function checkSlug(context: ApiContext, slug: string, campaignId?: number): void {
    if (slug === "") return;
    if (!/^[A-Za-z0-9_-]+$/.test(slug)) throw new ApiFailure("slug may contain only letters, digits, - and _.");
    // Slugs are unique across the whole service, not per account. The real service's check on update does not
    // leave the campaign itself out, so it refuses the campaign's own slug.
    const owner = context.store.records("campaigns").find((campaign) => campaign.slug === slug);
    if (!owner) return;
    if (owner.id !== campaignId) throw new ApiFailure("This slug is already taken.");
    if (context.settings.profile.slugTakenBySelf) throw new ApiFailure("This slug is currently not available");
}

function urls(context: ApiContext, record: CampaignRecord): { rotator: string | false; list: string | false } {
    const base = context.settings.baseUrl;
    return {
        rotator: record.slug ? `${base}/r/${record.slug}` : false,
        list: context.settings.profile.campaignListUrl(
            `${base}/u/${context.user.username}/c/${record.id}`,
            record.slug,
        ),
    };
}

function writeResponse(context: ApiContext, record: CampaignRecord): object {
    return {
        error: 0,
        id: record.id,
        [context.settings.profile.campaignNameKey]: record.name,
        public: record.public,
        ...urls(context, record),
    };
}

export const campaignRoutes: ApiRoute[] = [
    ownedListRoute("/api/campaigns", "campaigns", "campaigns", (record, context, index) => ({
        id: record.id,
        // The real service shows the account's first campaign with its name under "domain".
        [index === 0 ? "domain" : "name"]: record.name,
        public: record.public,
        ...urls(context, record),
    })),
    {
        method: "POST",
        pattern: "/api/campaign/add",
        handler: (context) => {
            const { profile } = context.settings;
            const name = profile.campaignName(optionalString(context.body, "name") ?? "");
            const slug = optionalString(context.body, "slug") || profile.campaignSlugWhenAbsent();
            const isPublic = profile.flag(context.body.public, "public") ?? false;
            checkSlug(context, slug);
            const record = context.store.insert("campaigns", context.user.id, { name, slug, public: isPublic });
            return writeResponse(context, record);
        },
    },
    {
        method: "PUT",
        pattern: "/api/campaign/:id/update",
        handler: (context) => {
            const { profile } = context.settings;
            const record = ownedOrFail(context, "campaigns", context.ids.id);
            const name = profile.campaignName(requiredString(context.body, "name"));
            const sent = optionalString(context.body, "slug");
            const slug = sent === "" && !profile.emptySlugRemovesRotator ? undefined : sent;
            const isPublic = profile.flag(context.body.public, "public");
            if (slug !== undefined) checkSlug(context, slug, record.id);
            context.store.update("campaigns", record, {
                name: name.length > IGNORED_NAME_LENGTH ? name : record.name,
                slug: slug ?? record.slug,
                public: isPublic ?? record.public,
            });
            return writeResponse(context, record);
        },
    },
    {
        method: "POST",
        pattern: "/api/campaign/:campaignid/assign/:linkid",
        handler: (context) => {
            const campaign = ownedOrFail(context, "campaigns", context.ids.campaignid);
            const link = ownedOrFail(context, "links", context.ids.linkid);
            if (link.campaignId === campaign.id) context.settings.profile.repeatedAssignment("campaign");
            context.store.update("links", link, { campaignId: campaign.id });
            return done("Link has been added to the campaign.");
        },
    },
    deleteRoute("campaigns", "/api/campaign/:id/delete"),
];
