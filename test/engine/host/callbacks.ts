// Calls back into the program: the SDK serves its transforms on a Callbacks server of its own and names them by a
// target (its address) and a token. As Go's resource monitor does (pkg/resource/deploy/source_eval.go:
// GetCallbacksClient, wrapTransformCallback, wrapInvokeTransformCallback), one client per target, closed at the end.
// A callback waits as long as the program lives (Go sets no deadline): when the program exits, its server goes
// and the call fails.
import * as grpc from "@grpc/grpc-js";
import * as callbackrpc from "@pulumi/pulumi/proto/callback_grpc_pb";
import * as callbackproto from "@pulumi/pulumi/proto/callback_pb";
import * as resproto from "@pulumi/pulumi/proto/resource_pb";
import { PropertyMap } from "../values/property-values";
import { fromStruct, toStruct } from "./structs";

export interface TransformTarget {
    name: string;
    type: string;
    custom: boolean;
    parent: string;
}

export interface Transformed<Options> {
    props: PropertyMap;
    options: Options;
}

export type ResourceTransform = (target: TransformTarget, props: PropertyMap, options: resproto.TransformResourceOptions) =>
    Promise<Transformed<resproto.TransformResourceOptions>>;

export type InvokeTransform = (token: string, args: PropertyMap, options: resproto.TransformInvokeOptions) =>
    Promise<Transformed<resproto.TransformInvokeOptions>>;

export class CallbackClients {
    private readonly clients = new Map<string, callbackrpc.CallbacksClient>();

    /** wrapTransformCallback: the transform's answer replaces what it sets (properties, options) and keeps the rest. */
    resourceTransform(callback: { getTarget(): string; getToken(): string }): ResourceTransform {
        const invoke = this.invoker(callback);
        return async (target, props, options) => {
            const request = new resproto.TransformRequest()
                .setName(target.name).setType(target.type).setCustom(target.custom).setParent(target.parent)
                .setProperties(toStruct(props)).setOptions(options);
            const response = resproto.TransformResponse.deserializeBinary(await invoke(request.serializeBinary()));
            return {
                props: response.hasProperties() ? fromStruct(response.getProperties()) : props,
                options: response.getOptions() ?? options,
            };
        };
    }

    /** wrapInvokeTransformCallback: as a resource transform, for an invoke's arguments and options. */
    invokeTransform(callback: { getTarget(): string; getToken(): string }): InvokeTransform {
        const invoke = this.invoker(callback);
        return async (token, args, options) => {
            const request = new resproto.TransformInvokeRequest().setToken(token).setArgs(toStruct(args)).setOptions(options);
            const response = resproto.TransformInvokeResponse.deserializeBinary(await invoke(request.serializeBinary()));
            return { props: response.hasArgs() ? fromStruct(response.getArgs()) : args, options: response.getOptions() ?? options };
        };
    }

    close(): void {
        for (const client of this.clients.values()) client.close();
        this.clients.clear();
    }

    private invoker(callback: { getTarget(): string; getToken(): string }): (request: Uint8Array) => Promise<Uint8Array> {
        const target = callback.getTarget();
        if (target === "") {
            throw new Error("target must be specified");
        }
        let client = this.clients.get(target);
        if (!client) {
            client = new callbackrpc.CallbacksClient(target, grpc.credentials.createInsecure());
            this.clients.set(target, client);
        }
        const ready = client;
        const token = callback.getToken();
        return (request) =>
            new Promise((resolve, reject) => {
                const call = new callbackproto.CallbackInvokeRequest().setToken(token).setRequest(request);
                ready.invoke(call, (error, response) => (error ? reject(error) : resolve(response.getResponse_asU8())));
            });
    }
}
