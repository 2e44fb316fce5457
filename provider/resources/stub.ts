// The serialized `__provider` of every resource: one line of module code, not the provider's code. The dynamic-provider
// host evaluates it with `require` resolving from the program's node_modules, where this package is installed, takes
// the object its `handler` gives and calls that object's `configure` once before any other method; `configure`
// installs the real methods from the runtime entry of the installed package. So every resource of a run shares one
// rate limiter and one list cache (module state of the installed package), and an upgrade of the package applies to
// existing resources. Pulumi stores the stub twice per resource (in its inputs and its outputs), so it is written here,
// about 120 bytes, rather than serialized by Pulumi's closure serializer, whose scaffolding around the same function
// took about 650. The entry name and the `bindProvider` export are part of the state format: keep them stable.
const RUNTIME_ENTRY = "pulumi-shortener/runtime";

/** The property the dynamic-provider host reads a resource's provider from: the stub's place in the state. */
export const PROVIDER_KEY = "__provider";

/** A kind's name as its definitions write it: letters, a capital first. */
const KIND = /^[A-Z][A-Za-z]*$/;

/** The module text of a kind's provider, with the kind and the entry as string literals. */
export function providerStub(kind: string): string {
    if (!KIND.test(kind)) throw new Error(`internal error: ${JSON.stringify(kind)} is not a kind's name`);
    const runtime = `require(${JSON.stringify(RUNTIME_ENTRY)})`;
    return `exports.handler=()=>({configure(r){Object.assign(this,${runtime}.bindProvider(${JSON.stringify(kind)},r.config))}});`;
}
