// A gRPC error with its status code, as the engine's servers answer one (rpcerror.New).
import * as grpc from "@grpc/grpc-js";

export function statusError(code: grpc.status, details: string): grpc.ServiceError {
    return Object.assign(new Error(details), { code, details, metadata: new grpc.Metadata() });
}
