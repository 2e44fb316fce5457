// TitleDef: a valid page title (the parameter need not name an existing page).
import { shownValue } from "../spec";
import { parseTitle } from "../../mediawiki/title-parser";
import { TypeDef, ValidationFailure } from "./typedef";

export const titleDef: TypeDef = {
    validate(value, spec, context) {
        if (parseTitle(value, 0, context.site) === undefined) {
            return new ValidationFailure(
                "badtitle",
                `Invalid title ${shownValue(spec, value)} for parameter "${spec.requestName}".`,
            );
        }
        return value;
    },
    enumValues: () => undefined,
};
