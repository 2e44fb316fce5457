// The wiki query validator's door: check action=query definitions against a wiki's paraminfo catalogue. The package's
// door re-exports the public part of it, the WikiQuery kind chooses a catalogue and reads the module fields through
// it, and the catalogue build (tools/wiki-catalogue) writes the paraminfo and site shapes it reads.
export { validateWikiQuery, ValidateWikiQueryOptions, WikiQueryResult } from "./validate";
export { PossibleIssue, WikiQueryIssue } from "./issues";
export {
    checkDefinition,
    definitionsOf,
    MODULE_FIELDS,
    WikiDefinitionError,
    WikiQueryDefinition,
    DefinitionValue,
} from "./definition";
export * from "./catalogue";
export { RawModule, RawParameter } from "./catalogue/paraminfo-schema";
export { shippedSiteSchema } from "./catalogue/site-schema";
