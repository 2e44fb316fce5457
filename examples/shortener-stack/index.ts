// A realistic stack: a branded domain, a launch campaign with its short links, a newsletter channel with items,
// tracking pixels, and QR codes with typed data, one of them of a short link.
import * as pulumi from "@pulumi/pulumi";
import * as shortener from "pulumi-shortener";

const brand = new shortener.Domain("brand", {
    domain: "https://go.example.com",
    redirectRoot: "https://www.example.com",
    redirect404: "https://www.example.com/not-found",
});

const launch = new shortener.Campaign("autumn-launch", { name: "Autumn launch", slug: "autumn-launch", public: true });
const analytics = new shortener.Pixel("site-analytics", {
    type: "analyticspixel",
    name: "Site analytics",
    tag: "G-EXAMPLE1",
});
new shortener.Pixel("retargeting", { type: "retargetpixel", name: "Autumn retargeting", tag: "rt-2026-autumn" });

// The campaign's links: on the brand's domain, tagged for analytics, in the campaign.
const utm = (content: string) => ({
    utm_source: "newsletter",
    utm_medium: "email",
    utm_campaign: "autumn-launch",
    utm_content: content,
});
const collection = new shortener.Link("autumn-collection", {
    url: "https://www.example.com/autumn",
    alias: "autumn",
    domain: brand.domain,
    title: "Autumn collection",
    parameters: utm("collection"),
    pixels: [analytics.id],
    campaign: launch.id,
    geoTargets: [{ location: "Canada", url: "https://www.example.com/ca/autumn" }],
});
const lookbook = new shortener.Link("autumn-lookbook", {
    url: "https://www.example.com/autumn/lookbook",
    alias: "lookbook",
    domain: brand.domain,
    title: "Autumn lookbook",
    parameters: utm("lookbook"),
    campaign: launch.id,
    expiry: "2030-12-31",
});
// A preview for the press: a random alias, behind a password.
const pressPreview = new shortener.Link("press-preview", {
    url: "https://www.example.com/autumn/press",
    title: "Autumn press preview",
    password: "autumn-press-2026",
});
// A link put into the campaign by its id, as a link made elsewhere would be.
const recipes = new shortener.Link("autumn-recipes", {
    url: "https://www.example.com/blog/autumn-recipes",
    alias: "recipes",
    domain: brand.domain,
    parameters: utm("recipes"),
});
new shortener.CampaignLink("autumn-launch-recipes", { campaignId: launch.id, linkId: recipes.id });

const newsletter = new shortener.Channel("newsletter", {
    name: "Newsletter",
    description: "Links we share in the monthly newsletter",
    color: "#1a73e8",
    starred: true,
});
for (const [name, link] of Object.entries({ lookbook, recipes, "press-preview": pressPreview })) {
    new shortener.ChannelItem(`newsletter-${name}`, { channelId: newsletter.id, type: "links", itemId: link.id });
}

// The QR code of the collection's short link, for the printed catalogue.
const landingQr = new shortener.QrCode("landing-page", {
    type: "link",
    data: collection.shortUrl,
    foreground: "rgb(26,115,232)",
    background: "rgb(255,255,255)",
});
new shortener.ChannelItem("newsletter-landing-qr", { channelId: newsletter.id, type: "qr", itemId: landingQr.id });

new shortener.QrCode("sales-card", {
    type: "vcard",
    data: {
        fname: "Ada",
        lname: "Lovelace",
        org: "Example Ltd",
        email: "sales@example.com",
        phone: "+44 20 7946 0000",
    },
});

// The guest network's password would otherwise sit in the state in plain text.
new shortener.QrCode("guest-wifi", {
    type: "wifi",
    data: pulumi.secret({ ssid: "Example Guest", pass: "autumn-guest-2026", encryption: "wpa" as const }),
});

export const brandDomain = brand.domain;
export const rotatorUrl = launch.rotatorUrl;
export const campaignListUrl = launch.listUrl;
export const landingQrLink = landingQr.link;
export const collectionUrl = collection.shortUrl;
export const pressPreviewUrl = pressPreview.shortUrl;
