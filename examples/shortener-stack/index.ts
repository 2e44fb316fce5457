// A realistic stack: a branded domain, a launch campaign with its links, a newsletter channel with items,
// tracking pixels, and QR codes with typed data. Short links themselves are made in the service's dashboard
// (its API has no endpoint for them), so their ids come from stack config.
import * as pulumi from "@pulumi/pulumi";
import * as shortener from "pulumi-shortener";

const config = new pulumi.Config();
const campaignLinkIds = config.getObject<number[]>("campaignLinkIds") ?? [];
const newsletterLinkIds = config.getObject<number[]>("newsletterLinkIds") ?? [];

const brand = new shortener.Domain("brand", {
    domain: "https://go.example.com",
    redirectRoot: "https://www.example.com",
    redirect404: "https://www.example.com/not-found",
});

const launch = new shortener.Campaign("autumn-launch", { name: "Autumn launch", slug: "autumn-launch", public: true });
for (const linkId of campaignLinkIds) {
    new shortener.CampaignLink(`autumn-launch-link-${linkId}`, { campaignId: launch.id, linkId });
}

const newsletter = new shortener.Channel("newsletter", {
    name: "Newsletter",
    description: "Links we share in the monthly newsletter",
    color: "#1a73e8",
    starred: true,
});
for (const linkId of newsletterLinkIds) {
    new shortener.ChannelItem(`newsletter-link-${linkId}`, { channelId: newsletter.id, type: "links", itemId: linkId });
}

new shortener.Pixel("site-analytics", { type: "analyticspixel", name: "Site analytics", tag: "G-EXAMPLE1" });
new shortener.Pixel("retargeting", { type: "retargetpixel", name: "Autumn retargeting", tag: "rt-2026-autumn" });

const landingQr = new shortener.QrCode("landing-page", {
    type: "link",
    data: "https://www.example.com/autumn",
    foreground: "rgb(26,115,232)",
    background: "rgb(255,255,255)",
});
new shortener.ChannelItem("newsletter-landing-qr", { channelId: newsletter.id, type: "qr", itemId: landingQr.id });

new shortener.QrCode("sales-card", {
    type: "vcard",
    data: { fname: "Ada", lname: "Lovelace", org: "Example Ltd", email: "sales@example.com", phone: "+44 20 7946 0000" },
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
