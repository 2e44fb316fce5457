// Shared by the validator's tests: the catalogues and short ways to read a result.
import { resolve } from "node:path";
import { loadCatalogueFile, shippedCatalogue } from "../../wiki/catalogue";
import { validateWikiQuery, ValidateWikiQueryOptions, WikiQueryIssue, WikiQueryResult } from "../../wiki";

/** A real MediaWiki 1.45.4's paraminfo reply, vendored in test/fixtures/wiki (its README says where it came from). */
export function realReplyPath(): string {
    return resolve(__dirname, "../../../test/fixtures/wiki/paraminfo-mw-1.45.4.json");
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
