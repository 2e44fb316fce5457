// What the diff display prints for one step (pkg/backend/display/object_diff.go: getIndent, printStepHeader,
// getResourcePropertiesSummary, getResourcePropertiesDetails, printOldNewDiffs, PrintObject, PrintObjectDiff,
// getResourceOutputsPropertiesString and massageStackPreviewOutputDiff), and which steps it shows (display.go
// shouldShow, isRootStack).
import { ObjectDiff, ValueDiff, deepEquals, diffObjects, diffValues } from "../values/object-diff";
import { PathPart, pathContains, pathString } from "../values/property-path";
import { PropertyMap, UNKNOWN, kindOf } from "../values/property-values";
import { nameOf, qualifiedTypeOf } from "../state/urns";
import { StepEventMetadata } from "./events";
import { compareGoStrings, quoteToGraphic } from "./go-format";
import {
    PrinterSettings,
    PropertyPrinter,
    diffKeys,
    indentation,
    indentedText,
    isInternalKey,
    maxKey,
    shouldPrintPropertyValue,
    stableKeys,
} from "./property-printer";
import { isReplacementStep, opPrefix } from "./step-ops";

/** The display.Options the diff display reads. */
export interface DisplayOptions {
    showConfig: boolean;
    showReplacementSteps: boolean;
    showSameResources: boolean;
    showReads: boolean;
    showURNs: boolean;
    showSecrets: boolean;
    truncateOutput: boolean;
    suppressOutputs: boolean;
    summaryDiff: boolean;
    debug: boolean;
}

export const isRootStack = (step: { urn: string }) =>
    step.urn !== "" && qualifiedTypeOf(step.urn) === "pulumi:pulumi:Stack";

/** shouldShow, for the diff display: sames only when asked or protect changed; replacement parts only when asked. */
export function shouldShow(step: StepEventMetadata, options: DisplayOptions): boolean {
    if (step.op === "same") {
        if (Boolean(step.old!.protect) !== Boolean(step.new!.protect)) return true;
        return options.showSameResources;
    }
    return options.showReplacementSteps || step.logical === true || !isReplacementStep(step.op);
}

/** getIndent: one level for each shown ancestor seen so far. */
export function getIndent(
    step: StepEventMetadata,
    seen: ReadonlyMap<string, StepEventMetadata>,
    options: DisplayOptions,
): number {
    let indent = 0;
    for (let parent = step.res!.parent; parent;) {
        const found = seen.get(parent);
        if (!found) break;
        if (isRootStack(found) || shouldShow(found, options)) indent++;
        parent = found.res!.parent;
    }
    return indent;
}

/** printStepHeader and addRetainStatusFlag. */
function stepHeader(step: StepEventMetadata, showURNs: boolean): string {
    const [old, next] = [step.old, step.new];
    const lock = next && !next.protect && old?.protect ? " 🔓" : next?.protect || old?.protect ? " 🔒" : "";
    const retained =
        old?.retainOnDelete && ["delete", "replace", "create-replacement", "delete-replaced"].includes(step.op)
            ? "[retain]"
            : "";
    return `${showURNs ? step.urn : step.type}: (${step.op}${retained})${lock}\n`;
}

/** considerSameIfNotCreateOrDelete. */
function simpleOp(op: string): string {
    return ["create", "delete", "delete-replaced", "discard", "discard-replaced"].includes(op) ? op : "same";
}

/** providers.ParseReference: `<URN>::<id>`. */
function parseProviderReference(reference: string): { urn: string; id: string } {
    const at = reference.lastIndexOf("::");
    if (at === -1 || !reference.startsWith("urn:pulumi:"))
        throw new Error(`invalid provider reference ${JSON.stringify(reference)}`);
    return { urn: reference.slice(0, at), id: reference.slice(at + 2) };
}

/** escapeURN: QuoteToGraphic without its quotes, backslashes and quotes not escaped. */
const escapeURN = (urn: string) => quoteToGraphic(urn).slice(1, -1).replaceAll("\\\\", "\\").replaceAll('\\"', '"');

