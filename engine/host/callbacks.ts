// Calls back into the program: the SDK serves its transforms and hooks on a Callbacks server of its own and names them
// by a target (its address) and a token. As Go's resource monitor does (pkg/resource/deploy/source_eval.go:
// GetCallbacksClient, wrapTransformCallback, wrapInvokeTransformCallback, wrapResourceHookCallback,
// wrapErrorHookCallback), one client per target, closed at the end.
// A callback waits as long as the program lives (Go sets no deadline): when the program exits, its server goes
// and the call fails.
import * as grpc from "@grpc/grpc-js";
import * as callbackrpc from "@pulumi/pulumi/proto/callback_grpc_pb";
import * as callbackproto from "@pulumi/pulumi/proto/callback_pb";
import * as resproto from "@pulumi/pulumi/proto/resource_pb";
import { PropertyMap } from "../values/property-values";
import type { ErrorHook, HookCall, ResourceHook } from "../steps/resource-hooks";
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

export type ResourceTransform = (
    target: TransformTarget,
    props: PropertyMap,
    options: resproto.TransformResourceOptions,
) => Promise<Transformed<resproto.TransformResourceOptions>>;

export type InvokeTransform = (
    token: string,
    args: PropertyMap,
    options: resproto.TransformInvokeOptions,
) => Promise<Transformed<resproto.TransformInvokeOptions>>;

export class CallbackClients {
    private readonly clients = new Map<string, callbackrpc.CallbacksClient>();

    /** wrapTransformCallback: the transform's answer replaces what it sets (properties, options) and keeps the rest. */
    resourceTransform(callback: CallbackRef): ResourceTransform {
        const invoke = this.invoker(callback);
        return async (target, props, options) => {
            const request = new resproto.TransformRequest()
                .setName(target.name)
                .setType(target.type)
                .setCustom(target.custom)
                .setParent(target.parent)
                .setProperties(toStruct(props))
                .setOptions(options);
            const response = resproto.TransformResponse.deserializeBinary(await invoke(request.serializeBinary()));
            return {
                props: response.hasProperties() ? fromStruct(response.getProperties()) : props,
                options: response.getOptions() ?? options,
            };
        };
    }

    /** wrapInvokeTransformCallback: as a resource transform, for an invoke's arguments and options. */
    invokeTransform(callback: CallbackRef): InvokeTransform {
        const invoke = this.invoker(callback);
        return async (token, args, options) => {
            const request = new resproto.TransformInvokeRequest()
                .setToken(token)
                .setArgs(toStruct(args))
                .setOptions(options);
            const response = resproto.TransformInvokeResponse.deserializeBinary(
                await invoke(request.serializeBinary()),
            );
            return {
                props: response.hasArgs() ? fromStruct(response.getArgs()) : args,
                options: response.getOptions() ?? options,
            };
        };
    }

    /** wrapResourceHookCallback: the hook's error, when it answers one, is the call's failure. */
    resourceHook(callback: CallbackRef): ResourceHook["callback"] {
        const invoke = this.invoker(callback);
        return async (call) => {
            const request = withHookCall(new resproto.ResourceHookRequest(), call);
            if (call.newOutputs) request.setNewOutputs(toStruct(call.newOutputs));
            const response = resproto.ResourceHookResponse.deserializeBinary(await invoke(request.serializeBinary()));
            if (response.getError() !== "") throw new Error(response.getError());
        };
    }

    /** wrapErrorHookCallback: whether the hook asks for a retry; its error, when it answers one, is the call's failure. */
    errorHook(callback: CallbackRef): ErrorHook["callback"] {
        const invoke = this.invoker(callback);
        return async (call, failedOperation, errors) => {
            const request = withHookCall(new resproto.ErrorHookRequest(), call)
                .setFailedOperation(failedOperation)
                .setErrorsList(errors);
            const response = resproto.ErrorHookResponse.deserializeBinary(await invoke(request.serializeBinary()));
            if (response.getError() !== "") throw new Error(response.getError());
            return response.getRetry();
        };
    }

    close(): void {
        for (const client of this.clients.values()) client.close();
        this.clients.clear();
    }

    private invoker(callback: CallbackRef): (request: Uint8Array) => Promise<Uint8Array> {
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

/** A callback as the program names it: its Callbacks server (target) and its token there. */
type CallbackRef = { getTarget(): string; getToken(): string };

/** What a resource hook's and an error hook's requests share: the resource, its options, inputs and old outputs. */
function withHookCall<R extends resproto.ResourceHookRequest | resproto.ErrorHookRequest>(
    request: R,
    call: HookCall,
): R {
    request.setUrn(call.urn).setId(call.id).setName(call.name).setType(call.type);
    if (call.newInputs) request.setNewInputs(toStruct(call.newInputs));
    if (call.oldInputs) request.setOldInputs(toStruct(call.oldInputs));
    if (call.oldOutputs) request.setOldOutputs(toStruct(call.oldOutputs));
    if (call.oldOptions) request.setOldOptions(call.oldOptions);
    if (call.newOptions) request.setNewOptions(call.newOptions);
    return request;
}
