// The wiki query validator: check action=query definitions against a wiki's paraminfo catalogue.
export { validateWikiQuery, ValidateWikiQueryOptions, WikiQueryResult } from "./validate";
export { PossibleIssue, WikiQueryIssue } from "./issues";
export {
    checkDefinition,
    definitionsOf,
    WikiDefinitionError,
    WikiQueryDefinition,
    DefinitionValue,
} from "./definition";
