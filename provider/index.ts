// The package's public face: resource classes, read-only data functions, and the wiki query validator.
export * from "./resources/kinds";
export {
    getAccount,
    getLinkStatistics,
    getQrCodeStatistics,
    listCampaigns,
    listChannelItems,
    listChannels,
    listDomains,
    listLinks,
    listOverlays,
    listPixels,
    listQrCodes,
    listSplashPages,
    type DataOptions,
} from "./data";
export {
    CatalogueError,
    checkDefinition,
    DefinitionValue,
    definitionsOf,
    fetchCatalogue,
    loadCatalogueFile,
    parseCatalogue,
    PossibleIssue,
    shippedCatalogue,
    validateWikiQuery,
    ValidateWikiQueryOptions,
    WikiDefinitionError,
    WikiQueryDefinition,
    WikiQueryIssue,
    WikiQueryResult,
} from "../wiki";
export { PIXEL_TYPES, QR_TYPES, type PixelType, type QrType } from "./client";
