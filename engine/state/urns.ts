// URNs as the engine makes them: urn:pulumi:<stack>::<project>::<parent types $ type>::<name>.
// Children of the root stack do not carry the stack's type, as in a real deployment.
const ROOT_STACK_TYPE = "pulumi:pulumi:Stack";

export function resourceUrn(project: string, stack: string, type: string, name: string, parentUrn: string): string {
    const parentType = parentUrn ? qualifiedTypeOf(parentUrn) : "";
    const qualified = parentType && parentType !== ROOT_STACK_TYPE ? `${parentType}$${type}` : type;
    return `urn:pulumi:${stack}::${project}::${qualified}::${name}`;
}

export function qualifiedTypeOf(urn: string): string {
    return urn.split("::")[2] ?? "";
}

export function nameOf(urn: string): string {
    return urn.split("::").slice(3).join("::");
}

export function isRootStack(type: string): boolean {
    return type === ROOT_STACK_TYPE;
}
