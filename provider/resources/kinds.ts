// Every kind the package declares, one line each: its class and its Args. The registry and shortener-import take the
// kinds from here, in this order, which is the order the import declares their objects in.
export { Domain, type DomainArgs } from "./domain";
export { Campaign, type CampaignArgs } from "./campaign";
export { Channel, type ChannelArgs } from "./channel";
export { Pixel, type PixelArgs } from "./pixel";
export { Link, type DeepLink, type LinkArgs, type LinkTarget, type LinkUtm } from "./link";
export type { Redirect } from "./link-values";
export { QrCode, type QrCodeArgs, type QrDataByType } from "./qrcode";
export { AccountSettings, type AccountSettingsArgs } from "./account-settings";
export { CampaignLink, type CampaignLinkArgs } from "./campaign-link";
export { ChannelItem, type ChannelItemArgs } from "./channel-item";
export { WikiQuery, type WikiQueryArgs } from "./wikiquery";
