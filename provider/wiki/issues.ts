/** One finding about a definition, with MediaWiki's error or warning code. */
export interface WikiQueryIssue {
    code: string;
    /** The request parameter concerned (prefixed, e.g. "aplimit"), or the definition field ("list", "generator"). */
    param: string;
    /** The module whose rule it is: a query submodule's name, "query", or "main" for api.php's own parameters. */
    module: string;
    message: string;
}

/** Collects errors and warnings in the order they are found. */
export class IssueLog {
    readonly errors: WikiQueryIssue[] = [];
    readonly warnings: WikiQueryIssue[] = [];

    error(code: string, param: string, module: string, message: string): void {
        this.errors.push({ code, param, module, message });
    }

    warning(code: string, param: string, module: string, message: string): void {
        this.warnings.push({ code, param, module, message });
    }
}
