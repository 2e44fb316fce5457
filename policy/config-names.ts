// The rule names the pack config gives. The CLI checks each rule's config against its schema but passes a name that
// is no rule of the pack, and @pulumi/policy keeps the config to itself: a misspelled rule would go unchecked in
// silence. The pack reads the names from the Configure request as the library's gRPC service decodes it.
import { createRequire } from "node:module";

/** The analyzer service of the @pulumi/pulumi that @pulumi/policy loads (the module it serves). */
interface AnalyzerService {
    configure: { requestDeserialize: (bytes: Buffer) => { getPolicyconfigMap(): { keys(): Iterable<string> } } };
}

function analyzerService(): AnalyzerService {
    const fromPolicy = createRequire(require.resolve("@pulumi/policy"));
    return (fromPolicy("@pulumi/pulumi/proto/analyzer_grpc_pb") as { AnalyzerService: AnalyzerService })
        .AnalyzerService;
}

/** Records the rule names of every Configure request; call before the PolicyPack is made, which starts serving. */
export function watchConfiguredNames(): () => readonly string[] {
    let names: string[] = [];
    const configure = analyzerService().configure;
    const decode = configure.requestDeserialize;
    configure.requestDeserialize = (bytes) => {
        const request = decode(bytes);
        names = [...request.getPolicyconfigMap().keys()];
        return request;
    };
    return () => names;
}