/** getResourcePropertiesSummary: the op's prefix and the type, then [id=], [urn=] and a provider that is not default. */
export function propertiesSummary(step: StepEventMetadata, indent: number, showURNs: boolean): string {
    const { op, old } = step;
    const line = (lineOp: string, text: string) => indentedText(indent + 1, lineOp, false, text);
    let text = indentation(indent, op, false) + opPrefix(op, true) + stepHeader(step, showURNs);
    if (old?.id) text += line(simpleOp(op), `[id=${old.id}]\n`);
    if (step.urn && !showURNs) text += line(simpleOp(op), `[urn=${escapeURN(step.urn)}]\n`);
    if (!step.provider) return text;
    const next = step.new;
    if (old && next && old.provider !== next.provider) {
        const provider = parseProviderReference(next.provider ?? "");
        const shown = provider.id === UNKNOWN ? `${provider.urn}::[unknown]` : (next.provider ?? "");
        return (
            text +
            line("update", "[provider: ") +
            indentedText(0, "delete", false, old.provider ?? "") +
            indentedText(0, "update", false, " => ") +
            indentedText(0, "create", false, shown) +
            indentedText(0, "update", false, "]\n")
        );
    }
    if (nameOf(parseProviderReference(step.provider).urn) !== "default")
        text += line(simpleOp(op), `[provider=${step.provider}]\n`);
    return text;
}

export function printerSettings(
    op: string,
    indent: number,
    options: DisplayOptions,
    planning: boolean,
    extra: Partial<PrinterSettings> = {},
): PrinterSettings {
    return {
        op,
        planning,
        indent,
        prefix: false,
        debug: options.debug,
        summary: false,
        truncateOutput: options.truncateOutput,
        showSecrets: options.showSecrets,
        ...extra,
    };
}

/** PrintObject. */
export function printObject(props: PropertyMap | undefined, settings: PrinterSettings): string {
    const out: string[] = [];
    new PropertyPrinter(out, settings).printObject(props ?? {});
    return out.join("");
}

/** PrintObjectDiff: the hidden paths first; its printer has no op of its own (each line sets one). */
export function printObjectDiff(
    diff: ObjectDiff,
    include: readonly string[] | undefined,
    hidden: readonly PathPart[][],
    settings: PrinterSettings,
): string {
    const out: string[] = [];
    const printer = new PropertyPrinter(out, { ...settings, op: "", prefix: true });
    printer.printHiddenPaths(hidden);
    printer.printObjectDiff(diff, include);
    return out.join("");
}

/** getResourcePropertiesDetails: a create's outputs (or inputs), nothing for a summarized delete, else old → new. */
export function propertiesDetails(
    step: StepEventMetadata,
    indent: number,
    planning: boolean,
    options: DisplayOptions,
): string {
    const settings = printerSettings(step.op, indent + 1, options, planning, { summary: options.summaryDiff });
    const hideDiffs = (step.new ? step.new.hideDiffs : step.old?.hideDiffs) ?? [];
    const [old, next] = [step.old, step.new];
    const nonEmpty = (props?: PropertyMap) => Object.keys(props ?? {}).length > 0;
    if (!old && next) return printObject(nonEmpty(next.outputs) ? next.outputs : next.inputs, settings);
    if (!next && old) return options.summaryDiff ? "" : printObject(old.inputs, settings);
    if (nonEmpty(next!.outputs) && step.op !== "import" && step.op !== "import-replacement") {
        return printOldNewDiffs(old!.outputs, next!.outputs, undefined, hideDiffs, settings);
    }
    return printOldNewDiffs(old!.inputs, next!.inputs, step.diffs, hideDiffs, settings);
}

/** Diffs two maps, leaving out internal keys and the paths under a hidden path, and the hidden paths met, sorted once each. */
function diffHiding(
    olds: PropertyMap | undefined,
    news: PropertyMap,
    hidePaths: readonly PathPart[][],
): { diff?: ObjectDiff; hidden: PathPart[][] } {
    const met = new Map<string, PathPart[]>();
    const ignorePath = (path: readonly PathPart[]) => {
        const hiding = hidePaths.find((hidePath) => pathContains(hidePath, path));
        if (hiding) met.set(pathString(hiding), hiding);
        return hiding !== undefined;
    };
    const diff = diffObjects(olds ?? {}, news, { ignoreKey: isInternalKey, ignorePath });
    const hidden = [...met.keys()].sort(compareGoStrings).map((key) => met.get(key)!);
    // A diff hidden whole is still a diff: an empty one.
    return { diff: diff ?? (hidden.length > 0 ? emptyDiff() : undefined), hidden };
}

const emptyDiff = (): ObjectDiff => ({ adds: new Map(), deletes: new Map(), sames: new Map(), updates: new Map() });

/** printOldNewDiffs: no difference prints the new properties as same. */
function printOldNewDiffs(
    olds: PropertyMap | undefined,
    news: PropertyMap | undefined,
    include: readonly string[] | undefined,
    hidePaths: readonly PathPart[][],
    settings: PrinterSettings,
): string {
    const { diff, hidden } = diffHiding(olds, news ?? {}, hidePaths);
    if (diff) return printObjectDiff(diff, include, hidden, settings);
    return printObject(news, { ...settings, op: "same", prefix: true });
}

