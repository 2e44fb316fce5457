// The replacementTrigger resource option: a value the program gives, kept in the state, whose change replaces the
// resource whatever its provider's Diff says (pkg/resource/deploy/step_generator.go generateStepsFromDiff).
import { containsUnknown, sameValue, withoutSecrets } from "../values/property-values";

/**
 * generateStepsFromDiff: an update (not a preview) whose trigger holds an unknown fails, since nothing could tell
 * whether it changed.
 */
export function checkKnownTrigger(urn: string, trigger: unknown, preview: boolean): void {
    if (!preview && containsUnknown(trigger)) {
        throw new Error(`replacement trigger contains unknowns for ${urn}`);
    }
}

/**
 * shouldTriggerReplace: the two values compared without their secrets and outputs (unwrapSecretsAndOutputs; the
 * registration already made outputs their values); an unknown on either side is a change, and a side without a
 * trigger is none.
 */
export function shouldTriggerReplace(newTrigger: unknown, oldTrigger: unknown): boolean {
    const news = withoutSecrets(newTrigger);
    const olds = withoutSecrets(oldTrigger);
    if (containsUnknown(olds) || containsUnknown(news)) {
        return true;
    }
    if (olds === undefined || olds === null || news === undefined || news === null) {
        return false;
    }
    return !sameValue(news, olds);
}
