#!/usr/bin/env node
// pulumi-resource-shortener: the provider as a Pulumi resource plugin, which every Pulumi language (YAML, Python, Go,
// .NET, Java, TypeScript through its SDK) reaches by the tokens `shortener:index:<Kind>`. The engine starts it with its
// own address as the argument, reads the port printed on stdout, and talks gRPC to 127.0.0.1 on it.
import * as grpc from "@grpc/grpc-js";
import * as provrpc from "@pulumi/pulumi/proto/provider_grpc_pb";
import { endWhenStderrFails } from "../terminal";
import { providerService, ShortenerProvider } from "./server";

/** gRPC's default of 4 MiB is too small for a large state's properties; Pulumi's own servers take this. */
const MAX_MESSAGE_BYTES = 400 * 1024 * 1024;

async function main(): Promise<void> {
    endWhenStderrFails();
    const server = new grpc.Server({
        "grpc.max_receive_message_length": MAX_MESSAGE_BYTES,
        "grpc.max_send_message_length": MAX_MESSAGE_BYTES,
    });
    server.addService(provrpc.ResourceProviderService, providerService(new ShortenerProvider()));
    const port = await new Promise<number>((resolve, reject) =>
        server.bindAsync("127.0.0.1:0", grpc.ServerCredentials.createInsecure(), (error, bound) =>
            error ? reject(error) : resolve(bound),
        ),
    );
    process.stdout.write(`${port}\n`);
}

main().catch((error: unknown) => {
    process.stderr.write(`pulumi-resource-shortener: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
});
