// Names for imported objects, derived from what the service calls them: a Pulumi resource name (kebab case,
// unique within its kind) and a TypeScript variable (camel case with the kind as prefix, so unique in the file
// and never a reserved word). Objects whose names collide all get "_<id>" appended, so a name does not depend on
// the order the service lists them in, and a second import names everything the same way.

export interface Named {
    /** The resource's name in the stack, e.g. "spring-sale". */
    resource: string;
    /** The variable in the generated program, e.g. "campaignSpringSale". */
    variable: string;
}

/** The words of a name, lower-case ASCII letters and digits; accents are dropped, other characters split words. */
function words(text: string): string[] {
    return text
        .normalize("NFKD")
        .replace(/[\u0300-\u036f]/g, "")
        .toLowerCase()
        .split(/[^a-z0-9]+/)
        .filter((word) => word !== "");
}

const MAX_WORDS = 6;

/**
 * @param prefix the kind, e.g. "campaign": the variable's first word, and the name of objects whose name has no
 *     usable word ("campaign_12")
 * @param objects each object's id and the text its name is derived from
 */
export function nameObjects(prefix: string, objects: readonly { id: number; text: string }[]): Map<number, Named> {
    const derived = objects.map((object) => {
        const parts = words(object.text).slice(0, MAX_WORDS);
        return {
            id: object.id,
            resource: parts.join("-"),
            variable: [prefix, ...parts].map(capitalisedAfterFirst).join(""),
        };
    });
    // Variables collide more often than resource names ("sale-3" and "sale3" are both campaignSale3), so they decide.
    const uses = new Map<string, number>();
    for (const { variable } of derived) uses.set(variable, (uses.get(variable) ?? 0) + 1);
    // "_" never occurs in a derived name, so a name with "_<id>" cannot meet another one.
    return new Map(
        derived.map(({ id, resource, variable }) => {
            if (resource === "") return [id, { resource: `${prefix}_${id}`, variable: `${prefix}_${id}` }];
            if (uses.get(variable)! > 1) return [id, { resource: `${resource}_${id}`, variable: `${variable}_${id}` }];
            return [id, { resource, variable }];
        }),
    );
}

function capitalisedAfterFirst(word: string, index: number): string {
    return index === 0 ? word : word.charAt(0).toUpperCase() + word.slice(1);
}
