// PresenceBooleanDef, as api.php uses it: a boolean parameter is true whenever it is present, whatever
// its value, and false only when absent. A value that reads as "false" therefore does the opposite of
// what it says; it is flagged with the advice "misleadingboolean" (the wiki itself says nothing).
import { shownValue } from "../spec";
import { TypeDef } from "./typedef";

const READS_AS_FALSE = new Set(["", "0", "false", "no", "off", "n", "f", "null", "undefined", "none"]);

export const booleanDef: TypeDef = {
    validate(value, spec, context) {
        if (READS_AS_FALSE.has(value.trim().toLowerCase())) {
            context.advise(
                "misleadingboolean",
                `Boolean parameter "${spec.requestName}" is true whenever it is present, so ${shownValue(spec, value)} turns it ON; ` +
                    "leave the parameter out (or set it to false) to turn it off.",
            );
        }
        return "1";
    },
    enumValues: () => undefined,
};
