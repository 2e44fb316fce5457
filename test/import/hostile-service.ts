// A small service on 127.0.0.1 that answers the listings shortener-import reads with whatever raw objects a test
// gives it: what the emulator will not hold (ids written "012", ids of 24 digits, any QR link or rotator URL, any
// channel item type). Every listing is one page. Only GET; anything else is a 404. It answers under any base path
// (`/some/folder/api/...`), as a service installed in a folder of its host does.
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/** The service's objects as it would send them (its field names, ids as numbers or strings). */
export interface HostileAccount {
    account: Record<string, unknown>;
    domains: Record<string, unknown>[];
    campaigns: Record<string, unknown>[];
    /** Each channel's `items` are served by /api/channel/<id>, not in the channel listing. */
    channels: (Record<string, unknown> & { items: Record<string, unknown>[] })[];
    pixels: Record<string, unknown>[];
    qrs: Record<string, unknown>[];
    urls: Record<string, unknown>[];
}

export interface HostileService {
    baseUrl: string;
    apiKey: string;
    /** What the service answers from now on. */
    serve(account: HostileAccount): void;
    close(): Promise<void>;
}

const API_KEY = "hostile-service-key";

export function plainAccount(): HostileAccount {
    return {
        account: {
            id: 1,
            email: "owner@example.com",
            username: "owner",
            avatar: "",
            status: "pro",
            expires: "",
            registered: "",
        },
        domains: [],
        campaigns: [],
        channels: [],
        pixels: [],
        qrs: [],
        urls: [],
    };
}

function page(key: string, items: unknown[], url: URL): unknown {
    const perpage = Number(url.searchParams.get("limit") ?? 100);
    return {
        error: "0",
        data: { result: items.length, perpage, currentpage: 1, nextpage: null, maxpage: 1, [key]: items },
    };
}

export async function startHostileService(): Promise<HostileService> {
    let current = plainAccount();
    const answer = (request: IncomingMessage): unknown => {
        const url = new URL(request.url ?? "/", "http://127.0.0.1");
        const path = url.pathname.replace(/^.*?(?=\/api\/)/, "");
        if (request.method !== "GET" || request.headers.authorization !== `Bearer ${API_KEY}`) return undefined;
        const strip = ({ items: _items, ...channel }: HostileAccount["channels"][number]) => channel;
        const listings: Record<string, () => unknown> = {
            "/api/account": () => ({ error: 0, data: current.account }),
            "/api/domains": () => page("domains", current.domains, url),
            "/api/campaigns": () => page("campaigns", current.campaigns, url),
            "/api/channels": () => page("channels", current.channels.map(strip), url),
            "/api/pixels": () => page("pixels", current.pixels, url),
            "/api/qr": () => page("qrs", current.qrs, url),
            "/api/urls": () => page("urls", current.urls, url),
        };
        if (listings[path]) return listings[path]();
        const channelId = /^\/api\/channel\/(\d+)$/.exec(path)?.[1];
        const channel =
            channelId === undefined
                ? undefined
                : current.channels.find((candidate) => Number(candidate.id) === Number(channelId));
        return channel && page("items", channel.items, url);
    };
    const server = createServer((request: IncomingMessage, response: ServerResponse) => {
        const body = answer(request);
        response.writeHead(body === undefined ? 404 : 200, { "content-type": "application/json" });
        response.end(JSON.stringify(body ?? { error: 1, message: "Not found" }));
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const { port } = server.address() as AddressInfo;
    return {
        baseUrl: `http://127.0.0.1:${port}`,
        apiKey: API_KEY,
        serve: (account) => {
            current = account;
        },
        close: () => new Promise<void>((resolve) => server.close(() => resolve())),
    };
}
