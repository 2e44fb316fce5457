// The public face of the shortener API client: what the provider and tests import.
export { createShortenerClient, type ClientConfig } from "./create-client";
export { accountKey } from "./account-key";
export { collect } from "./pagination";
export { describeWait } from "./transport";
export type { ShortenerClient, Listing, LinkBody, QrData, QrCodeBody } from "./shortener-client";
export { ShortenerApiError } from "./errors";
export type { ErrorKind } from "./errors";
export type { WaitEvent } from "./transport";
export type { PageQuery, AllOptions } from "./pagination";
export { CHANNEL_ITEM_TYPES, PIXEL_TYPES, QR_TYPES } from "./schemas";
// The shapes of what the look-ups answer, for the plugin's schema of its functions.
export {
    accountSchema,
    campaignSchema,
    channelItemSchema,
    channelSchema,
    domainSchema,
    linkSchema,
    linkStatisticsSchema,
    overlaySchema,
    pixelSchema,
    qrCodeSchema,
    qrStatisticsSchema,
    splashSchema,
} from "./schemas";
export type {
    Account,
    Campaign,
    Channel,
    ChannelItem,
    ChannelItemType,
    Domain,
    DomainPage,
    Link,
    LinkDetails,
    LinkStatistics,
    Overlay,
    Page,
    Pixel,
    PixelType,
    QrCode,
    QrStatistics,
    QrType,
    Splash,
    SystemDomain,
} from "./schemas";
