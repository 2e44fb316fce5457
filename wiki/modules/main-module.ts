// api.php's own parameters (ApiMain) and those of its output formats. Paraminfo of the query modules
// does not describe them, yet a definition may carry them; they are known, not unrecognized.
import { unflagged, type ModuleInfo, type ParamInfo, type ParamType } from "../catalogue/model";
import { versionBefore } from "../version";

function param(index: number, name: string, type: ParamType, extra: Partial<ParamInfo> = {}): ParamInfo {
    return { index, name, type, ...unflagged(), ...extra };
}

/** ApiMain.php gives smaxage and maxage a minimum of 0 in 1.43 (IntegerDef::PARAM_MIN), none in 1.39. */
const CACHE_AGE_MINIMUM_SINCE = "1.43";

const PARAMETERS: readonly ParamInfo[] = [
    param(1, "format", ["json", "jsonfm", "none", "php", "phpfm", "rawfm", "xml", "xmlfm"]),
    param(2, "maxlag", "integer"),
    param(3, "smaxage", "integer", { min: 0 }),
    param(4, "maxage", "integer", { min: 0 }),
    param(5, "assert", ["anon", "bot", "user"]),
    param(6, "assertuser", "user", { subtypes: ["name", "temp"] }),
    param(7, "requestid", "string"),
    param(8, "servedby", "boolean"),
    param(9, "curtimestamp", "boolean"),
    param(10, "responselanginfo", "boolean"),
    param(11, "origin", "string"),
    param(12, "uselang", "string"),
    param(13, "variant", "string"),
    param(14, "errorformat", ["bc", "html", "none", "plaintext", "raw", "wikitext"]),
    param(15, "errorlang", "string"),
    param(16, "errorsuselocal", "boolean"),
    // The output formats' parameters (json and php: callback, utf8, ascii, formatversion; xml: xslt, includexmlnamespace).
    param(17, "callback", "string"),
    param(18, "utf8", "boolean"),
    param(19, "ascii", "boolean"),
    param(20, "formatversion", ["1", "2", "latest"]),
    param(21, "xslt", "string"),
    param(22, "includexmlnamespace", "boolean"),
];

function mainModuleOf(parameters: readonly ParamInfo[]): ModuleInfo {
    return {
        name: "main",
        path: "main",
        group: "action",
        prefix: "",
        generator: false,
        deprecated: false,
        readRights: false,
        parameters,
        parametersByName: new Map(parameters.map((info) => [info.name, info])),
        templatedParameters: [],
    };
}

/** api.php's own parameters as the newest MediaWiki declares them. */
export const MAIN_MODULE: ModuleInfo = mainModuleOf(PARAMETERS);
const MAIN_MODULE_WITHOUT_CACHE_AGE_MINIMUM: ModuleInfo = mainModuleOf(
    PARAMETERS.map((info) => (info.name === "smaxage" || info.name === "maxage" ? { ...info, min: undefined } : info)),
);

/** api.php's own parameters as the given MediaWiki version declares them. */
export function mainModuleOfVersion(version: string): ModuleInfo {
    return versionBefore(version, CACHE_AGE_MINIMUM_SINCE) ? MAIN_MODULE_WITHOUT_CACHE_AGE_MINIMUM : MAIN_MODULE;
}
