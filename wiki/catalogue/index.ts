// The wiki catalogue: what a wiki's query modules accept, shipped, read from a file, fetched or pinned from a wiki.
export * from "./model";
export { CatalogueError } from "./errors";
export { parseCatalogue, loadCatalogueFile, shippedCatalogue } from "./load";
export { fetchCatalogue, FetchCatalogueOptions } from "./fetch";
export { pullCatalogue, PullCatalogueOptions, PulledCatalogue } from "./pull";
export { catalogueDrift, CatalogueDrift, describeDrift } from "./drift";
export { chooseCatalogue, ChosenCatalogue, DEFAULT_PIN_DIRECTORY, findPinnedCatalogue, pinFileName } from "./pinned";
