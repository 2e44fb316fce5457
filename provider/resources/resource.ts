// The base of every resource class a Pulumi program constructs.
import * as pulumi from "@pulumi/pulumi";
import { outputNames, type AnyKind } from "./lifecycle";
import { warnOnceIfApiKeyIsPlain } from "./plain-key-warning";
import { thinProvider } from "./stub";

/** The module part of the type token: resources are `pulumi-nodejs:dynamic/shortener:<Kind>`, the closest a
 *  dynamic resource comes to `shortener:index:<Kind>`. Part of the state format: keep it stable. */
const TYPE_MODULE = "shortener";

export abstract class ShortenerResource extends pulumi.dynamic.Resource {
    /** @param definition the kind: its name and its outputs, each of which becomes an Output of the instance. */
    protected constructor(definition: AnyKind, name: string, args: object, opts?: pulumi.CustomResourceOptions) {
        warnOnceIfApiKeyIsPlain();
        const props = { ...Object.fromEntries(outputNames(definition).map((output) => [output, undefined])), ...args };
        super(thinProvider(definition.kind), name, props, opts, TYPE_MODULE, definition.kind);
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
