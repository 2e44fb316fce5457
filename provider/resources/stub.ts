import type * as pulumi from "@pulumi/pulumi";

// The serialized `__provider` of every resource is this thin stub, not the provider's code. The host evaluates it
// with `require` resolving from the program's node_modules, where this package is installed, and calls
// `configure` once before any other method. The stub's configure installs the real methods from the runtime
// entry of the installed package. So state stays small (the stub is a few hundred bytes, and Pulumi stores it in
// every resource's inputs and outputs), every resource of a run shares one rate limiter and one list cache
// (module state of the installed package), and an upgrade of the package applies to existing resources.
// The entry name and the `bindProvider` export are part of the state format: keep them stable across versions.
const RUNTIME_ENTRY = "pulumi-shortener/runtime";

const stubs = new Map<string, pulumi.dynamic.ResourceProvider>();

/** The provider object of one resource kind; one object per kind, so Pulumi serializes it once per run. */
export function thinProvider(kind: string): pulumi.dynamic.ResourceProvider {
    let stub = stubs.get(kind);
    if (!stub) {
        stub = makeStub(kind, RUNTIME_ENTRY);
        stubs.set(kind, stub);
    }
    return stub;
}

function makeStub(kind: string, entry: string): pulumi.dynamic.ResourceProvider {
    const stub = {
        async configure(this: object, request: pulumi.dynamic.ConfigureRequest) {
            Object.assign(this, require(entry).bindProvider(kind, request.config));
        },
    };
    // check/diff/create/read/update/delete are installed by configure, which the host always calls first
    // (@pulumi/pulumi >= 3.139); declaring them here would serialize them into every resource's state.
    return stub as unknown as pulumi.dynamic.ResourceProvider;
}
