// Read-only look-ups for Pulumi programs: plain async functions returning typed values, for showing what an
// account holds and for finding the ids of existing objects to adopt. They run in the program, with the same
// credentials as the resources (stack config, then environment), unless given explicitly.
import * as pulumi from "@pulumi/pulumi";
import { createShortenerClient, type ShortenerClient } from "./client";
import { resolveCredentials, type Credentials } from "./config";
import { collect } from "./resources/list-cache";

/** Explicit credentials; by default they come from `shortener:baseUrl` / `shortener:apiKey` or the environment. */
export type DataOptions = Partial<Credentials>;

function clientFor(options: DataOptions = {}): ShortenerClient {
    const configured = resolveCredentials({ get: (key) => options[key === "shortener:apiKey" ? "apiKey" : "baseUrl"] ?? pulumi.runtime.getConfig(key) });
    return createShortenerClient(configured);
}

export const getAccount = (options?: DataOptions) => clientFor(options).account.get();
export const listOverlays = (options?: DataOptions) => collect(clientFor(options).overlays.all());
export const listSplashPages = (options?: DataOptions) => collect(clientFor(options).splash.all());
export const getQrCodeStatistics = async (id: number, options?: DataOptions) => (await clientFor(options).qrCodes.get(id)).statistics;
export const listDomains = (options?: DataOptions) => collect(clientFor(options).domains.all());
export const listCampaigns = (options?: DataOptions) => collect(clientFor(options).campaigns.all());
export const listChannels = (options?: DataOptions) => collect(clientFor(options).channels.all());
export const listChannelItems = (channelId: number, options?: DataOptions) => collect(clientFor(options).channels.allItems(channelId));
export const listPixels = (options?: DataOptions) => collect(clientFor(options).pixels.all());
export const listQrCodes = (options?: DataOptions) => collect(clientFor(options).qrCodes.all());
