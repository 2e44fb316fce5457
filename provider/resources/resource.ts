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

/** Records the definition of a kind's class, for its constructor and the registry: once per class, as it is declared. */
export function declareKind(cls: abstract new (...args: never) => ShortenerResource, definition: AnyKind): void {
    definedBy.set(cls, definition);
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
            ...Object.fromEntries(outputNames(definition).map((output) => [output, undefined])),
            ...withSecrets(args, secrets),
            [PROVIDER_KEY]: providerStub(definition.kind),
        };
        const type = `${KIND_TYPE_PREFIX}${definition.kind}`;
        super(type, name, props, withSecretOutputs(opts, secrets));
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
