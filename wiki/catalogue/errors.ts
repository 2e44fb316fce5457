/** Anything that keeps a catalogue from loading: the message names the source, the field and the reason. */
export class CatalogueError extends Error {
    constructor(
        readonly source: string,
        readonly problem: string,
    ) {
        super(`${source}: ${problem}`);
        this.name = "CatalogueError";
    }
}
