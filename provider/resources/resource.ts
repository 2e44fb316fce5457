// The base of every resource class a Pulumi program constructs: a resource of Pulumi's dynamic provider, typed
// `pulumi-nodejs:dynamic/shortener:<Kind>` as `pulumi.dynamic.Resource` types one, with the kind's provider stub
// (stub.ts) as its `__provider`, which that class would serialize from a closure.
//
// provider/ takes from the SDK only the modules it uses (`@pulumi/pulumi/resource`, `/output`, `/log`,
// `/runtime/config`), types aside: the SDK's index loads about 760 modules (its closure serializer brings npm's
// arborist), a second of CPU, and `shortener-import`, which reads the kinds' definitions but declares no resource,
// would spend it on every run. In a program the index is loaded anyway, and these are the same modules.
import type * as pulumi from "@pulumi/pulumi";
import { secret } from "@pulumi/pulumi/output";
import { CustomResource } from "@pulumi/pulumi/resource";
import { outputNames, type AnyKind } from "./lifecycle";
import { warnOnceIfApiKeyIsPlain } from "./plain-key-warning";
import { PROVIDER_KEY, providerStub } from "./stub";
import { KIND_TYPE_PREFIX } from "./type-token";

/** Each kind's class with its definition: the kind's name and its outputs, each of which becomes an Output of the instance. */
const definedBy = new WeakMap<object, AnyKind>();

/**
 * Records the definition of a kind's class, for its constructor and the registry, and gives the class its outputs:
 * once per class, as it is declared.
 */
export function declareKind(cls: abstract new (...args: never) => ShortenerResource, definition: AnyKind): void {
    definedBy.set(cls, definition);
    for (const name of outputNames(definition)) Object.defineProperty(cls.prototype, name, lazyOutput(name));
}

/**
 * An output of the class, on its prototype: the SDK's Output where the resource registered the property (the SDK's
 * assignment lands in `set`), and otherwise, on first read, the value every write of the lifecycle gives a field the
 * program left out, undefined, once the resource exists (unknown in a preview of its create, as the SDK's would be).
 * Each registered property costs the program four promises and about 10 KiB (docs/performance.md): a link that sets
 * its url and alias registers 6 properties (its provider among them) instead of 23.
 */
function lazyOutput(name: string): PropertyDescriptor {
    const own = (resource: ShortenerResource, value: unknown) => {
        Object.defineProperty(resource, name, { value, writable: true, enumerable: true, configurable: true });
        return value;
    };
    return {
        configurable: true,
        get(this: ShortenerResource) {
            return own(
                this,
                this.id.apply(() => undefined),
            );
        },
        set(this: ShortenerResource, value: unknown) {
            own(this, value);
        },
    };
}

/**
 * The properties a resource registers beside the args the program gave: the outputs the service computes, and the
 * fields whose old value the engine may keep (`ignoreChanges`). A resource read from the service (`get`, `import`)
 * registers every output, since the read shows the fields the program left out.
 */
function registeredNames(definition: AnyKind, opts: pulumi.CustomResourceOptions | undefined): string[] {
    if (opts?.id !== undefined || opts?.import !== undefined || opts?.urn !== undefined) return outputNames(definition);
    return [...(definition.computedOutputs ?? []), ...(opts?.ignoreChanges ?? [])];
}

/** The definition of a kind's class, or of a class extending one; undefined for anything else. */
export function definitionOf(value: unknown): AnyKind | undefined {
    for (let cls = value; typeof cls === "function"; cls = Object.getPrototypeOf(cls)) {
        const definition = definedBy.get(cls);
        if (definition) return definition;
    }
    return undefined;
}

export abstract class ShortenerResource extends CustomResource {
    protected constructor(name: string, args: object, opts?: pulumi.CustomResourceOptions) {
        const definition = definitionOf(new.target);
        if (!definition) throw new Error(`internal error: ${new.target.name} declares no kind (declareKind)`);
        warnOnceIfApiKeyIsPlain();
        const secrets = definition.secretInputs ?? [];
        const props = {
            ...Object.fromEntries(registeredNames(definition, opts).map((output) => [output, undefined])),
            ...withSecrets(args, secrets),
            [PROVIDER_KEY]: providerStub(definition.kind),
        };
        const type = `${KIND_TYPE_PREFIX}${definition.kind}`;
        // The SDK gives each of a property's four promises the stack of its making, formatted, for the report of
        // leaked promises, which prints them only under PULUMI_DEBUG_PROMISE_LEAKS: two thirds of the program's CPU per
        // resource otherwise (docs/performance.md). The resource's own source position is read with a limit of its own.
        const stackTraceLimit = Error.stackTraceLimit;
        if (!process.env.PULUMI_DEBUG_PROMISE_LEAKS) Error.stackTraceLimit = 0;
        try {
            super(type, name, props, withSecretOutputs(opts, secrets));
        } finally {
            Error.stackTraceLimit = stackTraceLimit;
        }
    }

    /** A read-only view of an existing object by its id, e.g. `Domain.get("main", "12")`: nothing is created or changed. */
    static get<T extends ShortenerResource>(
        this: new (name: string, args: never, opts?: pulumi.CustomResourceOptions) => T,
        name: string,
        id: pulumi.Input<pulumi.ID>,
        opts?: pulumi.CustomResourceOptions,
    ): T {
        return new this(name, {} as never, { ...opts, id });
    }
}

/** The args with each of `secrets` given marked secret: the engine then keeps it secret in the state's inputs and outputs. */
function withSecrets(args: object, secrets: readonly string[]): object {
    const given = args as Record<string, unknown>;
    const marked = secrets
        .filter((name) => given[name] !== undefined)
        .map((name): [string, unknown] => [name, secret(given[name])]);
    return { ...args, ...Object.fromEntries(marked) };
}

/** The options with `secrets` among the outputs the engine keeps secret (a dynamic provider cannot mark one itself). */
function withSecretOutputs(
    opts: pulumi.CustomResourceOptions | undefined,
    secrets: readonly string[],
): pulumi.CustomResourceOptions | undefined {
    if (secrets.length === 0) return opts;
    return { ...opts, additionalSecretOutputs: [...(opts?.additionalSecretOutputs ?? []), ...secrets] };
}

/** A kind's class as the package declares it: its constructor, and `get`. */
export interface KindClass<Args extends object> {
    new (name: string, args: Args, opts?: pulumi.CustomResourceOptions): ShortenerResource;
    get: typeof ShortenerResource.get;
}

/**
 * The base of a kind's class whose constructor only hands the kind's definition on, so that a kind file declares its
 * class as its outputs alone: `class Pixel extends kindResource<PixelArgs>(pixel) { declare readonly ... }`. A class
 * with a constructor of its own (to mark a secret) extends ShortenerResource and declares its kind in a static block.
 */
export function kindResource<Args extends object>(definition: AnyKind): KindClass<Args> {
    const kindClass = class extends ShortenerResource {
        constructor(name: string, args: Args, opts?: pulumi.CustomResourceOptions) {
            super(name, args, opts);
        }
    };
    declareKind(kindClass, definition);
    return kindClass;
}
