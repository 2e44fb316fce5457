// Shared by the validator's tests: the catalogues and short ways to read a result.
import { sharedDataPath } from "../support/shared-data";
import { loadCatalogueFile, shippedCatalogue } from "../../provider/wiki/catalogue";
import { validateWikiQuery, ValidateWikiQueryOptions, WikiQueryIssue, WikiQueryResult } from "../../provider/wiki";

const REAL_REPLY_NAME = "paraminfo-mw-1.45.4.json";

/** The real MediaWiki 1.45.4 reply, from the shared folder beside the repository. */
export function realReplyPath(): string {
    return sharedDataPath(REAL_REPLY_NAME);
}

export const shipped = shippedCatalogue();
export const real = loadCatalogueFile(realReplyPath());

export function check(definition: unknown, options: ValidateWikiQueryOptions = {}): WikiQueryResult {
    return validateWikiQuery(definition, { catalogue: shipped, ...options });
}

/** "code@param" for each issue, the form the assertions compare. */
export function codes(issues: readonly WikiQueryIssue[]): string[] {
    return issues.map((issue) => `${issue.code}@${issue.param}`);
}
