// The pack config as the CLI gives it. The CLI checks each rule's config against its schema but passes a name that is
// no rule of the pack, or a key its schema does not name, and @pulumi/policy keeps the config to itself: a misspelled
// rule or key would go unchecked in silence. The pack reads the config from the Configure request as the library's
// gRPC service decodes it, and refuses the request there, so that the run stops before any resource is checked.
import { createRequire } from "node:module";

/** The analyzer service of the @pulumi/pulumi that @pulumi/policy loads (the module it serves). */
interface ConfigureRequest {
    getPolicyconfigMap(): {
        entries(): Iterable<[string, { getProperties(): { toJavaScript(): Record<string, unknown> } | undefined }]>;
    };
}

/** Each rule's settings as the pack config gives them, by the rule's name. */
export type GivenConfig = Readonly<Record<string, Record<string, unknown>>>;

interface AnalyzerService {
    configure: { requestDeserialize: (bytes: Buffer) => ConfigureRequest };
}

function analyzerService(): AnalyzerService {
    const fromPolicy = createRequire(require.resolve("@pulumi/policy"));
    return (fromPolicy("@pulumi/pulumi/proto/analyzer_grpc_pb") as { AnalyzerService: AnalyzerService })
        .AnalyzerService;
}

/**
 * Refuses every Configure request whose config `check` throws for: the library's Configure reads the request's config
 * first, inside its own error handling, so the error it meets there is the call's answer, and the CLI stops the run
 * with it. Call before the PolicyPack is made, which starts serving.
 */
export function checkConfigured(check: (given: GivenConfig) => void): void {
    const configure = analyzerService().configure;
    const decode = configure.requestDeserialize;
    configure.requestDeserialize = (bytes) => {
        const request = decode(bytes);
        try {
            const entries = [...request.getPolicyconfigMap().entries()];
            check(
                Object.fromEntries(entries.map(([name, rule]) => [name, rule.getProperties()?.toJavaScript() ?? {}])),
            );
        } catch (error) {
            request.getPolicyconfigMap = () => {
                throw error;
            };
        }
        return request;
    };
}
