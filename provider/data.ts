// Read-only look-ups for Pulumi programs: plain async functions returning typed values, for showing what an
// account holds and for finding the ids of existing objects to adopt. They run in the program, with the same
// credentials and bounds as the resources (stack config, then environment), unless given explicitly, and say when
// they wait as the provider does.
import { getConfig } from "@pulumi/pulumi/runtime/config";
import { collect, createShortenerClient, describeWait, type ShortenerClient } from "./client";
import { BOUNDS } from "./bounds";
import { resolveSettings, type Credentials } from "./config";
import { tellUser } from "./terminal";

/** Explicit credentials; by default they come from stack config or the environment, as the provider's do. */
export type DataOptions = Partial<Credentials>;

function clientFor(options: DataOptions = {}): ShortenerClient {
    const { requestTimeoutMs, ...settings } = resolveSettings({ get: (key) => getConfig(key) }, process.env, options);
    return createShortenerClient({
        ...settings,
        timeoutMs: requestTimeoutMs,
        onWait: (event) => tellUser(describeWait(event)),
    });
}

export const getAccount = (options?: DataOptions) => clientFor(options).account.get();
export const listOverlays = (options?: DataOptions) => collect(clientFor(options).overlays.all());
export const listSplashPages = (options?: DataOptions) => collect(clientFor(options).splash.all());
export const getQrCodeStatistics = async (id: number, options?: DataOptions) =>
    (await clientFor(options).qrCodes.get(id)).statistics;
export const listDomains = (options?: DataOptions) => collect(clientFor(options).domains.all());
export const listCampaigns = (options?: DataOptions) => collect(clientFor(options).campaigns.all());
export const listChannels = (options?: DataOptions) => collect(clientFor(options).channels.all());
export const listChannelItems = (channelId: number, options?: DataOptions) =>
    collect(clientFor(options).channels.allItems(channelId));
/** Every short link of the account as the listing shows it (not the links of QR codes and bio pages). */
export const listLinks = (options?: DataOptions) =>
    collect(clientFor(options).links.all({ limit: BOUNDS.linkPageSize.default }));
/** A link's clicks, and where they came from once it has some. */
export const getLinkStatistics = async (id: number | string, options?: DataOptions) =>
    (await clientFor(options).links.get(linkId(id))).statistics;
export const listPixels = (options?: DataOptions) => collect(clientFor(options).pixels.all());
export const listQrCodes = (options?: DataOptions) => collect(clientFor(options).qrCodes.all());

/** A link's id as `link.id` gives it (a string) or as a number. */
function linkId(id: number | string): number {
    const value = Number(id);
    if (!Number.isSafeInteger(value) || value <= 0)
        throw new Error(`getLinkStatistics: id must be a link's id, got ${JSON.stringify(id)}`);
    return value;
}
