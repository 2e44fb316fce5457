import { randomBytes } from "node:crypto";
import { createServer } from "node:http";
import { AddressInfo, Socket } from "node:net";
import { createAdminHandler } from "./admin/server";
import { EmulatorAdmin } from "./admin/client";
import { apiRoutes } from "./api/routes";
import { ApiServerState, createApiHandler, RateLimitStyle } from "./api/server";
import { FaultQueue } from "./http/faults";
import { sendHtml } from "./http/messages";
import { isProfileName, PROFILE_NAMES, PROFILES, ProfileName, ServiceProfile } from "./profiles";
import { FixedWindowRateLimiter, validateRateLimitSettings } from "./http/rate-limiter";
import { RequestLog } from "./http/request-log";
import { loadState, saveState } from "./store/state-file";
import { emptyStoreData, Store } from "./store/store";

export { EmulatorAdmin } from "./admin/client";
export type { AdminKind, FaultMode, FaultSpec, Kind, RequestLogEntry } from "./admin/client";

export { cleanText, isProfileName, PROFILE_NAMES, PROFILES } from "./profiles";
export { fullPlan } from "./store/records";
export { SERVICE_RULES, type Judged } from "./api/service-rules";
export type { ProfileName } from "./profiles";

export interface EmulatorOptions {
    /** Which service to behave like: "spec" (docs/service/api.md, the default) or "real" (the real service's rewriting,
     *  request dialect and answer shapes; see profiles/). */
    profile?: ProfileName;
    /** Default 0: an ephemeral port. */
    port?: number;
    /** Default 30 per 60_000 ms, per API key, fixed window. */
    rateLimit?: { limit: number; windowMs: number };
    /** How an exceeded limit is answered: "body" (HTTP 200, error 429 in the body) or "status" (HTTP 429). Default "body". */
    rateLimitStyle?: RateLimitStyle;
    /** Key of the campaign name in campaign create/update responses; default: the profile's. */
    campaignNameKey?: "domain" | "campaign";
    /** Entries with id:null on every /api/domains page; default 1. */
    systemDomains?: number;
    /** Loaded at start when it exists, saved after every change. */
    stateFile?: string;
}

export interface RunningEmulator {
    profile: ProfileName;
    /** "http://127.0.0.1:<port>", no trailing slash; API paths start with /api. */
    baseUrl: string;
    /** The key of a ready account (user 1). */
    apiKey: string;
    userId: number;
    adminToken: string;
    admin: EmulatorAdmin;
    /** Closes the server and destroys every open socket, hung requests included. */
    close(): Promise<void>;
}

const ADMIN_PREFIX = "/__admin/";

function openStore(stateFile: string | undefined): Store {
    const data = (stateFile && loadState(stateFile)) || emptyStoreData();
    const persist = stateFile ? (changed: typeof data) => saveState(stateFile, changed) : undefined;
    const store = new Store(data, persist);
    if (store.records("accounts").length === 0) store.createAccount({ email: "demo@example.com", username: "demo" });
    return store;
}

function checkOptions(options: EmulatorOptions): void {
    const problem = options.rateLimit && validateRateLimitSettings(options.rateLimit);
    if (problem) throw new Error(`startEmulator: ${problem}`);
    if (options.profile !== undefined && !isProfileName(options.profile)) {
        throw new Error(
            `startEmulator: profile must be one of ${PROFILE_NAMES.join(", ")}, got ${JSON.stringify(options.profile)}`,
        );
    }
    const { systemDomains } = options;
    if (systemDomains !== undefined && (!Number.isInteger(systemDomains) || systemDomains < 0)) {
        throw new Error("startEmulator: systemDomains must be a whole number, 0 or more");
    }
}

function chosenProfile(options: EmulatorOptions): ServiceProfile {
    const profile = PROFILES[options.profile ?? "spec"];
    return options.campaignNameKey ? { ...profile, campaignNameKey: options.campaignNameKey } : profile;
}

/** The real service's limit (docs/emulator.md says so): 30 requests per minute and key. */
export const DEFAULT_RATE_LIMIT: Readonly<{ limit: number; windowMs: number }> = { limit: 30, windowMs: 60_000 };

export async function startEmulator(options: EmulatorOptions = {}): Promise<RunningEmulator> {
    checkOptions(options);
    const profile = chosenProfile(options);
    const store = openStore(options.stateFile);
    const readyAccount = store.records("accounts")[0];
    const rateLimit = options.rateLimit ?? { ...DEFAULT_RATE_LIMIT };
    const rateLimitStyle = options.rateLimitStyle ?? "body";
    const adminToken = randomBytes(20).toString("hex");
    const api: ApiServerState = {
        store,
        limiter: new FixedWindowRateLimiter(rateLimit),
        faults: new FaultQueue(),
        log: new RequestLog(),
        settings: {
            baseUrl: "",
            systemDomains: options.systemDomains ?? 1,
            profile,
        },
        routes: apiRoutes,
        rateLimitStyle,
    };
    const handleApi = createApiHandler(api);
    const handleAdmin = createAdminHandler({
        api,
        adminToken,
        initial: { readyAccount: structuredClone(readyAccount), rateLimit, rateLimitStyle },
    });

    const sockets = new Set<Socket>();
    const server = createServer((req, res) => {
        const isAdmin = (req.url ?? "").startsWith(ADMIN_PREFIX);
        (isAdmin ? handleAdmin : handleApi)(req, res).catch((error: unknown) => {
            console.error("shortener emulator: request failed", error);
            if (!res.headersSent) sendHtml(res, 500);
        });
    });
    server.on("connection", (socket) => {
        sockets.add(socket);
        socket.once("close", () => sockets.delete(socket));
    });
    await new Promise<void>((resolve, reject) => {
        server.once("error", reject);
        server.listen(options.port ?? 0, "127.0.0.1", () => {
            server.off("error", reject);
            resolve();
        });
    });
    const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    api.settings.baseUrl = baseUrl;

    let closing: Promise<void> | undefined;
    return {
        profile: profile.name,
        baseUrl,
        apiKey: readyAccount.apiKey,
        userId: readyAccount.id,
        adminToken,
        admin: new EmulatorAdmin(baseUrl, adminToken),
        close: () => {
            closing ??= new Promise<void>((resolve) => {
                server.close(() => resolve());
                for (const socket of sockets) socket.destroy();
            });
            return closing;
        },
    };
}
