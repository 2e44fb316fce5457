// An account as people make it in the dashboard, seeded through the emulator's admin surface: many objects of
// every kind (enough for several listing pages), names that collide, names with no usable word, accents and
// punctuation, optional values set and unset, and channels holding links, bio pages and QR codes.
import { PROFILES, type RunningEmulator } from "../../emulator";

export interface SeededAccount {
    perKind: number;
    channelItems: number;
    systemDomains: number;
}

const PIXEL_TYPES = ["tagmanagerpixel", "analyticspixel", "socialpixel", "adspixel", "retargetpixel", "shortvideo"];
const CAMPAIGN_NAMES = ["Spring sale", "spring-sale", "Café & co", "R and D", "!!!"];
const CHANNEL_NAMES = ["Newsletter", "Newsletter", "Editor's picks", "Über uns", "***"];
const ASSIGNED_DATE = "2026-01-01 00:00:00";

/** Seeds `perKind` objects of every kind; the first `withItems` channels each hold a link, a bio page and a QR code. */
export async function seedAccount(
    emulator: RunningEmulator,
    perKind: number,
    withItems: number,
    systemDomains: number,
): Promise<SeededAccount> {
    const { admin } = emulator;
    // Seeds skip the API, so text is stored here as the profile's service would have stored it from the dashboard.
    const { storedText, campaignName } = PROFILES[emulator.profile];
    for (let i = 1; i <= perKind; i++) {
        await admin.seed("domains", {
            // One in ten written as people type them: upper case and a trailing slash, which the service keeps.
            domain: i % 10 === 0 ? `HTTPS://Go${i}.Brand.example/` : `https://go${i}.brand.example`,
            redirectroot: i % 2 === 0 ? `https://www.brand.example/from-${i}` : "",
            redirect404: i % 3 === 0 ? "https://www.brand.example/not-found" : "",
        });
        await admin.seed("campaigns", {
            name: campaignName(
                `${CAMPAIGN_NAMES[i % CAMPAIGN_NAMES.length]}${i > CAMPAIGN_NAMES.length ? ` ${i}` : ""}`,
            ),
            slug: i % 4 === 0 ? `rotator-${i}` : "",
            public: i % 3 === 0,
        });
        await admin.seed("channels", {
            name: storedText(i <= CHANNEL_NAMES.length ? CHANNEL_NAMES[i - 1] : `Channel number ${i}`),
            description: i % 2 === 0 ? storedText(`Links for group ${i} & friends`) : "",
            color: i % 3 === 0 ? `#${(0x1a73e8 + i).toString(16)}` : "",
            starred: i % 5 === 0,
        });
        await admin.seed("pixels", {
            type: PIXEL_TYPES[i % PIXEL_TYPES.length],
            name: storedText(`Pixel ${i} “quoted” < ${i + 1}`),
            tag: storedText(`TAG-${i}&x`),
        });
        await admin.seed("qrcodes", {
            type: "text",
            data: `secret-looking data ${i}`,
            name: i % 7 === 0 ? "Landing" : `QR ${i}`,
            scans: i,
        });
    }
    const channels = (await admin.list("channels")).map((channel) => Number(channel.id));
    const qrCodes = (await admin.list("qrcodes")).map((qr) => Number(qr.id));
    for (let i = 0; i < withItems; i++) {
        const link = await admin.seed("links", {
            url: `https://www.brand.example/post-${i}`,
            alias: `post${i}`,
            title: `Post ${i}`,
        });
        const bio = await admin.seed("bio", { name: `Bio ${i}`, alias: `bio${i}` });
        await admin.patch("channels", channels[i], {
            items: [
                { type: "links", id: link.id, date: ASSIGNED_DATE },
                { type: "bio", id: bio.id, date: ASSIGNED_DATE },
                { type: "qr", id: qrCodes[i], date: ASSIGNED_DATE },
            ],
        });
    }
    return { perKind, channelItems: withItems * 3, systemDomains };
}
