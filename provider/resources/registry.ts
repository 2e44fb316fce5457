// Every resource kind by the name its serialized stub carries (each definition's `kind`, part of the state format).
import { accountSettings } from "./account-settings";
import { campaign } from "./campaign";
import { campaignLink } from "./campaign-link";
import { channel } from "./channel";
import { channelItem } from "./channel-item";
import { domain } from "./domain";
import type { AnyKind } from "./lifecycle";
import { pixel } from "./pixel";
import { qrCode } from "./qrcode";
import { wikiQuery } from "./wikiquery";

const KINDS: readonly AnyKind[] = [domain, campaign, campaignLink, channel, channelItem, pixel, qrCode, accountSettings, wikiQuery];

export const definitions: Readonly<Record<string, AnyKind>> = Object.fromEntries(KINDS.map((definition) => [definition.kind, definition]));
