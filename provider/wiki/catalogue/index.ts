// The wiki catalogue: what a wiki's query modules accept, shipped, read from a file or fetched from a wiki.
export * from "./model";
export { CatalogueError } from "./errors";
export { parseCatalogue, loadCatalogueFile, shippedCatalogue } from "./load";
export { fetchCatalogue, FetchCatalogueOptions } from "./fetch";
