// StringDef: any text; only a required parameter refuses the empty string.
import { TypeDef, ValidationFailure } from "./typedef";

export const stringDef: TypeDef = {
    validate(value, spec) {
        if (value === "" && spec.info.required) {
            return new ValidationFailure("missingparam", `The "${spec.requestName}" parameter must be set.`);
        }
        return value;
    },
    enumValues: () => undefined,
};
