import { accountRoutes } from "./account";
import { campaignRoutes } from "./campaigns";
import { channelRoutes } from "./channels";
import { ApiRoute } from "./context";
import { domainRoutes } from "./domains";
import { linkRoutes } from "./links";
import { pixelRoutes } from "./pixels";
import { qrRoutes } from "./qrcodes";
import { readOnlyRoutes } from "./read-only";

export const apiRoutes: ApiRoute[] = [
    ...accountRoutes,
    ...domainRoutes,
    ...readOnlyRoutes,
    ...campaignRoutes,
    ...channelRoutes,
    ...pixelRoutes,
    ...qrRoutes,
    ...linkRoutes,
];
