// Every resource kind by the name its serialized stub carries. The names are part of the state format.
import { accountSettings } from "./account";
import { campaignLink, channelItem } from "./assignments";
import { campaign } from "./campaign";
import { channel } from "./channel";
import { domain } from "./domain";
import type { Props, ResourceDefinition } from "./lifecycle";
import { pixel } from "./pixel";
import { qrCode } from "./qrcode";
import { wikiQuery } from "./wikiquery";

export const definitions: Readonly<Record<string, ResourceDefinition<Props>>> = {
    Domain: domain,
    Campaign: campaign,
    CampaignLink: campaignLink,
    Channel: channel,
    ChannelItem: channelItem,
    Pixel: pixel,
    QrCode: qrCode,
    AccountSettings: accountSettings,
    WikiQuery: wikiQuery,
} as unknown as Record<string, ResourceDefinition<Props>>;
