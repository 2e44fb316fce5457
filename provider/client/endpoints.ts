// The few shapes every endpoint is one of (a page, a listing, a read, a create, a write, a delete), each checking its
// input and parsing its answer, with the secrets of the call kept out of every error it makes.
import { z } from "zod";
import { ShortenerApiError } from "./errors";
import { allItems, type AllOptions, type PageQuery } from "./pagination";
import { redactor } from "./redact";
import type { Page } from "./schemas";
import type { Listing } from "./shortener-client";
import type { ApiAnswer, ApiCall, HttpMethod, Transport } from "./transport";

/** The few shapes every endpoint is one of, each checking its input and parsing its answer. */
export class Endpoints {
    /** Removes the API key and the secrets every call is told, in every form, from text that goes into an error. */
    private readonly redact: (text: string) => string;

    constructor(
        private readonly transport: Transport,
        private readonly listingBounds: Required<Pick<AllOptions, "maxPages" | "maxBytes">>,
        /** Kept out of the errors of every call, beside each call's own. */
        private readonly secrets: readonly string[],
    ) {
        const withoutSecrets = redactor(secrets);
        this.redact = (text) => withoutSecrets(transport.redact(text));
    }

    /** Endpoints whose every call is also told these secrets. */
    telling(secrets: readonly string[]): Endpoints {
        return new Endpoints(this.transport, this.listingBounds, [...this.secrets, ...secrets]);
    }

    listing<T, P extends Page<T>>(resource: string, path: string, schema: z.ZodType<P>): Listing<T, P> {
        const operation = `${resource}.list`;
        const list = (query?: PageQuery) => this.page(operation, path, schema, query);
        return { list, all: (options) => this.walk(`${resource}.all`, list, options) };
    }

    walk<T>(
        operation: string,
        fetchPage: (query: PageQuery) => Promise<Page<T>>,
        options: AllOptions = {},
    ): AsyncIterable<T> {
        return allItems(operation, fetchPage, { ...this.listingBounds, ...options });
    }

    async page<P>(operation: string, path: string, schema: z.ZodType<P>, query: PageQuery = {}): Promise<P> {
        const checked = {
            limit: query.limit === undefined ? undefined : this.positiveInteger(operation, "limit", query.limit),
            page: query.page === undefined ? undefined : this.positiveInteger(operation, "page", query.page),
        };
        return this.parse(operation, schema, await this.call({ operation, method: "GET", path, query: checked }));
    }

    async read<T>(operation: string, path: string, schema: z.ZodType<T>): Promise<T> {
        return this.parse(operation, schema, await this.call({ operation, method: "GET", path }));
    }

    create<T>(operation: string, path: string, schema: z.ZodType<T>, body: Record<string, unknown>): Promise<T> {
        return this.send(operation, "POST", path, schema, body);
    }

    /** A write whose answer is parsed; `secrets`, the body's own, are kept out of its errors and its answer's. */
    async send<T>(
        operation: string,
        method: HttpMethod,
        path: string,
        schema: z.ZodType<T>,
        body: Record<string, unknown>,
        secrets: readonly string[] = [],
    ): Promise<T> {
        const told = secrets.length > 0 ? this.telling(secrets) : this;
        return told.parse(
            operation,
            schema,
            await told.call({ operation, method, path, body: withoutUndefined(body) }),
        );
    }

    async write(
        operation: string,
        method: HttpMethod,
        path: string,
        body?: Record<string, unknown>,
        secrets: readonly string[] = [],
    ): Promise<void> {
        const call: ApiCall = { operation, method, path };
        if (body !== undefined) call.body = withoutUndefined(body);
        await (secrets.length > 0 ? this.telling(secrets) : this).call(call);
    }

    remove(operation: string, singular: string, id: number): Promise<void> {
        return this.write(operation, "DELETE", `/api/${singular}/${this.positiveInteger(operation, "id", id)}/delete`);
    }

    private call(call: Omit<ApiCall, "secrets">): Promise<ApiAnswer> {
        return this.transport.call({ ...call, secrets: this.secrets });
    }

    /** A positive integer for a path segment or a page query, or a validation error naming the argument. */
    positiveInteger(operation: string, field: string, value: number): number {
        if (Number.isSafeInteger(value) && value >= 1) return value;
        throw new ShortenerApiError({
            operation,
            kind: "validation",
            reason: `${field} must be a positive integer, got ${JSON.stringify(value) ?? String(value)}`,
            retryable: false,
        });
    }

    private parse<T>(operation: string, schema: z.ZodType<T>, answer: { status: number; body: unknown }): T {
        const parsed = schema.safeParse(answer.body);
        if (parsed.success) return parsed.data;
        throw new ShortenerApiError({
            operation,
            kind: "bad-response",
            // A shape error quotes what the service sent, which may echo the request.
            reason: this.redact(`the answer does not have the expected shape: ${describeIssues(parsed.error.issues)}`),
            status: answer.status,
            retryable: false,
        });
    }
}

function describeIssues(issues: readonly z.core.$ZodIssue[]): string {
    return issues
        .slice(0, 3)
        .map((issue) => {
            const where = issue.path.length > 0 ? issue.path.join(".") : "the body";
            // A union without a message of its own only says "Invalid input"; what each branch expected says more.
            const generic = issue.code === "invalid_union" && issue.message === "Invalid input";
            const said = generic
                ? issue.errors.map((branch) => branch.map((inner) => inner.message).join(", ")).join(" or ")
                : issue.message;
            return `${where}: ${said}`;
        })
        .join("; ");
}

function withoutUndefined(body: Record<string, unknown>): Record<string, unknown> {
    return Object.fromEntries(Object.entries(body).filter(([, value]) => value !== undefined));
}
