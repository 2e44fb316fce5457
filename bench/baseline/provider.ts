// What a user would otherwise run: a dynamic provider for the listed kinds and short links written the way Pulumi's
// dynamic-provider documentation writes one. A class with configure/diff/create/read/update/delete, one object per
// kind, serialized whole into every resource's state; each method makes its own calls. Read walks the kind's listing,
// page after page, until it meets the id (the service has no get-by-id for most kinds). A 429 waits a fixed pause
// and is sent again, at most five times. Nothing is shared between resources: no pacing, no listing cache.
// The bench runs it through the same Pulumi CLI against the same emulator as the provider, so the two are
// compared on the same program; it is deliberately not the provider's design, and is not part of the package.
import * as pulumi from "@pulumi/pulumi";

/** What the baseline knows of one kind: its endpoints and which inputs the service may not change in place. */
export interface BaselineKind {
    /** Create is POST `<write>/add`, update PUT `<write>/:id/update`, delete DELETE `<write>/:id/delete`. */
    write: string;
    list: string;
    /** The key of the listing's array in `data`. */
    listKey: string;
    /** Inputs the listing carries, refreshed by read. */
    listed: string[];
    replaceOn: string[];
    /** Inputs the API names otherwise, sent under the API's name. */
    apiNames?: Record<string, string>;
}

export const BASELINE_KINDS: Record<string, BaselineKind> = {
    Domain: {
        write: "/api/domain",
        list: "/api/domains",
        listKey: "domains",
        listed: ["domain"],
        replaceOn: ["domain"],
    },
    Campaign: {
        write: "/api/campaign",
        list: "/api/campaigns",
        listKey: "campaigns",
        listed: ["name", "public"],
        replaceOn: [],
    },
    Channel: {
        write: "/api/channel",
        list: "/api/channels",
        listKey: "channels",
        listed: ["name", "color"],
        replaceOn: [],
    },
    Pixel: {
        write: "/api/pixel",
        list: "/api/pixels",
        listKey: "pixels",
        listed: ["type", "name", "tag"],
        replaceOn: ["type"],
    },
    QrCode: { write: "/api/qr", list: "/api/qr", listKey: "qrs", listed: [], replaceOn: ["type"] },
    Link: {
        write: "/api/url",
        list: "/api/urls",
        listKey: "urls",
        listed: ["alias"],
        replaceOn: [],
        apiNames: { alias: "custom" },
    },
};

/** The documentation's retry: a fixed pause, five more tries. Config `baseline:retryPauseMs` scales the pause with an accelerated rate window. */
const RETRIES = 5;
const DEFAULT_PAUSE_MS = 1000;
/** The largest page the provider asks for too, so that the comparison is of how pages are used, not of their size. */
const PAGE_SIZE = 100;
/** A read gives up after this many pages: 100,000 objects of one kind. */
const MAX_PAGES = 1000;

class BaselineProvider implements pulumi.dynamic.ResourceProvider {
    private baseUrl = "";
    private apiKey = "";
    private pauseMs = DEFAULT_PAUSE_MS;

    constructor(private readonly kind: BaselineKind) {}

    async configure(request: pulumi.dynamic.ConfigureRequest): Promise<void> {
        this.baseUrl = request.config.require("shortener:baseUrl");
        this.apiKey = request.config.require("shortener:apiKey");
        this.pauseMs = Number(request.config.get("baseline:retryPauseMs") ?? DEFAULT_PAUSE_MS);
    }

    async diff(
        _id: string,
        olds: Record<string, unknown>,
        news: Record<string, unknown>,
    ): Promise<pulumi.dynamic.DiffResult> {
        const keys = [...new Set([...Object.keys(olds), ...Object.keys(news)])].filter(
            (key) => key !== "__provider" && key !== "id",
        );
        const changed = keys.filter((key) => key in news && JSON.stringify(olds[key]) !== JSON.stringify(news[key]));
        return { changes: changed.length > 0, replaces: changed.filter((key) => this.kind.replaceOn.includes(key)) };
    }

    async create(inputs: Record<string, unknown>): Promise<pulumi.dynamic.CreateResult> {
        const { __provider, ...body } = inputs;
        const answer = await this.call("POST", `${this.kind.write}/add`, this.apiBody(body));
        return { id: String(answer.id), outs: body };
    }

    async read(id: string, props: Record<string, unknown>): Promise<pulumi.dynamic.ReadResult> {
        for (let page = 1; page <= MAX_PAGES; page++) {
            const answer = await this.call("GET", `${this.kind.list}?limit=${PAGE_SIZE}&page=${page}`);
            const data = answer.data as Record<string, unknown>;
            const items = data[this.kind.listKey] as Record<string, unknown>[];
            const found = items.find((item) => String(item.id) === id);
            if (found) {
                const listed = this.kind.listed.filter((key) => found[key] !== undefined);
                return { id, props: { ...props, ...Object.fromEntries(listed.map((key) => [key, found[key]])) } };
            }
            if (!data.nextpage) break;
        }
        return {};
    }

    async update(
        id: string,
        _olds: Record<string, unknown>,
        news: Record<string, unknown>,
    ): Promise<pulumi.dynamic.UpdateResult> {
        const { __provider, ...body } = news;
        await this.call("PUT", `${this.kind.write}/${id}/update`, this.apiBody(body));
        return { outs: body };
    }

    private apiBody(inputs: Record<string, unknown>): Record<string, unknown> {
        return Object.fromEntries(
            Object.entries(inputs).map(([key, value]) => [this.kind.apiNames?.[key] ?? key, value]),
        );
    }

    async delete(id: string): Promise<void> {
        await this.call("DELETE", `${this.kind.write}/${id}/delete`);
    }

    private async call(method: string, path: string, body?: object): Promise<Record<string, unknown>> {
        for (let attempt = 0; ; attempt++) {
            const response = await fetch(`${this.baseUrl}${path}`, {
                method,
                headers: { Authorization: `Bearer ${this.apiKey}`, "Content-Type": "application/json" },
                body: body === undefined ? undefined : JSON.stringify(body),
            });
            const answer = (await response.json()) as Record<string, unknown>;
            const rateLimited = response.status === 429 || Number(answer.error) === 429;
            if (rateLimited && attempt < RETRIES) {
                await new Promise((resolve) => setTimeout(resolve, this.pauseMs));
                continue;
            }
            if (rateLimited) throw new Error(`${method} ${path}: rate limit exceeded after ${RETRIES} retries`);
            if (Number(answer.error) !== 0) throw new Error(`${method} ${path}: ${String(answer.message)}`);
            return answer;
        }
    }
}

const providers = new Map<string, BaselineProvider>();

/** A resource of one of the five kinds, managed by the baseline provider. */
export class BaselineResource extends pulumi.dynamic.Resource {
    constructor(kind: string, name: string, args: Record<string, unknown>, opts?: pulumi.CustomResourceOptions) {
        const definition = BASELINE_KINDS[kind];
        if (!definition) throw new Error(`baseline: unknown kind ${kind}`);
        let provider = providers.get(kind);
        if (!provider) {
            provider = new BaselineProvider(definition);
            providers.set(kind, provider);
        }
        super(provider, name, args, opts, "baseline", kind);
    }
}
