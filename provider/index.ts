// The package's public face: resource classes, read-only data functions, and the wiki query validator.
export { Domain, type DomainArgs } from "./resources/domain";
export { Campaign, type CampaignArgs } from "./resources/campaign";
export { Channel, type ChannelArgs } from "./resources/channel";
export { Pixel, type PixelArgs } from "./resources/pixel";
export { QrCode, type QrCodeArgs, type QrDataByType } from "./resources/qrcode";
export { AccountSettings, type AccountSettingsArgs } from "./resources/account-settings";
export { CampaignLink, type CampaignLinkArgs } from "./resources/campaign-link";
export { ChannelItem, type ChannelItemArgs } from "./resources/channel-item";
export { WikiQuery, type WikiQueryArgs } from "./resources/wikiquery";
export * from "./data";
export * from "./wiki";
export { CatalogueError, fetchCatalogue, loadCatalogueFile, parseCatalogue, shippedCatalogue } from "./wiki/catalogue";
export { PIXEL_TYPES, QR_TYPES, type PixelType, type QrType } from "./client";