/** massageStackPreviewAdd: no `@isPulumiResource` marker inside an added value. */
function massageAdd(value: unknown): unknown {
    const kind = kindOf(value);
    if (kind === "array") return (value as unknown[]).map(massageAdd);
    if (kind !== "object") return value;
    const entries = Object.entries(value as PropertyMap).filter(([key]) => key !== "@isPulumiResource");
    return Object.fromEntries(entries.map(([key, inner]) => [key, massageAdd(inner)]));
}

function massageValueDiff(diff: ValueDiff): void {
    if (diff.array) {
        diff.array.adds.forEach((value, index) => diff.array!.adds.set(index, massageAdd(value)));
        diff.array.updates.forEach(massageValueDiff);
    } else if (diff.object) {
        massageOutputDiff(diff.object);
    }
}

/** massageStackPreviewOutputDiff: a preview of the stack's outputs leaves out the unknown parts of resources in them. */
function massageOutputDiff(diff: ObjectDiff | undefined): void {
    if (!diff) return;
    const isResource = diff.adds.has("@isPulumiResource");
    if (isResource) {
        diff.adds.delete("@isPulumiResource");
        for (const [key, value] of diff.adds) if (kindOf(value) === "computed") diff.adds.delete(key);
    }
    diff.adds.forEach((value, key) => diff.adds.set(key, massageAdd(value)));
    for (const [key, update] of diff.updates) {
        const newComputed = kindOf(update.new) === "computed";
        if (isResource && newComputed && !shouldPrintPropertyValue(update.old, false)) {
            diff.updates.delete(key);
            continue;
        }
        massageValueDiff(update);
        const anyChanges =
            update.object !== undefined &&
            update.object.adds.size + update.object.deletes.size + update.object.updates.size > 0;
        if ((!anyChanges && deepEquals(update.old, update.new)) || newComputed) diff.updates.delete(key);
    }
}

interface OutputsContext {
    indent: number;
    planning: boolean;
    refresh: boolean;
    showSames: boolean;
}

/**
 * getResourceOutputsPropertiesString: the outputs that differ from the inputs or, with old outputs, from those; only
 * once they are known (not planning, unless a refresh, read, import or the root stack).
 */
export function outputsProperties(step: StepEventMetadata, context: OutputsContext, options: DisplayOptions): string {
    const root = isRootStack(step);
    const showSames = context.showSames || (!context.planning && root);
    const readsOutputs =
        context.refresh || ["read", "read-replacement", "import", "import-replacement"].includes(step.op) || root;
    if ((context.planning && !readsOutputs) || (step.old?.initErrors?.length ?? 0) > 0) return "";
    const known = step.new?.outputs !== undefined;
    const [ins, outs] = known ? [step.new!.inputs ?? {}, step.new!.outputs!] : [{}, {}];
    const hiddenProperties = (step.new ? step.new.hideDiffs : step.old?.hideDiffs) ?? [];
    let outputDiff: ObjectDiff | undefined;
    let hidden: PathPart[][] = [];
    if (step.old?.outputs !== undefined) {
        ({ diff: outputDiff, hidden } = diffHiding(step.old.outputs, outs, hiddenProperties));
        if (context.planning && root) massageOutputDiff(outputDiff);
        if (!outputDiff && !showSames) return "";
    }
    const keys = outputDiff ? diffKeys(outputDiff) : stableKeys(outs);
    const out: string[] = [];
    const printer = new PropertyPrinter(out, printerSettings(step.op, context.indent, options, context.planning));
    if (hidden.length > 0) printer.printHiddenPaths(hidden);
    const width = maxKey(keys);
    for (const key of keys) {
        const value = outs[key];
        if (!outputDiff && (isInternalKey(key) || !shouldPrintPropertyValue(value, true))) continue;
        const hiddenIgnore = (path: readonly PathPart[]) =>
            hiddenProperties.some((hiddenPath) => pathContains(hiddenPath, path));
        const sameAsInput =
            Object.hasOwn(ins, key) &&
            !context.refresh &&
            !diffValues(value, ins[key], { ignoreKey: isInternalKey, ignorePath: hiddenIgnore, initialPath: [key] });
        if (sameAsInput) continue;
        const changed =
            outputDiff && (outputDiff.adds.has(key) || outputDiff.deletes.has(key) || outputDiff.updates.has(key));
        if (!showSames && outputDiff && !changed) continue;
        if (outputDiff) printer.printObjectPropertyDiff(key, width, outputDiff);
        else printer.printObjectProperty(key, value, width);
    }
    return out.join("");
}
