/** One finding about a definition, with MediaWiki's error or warning code, or the code of a piece of advice. */
export interface WikiQueryIssue {
    code: string;
    /** The request parameter concerned (prefixed, e.g. "aplimit"), or the definition field ("list", "generator"). */
    param: string;
    /** The module whose rule it is: a query submodule's name, "query", or "main" for api.php's own parameters. */
    module: string;
    message: string;
}

/** An error or warning the wiki gives only with some pages or some configuration: it may occur, and `when` says when. */
export interface PossibleIssue extends WikiQueryIssue {
    severity: "error" | "warning";
    when: string;
}

// ApiBase::addDeprecation: every deprecation warning comes with one "deprecation-help" from api.php itself.
const DEPRECATION_HELP: WikiQueryIssue = {
    code: "deprecation-help",
    param: "",
    module: "main",
    message:
        "Subscribe to the mediawiki-api-announce mailing list for notice of API deprecations and breaking changes.",
};

/** Collects errors, warnings and advice in the order they are found. */
export class IssueLog {
    readonly errors: WikiQueryIssue[] = [];
    readonly warnings: WikiQueryIssue[] = [];
    readonly advice: WikiQueryIssue[] = [];
    readonly possible: PossibleIssue[] = [];
    private deprecationHelpGiven = false;

    error(code: string, param: string, module: string, message: string): void {
        this.errors.push({ code, param, module, message });
    }

    warning(code: string, param: string, module: string, message: string): void {
        this.warnings.push({ code, param, module, message });
        if (code === "deprecation" && !this.deprecationHelpGiven) {
            this.deprecationHelpGiven = true;
            this.warnings.push({ ...DEPRECATION_HELP });
        }
    }

    /** What the wiki may say, depending on its pages or configuration: never an error or warning of the definition. */
    mayOccur(
        severity: "error" | "warning",
        code: string,
        param: string,
        module: string,
        when: string,
        message: string,
    ): void {
        this.possible.push({ severity, code, param, module, when, message: `May occur, when ${when}: ${message}` });
    }

    advise(code: string, param: string, module: string, message: string): void {
        this.advice.push({ code, param, module, message });
    }
}
